import { setup } from 'xstate';

/**
 * /failed and /cancel (spec §2 "Payment success and confirmation screens", §8, §9): the alert 'Payment
 * Failed / Your payment could not be processed.' stays for the failedRedirect wait; then the working keys are
 * cleared (userdata, token and BranchId stay) and the client goes to the dashboard. The wait is a named delay
 * (docs/architecture.md, "Statecharts"), overridden from config by the container.
 */

export const paymentFailedTitle = 'Payment Failed';
export const paymentFailedText = 'Your payment could not be processed.';

export const paymentFailedMachine = setup({
  types: {
    output: {} as { next: 'dashboard' },
  },
  actions: {
    /** The booking is over: the container clears the working keys. */
    clearWorkingKeys: () => {},
  },
  delays: {
    failedRedirect: 2000,
  },
}).createMachine({
  id: 'paymentFailed',
  initial: 'showing',
  output: () => ({ next: 'dashboard' }),
  states: {
    showing: {
      after: { failedRedirect: { target: 'leaving' } },
    },
    leaving: {
      type: 'final',
      entry: 'clearWorkingKeys',
    },
  },
});

export type PaymentFailedMachine = typeof paymentFailedMachine;
