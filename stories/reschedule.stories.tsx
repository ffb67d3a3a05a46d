import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import { rescheduleNoticeText } from '../contract/reschedule-notice.ts';
import type { RescheduleData } from '../machines/rules/draft-types.ts';
import { type RescheduleEvent, type RescheduleGridData, rescheduleHelperText, rescheduleMachine, tutorTakenText } from '../machines/reschedule.machine.ts';
import { ApiError } from '../src/api/client.ts';
import { tutorInfoFailedText } from '../src/api/calls/slots.ts';
import { tutorsFailedText } from '../src/api/calls/tutors.ts';
import { WeekGridPage } from '../src/components/week-grid/week-grid-page.tsx';
import { selectRescheduleView } from '../src/screens/reschedule-slot/reschedule-slot-screen.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';
import { futureDateText } from '../contract/refusals.ts';

// Adam's Mathematics lesson with Amira Haddad (tutor 5), now Sunday 6 December 16:00 in Dubai, moved from
// Monday 23 November 2026 (the grid opens on Wednesday the 25th).
const lesson: RescheduleData = { appointmentId: 501, serviceId: 31, topic: 'Mathematics', contractorName: 'Amira Haddad', contractorNameid: 5, avatarUrl: '' };

// Amira's afternoons: Wednesday 25 November 15:00-17:00, Thursday the 26th 15:00-16:00, Wednesdays after that.
const days = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'];
const grid: RescheduleGridData = {
  windows: [
    ...days.map((day, i) => ({ start: `${day}T15:00:00+04:00`, finish: `${day}T17:00:00+04:00`, apt_id: i + 1, contractor_id: 5 })),
    { start: '2026-11-26T15:00:00+04:00', finish: '2026-11-26T16:00:00+04:00', apt_id: 9, contractor_id: 5 },
  ],
  currentStart: '2026-12-06T12:00:00Z',
};

/** The machine as stories run it: its calls are on their way and stay there. */
const storyMachine = rescheduleMachine.provide({
  actors: {
    loadGrid: fromPromise(() => new Promise<RescheduleGridData>(() => {})),
    checkHour: fromPromise(() => new Promise<boolean>(() => {})),
    moveAppointment: fromPromise(() => new Promise<unknown>(() => {})),
  },
});

const wednesday = { date: '2026-11-25', time: '15:00' };
// Monday the 23rd at 12:00 in Dubai, and Wednesday the 25th at 16:00 (past the chosen hour).
const beforeTheHour = Date.parse('2026-11-23T08:00:00Z');
const pastTheHour = Date.parse('2026-11-25T12:00:00Z');

const stories: MachineStories<typeof rescheduleMachine, ReturnType<typeof selectRescheduleView>> = {
  machine: storyMachine,
  input: { reschedule: lesson, today: '2026-11-23', branchId: 1, timeZone: 'Asia/Dubai' },
  select: selectRescheduleView,
  events: [
    { type: 'xstate.done.actor.loadGrid', output: grid },
    { type: 'xstate.error.actor.loadGrid', error: new Error(tutorsFailedText) },
    { type: 'load.retried' },
    { type: 'month.chosen', month: '2026-12' },
    { type: 'week.chosen', index: 1 },
    { type: 'weeks.next' },
    { type: 'weeks.previous' },
    { type: 'slot.clicked', ...wednesday },
    { type: 'xstate.done.actor.checkHour', output: true },
    { type: 'xstate.done.actor.checkHour', output: false },
    { type: 'xstate.error.actor.checkHour', error: new Error(tutorInfoFailedText) },
    { type: 'slot.removed' },
    { type: 'reschedule.requested', now: beforeTheHour },
    { type: 'reschedule.requested', now: pastTheHour },
    { type: 'xstate.done.actor.moveAppointment', output: { success: true } },
    { type: 'xstate.error.actor.moveAppointment', error: new ApiError(409, rescheduleNoticeText) },
  ],
};

const loaded: AnyEventObject[] = [{ type: 'xstate.done.actor.loadGrid', output: grid }];
const clicked: AnyEventObject[] = [...loaded, { type: 'slot.clicked', ...wednesday } satisfies RescheduleEvent];
const chosen: AnyEventObject[] = [...clicked, { type: 'xstate.done.actor.checkHour', output: true }];
const moving: AnyEventObject[] = [...chosen, { type: 'reschedule.requested', now: beforeTheHour } satisfies RescheduleEvent];

const meta = {
  title: 'Lessons/Reschedule slot',
  component: WeekGridPage,
  parameters: { machine: stories },
  args: {
    ...storyAt(stories).args,
    onRetry: fn(),
    onSubject: fn(),
    onMonth: fn(),
    onWeek: fn(),
    onPreviousWeeks: fn(),
    onNextWeeks: fn(),
    onShowWeek: fn(),
    onSlot: fn(),
    onRemove: fn(),
    onBook: fn(),
  },
} satisfies Meta<typeof WeekGridPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const lead = 'Moving Mathematics with Amira Haddad, now Sun 6 Dec 2026 · 16:00 Dubai time';

export const Loading: Story = {
  ...storyAt(stories),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading free hours' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  ...storyAt(stories, [{ type: 'xstate.error.actor.loadGrid', error: new Error(tutorsFailedText) }]),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(tutorsFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The tutor's free hours, nothing chosen yet: Reschedule waits for an hour. */
export const Choosing: Story = {
  ...storyAt(stories, loaded),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText(lead)).toBeVisible();
    await expect(canvas.getByText(rescheduleHelperText)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Mathematics 0' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-11');
    await expect(canvas.getByRole('button', { name: '1st Week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 16:00 Dubai time, free' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('button', { name: 'Thu 26 Nov 2026 · 15:00 Dubai time, free' })).toHaveAttribute('aria-pressed', 'false');
    // Moving a lesson is not a free assessment.
    await expect(canvas.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    await expect(canvas.getByText('No slot selected yet.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
    await expect(args.onSlot).toHaveBeenCalledWith('2026-11-25', '15:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Next weeks' }));
    await expect(args.onNextWeeks).toHaveBeenCalledTimes(1);
  },
};

// Amira free from the 2nd week only (Wednesday 2 December on): her first week has no hour.
const lateGrid: RescheduleGridData = { ...grid, windows: grid.windows.filter((window) => window.start >= '2026-11-29') };

/** The grid opens on the first week with an hour of the tutor, not on a week of day headers alone. */
export const OpensOnFirstWeekWithHours: Story = {
  ...storyAt(stories, [{ type: 'xstate.done.actor.loadGrid', output: lateGrid }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: '2nd Week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Wed 2 Dec 2026 · 15:00 Dubai time, free' })).toBeVisible();
    await expect(canvas.getByText('Times are Dubai time')).toBeVisible();
  },
};

/** Her first week: each day says why it has no hour, and the week offers the next one with an hour. */
export const FirstWeekWithoutHours: Story = {
  ...storyAt(stories, [{ type: 'xstate.done.actor.loadGrid', output: lateGrid }, { type: 'week.chosen', index: 0 } satisfies RescheduleEvent]),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    const grid = within(canvas.getByRole('grid', { name: 'Hours of the week' }));
    await expect(grid.queryAllByRole('button')).toEqual([]);
    await expect(canvas.getByText('No free hours this week.')).toBeVisible();
    await expect(grid.getAllByRole('columnheader', { name: / Too soon$/ })).toHaveLength(3);
    await expect(grid.getAllByRole('columnheader', { name: / No tutor$/ })).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: 'Show week of Sun 29 Nov 2026' }));
    await expect(args.onShowWeek).toHaveBeenCalledWith('2026-11', 1);
  },
};

/** The tutor is asked whether the hour is still free: nothing is chosen until the answer. */
export const CheckingHour: Story = {
  ...storyAt(stories, clicked),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText(lead)).toBeVisible();
    await expect(canvas.getByText(rescheduleHelperText)).toBeVisible();
    // The grid waits for the answer about the tutor; the hour keeps the focus (aria-disabled, not disabled).
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: 'Mathematics 0' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  },
};

/** One hour chosen (the tutor is free then): Reschedule moves the lesson there. */
export const HourChosen: Story = {
  ...storyAt(stories, chosen),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText(lead)).toBeVisible();
    await expect(canvas.getByText(rescheduleHelperText)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mathematics 1' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, selected' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 16:00 Dubai time, free' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('heading', { name: '1st Week' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' }));
    await expect(args.onRemove).toHaveBeenCalledWith('2026-11-25 15:00');
    await expect(canvas.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Reschedule' }));
    await expect(args.onBook).toHaveBeenCalledTimes(1);
  },
};

/** Another client took the tutor at that hour: said as an alert, and nothing is chosen. */
export const TutorTaken: Story = {
  ...storyAt(stories, [...clicked, { type: 'xstate.done.actor.checkHour', output: false }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(tutorTakenText);
    await expect(canvas.queryByText(rescheduleHelperText)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  },
};

/** The server refused the move (here: the lesson is inside the notice): its reason, and the hour stays chosen. */
export const MoveFailed: Story = {
  ...storyAt(stories, [...moving, { type: 'xstate.error.actor.moveAppointment', error: new ApiError(409, rescheduleNoticeText) }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(rescheduleNoticeText);
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, selected' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  },
};

/** The chosen hour went by before Reschedule was clicked: a future hour is asked for. */
export const NotInFuture: Story = {
  ...storyAt(stories, [...chosen, { type: 'reschedule.requested', now: pastTheHour }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(futureDateText);
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, selected' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  },
};

export const Moving: Story = {
  ...storyAt(stories, moving),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Rescheduling…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, selected' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: 'Remove Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' })).toBeDisabled();
  },
};

/** Moved: on the way back to the Rescheduling list (the container renders the redirect). */
export const Rescheduled: Story = {
  ...storyAt(stories, [...moving, { type: 'xstate.done.actor.moveAppointment', output: { success: true } }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};
