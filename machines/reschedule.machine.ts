import { assign, fromPromise, setup } from 'xstate';
import type { RescheduleData } from './booking/booking-draft.ts';
import { dayHasHours, firstWeekWithHours } from './rules/grid-gaps.ts';
import { weeksShownFor } from './rules/packages.ts';
import { type AvailabilityIndex, type AvailabilityWindow, type GridWeek, hourlyAvailability, instantOfHour, isAvailable, monthChoices, monthWeeks, openingMonth, pageOfWeek, weekTabPage } from './rules/slots.ts';

/**
 * Moving one lesson on /reschedule-slot (spec §2 "Reschedule slot", §5 "Reschedule", §8, §9; the
 * branch's zone and the 2-day notice: docs/decisions/001-branch-time-zone.md, 003-reschedule-notice.md). It starts with a read: the lesson's tutor's free hours, less those at
 * which its students already have a lesson. The client picks a month, a week tab (6 weeks, three at a time)
 * and exactly one hour (another hour replaces it; the same one again unselects it); a month opens on its first
 * week with an hour of the tutor (the first week is often all inside the 2-day notice); the tutor is asked for
 * first, since another client may have taken the hour. Reschedule checks the start is still in the future
 * (`now` comes with the event), then sends the move; the server refuses a move inside the notice or onto a
 * taken hour, and its reason is shown. Done, the client goes back to the Rescheduling list.
 */

export interface RescheduleInput {
  reschedule: RescheduleData;
  /** YYYY-MM-DD in the branch's time zone. */
  today: string;
  branchId: number;
  /** The branch's IANA time zone: every day and hour of the grid is its wall clock. */
  timeZone: string;
}

/** What the grid is read for. */
export interface RescheduleGridQuery {
  tutorId: number;
  serviceId: number;
  appointmentId: number;
  branch_id: number;
}

export interface RescheduleGridData {
  /** The tutor's availability windows. */
  windows: AvailabilityWindow[];
  /** The lesson's current start (an instant), when the client's lessons hold it. */
  currentStart: string | null;
}

/** The hour asked about: is the lesson's tutor still free then? */
export interface HourQuery {
  subject: string;
  date: string;
  time: string;
  tutorId: number;
  branch_id: number;
}

/** The hour chosen, a branch-zone day and HH:MM. */
export interface ChosenHour {
  date: string;
  time: string;
}

/** PUT /appointments/{id} as this machine asks for it; moveLesson (reschedule-lesson.ts) writes the branch-offset times. */
export interface MoveRequest {
  appointmentId: number;
  serviceId: number;
  topic: string;
  branch_id: number;
  timeZone: string;
  hour: ChosenHour;
}

export interface RescheduleContext extends RescheduleInput {
  availability: AvailabilityIndex;
  currentStart: string | null;
  /** YYYY-MM */
  month: string;
  weekIndex: number;
  page: number;
  chosen: ChosenHour | null;
  /** The hour whose tutor is being asked about. */
  pending: ChosenHour | null;
  /** The reason the read or the move failed. */
  error: string | null;
}

export type RescheduleEvent =
  | { type: 'load.retried' }
  | { type: 'month.chosen'; month: string }
  | { type: 'week.chosen'; index: number }
  | { type: 'weeks.previous' }
  | { type: 'weeks.next' }
  | { type: 'slot.clicked'; date: string; time: string }
  | { type: 'slot.removed' }
  | { type: 'reschedule.requested'; now: number };

/** loading: the grid is read. busy: a call is in flight. */
export type RescheduleTag = 'loading' | 'busy';

export const rescheduleHelperText = 'You can book up to 6 classes, with at most 2 classes per week.';
export const futureText = 'Please choose a future date and time.';
export const rescheduledText = 'Appointment rescheduled successfully';
export const rescheduleFailedText = 'Failed to update appointment.';
export const tutorTakenText = 'Your tutor is no longer free at that time. Please choose another slot.';

/** The reschedule grid shows 6 weeks (spec §9). */
export const weeksOf = (context: Pick<RescheduleContext, 'today' | 'month'>): readonly GridWeek[] => monthWeeks(context.today, context.month, weeksShownFor('reschedule'));

const weekAt = (context: RescheduleContext, index: number) => weeksOf(context).find((week) => week.index === index);

/** The week a month's grid opens on: its first with an hour of the lesson's tutor, else its first. */
function openingWeek(context: RescheduleContext, month: string, availability: AvailabilityIndex): { weekIndex: number; page: number } {
  const week = firstWeekWithHours(weeksOf({ today: context.today, month }), (date) => dayHasHours(availability, date, context.reschedule.contractorNameid));
  const weekIndex = week?.index ?? 0;
  return { weekIndex, page: pageOfWeek(weekIndex) };
}

/** An hour of the week shown that can be booked with the lesson's tutor. */
function openHour(context: RescheduleContext, date: string, time: string): boolean {
  const day = weekAt(context, context.weekIndex)?.days.find((d) => d.date === date);
  return day?.bookable === true && isAvailable(context.availability, date, time, context.reschedule.contractorNameid);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const rescheduleMachine = setup({
  types: {
    input: {} as RescheduleInput,
    context: {} as RescheduleContext,
    events: {} as RescheduleEvent,
    tags: {} as RescheduleTag,
  },
  actors: {
    loadGrid: fromPromise<RescheduleGridData, RescheduleGridQuery>(async () => {
      throw new Error('loadGrid is provided at the React boundary');
    }),
    checkHour: fromPromise<boolean, HourQuery>(async () => {
      throw new Error('checkHour is provided at the React boundary');
    }),
    moveAppointment: fromPromise<unknown, MoveRequest>(async () => {
      throw new Error('moveAppointment is provided at the React boundary');
    }),
  },
  actions: {
    receiveGrid: assign(({ context }, params: { data: RescheduleGridData }) => {
      const availability = hourlyAvailability(params.data.windows, context.timeZone);
      return { availability, ...openingWeek(context, context.month, availability), currentStart: params.data.currentStart, error: null };
    }),
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    chooseMonth: assign(({ context }, params: { month: string }) => ({ month: params.month, ...openingWeek(context, params.month, context.availability) })),
    chooseWeek: assign({ weekIndex: (_, params: { index: number }) => params.index, page: (_, params: { index: number }) => pageOfWeek(params.index) }),
    showPage: assign(({ context }, params: { page: number }) => {
      const page = weekTabPage(weeksOf(context).length, params.page);
      return { page: params.page, weekIndex: page.weeks[0] ?? 0 };
    }),
    holdHour: assign({ pending: (_, params: ChosenHour) => ({ date: params.date, time: params.time }), error: null }),
    choosePending: assign({ chosen: ({ context }) => context.pending, pending: null }),
    dropPending: assign({ pending: null }),
    // A refusal was about the hour chosen: it goes with it.
    unselect: assign({ chosen: null, error: null }),
    notifyProblem: (_, _params: { message: string }) => {},
    notifyMoved: () => {},
    /** The moved lesson's rescheduleData is done with (the container removes the stored key). */
    forgetLesson: () => {},
  },
  guards: {
    monthOpen: ({ context }, params: { month: string }) => monthChoices(context.today).some((m) => m.value === params.month && !m.disabled),
    weekShown: ({ context }, params: { index: number }) => weekAt(context, params.index) !== undefined,
    hasPreviousWeeks: ({ context }) => weekTabPage(weeksOf(context).length, context.page).hasPrevious,
    hasNextWeeks: ({ context }) => weekTabPage(weeksOf(context).length, context.page).hasNext,
    isChosenHour: ({ context }, params: ChosenHour) => context.chosen?.date === params.date && context.chosen.time === params.time,
    isOpenHour: ({ context }, params: ChosenHour) => openHour(context, params.date, params.time),
    hasChosen: ({ context }) => context.chosen !== null,
    isFuture: ({ context }, params: { now: number }) => context.chosen !== null && instantOfHour(context.chosen.date, context.chosen.time, context.timeZone) > params.now,
    tutorFree: (_, params: { free: boolean }) => params.free,
  },
}).createMachine({
  id: 'reschedule',
  context: ({ input }) => ({
    ...input,
    availability: new Map(),
    currentStart: null,
    month: openingMonth(input.today),
    weekIndex: 0,
    page: 0,
    chosen: null,
    pending: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadGrid',
        src: 'loadGrid',
        input: ({ context }): RescheduleGridQuery => ({
          tutorId: context.reschedule.contractorNameid,
          serviceId: context.reschedule.serviceId,
          appointmentId: context.reschedule.appointmentId,
          branch_id: context.branchId,
        }),
        onDone: { target: 'choosing', actions: { type: 'receiveGrid', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'load.retried': { target: 'loading', actions: 'clearError' } },
    },
    choosing: {
      on: {
        'month.chosen': { guard: { type: 'monthOpen', params: ({ event }) => ({ month: event.month }) }, actions: { type: 'chooseMonth', params: ({ event }) => ({ month: event.month }) } },
        'week.chosen': { guard: { type: 'weekShown', params: ({ event }) => ({ index: event.index }) }, actions: { type: 'chooseWeek', params: ({ event }) => ({ index: event.index }) } },
        'weeks.previous': { guard: 'hasPreviousWeeks', actions: { type: 'showPage', params: ({ context }) => ({ page: context.page - 1 }) } },
        'weeks.next': { guard: 'hasNextWeeks', actions: { type: 'showPage', params: ({ context }) => ({ page: context.page + 1 }) } },
        'slot.clicked': [
          { guard: { type: 'isChosenHour', params: ({ event }) => event }, actions: 'unselect' },
          { guard: { type: 'isOpenHour', params: ({ event }) => event }, target: 'checkingHour', actions: { type: 'holdHour', params: ({ event }) => event } },
        ],
        'slot.removed': { guard: 'hasChosen', actions: 'unselect' },
        'reschedule.requested': [
          { guard: { type: 'isFuture', params: ({ event }) => ({ now: event.now }) }, target: 'moving', actions: 'clearError' },
          { guard: 'hasChosen', actions: [{ type: 'keepError', params: { message: futureText } }, { type: 'notifyProblem', params: { message: futureText } }] },
        ],
      },
    },
    checkingHour: {
      tags: ['busy'],
      invoke: {
        id: 'checkHour',
        src: 'checkHour',
        input: ({ context }): HourQuery => ({
          subject: context.reschedule.topic,
          date: context.pending?.date ?? '',
          time: context.pending?.time ?? '',
          tutorId: context.reschedule.contractorNameid,
          branch_id: context.branchId,
        }),
        onDone: [
          { guard: { type: 'tutorFree', params: ({ event }) => ({ free: event.output }) }, target: 'choosing', actions: 'choosePending' },
          { target: 'choosing', actions: ['dropPending', { type: 'keepError', params: { message: tutorTakenText } }, { type: 'notifyProblem', params: { message: tutorTakenText } }] },
        ],
        onError: { target: 'choosing', actions: ['dropPending', { type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) }, { type: 'notifyProblem', params: ({ event }) => ({ message: messageOf(event.error) }) }] },
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'moveAppointment',
        src: 'moveAppointment',
        input: ({ context }): MoveRequest => ({
          appointmentId: context.reschedule.appointmentId,
          serviceId: context.reschedule.serviceId,
          topic: context.reschedule.topic,
          branch_id: context.branchId,
          timeZone: context.timeZone,
          hour: context.chosen ?? { date: '', time: '' },
        }),
        onDone: { target: 'rescheduled', actions: ['notifyMoved', 'forgetLesson'] },
        // The spec's toast, and the server's reason on the screen (inside the notice, a taken hour).
        onError: { target: 'choosing', actions: [{ type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) }, { type: 'notifyProblem', params: { message: rescheduleFailedText } }] },
      },
    },
    rescheduled: { type: 'final' },
  },
});

export type RescheduleMachine = typeof rescheduleMachine;
