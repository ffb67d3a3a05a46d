import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { formatCalendarDayTime } from '../../contract/date-format.ts';
import { type BookingDraft, emptyDraft, slotCount, withForm, withLessons } from '../../machines/booking/booking-draft.ts';
import { goldDraft, goldForm, goldLessons } from '../support/draft-fixtures.ts';
import { type BookLessonsInput, type BookedLessons, remainingBookedText } from '../../machines/booking/book-lessons.ts';
import { type SlotSelectionMachine, slotSelectionMachine } from '../../machines/booking/slot-selection.machine.ts';
import { type ClientPackageBody, type GridData, type GridQuery, type SlotSelectionInput, type TutorOffer, type TutorQuery } from '../../machines/booking/slot-selection.model.ts';
import { takenHoursNotice } from '../../machines/booking/taken-hours.ts';
import { HoursTakenError } from '../../contract/taken-hours.ts';
import { conflictText, freeAssessmentText, slotKey, weeklyLimitText } from '../../machines/rules/slot-limits.ts';
import { ApiError } from '../../src/api/client.ts';
import { browserSlotSelectionMachine } from '../../src/actors/slot-selection.ts';
import { bookingFailedText } from '../../src/api/calls/booking.ts';
import { availabilityFailedText, clientPackageFailedText, tutorInfoFailedText } from '../../src/api/calls/slots.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen, FreeBookScreen, RemainingBookClassScreen, freeOneClassText } from '../../src/screens/book-class/book-class-screen.tsx';
import { liveToken } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import type { ReplayedPath } from '../support/transition-coverage.ts';

// Every transition of the slot-selection chart, replayed on /book-class with the reads and the write
// answered by the test. One student, GOLD, Mathematics and English once a week each (6 weeks shown).

const form = goldForm;
const lessons = goldLessons;
const draft: BookingDraft = goldDraft();
const today = '2026-11-23';

// Wednesday 25 November 09:00-11:00 and Wednesday 2 December 09:00-10:00 in Dubai: the 2nd is filled in by itself.
const grid: GridData = {
  windows: [
    { start: '2026-11-25T09:00:00+04:00', finish: '2026-11-25T11:00:00+04:00', apt_id: 11, contractor_id: 5 },
    { start: '2026-12-02T09:00:00+04:00', finish: '2026-12-02T10:00:00+04:00', apt_id: 12, contractor_id: 5 },
  ],
  freeAssessmentUsed: false,
};
const tutorList: TutorOffer[] = [
  { id: 5, name: 'Amira Haddad', price: 120 },
  { id: null, name: 'Omar Khalil', price: 100 },
];

const input: SlotSelectionInput = { draft, today, branchId: testUser.branch_id, timeZone: testUser.branch_time_zone, clientid: testUser.clientid };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadGrid', output: grid },
  { type: 'xstate.error.actor.loadGrid', error: new Error(availabilityFailedText) },
  { type: 'load.retried' },
  { type: 'subject.chosen', subject: 'English' },
  { type: 'month.chosen', month: '2026-12' },
  { type: 'week.chosen', index: 1 },
  { type: 'weeks.next' },
  { type: 'weeks.previous' },
  { type: 'slot.clicked', date: '2026-11-25', time: '09:00' },
  { type: 'slot.clicked', date: '2026-11-25', time: '10:00' },
  { type: 'xstate.done.actor.fetchTutors', output: tutorList },
  { type: 'xstate.error.actor.fetchTutors', error: new Error(tutorInfoFailedText) },
  { type: 'tutor.chosen', index: 0 },
  { type: 'tutors.closed' },
  { type: 'slot.removed', key: slotKey('Mathematics', '2026-11-25', '09:00') },
  { type: 'freeAssessment.toggled' },
  { type: 'book.requested' },
  { type: 'xstate.done.actor.createClientPackage', output: { id: 41 } },
  { type: 'xstate.error.actor.createClientPackage', error: new Error(clientPackageFailedText) },
  { type: 'back.requested' },
  { type: 'back.confirmed' },
  { type: 'back.cancelled' },
];

// The remaining classes of paid package 88 (5 left: 4 weeks shown), booked on it from /remainingbookclass.
const remainingDraft: BookingDraft = { ...withLessons(withForm(emptyDraft('remaining'), form), lessons, '2 lessons per week · 12 lessons'), clientPackageId: 88 };
const remainingInput: SlotSelectionInput = { ...input, draft: remainingDraft };
const remainingGrid: GridData = { ...grid, remainingClasses: 5 };
// Someone else booked the 25th's 09:00 meanwhile: POST /bookings names it (in UTC), and books nothing.
const taken = new HoursTakenError('Some of these hours were just taken.', [{ subject: 'Mathematics', start: '2026-11-25T05:00:00Z', finish: '2026-11-25T06:00:00Z', tutor: 5, reason: 'taken' }]);
const takenLines = takenHoursNotice(taken.taken, testUser.branch_time_zone);
const booked: BookedLessons = { success: true, data: [] };
const remainingEvents: AnyEventObject[] = [
  ...events.filter((event) => !event.type.includes('loadGrid') && !event.type.includes('createClientPackage')),
  { type: 'xstate.done.actor.loadGrid', output: remainingGrid },
  { type: 'xstate.error.actor.loadGrid', error: new Error(availabilityFailedText) },
  { type: 'xstate.done.actor.bookRemaining', output: booked },
  { type: 'xstate.error.actor.bookRemaining', error: taken },
  { type: 'xstate.error.actor.bookRemaining', error: new ApiError(500, bookingFailedText) },
];

// The classes to place of paid order ORD-7-1 (2 to place), opened from the dashboard's card: back goes there.
const orderInput: SlotSelectionInput = { ...input, draft: { ...remainingDraft, clientPackageId: null, orderRef: 'ORD-7-1' } };
const orderEvents: AnyEventObject[] = remainingEvents.map((event) => (event.type === 'xstate.done.actor.loadGrid' ? { ...event, output: { ...grid, remainingClasses: 2 } } : event));

// The free assessment on /free-book (the form's student, year and subjects; one class in all, 6 weeks).
const freeInput: SlotSelectionInput = { ...input, draft: { ...draft, entry: 'free' } };
const freeEvents: AnyEventObject[] = events.filter((event) => !event.type.includes('createClientPackage') && event.type !== 'freeAssessment.toggled');

type Route = '/book-class' | '/remainingbookclass' | '/free-book';

const pages = {
  '/freebooking-summary': 'Free Assessment Summary page',
  '/booking-summary': 'Booking Summary page',
  '/manage-packages': 'Packages page',
  '/remaining-package': 'Remaining Package page',
  '/dashboard': 'Dashboard page',
  '/new-booking': 'New Booking page',
};

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function renderBookClass(route: Route = '/book-class') {
  const waiting: { grid?: Pending<GridData>; tutors?: Pending<TutorOffer[]>; save?: Pending<{ id: number }>; book?: Pending<BookedLessons> } = {};
  const asked: { grid: GridQuery[]; tutors: TutorQuery[]; save: ClientPackageBody[]; book: BookLessonsInput[] } = { grid: [], tutors: [], save: [], book: [] };
  const machine: SlotSelectionMachine = browserSlotSelectionMachine.provide({
    actors: {
      loadGrid: fromPromise<GridData, GridQuery>(({ input: query }) => new Promise((resolve, reject) => void (asked.grid.push(query), (waiting.grid = { resolve, reject })))),
      fetchTutors: fromPromise<TutorOffer[], TutorQuery>(({ input: query }) => new Promise((resolve, reject) => void (asked.tutors.push(query), (waiting.tutors = { resolve, reject })))),
      createClientPackage: fromPromise<{ id: number }, ClientPackageBody>(({ input: body }) => new Promise((resolve, reject) => void (asked.save.push(body), (waiting.save = { resolve, reject })))),
      bookRemaining: fromPromise<BookedLessons, BookLessonsInput>(({ input: request }) => new Promise((resolve, reject) => void (asked.book.push(request), (waiting.book = { resolve, reject })))),
    },
  });
  // A data router: the grid holds the browser's back button (useBlocker).
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/book-class', element: <BookClassScreen machine={machine} /> },
          { path: '/remainingbookclass', element: <RemainingBookClassScreen machine={machine} /> },
          { path: '/free-book', element: <FreeBookScreen machine={machine} /> },
          ...Object.entries(pages).map(([path, text]) => ({ path, element: <h1>{text}</h1> })),
        ],
      },
    ],
    { initialEntries: [route] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  const call = <K extends keyof typeof waiting>(key: K): NonNullable<(typeof waiting)[K]> => {
    const pending = waiting[key];
    if (!pending) throw new Error(`no ${key} call is waiting`);
    return pending as NonNullable<(typeof waiting)[K]>;
  };
  return { call, asked };
}

type State = SnapshotFrom<SlotSelectionMachine>;

/** An hour of the grid, whatever its state: 'Wed 25 Nov 2026 · 09:00 Dubai time, free' (', selected', ', taken by English'). */
const hourButton = (date: string, time: string, hidden = false) => screen.getByRole('button', { name: new RegExp(`^${formatCalendarDayTime(date, time)} Dubai time, `), hidden });

function expectScreenFor(state: State) {
  const { context } = state;
  // Told by the state's value: the generated paths' snapshots are shared between paths, and their status
  // and output are not reliable once a later path has ended from one of them.
  const back = { remaining: context.draft.orderRef === null ? 'remainingPackage' : 'orderLeft', free: 'freeLeft' } as const;
  const next = state.matches('bookedRemaining')
    ? 'dashboard'
    : state.matches('booked')
      ? 'summary'
      : state.matches('freeAssessmentChosen')
        ? 'freeSummary'
        : state.matches('freeAssessmentAsked')
          ? 'freeSlot'
          : state.matches('left')
            ? (back[context.draft.entry as keyof typeof back] ?? 'packages')
            : null;
  if (next !== null) {
    if (next === 'freeSlot') {
      // The box ticked: /free-book opens on the same form, as a free assessment (its grid is read again).
      expect(screen.getByRole('heading', { name: 'Free Assessment' })).toBeInTheDocument();
      expect(screen.getByRole('status', { name: 'Loading free hours' })).toBeInTheDocument();
      expect(readDraft()).toMatchObject({ entry: 'free', form, clientPackageId: null });
    } else if (next === 'freeSummary') {
      // The one slot goes on as the free assessment; nothing is written before its summary is confirmed.
      expect(screen.getByRole('heading', { name: pages['/freebooking-summary'] })).toBeVisible();
      const stored = readDraft();
      expect(stored?.entry).toBe('free');
      expect(stored?.clientPackageId).toBeNull();
      expect(slotCount(stored ?? emptyDraft('new'))).toBe(1);
    } else if (next === 'freeLeft') {
      // Back from /free-book: its form on /new-booking, in the free flow, the slot cleared.
      expect(screen.getByRole('heading', { name: pages['/new-booking'] })).toBeVisible();
      expect(readDraft()).toMatchObject({ entry: 'free', form, slots: null });
    } else if (next === 'orderLeft') {
      // Back from a paid order's classes to place: the dashboard, the draft cleared.
      expect(screen.getByRole('heading', { name: pages['/dashboard'] })).toBeVisible();
      expect(readDraft()).toBeNull();
    } else if (next === 'dashboard') {
      expect(screen.getByRole('heading', { name: pages['/dashboard'] })).toBeVisible();
      expect(toasts().getByText(remainingBookedText)).toBeVisible();
      expect(readDraft()).toBeNull();
    } else if (next === 'remainingPackage') {
      expect(screen.getByRole('heading', { name: pages['/remaining-package'] })).toBeVisible();
      expect(readDraft()?.slots).toBeNull();
      expect(readDraft()?.clientPackageId).toBe(88);
    } else if (next === 'summary') {
      expect(screen.getByRole('heading', { name: pages['/booking-summary'] })).toBeVisible();
      expect(readDraft()?.clientPackageId).toBe(41);
      expect(slotCount(readDraft() ?? emptyDraft('new'))).toBe(context.chosen.length);
    } else {
      expect(screen.getByRole('heading', { name: pages['/manage-packages'] })).toBeVisible();
      expect(readDraft()?.slots).toBeNull();
      expect(readDraft()?.lessons).toEqual(lessons);
    }
    return;
  }
  const confirming = state.hasTag('confirmingBack');
  if (confirming) {
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('If you go back, your appointment data will be cleared.')).toBeVisible();
  } else {
    expect(screen.queryByRole('alertdialog')).toBeNull();
  }
  if (!context.loaded || state.hasTag('loading')) {
    if (context.error) expect(screen.getByText(availabilityFailedText)).toBeInTheDocument();
    else expect(screen.getByRole('status', { name: 'Loading free hours', hidden: confirming })).toBeInTheDocument();
    return;
  }
  const hidden = confirming || state.hasTag('tutors');
  // The hours someone else took are said one line each until the client chooses another hour.
  if (context.notice.length > 0) {
    expect(screen.getAllByText(/Please choose another time\.$/).map((line) => line.textContent)).toEqual(context.notice);
  } else {
    expect(screen.queryByText(/Please choose another time\.$/)).toBeNull();
  }
  // Subject tabs with their counts, the current one pressed.
  for (const subject of form.subject) {
    const count = context.chosen.filter((slot) => slot.subject === subject).length;
    expect(screen.getByRole('button', { name: `${subject} ${count}`, hidden })).toHaveAttribute('aria-pressed', String(subject === context.subject));
  }
  expect(screen.getByRole('combobox', { name: 'Month', hidden })).toHaveValue(context.month);
  // The chosen slots, in the grid (for the subject shown) and in 'Selected Slots'.
  for (const slot of context.chosen) {
    expect(screen.getByRole('button', { name: new RegExp(`^Remove ${formatCalendarDayTime(slot.date, slot.time)} Dubai time · ${slot.subject}`), hidden })).toBeInTheDocument();
  }
  expect(screen.queryAllByRole('button', { name: /^Remove /, hidden })).toHaveLength(context.chosen.length);
  // Remaining classes: 4 weeks when 6 or fewer remain, three tabs at a time.
  if (context.draft.entry === 'remaining' && context.page === 1) expect(screen.getByRole('button', { name: '4th Week', hidden })).toBeInTheDocument();
  if (context.month === '2026-11' && context.weekIndex === 0) {
    const chosenHere = context.chosen.some((slot) => slot.subject === context.subject && slot.date === '2026-11-25' && slot.time === '09:00');
    expect(hourButton('2026-11-25', '09:00', hidden)).toHaveAttribute('aria-pressed', String(chosenHere));
  }
  const book = screen.getByRole('button', { name: /^(Book Now|Booking…)$/, hidden });
  expect(book).toHaveTextContent(state.hasTag('busy') && !state.hasTag('tutors') ? 'Booking…' : 'Book Now');
  if (state.matches('choosing') && context.chosen.length > 0) expect(book).toBeEnabled();
  else expect(book).toBeDisabled();
  if (state.hasTag('tutors')) {
    const dialog = screen.getByRole('dialog', { name: 'Available Tutors' });
    if (state.matches('fetchingTutors')) expect(within(dialog).getByRole('status', { name: 'Loading tutors' })).toBeInTheDocument();
    else if (context.tutorError) expect(within(dialog).getByRole('alert')).toHaveTextContent(tutorInfoFailedText);
    else {
      expect(within(dialog).getByRole('button', { name: 'Select Amira Haddad' })).toBeVisible();
      // Omar Khalil has no tutor id: no Select.
      expect(within(dialog).getByText('Omar Khalil')).toBeVisible();
      expect(within(dialog).queryByRole('button', { name: 'Select Omar Khalil' })).toBeNull();
    }
  } else {
    expect(screen.queryByRole('dialog', { name: 'Available Tutors' })).toBeNull();
  }
  if (context.freeAssessmentOffered) expect(screen.getByRole('checkbox', { name: 'Free Assessment', hidden })).toHaveProperty('checked', context.freeAssessment);
  else expect(screen.queryByRole('checkbox', { name: 'Free Assessment', hidden: true })).toBeNull();
  if (context.freeAssessment) {
    expect(screen.getByText(freeOneClassText)).toBeInTheDocument();
    // One class in all: the six weeks of the free grid, three tabs at a time.
    if (context.page === 1) expect(screen.getByRole('button', { name: '6th Week', hidden })).toBeInTheDocument();
  } else {
    expect(screen.queryByText(freeOneClassText)).toBeNull();
  }
  expect(screen.getByRole('heading', { name: context.draft.entry === 'free' ? 'Free Assessment' : 'Book Classes', hidden })).toBeInTheDocument();
}

const label = (path: ReplayedPath) => path.steps.map((s) => s.event.type.replace('xstate.', '') + ('date' in s.event ? ` ${String((s.event as AnyEventObject).time)}` : '')).join(' → ');

type Asked = ReturnType<typeof renderBookClass>['asked'];

interface Start {
  who: string;
  route: Route;
  input: SlotSelectionInput;
  events: AnyEventObject[];
  keep?: (path: ReplayedPath) => boolean;
  /** What the calls of a replayed path must have carried, from this start. */
  expectAsked: (asked: Asked) => void;
}

const starts: Start[] = [
  {
    who: 'a new booking',
    route: '/book-class',
    input,
    events,
    expectAsked: (asked) => {
      for (const query of asked.grid) expect(query).toEqual({ subjectNames: ['Mathematics', 'English'], yearLevels: [5], branch_id: testUser.branch_id, clientid: testUser.clientid, studentNames: ['Adam Ahmed'], knownStudentIds: { 'Adam Ahmed': testUser.studentdetails[0]?.id }, clientPackageId: null, orderRef: null });
      for (const query of asked.tutors) expect(query).toMatchObject({ date: '2026-11-25', quallevel: 5, branch_id: testUser.branch_id });
      for (const body of asked.save) {
        expect(body).toMatchObject({ clientid: testUser.clientid, purches_status: 0, total_classess: 12, completed_classess: 0 });
        expect(body.booked_classess + body.remaining_classess).toBe(12);
        expect(Object.keys(JSON.parse(body.packageForm) as object)).toEqual(['lessonData', 'packageFormData', 'groupedByWeek', 'storedTeacher']);
      }
      expect(asked.book).toEqual([]);
    },
  },
  {
    who: 'the remaining classes of a paid package',
    route: '/remainingbookclass',
    input: remainingInput,
    events: remainingEvents,
    expectAsked: (asked) => {
      // The package's remaining count is read with the grid, once: a refusal keeps the grid as it is.
      expect(asked.grid.map((query) => [query.clientPackageId, query.orderRef])).toEqual(asked.grid.map(() => [88, null]));
      expect(asked.save).toEqual([]);
      for (const request of asked.book) {
        expect(request).toMatchObject({ clientid: testUser.clientid, branchId: testUser.branch_id, timeZone: testUser.branch_time_zone });
        expect(request.draft.clientPackageId).toBe(88);
        expect(slotCount(request.draft)).toBeGreaterThan(0);
        expect(slotCount(request.draft)).toBeLessThanOrEqual(5);
      }
    },
  },
  {
    who: 'the classes to place of a paid order',
    route: '/remainingbookclass',
    input: orderInput,
    events: orderEvents,
    // The paths that leave, by back or by booking: the rest of the chart is the package's above.
    keep: (path) => path.steps.some((step) => ['back.confirmed', 'xstate.done.actor.bookRemaining'].includes(step.event.type)),
    expectAsked: (asked) => {
      // The order's classes to place are read with the grid; no package is.
      for (const query of asked.grid) expect(query).toMatchObject({ clientPackageId: null, orderRef: 'ORD-7-1' });
      for (const request of asked.book) {
        expect(request.draft.orderRef).toBe('ORD-7-1');
        expect(slotCount(request.draft)).toBeLessThanOrEqual(2);
      }
    },
  },
  {
    who: 'the free assessment',
    route: '/free-book',
    input: freeInput,
    events: freeEvents,
    expectAsked: (asked) => {
      // The grid is the form's; nothing is saved or booked from the grid: the summary books the free class.
      for (const query of asked.grid) expect(query).toMatchObject({ subjectNames: ['Mathematics', 'English'], yearLevels: [5], clientPackageId: null });
      expect(asked.save).toEqual([]);
      expect(asked.book).toEqual([]);
    },
  },
];

replayPaths({
  machine: slotSelectionMachine,
  title: (start) => `slot selection paths for ${start.who}, replayed on ${start.route}`,
  starts,
  // The screen reads the branch's today from the clock: it is the test's today, whatever day the suite runs.
  fakeTimers: { now: new Date(`${today}T08:00:00Z`) },
  label,
  mount: (start) => {
    writeDraft(start.input.draft);
    return { ...renderBookClass(start.route), ui: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
  },
  send: {
    'xstate.done.actor.loadGrid': ({ event, mounted: { call } }) => act(async () => call('grid').resolve(event.output as GridData)),
    'xstate.error.actor.loadGrid': ({ event, mounted: { call } }) => act(async () => call('grid').reject(event.error)),
    'load.retried': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Retry' })),
    'subject.chosen': ({ event, mounted: { ui } }) => ui.click(screen.getByRole('button', { name: new RegExp(`^${String(event.subject)} \\d+$`) })),
    'month.chosen': ({ event, mounted: { ui } }) => ui.selectOptions(screen.getByRole('combobox', { name: 'Month' }), String(event.month)),
    'week.chosen': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: '2nd Week' })),
    'weeks.next': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Next weeks' })),
    'weeks.previous': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Previous weeks' })),
    'slot.clicked': async ({ event, state, before, mounted: { ui } }) => {
      await ui.click(hourButton(String(event.date), String(event.time)));
      // A refused hour says why, and changes nothing.
      if (before?.matches('choosing') && state.matches('choosing') && state.context.chosen === before.context.chosen) {
        const subject = before.context.subject;
        const other = before.context.chosen.some((slot) => slot.subject !== subject && slot.date === event.date && slot.time === event.time);
        expect(toasts().getByText(before.context.freeAssessment ? freeAssessmentText : other ? conflictText : weeklyLimitText(1, subject))).toBeVisible();
      }
    },
    'xstate.done.actor.fetchTutors': ({ event, mounted: { call } }) => act(async () => call('tutors').resolve(event.output as TutorOffer[])),
    'xstate.error.actor.fetchTutors': ({ event, mounted: { call } }) => act(async () => call('tutors').reject(event.error)),
    'tutor.chosen': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Select Amira Haddad' })),
    'tutors.closed': ({ mounted: { ui } }) => ui.click(within(screen.getByRole('dialog', { name: 'Available Tutors' })).getByRole('button', { name: 'Close' })),
    'slot.removed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: /^Remove Wed 25 Nov 2026 · 09:00 Dubai time · Mathematics/ })),
    'freeAssessment.toggled': ({ mounted: { ui } }) => ui.click(screen.getByRole('checkbox', { name: 'Free Assessment' })),
    'book.requested': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Book Now' })),
    'xstate.done.actor.createClientPackage': ({ event, mounted: { call } }) => act(async () => call('save').resolve(event.output as { id: number })),
    'xstate.error.actor.createClientPackage': async ({ event, mounted: { call } }) => {
      await act(async () => call('save').reject(event.error));
      expect(toasts().getByText(clientPackageFailedText)).toBeVisible();
    },
    'xstate.done.actor.bookRemaining': ({ event, mounted: { call } }) => act(async () => call('book').resolve(event.output as BookedLessons)),
    'xstate.error.actor.bookRemaining': async ({ event, mounted: { call } }) => {
      await act(async () => call('book').reject(event.error));
      // Taken hours are said on the grid (below); any other refusal in a toast.
      if (event.error instanceof HoursTakenError) {
        expect(toasts().queryByText(bookingFailedText)).toBeNull();
        expect(screen.getByText(takenLines[0] ?? '')).toBeVisible();
      } else expect(toasts().getByText(bookingFailedText)).toBeVisible();
    },
    'back.requested': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Back', hidden: true })),
    'back.confirmed': ({ mounted: { ui } }) => ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Go back' })),
    'back.cancelled': ({ mounted: { ui } }) => ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Stay' })),
  },
  expectScreen: expectScreenFor,
  afterPath: (_path, start, { asked }) => start.expectAsked(asked),
});
