import { assign, fromPromise, setup } from 'xstate';
import { type BookLessonsInput, type BookedLessons, isConflict } from './book-lessons.ts';
import { type BookingInput, withoutSlots } from './booking-draft.ts';
import { type BookingOutput, nextStep, previousStep, routed, stepOutput } from './booking-steps.ts';
import { takenHoursNotice, takenHoursOf, withoutTakenHours } from './taken-hours.ts';
import { type TakenHour } from '../../contract/taken-hours.ts';
import { errorText } from '../rules/error-text.ts';

/**
 * The free assessment's summary on /freebooking-summary (spec §2 "Free booking", §4 "Free assessment flow"):
 * the package detail and the one class, Confirm Booking books it (one POST /bookings on the free basis,
 * book-lessons.ts) and goes to /payment-summary, which reads the class from the server. A client who has
 * had the free assessment already (the server's 409) is told so and cannot confirm again. An hour someone else took meanwhile (a 409 naming it)
 * sends the client back to /free-book without it, where the grid says which, as checkout does. Back, from
 * the header's arrow or the browser's back button, asks first, then the slot goes and the client returns to
 * /free-book.
 */

export interface FreeBookingSummaryInput extends BookingInput {
  clientid: number;
  branchId: number;
  /** The branch's IANA time zone: the class's day and hour are its wall clock. */
  timeZone: string;
}

export interface FreeBookingSummaryContext extends FreeBookingSummaryInput {
  error: string | null;
  /** The server refused the class: the client has had the free assessment already. */
  refused: boolean;
  /** The hours someone else took, one line each: what /free-book says on return. */
  takenNotice: string[];
}

/** What booking the free class needs besides the draft. */
export type FreeAssessmentRequest = BookLessonsInput;

export type FreeBookingSummaryEvent = { type: 'summary.confirmed' } | { type: 'back.requested' } | { type: 'back.confirmed' } | { type: 'back.cancelled' };

/** busy: the class is being booked. confirming: the back question is open. refused: the free assessment was had already. */
export type FreeBookingSummaryTag = 'busy' | 'confirming' | 'refused';

export const freeBookingSummaryMachine = setup({
  types: {
    input: {} as FreeBookingSummaryInput,
    context: {} as FreeBookingSummaryContext,
    events: {} as FreeBookingSummaryEvent,
    output: {} as BookingOutput,
    tags: {} as FreeBookingSummaryTag,
  },
  actors: {
    bookFreeAssessment: fromPromise<BookedLessons, FreeAssessmentRequest>(async () => {
      throw new Error('bookFreeAssessment is provided at the React boundary');
    }),
  },
  actions: {
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    markRefused: assign({ refused: true }),
    clearError: assign({ error: null }),
    dropSlots: assign({ draft: ({ context }) => withoutSlots(context.draft) }),
    dropTakenHours: assign(({ context }, params: { taken: readonly TakenHour[] }) => ({
      draft: withoutTakenHours(context.draft, params.taken, context.timeZone),
      takenNotice: takenHoursNotice(params.taken, context.timeZone),
    })),
    notifyProblem: (_, _params: { message: string }) => {},
    notifyBooked: () => {},
  },
  guards: {
    hoursTaken: (_, params: { error: unknown }) => takenHoursOf(params.error) !== null,
    isConflict: (_, params: { error: unknown }) => isConflict(params.error),
    wasRefused: ({ context }) => context.refused,
  },
}).createMachine({
  id: 'freeBookingSummary',
  context: ({ input }) => ({ ...input, error: null, refused: false, takenNotice: [] }),
  output: stepOutput,
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'summary.confirmed': { target: 'booking', actions: 'clearError' },
        'back.requested': { target: 'confirmingBack' },
      },
    },
    // Back waits for the answer here: the class may be booked by then.
    booking: {
      tags: ['busy'],
      invoke: {
        id: 'bookFreeAssessment',
        src: 'bookFreeAssessment',
        input: ({ context }): FreeAssessmentRequest => ({ draft: context.draft, clientid: context.clientid, branchId: context.branchId, timeZone: context.timeZone }),
        onDone: { target: 'booked', actions: 'notifyBooked' },
        onError: [
          // Someone else took the hour meanwhile: back to the grid without it, which says so.
          {
            guard: { type: 'hoursTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'hoursTaken',
            actions: { type: 'dropTakenHours', params: ({ event }) => ({ taken: takenHoursOf(event.error) ?? [] }) },
          },
          // The one free class per client is taken (here or in another tab): confirming again cannot help.
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: [{ type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) }, 'markRefused'],
          },
          {
            target: 'viewing',
            actions: [{ type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) }, { type: 'notifyProblem', params: ({ event }) => ({ message: errorText(event.error) }) }],
          },
        ],
      },
    },
    refused: {
      tags: ['refused'],
      on: { 'back.requested': { target: 'confirmingBack' } },
    },
    confirmingBack: {
      tags: ['confirming'],
      on: {
        'back.confirmed': { target: 'left', actions: 'dropSlots' },
        'back.cancelled': [{ guard: 'wasRefused', target: 'refused' }, { target: 'viewing' }],
      },
    },
    // Booked: the draft has done its work and goes. /payment-summary reads the class from the server, so a
    // reload or a bookmark of it shows the class without this browser's storage, and nothing here offers to
    // book it again.
    booked: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: routed(nextStep('freeSummary', context.draft.entry)), clearDraft: true }),
    },
    // Back to /free-book without the hour someone else took; it says which.
    hoursTaken: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: routed(previousStep('freeSummary', context.draft.entry)), notice: context.takenNotice }),
    },
    left: {
      type: 'final',
      output: ({ context }): BookingOutput => {
        const next = routed(previousStep('freeSummary', context.draft.entry));
        return next === 'dashboard' ? { next, clearDraft: true } : { next };
      },
    },
  },
});

export type FreeBookingSummaryMachine = typeof freeBookingSummaryMachine;
