import { assign, fromPromise, setup } from 'xstate';
import {
  type AppointmentPayload,
  type BookingPlan,
  type InvoicePayload,
  type OrderProgress,
  type Payer,
  type PaymentPayload,
  type SequenceStep,
  type ServicePayload,
  appointmentPayloads,
  bookingPlan,
  firstStepNotDone,
  invoicePayload,
  isPlan,
  paymentPayload,
  servicePayloads,
} from '../rules/booking-payloads.ts';
import type { BookingDraft } from './booking-draft.ts';
import type { KnownStudent } from './booking-form.ts';

/**
 * /success?ref=… (spec §2 "Payment success", §4 "Success page sequence"; DESIGN.md "The success page: a
 * timed sequence that resumes per order"): verify the order, read the students, wait, then services,
 * appointments, invoice and payment, wait, confirm the order, (delete the free package for a pending
 * payment), wait, 'Payment Successful'. GET /orders/{ref} says what the order has produced already, so a
 * reload resumes at the first step not done (the server is idempotent by ref besides); an order already
 * confirmed is a receipt, never replayed. The first state only reads: StrictMode may start it twice.
 */

export const paymentSuccessfulText = 'Payment Successful';
export const refMissingTitle = 'Payment reference missing';
export const refMissingText = 'Cannot verify payment.';
export const orderUnpaidText = 'This payment has not been completed, so no classes were booked.';

export interface SuccessSequenceInput {
  /** The order ref from the URL; null when the page was opened without one. */
  ref: string | null;
  /** The booking as the checkout left it in storage; null when this device has none. */
  draft: BookingDraft | null;
  payer: Payer;
  /** YYYY-MM-DD in the branch's zone: the lessons' expiry counts from it. */
  today: string;
  /** The pending-payment card's flag: the client's unpaid (free) package is deleted once paid. */
  deletesFreePackage: boolean;
}

export interface SuccessSequenceContext extends SuccessSequenceInput {
  order: OrderProgress | null;
  plan: BookingPlan | null;
  serviceIds: number[];
  invoiceId: number | null;
  error: string | null;
}

export type SuccessSequenceEvent = { type: 'sequence.retried' };

export interface SuccessSequenceOutput {
  /** The order was confirmed before: its receipt is shown instead. */
  receipt: true;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Why the order cannot be booked from what this device has; null when it can (or its lessons are booked already). */
export function planProblem(draft: BookingDraft | null, students: readonly KnownStudent[], order: OrderProgress | null): string | null {
  if (!order || order.appointment_ids.length > 0) return null;
  const plan = bookingPlan(draft, students, order);
  return isPlan(plan) ? null : plan.problem;
}

const resumesAt = (context: SuccessSequenceContext, step: SequenceStep) =>
  context.order !== null && firstStepNotDone(context.order, context.plan?.lines.length ?? 0) === step;

/** The order a step works on: only reached once it is known (verifying keeps it). */
function orderOf(context: SuccessSequenceContext): OrderProgress {
  if (!context.order) throw new Error('the order is not known yet');
  return context.order;
}

function planOf(context: SuccessSequenceContext): BookingPlan {
  if (!context.plan) throw new Error('the booking is not known');
  return context.plan;
}

export const successSequenceMachine = setup({
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
    createServices: fromPromise<number[], ServicePayload[]>(async () => {
      throw new Error('createServices is provided at the React boundary');
    }),
    createAppointments: fromPromise<number[], AppointmentPayload[]>(async () => {
      throw new Error('createAppointments is provided at the React boundary');
    }),
    createInvoice: fromPromise<number, InvoicePayload>(async () => {
      throw new Error('createInvoice is provided at the React boundary');
    }),
    takePayment: fromPromise<unknown, { invoiceId: number; body: PaymentPayload }>(async () => {
      throw new Error('takePayment is provided at the React boundary');
    }),
    confirmOrder: fromPromise<unknown, { ref: string }>(async () => {
      throw new Error('confirmOrder is provided at the React boundary');
    }),
    deleteFreePackage: fromPromise<unknown, { clientid: number }>(async () => {
      throw new Error('deleteFreePackage is provided at the React boundary');
    }),
  },
  actions: {
    keepOrder: assign((_, params: { order: OrderProgress }) => ({
      order: params.order,
      serviceIds: params.order.service_ids,
      invoiceId: params.order.invoice_id,
      error: null,
    })),
    keepPlan: assign(({ context }, params: { students: KnownStudent[] }) => {
      const plan = context.order ? bookingPlan(context.draft, params.students, context.order) : null;
      return { plan: isPlan(plan) ? plan : null };
    }),
    keepServices: assign({ serviceIds: (_, params: { ids: number[] }) => params.ids }),
    keepInvoice: assign({ invoiceId: (_, params: { id: number }) => params.id }),
    setError: assign({ error: (_, params: { message: string }) => params.message }),
    /** Failures are logged (DESIGN.md); the container logs them, so that the chart stays pure. */
    logError: (_, _params: { message: string }) => {},
    /** The 'Payment Successful' alert; the container shows it. */
    announceSuccess: () => {},
    /** The booking is paid and booked: the working keys go (the container clears them). */
    clearWorkingKeys: () => {},
  },
  guards: {
    noRef: ({ context }) => context.ref === null,
    confirmed: (_, params: { order: OrderProgress }) => params.order.confirmed,
    unpaid: (_, params: { order: OrderProgress }) => params.order.status !== 'paid',
    bookingUnknown: ({ context }, params: { students: KnownStudent[] }) => planProblem(context.draft, params.students, context.order) !== null,
    resumesAt: ({ context }, params: { step: SequenceStep }) => resumesAt(context, params.step),
    deletesFreePackage: ({ context }) => context.deletesFreePackage,
  },
  delays: {
    paymentStart: 3000,
    paymentRecord: 8000,
    paymentAlert: 2000,
  },
}).createMachine({
  id: 'successSequence',
  context: ({ input }) => ({ ...input, order: null, plan: null, serviceIds: [], invoiceId: null, error: null }),
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
            guard: { type: 'unpaid', params: ({ event }) => ({ order: event.output }) },
            target: 'failed',
            actions: [{ type: 'keepOrder', params: ({ event }) => ({ order: event.output }) }, { type: 'setError', params: { message: orderUnpaidText } }],
          },
          { target: 'students', actions: { type: 'keepOrder', params: ({ event }) => ({ order: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
      },
    },
    students: {
      tags: ['working'],
      invoke: {
        id: 'loadStudents',
        src: 'loadStudents',
        input: ({ context }) => ({ clientid: context.payer.clientid }),
        onDone: [
          {
            guard: { type: 'bookingUnknown', params: ({ event }) => ({ students: event.output }) },
            target: 'failed',
            actions: [
              { type: 'setError', params: ({ context, event }) => ({ message: planProblem(context.draft, event.output, context.order) ?? '' }) },
              { type: 'logError', params: ({ context }) => ({ message: `No booking for order ${context.ref ?? ''} on this device` }) },
            ],
          },
          { target: 'waitingToStart', actions: { type: 'keepPlan', params: ({ event }) => ({ students: event.output }) } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
      },
    },
    waitingToStart: {
      tags: ['working'],
      after: { paymentStart: { target: 'resuming' } },
    },
    resuming: {
      always: [
        { guard: { type: 'resumesAt', params: { step: 'services' } }, target: 'services' },
        { guard: { type: 'resumesAt', params: { step: 'appointments' } }, target: 'appointments' },
        { guard: { type: 'resumesAt', params: { step: 'invoice' } }, target: 'invoice' },
        { guard: { type: 'resumesAt', params: { step: 'payment' } }, target: 'payment' },
        { target: 'recording' },
      ],
    },
    services: {
      tags: ['working', 'booking'],
      invoke: {
        id: 'createServices',
        src: 'createServices',
        input: ({ context }) => servicePayloads(planOf(context), orderOf(context), context.payer),
        onDone: { target: 'appointments', actions: { type: 'keepServices', params: ({ event }) => ({ ids: event.output }) } },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
      },
    },
    appointments: {
      tags: ['working', 'booking'],
      invoke: {
        id: 'createAppointments',
        src: 'createAppointments',
        input: ({ context }) => appointmentPayloads(planOf(context), context.serviceIds, orderOf(context), context.payer, context.today),
        onDone: { target: 'invoice' },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
      },
    },
    invoice: {
      tags: ['working', 'recording'],
      invoke: {
        id: 'createInvoice',
        src: 'createInvoice',
        input: ({ context }) => invoicePayload(orderOf(context), context.payer),
        onDone: { target: 'payment', actions: { type: 'keepInvoice', params: ({ event }) => ({ id: event.output }) } },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
      },
    },
    payment: {
      tags: ['working', 'recording'],
      invoke: {
        id: 'takePayment',
        src: 'takePayment',
        input: ({ context }) => ({ invoiceId: context.invoiceId ?? 0, body: paymentPayload(orderOf(context), context.payer) }),
        onDone: { target: 'recording' },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
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
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
      },
    },
    deletingFreePackage: {
      tags: ['working', 'recording'],
      invoke: {
        id: 'deleteFreePackage',
        src: 'deleteFreePackage',
        input: ({ context }) => ({ clientid: context.payer.clientid }),
        onDone: { target: 'alerting' },
        onError: {
          target: 'failed',
          actions: [
            { type: 'setError', params: ({ event }) => ({ message: messageOf(event.error) }) },
            { type: 'logError', params: ({ event }) => ({ message: `Payment step failed: ${messageOf(event.error)}` }) },
          ],
        },
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
