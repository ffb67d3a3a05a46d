import { paymentFailedMachine } from '../../machines/booking/payment-failed.machine.ts';
import { config } from '../config.ts';
import { clearWorkingKeys } from '../storage/browser-storage.ts';

/** The machine with storage and the configured wait: what the app runs. */
export const browserPaymentFailedMachine = paymentFailedMachine.provide({
  actions: { clearWorkingKeys: () => clearWorkingKeys() },
  delays: { failedRedirect: config.delays.failedRedirect },
});
