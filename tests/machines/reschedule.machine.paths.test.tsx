import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { formatCalendarDayTime } from '../../contract/date-format.ts';
import { rescheduleNoticeText } from '../../contract/reschedule-notice.ts';
import type { RescheduleData } from '../../machines/rules/draft-types.ts';
import { type ChosenHour, type HourQuery, type MoveRequest, type RescheduleGridData, type RescheduleGridQuery, type RescheduleInput, type RescheduleMachine, rescheduleHelperText, rescheduleMachine, rescheduledText, tutorTakenText } from '../../machines/reschedule.machine.ts';
import { ApiError } from '../../src/api/client.ts';
import { tutorInfoFailedText } from '../../src/api/calls/slots.ts';
import { tutorsFailedText } from '../../src/api/calls/tutors.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readRescheduleData, storeRescheduleData } from '../../src/booking/reschedule-storage.ts';
import { browserRescheduleMachine } from '../../src/actors/reschedule.ts';
import { RescheduleSlotScreen } from '../../src/screens/reschedule-slot/reschedule-slot-screen.tsx';
import { liveToken } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import type { ReplayedPath } from '../support/transition-coverage.ts';
import { rescheduleFailedText } from '../../contract/failure-texts.ts';
import { futureDateText } from '../../contract/refusals.ts';

// Every transition of the reschedule chart, replayed on /reschedule-slot in the app's layout, with the
// grid's read, the tutor's check and the move answered by the test. Adam's Mathematics lesson with Amira
// Haddad (tutor 5), now Sunday 6 December 16:00 in Dubai, is moved from Monday 23 November 2026.

const today = '2026-11-23';
const lesson: RescheduleData = { appointmentId: 501, serviceId: 31, topic: 'Mathematics', contractorName: 'Amira Haddad', contractorNameid: 5, avatarUrl: '' };
const input: RescheduleInput = { reschedule: lesson, today, branchId: testUser.branch_id, timeZone: testUser.branch_time_zone };

// Amira's hours in Dubai (one-hour windows, written in UTC): Wednesday 25 November 15:00 and 16:00, Thursday
// the 26th 15:00 and every Wednesday 15:00 to the end of December. Friday the 27th at 15:00 only Omar
// (tutor 6) is free: never offered.
const amirasHours: ChosenHour[] = [
  { date: '2026-11-25', time: '15:00' },
  { date: '2026-11-25', time: '16:00' },
  { date: '2026-11-26', time: '15:00' },
  ...['2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'].map((date) => ({ date, time: '15:00' })),
];
const utc = (date: string, time: string, hoursLater = 0) => new Date(Date.parse(`${date}T${time}:00+04:00`) + hoursLater * 3_600_000).toISOString();
const grid: RescheduleGridData = {
  windows: [
    ...amirasHours.map((hour, i) => ({ start: utc(hour.date, hour.time), finish: utc(hour.date, hour.time, 1), apt_id: i + 1, contractor_id: 5 })),
    { start: utc('2026-11-27', '15:00'), finish: utc('2026-11-27', '15:00', 1), apt_id: 20, contractor_id: 6 },
  ],
  currentStart: '2026-12-06T12:00:00Z',
};
const lead = 'Moving Mathematics with Amira Haddad, now Sun 6 Dec 2026 · 16:00 Dubai time';

// Monday the 23rd at 12:00 in Dubai (the test's start), and Wednesday the 25th at 16:00: past 15:00 that day.
const beforeTheHour = Date.parse(`${today}T08:00:00Z`);
const pastTheHour = Date.parse('2026-11-25T12:00:00Z');

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadGrid', output: grid },
  { type: 'xstate.error.actor.loadGrid', error: new Error(tutorsFailedText) },
  { type: 'load.retried' },
  { type: 'month.chosen', month: '2026-12' },
  { type: 'week.chosen', index: 1 },
  { type: 'weeks.next' },
  { type: 'weeks.previous' },
  { type: 'slot.clicked', date: '2026-11-25', time: '15:00' },
  { type: 'slot.clicked', date: '2026-11-25', time: '16:00' },
  { type: 'xstate.done.actor.checkHour', output: true },
  { type: 'xstate.done.actor.checkHour', output: false },
  { type: 'xstate.error.actor.checkHour', error: new Error(tutorInfoFailedText) },
  { type: 'slot.removed' },
  { type: 'reschedule.requested', now: beforeTheHour },
  { type: 'reschedule.requested', now: pastTheHour },
  { type: 'xstate.done.actor.moveAppointment', output: { success: true, message: rescheduledText } },
  { type: 'xstate.error.actor.moveAppointment', error: new ApiError(409, rescheduleNoticeText) },
];

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function renderReschedule() {
  const waiting: { grid?: Pending<RescheduleGridData>; hour?: Pending<boolean>; move?: Pending<unknown> } = {};
  const asked: { grid: RescheduleGridQuery[]; hour: HourQuery[]; move: MoveRequest[] } = { grid: [], hour: [], move: [] };
  const machine: RescheduleMachine = browserRescheduleMachine.provide({
    actors: {
      loadGrid: fromPromise<RescheduleGridData, RescheduleGridQuery>(({ input: query }) => new Promise((resolve, reject) => void (asked.grid.push(query), (waiting.grid = { resolve, reject })))),
      checkHour: fromPromise<boolean, HourQuery>(({ input: query }) => new Promise((resolve, reject) => void (asked.hour.push(query), (waiting.hour = { resolve, reject })))),
      moveAppointment: fromPromise<unknown, MoveRequest>(({ input: request }) => new Promise((resolve, reject) => void (asked.move.push(request), (waiting.move = { resolve, reject })))),
    },
  });
  renderWithSession(
    <MemoryRouter initialEntries={['/reschedule-slot']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/reschedule-slot" element={<RescheduleSlotScreen machine={machine} />} />
          <Route path="/rescheduling" element={<h1>Rescheduling page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    // The clock is moved days on to pass the chosen hour: the session must outlive it.
    { stored: { token: liveToken(30 * 86_400), user: testUser } },
  );
  const call = <K extends keyof typeof waiting>(key: K): NonNullable<(typeof waiting)[K]> => {
    const pending = waiting[key];
    if (!pending) throw new Error(`no ${key} call is waiting`);
    return pending as NonNullable<(typeof waiting)[K]>;
  };
  return { call, asked };
}

type State = SnapshotFrom<RescheduleMachine>;

const hourName = /^\w{3} \d{1,2} \w{3} \d{4} · \d{2}:\d{2} Dubai time, (free|selected)$/;
/** An hour's name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free'. */
const nameOf = (hour: string, chosen: string | null) => `${formatCalendarDayTime(hour.slice(0, 10), hour.slice(11))} Dubai time, ${hour === chosen ? 'selected' : 'free'}`;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The hour buttons the week shown should have: Amira's hours from the first bookable day, in that Sunday-start week. */
function hoursShown(month: string, weekIndex: number): string[] {
  // November opens on Wednesday the 25th (today + 2), in the week of Sunday the 22nd; December on the 1st, in the week of Sunday 29 November.
  const [firstDay, firstSunday] = month === '2026-11' ? ['2026-11-25', '2026-11-22'] : ['2026-12-01', '2026-11-29'];
  const sunday = addDays(firstSunday, weekIndex * 7);
  const saturday = addDays(sunday, 6);
  return amirasHours.filter((hour) => hour.date >= firstDay && hour.date >= sunday && hour.date <= saturday).map((hour) => `${hour.date} ${hour.time}`);
}

function expectScreenFor(state: State) {
  const { context } = state;
  // Told by the state's value: the generated paths' snapshots are shared between paths.
  if (state.matches('rescheduled')) {
    expect(screen.getByRole('heading', { name: 'Rescheduling page' })).toBeVisible();
    expect(toasts().getByText(rescheduledText)).toBeVisible();
    expect(readRescheduleData()).toBeNull();
    expect(localStorage.getItem('rescheduleData')).toBeNull();
    return;
  }
  // The lesson to move stays stored until it has moved.
  expect(readRescheduleData()).toEqual(lesson);
  expect(screen.queryByRole('heading', { name: 'Rescheduling page' })).toBeNull();
  const main = within(screen.getByRole('main'));
  if (state.matches('loading')) {
    expect(main.getByRole('status', { name: 'Loading free hours' })).toBeInTheDocument();
    expect(main.queryByRole('button', { name: hourName })).toBeNull();
    return;
  }
  if (state.matches('loadFailed')) {
    expect(main.getByRole('alert')).toHaveTextContent(tutorsFailedText);
    expect(main.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(main.queryByRole('button', { name: hourName })).toBeNull();
    return;
  }
  // choosing, checkingHour, moving: the grid of the month and week shown, with the lesson it moves.
  expect(main.getByText(lead)).toBeVisible();
  expect(main.getByRole('combobox', { name: 'Month' })).toHaveValue(context.month);
  expect(main.getByRole('button', { name: ['1st Week', '2nd Week', '3rd Week', '4th Week', '5th Week', '6th Week'][context.weekIndex] })).toHaveAttribute('aria-pressed', 'true');
  const { chosen } = context;
  const chosenName = chosen ? `${chosen.date} ${chosen.time}` : null;
  const buttons = main.getAllByRole('button', { name: hourName });
  // The grid is read a row (an hour) at a time: compared as sets.
  expect(buttons.map((button) => button.getAttribute('aria-label')).sort()).toEqual(hoursShown(context.month, context.weekIndex).map((hour) => nameOf(hour, chosenName)).sort());
  for (const button of buttons) {
    expect(button).toHaveAttribute('aria-pressed', String(button.getAttribute('aria-label')?.endsWith(', selected')));
    // While the tutor is asked about an hour, or the move is sent, the grid waits (the focus stays on it).
    if (state.hasTag('busy')) expect(button).toHaveAttribute('aria-disabled', 'true');
    else expect(button).not.toHaveAttribute('aria-disabled');
  }
  // Omar's hour is not offered.
  expect(main.queryByRole('button', { name: /^Fri 27 Nov 2026 · 15:00 Dubai time/ })).toBeNull();
  // The one hour chosen, in Selected Slots and in the subject's count.
  expect(main.getByRole('button', { name: `Mathematics ${chosen ? 1 : 0}` })).toBeInTheDocument();
  const removes = main.queryAllByRole('button', { name: /^Remove / });
  if (chosen) {
    expect(removes).toHaveLength(1);
    expect(removes[0]).toHaveAccessibleName(`Remove ${formatCalendarDayTime(chosen.date, chosen.time)} Dubai time · Mathematics · Amira Haddad`);
  } else {
    expect(removes).toEqual([]);
    expect(main.getByText('No slot selected yet.')).toBeVisible();
  }
  // The notice: the reason the last hour or move was refused, else what rescheduling means.
  if (state.matches('choosing') && context.error) {
    expect(main.getByRole('alert')).toHaveTextContent(context.error);
    expect(main.queryByText(rescheduleHelperText)).toBeNull();
  } else {
    expect(main.queryByRole('alert')).toBeNull();
    expect(main.getByText(rescheduleHelperText)).toBeVisible();
  }
  const reschedule = main.getByRole('button', { name: /^(Reschedule|Rescheduling…|Checking…)$/ });
  expect(reschedule).toHaveTextContent(state.matches('moving') ? 'Rescheduling…' : state.matches('checkingHour') ? 'Checking…' : 'Reschedule');
  if (state.matches('choosing') && chosen) expect(reschedule).toBeEnabled();
  else expect(reschedule).toBeDisabled();
  expect(main.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
}

function describeEvent(event: AnyEventObject): string {
  const type = event.type.replace('xstate.', '');
  if ('time' in event) return `${type} ${String(event.time)}`;
  if ('output' in event && typeof event.output === 'boolean') return `${type} ${event.output ? 'free' : 'taken'}`;
  if (event.type === 'reschedule.requested') return `${type} ${event.now === pastTheHour ? 'after the hour' : 'before the hour'}`;
  return type;
}
const label = (path: ReplayedPath) => path.steps.map((step) => describeEvent(step.event as AnyEventObject)).join(' → ');

/** How many toasts say `text` now. */
const toastCount = (text: string) => toasts().queryAllByText(text).length;

/** Sends a step that must raise one more toast saying `text` (none to count when null). */
async function raisingToast(text: string | null, send: () => Promise<unknown>) {
  const toastsBefore = text ? toastCount(text) : 0;
  await send();
  if (text) expect(toastCount(text), `the toast '${text}'`).toBe(toastsBefore + 1);
}

replayPaths({
  machine: rescheduleMachine,
  title: () => 'reschedule paths, replayed on /reschedule-slot',
  starts: [{ who: 'the lesson to move', input, events }],
  // The screen reads the branch's today from the clock: it is the test's today, whatever day the suite runs.
  fakeTimers: { now: new Date(beforeTheHour) },
  label,
  mount: () => {
    storeRescheduleData(lesson);
    return { ...renderReschedule(), ui: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
  },
  send: {
    'xstate.done.actor.loadGrid': ({ event, mounted: { call } }) => act(async () => call('grid').resolve(event.output as RescheduleGridData)),
    'xstate.error.actor.loadGrid': ({ event, mounted: { call } }) => act(async () => call('grid').reject(event.error)),
    'load.retried': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Retry' })),
    'month.chosen': ({ event, mounted: { ui } }) => ui.selectOptions(screen.getByRole('combobox', { name: 'Month' }), String(event.month)),
    'week.chosen': ({ event, mounted: { ui } }) => ui.click(screen.getByRole('button', { name: ['1st Week', '2nd Week', '3rd Week', '4th Week', '5th Week', '6th Week'][Number(event.index)] })),
    'weeks.next': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Next weeks' })),
    'weeks.previous': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Previous weeks' })),
    'slot.clicked': async ({ event, state, mounted: { ui, asked } }) => {
      await ui.click(screen.getByRole('button', { name: new RegExp(`^${formatCalendarDayTime(String(event.date), String(event.time))} Dubai time, `) }));
      // The tutor is asked about the hour clicked.
      if (state.matches('checkingHour')) expect(asked.hour.at(-1)).toEqual({ subject: 'Mathematics', date: event.date, time: event.time, tutorId: 5, branch_id: testUser.branch_id });
    },
    'xstate.done.actor.checkHour': ({ event, mounted: { call } }) =>
      raisingToast(event.output === false ? tutorTakenText : null, () => act(async () => call('hour').resolve(event.output as boolean))),
    'xstate.error.actor.checkHour': ({ event, mounted: { call } }) => raisingToast(tutorInfoFailedText, () => act(async () => call('hour').reject(event.error))),
    'slot.removed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: /^Remove / })),
    'reschedule.requested': async ({ event, state, before, mounted: { ui, asked } }) => {
      await raisingToast(event.now === pastTheHour ? futureDateText : null, async () => {
        // The screen sends the clock's now: the clock is where the path's event says.
        vi.setSystemTime(Number(event.now));
        await ui.click(screen.getByRole('button', { name: 'Reschedule' }));
      });
      // The move is of the hour chosen.
      if (state.matches('moving')) {
        expect(asked.move.at(-1)).toEqual({ appointmentId: 501, serviceId: 31, topic: 'Mathematics', branch_id: testUser.branch_id, timeZone: testUser.branch_time_zone, hour: before?.context.chosen });
      }
    },
    'xstate.done.actor.moveAppointment': ({ event, mounted: { call } }) => act(async () => call('move').resolve(event.output)),
    'xstate.error.actor.moveAppointment': ({ event, mounted: { call } }) => raisingToast(rescheduleFailedText, () => act(async () => call('move').reject(event.error))),
  },
  expectScreen: expectScreenFor,
  afterPath: (path, _start, { asked }) => {
    // The grid is the lesson's tutor's, read once per try.
    expect(asked.grid).toEqual(path.steps.filter((step) => ['xstate.init', 'load.retried'].includes(step.event.type)).map(() => ({ tutorId: 5, serviceId: 31, appointmentId: 501, branch_id: testUser.branch_id })));
    expect(asked.hour).toHaveLength(path.steps.filter((step) => step.state.matches('checkingHour')).length);
    expect(asked.move).toHaveLength(path.steps.filter((step) => step.state.matches('moving')).length);
  },
});
