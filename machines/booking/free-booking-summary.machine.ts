import { assign, fromPromise, setup } from 'xstate';
import { isClash } from '../rules/package-booking.ts';
import { type BookingInput, withoutSlots } from './booking-draft.ts';
import { type BookingOutput, nextStep, previousStep, routed, stepOutput } from './booking-steps.ts';

/**
 * The free assessment's summary on /freebooking-summary (spec §2 "Free booking", §4 "Free assessment flow"):
 * the package detail and the one class, Confirm Booking books it (the service, then the class on the free
 * basis) and goes to /payment-summary. A client who has had the free assessment already (the server's 409,
 * or the status read first) is told so and cannot confirm again. Back, from the header's arrow or the
 * browser's back button, asks first, then the slot goes and the client returns to /free-book.
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
}

/** What booking the free class needs besides the draft. */
export type FreeAssessmentRequest = Pick<FreeBookingSummaryContext, 'draft' | 'clientid' | 'branchId' | 'timeZone'>;

export type FreeBookingSummaryEvent = { type: 'summary.confirmed' } | { type: 'back.requested' } | { type: 'back.confirmed' } | { type: 'back.cancelled' };

/** busy: the class is being booked. confirming: the back question is open. refused: the free assessment was had already. */
export type FreeBookingSummaryTag = 'busy' | 'confirming' | 'refused';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const freeBookingSummaryMachine = setup({
  types: {
    input: {} as FreeBookingSummaryInput,
    context: {} as FreeBookingSummaryContext,
    events: {} as FreeBookingSummaryEvent,
    output: {} as BookingOutput,
    tags: {} as FreeBookingSummaryTag,
  },
  actors: {
    bookFreeAssessment: fromPromise<unknown, FreeAssessmentRequest>(async () => {
      throw new Error('bookFreeAssessment is provided at the React boundary');
    }),
  },
  actions: {
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    markRefused: assign({ refused: true }),
    clearError: assign({ error: null }),
    dropSlots: assign({ draft: ({ context }) => withoutSlots(context.draft) }),
    notifyProblem: (_, _params: { message: string }) => {},
    notifyBooked: () => {},
  },
  guards: {
    isClash: (_, params: { error: unknown }) => isClash(params.error),
    wasRefused: ({ context }) => context.refused,
  },
}).createMachine({
  id: 'freeBookingSummary',
  context: ({ input }) => ({ ...input, error: null, refused: false }),
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
          // The one free class per client is taken (here or in another tab): confirming again cannot help.
          {
            guard: { type: 'isClash', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: [{ type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) }, 'markRefused'],
          },
          {
            target: 'viewing',
            actions: [{ type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) }, { type: 'notifyProblem', params: ({ event }) => ({ message: messageOf(event.error) }) }],
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
    booked: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: routed(nextStep('freeSummary', context.draft.entry)) }),
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
