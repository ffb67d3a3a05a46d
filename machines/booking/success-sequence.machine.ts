import { assign, fromPromise, setup } from 'xstate';
import { type OrderProgress, type OrderUnavailable, isBooked, isClosedUnpaid, isNoPayment, orderUnavailableOf } from '../rules/order-progress.ts';
import type { KnownStudent } from './booking-form.ts';
import { errorText } from '../rules/error-text.ts';

/**
 * /success?ref=… (spec §2 "Payment success", §4 "Success page sequence"; docs/architecture.md, "The success page"
 * and "Paid means booked"): verify the order, read the students, wait, have the order booked, wait, confirm
 * the order, (delete the free package for a pending payment), wait, 'Payment Successful'.
 *
 * The server books a paid order itself (the provider's notification books its held lessons, services,
 * settled invoice and receipt in one transaction), so this page books nothing from this browser: GET
 * /orders/{ref} says whether the order is booked, and when it is not yet (a late notification), one call
 * (POST /orders/{ref}/fulfilment) has the server ask the provider and book it, idempotent by ref. A payer
 * who comes back in another browser gets the same. An order already confirmed is a receipt, never
 * replayed. A ref that is no order (404, 400) or another client's order (403) confirms nothing: the page
 * says so and leads to the dashboard, with no Retry (asking again cannot change the answer). The first
 * state only reads: StrictMode may start it twice.
 */

export const paymentSuccessfulText = 'Payment Successful';
export const refMissingTitle = 'Payment reference missing';
export const refMissingText = 'Cannot verify payment.';
export const orderUnpaidText = 'This payment has not been completed, so no classes were booked.';

export interface SuccessSequenceInput {
  /** The order ref from the URL; null when the page was opened without one. */
  ref: string | null;
  /** The paying client: their students are read (spec step 1), their free package deleted when flagged. */
  clientid: number;
  /** The pending-payment card's flag: the client's unpaid (free) package is deleted once paid. */
  deletesFreePackage: boolean;
  /** The branch's IANA time zone: the receipt's days and hours are its wall clock. */
  timeZone: string;
}

export interface SuccessSequenceContext extends SuccessSequenceInput {
  /** The order as the server last answered it; null until read. */
  order: OrderProgress | null;
  error: string | null;
  /** Why there is no order of the client's to confirm; null while there may be one. */
  unavailable: OrderUnavailable | null;
}

export type SuccessSequenceEvent = { type: 'sequence.retried' };

export interface SuccessSequenceOutput {
  /** The order was confirmed before: its receipt is shown instead. */
  receipt: true;
}

const successSetup = setup({
  types: {
    input: {} as SuccessSequenceInput,
    context: {} as SuccessSequenceContext,
    events: {} as SuccessSequenceEvent,
    output: {} as SuccessSequenceOutput,
    tags: {} as 'working' | 'booking' | 'recording',
  },
  actors: {
    loadOrder: fromPromise<OrderProgress, { ref: string }>(async () => {
      throw new Error('loadOrder is provided at the React boundary');
    }),
    loadStudents: fromPromise<KnownStudent[], { clientid: number }>(async () => {
      throw new Error('loadStudents is provided at the React boundary');
    }),
    fulfilOrder: fromPromise<OrderProgress, { ref: string }>(async () => {
      throw new Error('fulfilOrder is provided at the React boundary');
    }),
    confirmOrder: fromPromise<unknown, { ref: string }>(async () => {
      throw new Error('confirmOrder is provided at the React boundary');
    }),
    deleteFreePackage: fromPromise<unknown, { clientid: number }>(async () => {
      throw new Error('deleteFreePackage is provided at the React boundary');
    }),
  },
  actions: {
    keepOrder: assign((_, params: { order: OrderProgress }) => ({ order: params.order, error: null })),
    setError: assign({ error: (_, params: { message: string }) => params.message }),
    keepUnavailable: assign({ unavailable: (_, params: { error: unknown }) => orderUnavailableOf(params.error) }),
    /** Failures are logged (docs/decisions/004-failures-are-shown.md); the container logs them, so that the chart stays pure. */
    logError: (_, _params: { message: string }) => {},
    /** The 'Payment Successful' alert; the container shows it. */
    announceSuccess: () => {},
    /** The booking is paid and booked: the working keys go (the container clears them). */
    clearWorkingKeys: () => {},
  },
  guards: {
    noRef: ({ context }) => context.ref === null,
    confirmed: (_, params: { order: OrderProgress }) => params.order.confirmed,
    closedUnpaid: (_, params: { order: OrderProgress }) => isClosedUnpaid(params.order),
    booked: ({ context }) => context.order !== null && isBooked(context.order),
    noPayment: (_, params: { error: unknown }) => isNoPayment(params.error),
    orderUnavailable: (_, params: { error: unknown }) => orderUnavailableOf(params.error) !== null,
    deletesFreePackage: ({ context }) => context.deletesFreePackage,
  },
  delays: {
    paymentStart: 3000,
    paymentRecord: 8000,
    paymentAlert: 2000,
  },
});

export const successSequenceMachine = successSetup
  .extend({
    actions: {
      /** A call failed: its message shows (with Retry) and is logged. */
      failStep: successSetup.enqueueActions(({ enqueue, event }) => {
        const message = errorText('error' in event ? event.error : undefined);
        enqueue.assign({ error: message });
        enqueue({ type: 'logError', params: { message: `Payment step failed: ${message}` } });
      }),
    },
  })
  .createMachine({
    id: 'successSequence',
    context: ({ input }) => ({ ...input, order: null, error: null, unavailable: null }),
    initial: 'checkingRef',
    output: () => ({ receipt: true }),
    states: {
      checkingRef: {
        always: [{ guard: 'noRef', target: 'missingRef' }, { target: 'verifying' }],
      },
      missingRef: {},
      verifying: {
        tags: ['working'],
        invoke: {
          id: 'loadOrder',
          src: 'loadOrder',
          input: ({ context }) => ({ ref: context.ref ?? '' }),
          onDone: [
            { guard: { type: 'confirmed', params: ({ event }) => ({ order: event.output }) }, target: 'receipt' },
            {
              guard: { type: 'closedUnpaid', params: ({ event }) => ({ order: event.output }) },
              target: 'failed',
              actions: [{ type: 'keepOrder', params: ({ event }) => ({ order: event.output }) }, { type: 'setError', params: { message: orderUnpaidText } }],
            },
            { target: 'students', actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) } },
          ],
          onError: [
            {
              guard: { type: 'orderUnavailable', params: ({ event }) => ({ error: event.error }) },
              target: 'unavailable',
              actions: { type: 'keepUnavailable', params: ({ event }) => ({ error: event.error }) },
            },
            { target: 'failed', actions: 'failStep' },
          ],
        },
      },
      // No order of the client's has this ref: nothing to confirm; the page leads to the dashboard.
      unavailable: {},
      students: {
        tags: ['working'],
        invoke: {
          id: 'loadStudents',
          src: 'loadStudents',
          input: ({ context }) => ({ clientid: context.clientid }),
          onDone: { target: 'waitingToStart' },
          onError: { target: 'failed', actions: 'failStep' },
        },
      },
      waitingToStart: {
        tags: ['working'],
        // An order the server has booked already (the provider's notification came first) skips the booking.
        after: { paymentStart: [{ guard: 'booked', target: 'recording' }, { target: 'fulfilling' }] },
      },
      fulfilling: {
        tags: ['working', 'booking'],
        invoke: {
          id: 'fulfilOrder',
          src: 'fulfilOrder',
          input: ({ context }) => ({ ref: context.ref ?? '' }),
          onDone: { target: 'recording', actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) } },
          onError: [
            {
              guard: { type: 'noPayment', params: ({ event }) => ({ error: event.error }) },
              target: 'failed',
              actions: { type: 'setError', params: { message: orderUnpaidText } },
            },
            { target: 'failed', actions: 'failStep' },
          ],
        },
      },
      recording: {
        tags: ['working', 'recording'],
        after: { paymentRecord: { target: 'confirming' } },
      },
      confirming: {
        tags: ['working', 'recording'],
        invoke: {
          id: 'confirmOrder',
          src: 'confirmOrder',
          input: ({ context }) => ({ ref: context.ref ?? '' }),
          onDone: [{ guard: 'deletesFreePackage', target: 'deletingFreePackage' }, { target: 'alerting' }],
          onError: { target: 'failed', actions: 'failStep' },
        },
      },
      deletingFreePackage: {
        tags: ['working', 'recording'],
        invoke: {
          id: 'deleteFreePackage',
          src: 'deleteFreePackage',
          input: ({ context }) => ({ clientid: context.clientid }),
          onDone: { target: 'alerting' },
          onError: { target: 'failed', actions: 'failStep' },
        },
      },
      alerting: {
        tags: ['working', 'recording'],
        after: { paymentAlert: { target: 'succeeded' } },
      },
      succeeded: {
        entry: ['announceSuccess', 'clearWorkingKeys'],
      },
      failed: {
        on: { 'sequence.retried': { target: 'verifying' } },
      },
      receipt: { type: 'final' },
    },
  });

export type SuccessSequenceMachine = typeof successSequenceMachine;
