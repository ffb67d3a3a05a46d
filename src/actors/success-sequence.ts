import { fromPromise } from 'xstate';
import { paymentSuccessfulText, successSequenceMachine } from '../../machines/booking/success-sequence.machine.ts';
import { api } from '../api/api.ts';
import { getClientData } from '../api/calls/client.ts';
import { confirmOrder, deleteUnpaidClientPackages, fulfilOrder, getOrder } from '../api/calls/payment.ts';
import { config } from '../config.ts';
import { clearWorkingKeys } from '../storage/browser-storage.ts';
import { notify } from '../toasts/notify.ts';

/** The success sequence with the API, the toasts, storage and the configured waits: what the app runs. */
export const browserSuccessSequenceMachine = successSequenceMachine.provide({
  actors: {
    loadOrder: fromPromise(({ input }) => getOrder(api, input)),
    loadStudents: fromPromise(async ({ input }) => (await getClientData(api, input)).client.studentdetails),
    fulfilOrder: fromPromise(({ input }) => fulfilOrder(api, input)),
    confirmOrder: fromPromise(({ input }) => confirmOrder(api, input)),
    deleteFreePackage: fromPromise(({ input }) => deleteUnpaidClientPackages(api, input)),
  },
  actions: {
    announceSuccess: () => notify.success(paymentSuccessfulText),
    clearWorkingKeys: () => clearWorkingKeys(),
    logError: (_, { message }) => console.error(message),
  },
  delays: {
    paymentStart: config.delays.paymentStart,
    paymentRecord: config.delays.paymentRecord,
    paymentAlert: config.delays.paymentAlert,
  },
});
