import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { expect } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { withStudentIds } from '../../machines/booking/booking-plan.ts';
import { backWarning } from '../../machines/booking/booking-steps.ts';
import { type FreeAssessmentRequest, type FreeBookingSummaryMachine, freeBookingSummaryMachine } from '../../machines/booking/free-booking-summary.machine.ts';
import { type BookedLessons, freeAssessmentBookedText } from '../../machines/booking/book-lessons.ts';
import { takenHoursNotice } from '../../machines/booking/taken-hours.ts';
import { HoursTakenError } from '../../contract/taken-hours.ts';
import { browserFreeBookingSummaryMachine } from '../../src/actors/free-booking-summary.ts';
import { ApiError } from '../../src/api/client.ts';
import { bookingFailedText } from '../../src/api/calls/booking.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { noticeIn } from '../../src/booking/booking-notice.ts';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { FreeBookingSummaryScreen } from '../../src/screens/booking-summary/free-booking-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import type { ReplayedPath } from '../support/transition-coverage.ts';
import { freeAssessmentUsedText } from '../../contract/refusals.ts';

// Every transition of the free assessment's summary, replayed on /freebooking-summary in the app's layout,
// with the booking answered by the test; back is asked for by the header's arrow in one run and by the
// browser's back button in the other.

/** The draft as the earlier steps stored it: the student's id recorded at /new-booking. */
const draft: BookingDraft = withStudentIds({ ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } }, testUser.studentdetails);
const input = { draft, today: '2026-11-23', clientid: testUser.clientid, branchId: testUser.branch_id, timeZone: testUser.branch_time_zone };

// Someone else took the class's hour (Sunday 6 December 16:00 in Dubai) meanwhile: POST /bookings names it.
const taken = new HoursTakenError('This hour was just taken.', [{ subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, reason: 'taken' }]);

const events: AnyEventObject[] = [
  { type: 'summary.confirmed' },
  { type: 'xstate.done.actor.bookFreeAssessment', output: { success: true, data: [] } },
  { type: 'xstate.error.actor.bookFreeAssessment', error: taken },
  { type: 'xstate.error.actor.bookFreeAssessment', error: new ApiError(409, freeAssessmentUsedText) },
  { type: 'xstate.error.actor.bookFreeAssessment', error: new ApiError(500, bookingFailedText) },
  { type: 'back.requested' },
  { type: 'back.confirmed' },
  { type: 'back.cancelled' },
];

const starts = (['header arrow', 'browser back'] as const).map((back) => ({ who: `back by the ${back}`, back, input, events }));

interface Pending {
  resolve: (value: BookedLessons) => void;
  reject: (error: unknown) => void;
}

/** /free-book as the summary leaves for it: with the notice it was sent, one line each. */
function FreeBookPage() {
  const notice = noticeIn(useLocation().state);
  return (
    <>
      <h1>Free Assessment page</h1>
      {notice.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}

function renderSummary() {
  const asked: FreeAssessmentRequest[] = [];
  let waiting: Pending | undefined;
  const machine: FreeBookingSummaryMachine = browserFreeBookingSummaryMachine.provide({
    actors: { bookFreeAssessment: fromPromise<BookedLessons, FreeAssessmentRequest>(({ input: request }) => new Promise((resolve, reject) => void (asked.push(request), (waiting = { resolve, reject })))) },
  });
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/freebooking-summary', element: <FreeBookingSummaryScreen machine={machine} /> },
          { path: '/free-book', element: <FreeBookPage /> },
          { path: '/payment-summary', element: <h1>Payment Summary page</h1> },
        ],
      },
    ],
    { initialEntries: ['/free-book', '/freebooking-summary'], initialIndex: 1 },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  const call = () => {
    if (!waiting) throw new Error('no booking call is waiting');
    return waiting;
  };
  return { router, asked, call };
}

type State = SnapshotFrom<FreeBookingSummaryMachine>;

function expectScreenFor(state: State, router: ReturnType<typeof renderSummary>['router']) {
  // Told by the state's value: the generated paths' snapshots are shared between paths.
  if (state.matches('booked')) {
    expect(screen.getByRole('heading', { name: 'Payment Summary page' })).toBeVisible();
    expect(toasts().getByText(freeAssessmentBookedText)).toBeVisible();
    // Booked: the draft goes; the payment summary reads the class from the server.
    expect(readDraft()).toBeNull();
    return;
  }
  if (state.matches('hoursTaken')) {
    // Back to the grid without the hour, which says which it was.
    expect(screen.getByRole('heading', { name: 'Free Assessment page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/free-book');
    expect(screen.getByText(takenHoursNotice(taken.taken, testUser.branch_time_zone)[0] ?? '')).toBeVisible();
    expect(readDraft()?.slots).toEqual({});
    expect(readDraft()?.entry).toBe('free');
    return;
  }
  if (state.matches('left')) {
    expect(screen.getByRole('heading', { name: 'Free Assessment page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/free-book');
    expect(readDraft()?.slots).toBeNull();
    expect(readDraft()?.entry).toBe('free');
    return;
  }
  expect(router.state.location.pathname).toBe('/freebooking-summary');
  const main = within(screen.getByRole('main', { hidden: true }));
  expect(main.getByText('Free Assessment (1 class)')).toBeInTheDocument();
  expect(main.getByText('Sun 6 Dec 2026 · 16:00')).toBeInTheDocument();
  if (state.hasTag('confirming')) expect(within(screen.getByRole('alertdialog', { name: 'Go back?' })).getByText(backWarning)).toBeVisible();
  else expect(screen.queryByRole('alertdialog')).toBeNull();
  const hidden = state.hasTag('confirming');
  const confirm = screen.getByRole('button', { name: /^(Confirm Booking|Booking…)$/, hidden });
  if (state.matches('viewing')) expect(confirm).toBeEnabled();
  else expect(confirm).toBeDisabled();
  expect(confirm).toHaveTextContent(state.hasTag('busy') ? 'Booking…' : 'Confirm Booking');
  const { error } = state.context;
  if (error) expect(main.getByRole('alert', { hidden })).toHaveTextContent(error);
  else expect(main.queryByRole('alert', { hidden: true })).toBeNull();
}

const label = (path: ReplayedPath) =>
  path.steps.map((s) => s.event.type.replace('xstate.', '') + ('error' in s.event ? ` ${String((s.event as { error: ApiError }).error.status)}` : '')).join(' → ');

replayPaths({
  machine: freeBookingSummaryMachine,
  title: 'free assessment summary paths, $who, replayed on the screen',
  starts,
  label,
  mount: async () => {
    writeDraft(draft);
    const rendered = renderSummary();
    const ui = userEvent.setup();
    await screen.findByText('Free Assessment (1 class)');
    return { ...rendered, ui };
  },
  send: {
    'summary.confirmed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Confirm Booking' })),
    'xstate.done.actor.bookFreeAssessment': ({ event, mounted: { call } }) => act(async () => call().resolve(event.output as BookedLessons)),
    'xstate.error.actor.bookFreeAssessment': async ({ event, mounted: { call } }) => {
      await act(async () => call().reject(event.error));
      // A refusal is said on the screen (taken hours on the grid); any other failure also as a toast.
      if ((event.error as ApiError).status !== 409) expect(toasts().getByText(bookingFailedText)).toBeVisible();
    },
    'back.requested': async ({ start, mounted: { ui, router } }) => {
      if (start.back === 'header arrow') await ui.click(screen.getByRole('button', { name: 'Back' }));
      else await act(async () => router.navigate(-1));
    },
    'back.confirmed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Go back' })),
    'back.cancelled': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Stay' })),
  },
  expectScreen: (state, { mounted }) => expectScreenFor(state, mounted.router),
  afterPath: (_path, _start, { asked }) => {
    // Each confirm books the draft's one class for the signed-in client.
    for (const request of asked) expect(request).toEqual({ draft, clientid: testUser.clientid, branchId: testUser.branch_id, timeZone: testUser.branch_time_zone });
  },
});
