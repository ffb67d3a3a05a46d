import { assign, setup } from 'xstate';
import { type BookingInput, withoutSlots } from './booking-draft.ts';
import { type BookingOutput, nextStep, previousStep, routed, stepOutput } from './booking-steps.ts';

/**
 * The booking summary (spec §2 "Booking Summary"; back with confirmation: docs/architecture.md, "Booking flows across routes"): the package and the
 * slots chosen, read from the draft. Confirm Booking goes on to checkout. Back, from the header's arrow or
 * the browser's back button, first asks 'If you go back, your appointment data will be cleared.'; confirmed,
 * the slots leave the draft and the client goes to the step before (the slots, or the dashboard).
 */

export type BookingSummaryEvent = { type: 'summary.confirmed' } | { type: 'back.requested' } | { type: 'back.confirmed' } | { type: 'back.cancelled' };

/** confirming: the back question is open. */
export type BookingSummaryTag = 'confirming';


export const bookingSummaryMachine = setup({
  types: {
    input: {} as BookingInput,
    context: {} as BookingInput,
    events: {} as BookingSummaryEvent,
    output: {} as BookingOutput,
    tags: {} as BookingSummaryTag,
  },
  actions: {
    dropSlots: assign({ draft: ({ context }) => withoutSlots(context.draft) }),
  },
}).createMachine({
  id: 'bookingSummary',
  context: ({ input }) => ({ draft: input.draft, today: input.today }),
  output: stepOutput,
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'summary.confirmed': { target: 'confirmed' },
        'back.requested': { target: 'confirmingBack' },
      },
    },
    confirmingBack: {
      tags: ['confirming'],
      on: {
        'back.confirmed': { target: 'left', actions: 'dropSlots' },
        'back.cancelled': { target: 'viewing' },
      },
    },
    confirmed: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: routed(nextStep('summary', context.draft.entry)) }),
    },
    left: {
      type: 'final',
      output: ({ context }): BookingOutput => {
        const next = routed(previousStep('summary', context.draft.entry));
        return next === 'dashboard' ? { next, clearDraft: true } : { next };
      },
    },
  },
});

export type BookingSummaryMachine = typeof bookingSummaryMachine;
