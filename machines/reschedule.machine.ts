import { assign, fromPromise, setup } from 'xstate';
import type { RescheduleData } from './rules/draft-types.ts';
import { type WeekGridContext, type WeekGridEvent, initialWeekGrid, weekGrid, weekGridTransitions } from './booking/week-grid.ts';
import { errorText } from './rules/error-text.ts';
import { weeksShownFor } from './rules/packages.ts';
import { type AvailabilityWindow, hourlyAvailability, instantOfHour } from './rules/slots.ts';
import { rescheduleFailedText } from '../contract/failure-texts.ts';
import { futureDateText } from '../contract/refusals.ts';

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

export interface RescheduleContext extends RescheduleInput, WeekGridContext {
  currentStart: string | null;
  chosen: ChosenHour | null;
  /** The hour whose tutor is being asked about. */
  pending: ChosenHour | null;
  /** The reason the read or the move failed. */
  error: string | null;
}

export type RescheduleEvent =
  | { type: 'load.retried' }
  | WeekGridEvent
  | { type: 'slot.clicked'; date: string; time: string }
  | { type: 'slot.removed' }
  | { type: 'reschedule.requested'; now: number };

/** loading: the grid is read. busy: a call is in flight. */
export type RescheduleTag = 'loading' | 'busy';

export const rescheduleHelperText = 'You can book up to 6 classes, with at most 2 classes per week.';
export const rescheduledText = 'Appointment rescheduled successfully';
export const tutorTakenText = 'Your tutor is no longer free at that time. Please choose another slot.';

/**
 * The reschedule grid: 6 weeks (spec §9), the hours of the lesson's tutor only, and a month opens on its first
 * week with one of them, else its first.
 */
export const rescheduleWeekGrid = weekGrid<RescheduleContext, RescheduleEvent>({
  weekCount: () => weeksShownFor('reschedule'),
  tutorOf: (context) => context.reschedule.contractorNameid,
  opensOn: 'firstWeekWithHours',
});

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
      return { availability, ...rescheduleWeekGrid.openingWeek(context, context.month, availability), currentStart: params.data.currentStart, error: null };
    }),
    ...rescheduleWeekGrid.actions,
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
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
    ...rescheduleWeekGrid.guards,
    isChosenHour: ({ context }, params: ChosenHour) => context.chosen?.date === params.date && context.chosen.time === params.time,
    isOpenHour: ({ context }, params: ChosenHour) => rescheduleWeekGrid.openHour(context, params.date, params.time),
    hasChosen: ({ context }) => context.chosen !== null,
    isFuture: ({ context }, params: { now: number }) => context.chosen !== null && instantOfHour(context.chosen.date, context.chosen.time, context.timeZone) > params.now,
    tutorFree: (_, params: { free: boolean }) => params.free,
  },
}).createMachine({
  id: 'reschedule',
  context: ({ input }) => ({
    ...input,
    ...initialWeekGrid(input.today),
    currentStart: null,
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
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'load.retried': { target: 'loading', actions: 'clearError' } },
    },
    choosing: {
      on: {
        ...weekGridTransitions,
        'slot.clicked': [
          { guard: { type: 'isChosenHour', params: ({ event }) => event }, actions: 'unselect' },
          { guard: { type: 'isOpenHour', params: ({ event }) => event }, target: 'checkingHour', actions: { type: 'holdHour', params: ({ event }) => event } },
        ],
        'slot.removed': { guard: 'hasChosen', actions: 'unselect' },
        'reschedule.requested': [
          { guard: { type: 'isFuture', params: ({ event }) => ({ now: event.now }) }, target: 'moving', actions: 'clearError' },
          { guard: 'hasChosen', actions: [{ type: 'keepError', params: { message: futureDateText } }, { type: 'notifyProblem', params: { message: futureDateText } }] },
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
        onError: { target: 'choosing', actions: ['dropPending', { type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) }, { type: 'notifyProblem', params: ({ event }) => ({ message: errorText(event.error) }) }] },
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
        onError: { target: 'choosing', actions: [{ type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) }, { type: 'notifyProblem', params: { message: rescheduleFailedText } }] },
      },
    },
    rescheduled: { type: 'final' },
  },
});

export type RescheduleMachine = typeof rescheduleMachine;
