import { and, assign, fromPromise, not, setup } from 'xstate';
import type { BookingInput, PaymentMethod } from './booking-draft.ts';
import { type BookingOutput, stepOutput } from './booking-steps.ts';
import { type AppliedCoupon, type OrderRequest, type Payer, orderOf } from './checkout-order.ts';
import { takenHoursNotice, takenHoursOf, withoutTakenHours } from './taken-hours.ts';
import { type TakenHour } from '../../contract/taken-hours.ts';
import { type TwoStudentSplitOutput, hasOtherStudentPending, switchedStep, twoStudentSplitMachine } from './two-student-split.machine.ts';
import { errorText } from '../rules/error-text.ts';

/**
 * Checkout (spec §2 "Checkout", §5 "Coupon", §7 POST /apply-coupon and POST /create-order; the
 * decisions on coupons and the payment redirect, docs/decisions/020-flat-and-percent-coupons.md and 019-success-shows-the-receipt.md). The client may apply a coupon (the server's answer is
 * taken off the total; a refusal takes the discount back to 0 and shows the server's message: in a toast
 * for 3 s, and at the coupon field until the code is edited or applied again), choose how to pay (kept in
 * the draft, so a refresh or a new login keeps it; PayPal until another is chosen), cancel (the dashboard,
 * the draft cleared) or Pay Now: one order, carrying the payment method, is opened and the browser goes to
 * its payment link (the one imperative navigation, a provided action). While the other
 * student of an individual booking is still to come, the two-student split (invoked) shows 'Go For First'
 * / 'Go For Second' in place of Pay Now; its end brings the switched draft and leaves for that student's
 * packages. Pay Now's order holds its hours: when someone else took one first (409 naming the hours), nothing
 * is ordered or paid; those hours leave the draft and the client goes back to the slot grid, which says
 * which hours went (one line each, in the branch's zone).
 */

export interface CheckoutInput extends BookingInput {
  currency: string;
  payer: Payer;
}

export interface CheckoutContext extends CheckoutInput {
  /** The coupon code as typed. */
  code: string;
  /** The coupon the server accepted; null while none is (the discount is 0). */
  coupon: AppliedCoupon | null;
  /** The server's refusal of the coupon, shown at the field until the code changes. */
  couponMessage: string | null;
  /** Why no order or payment link came back. */
  error: string | null;
  /** The hours someone else took first, one line each: what the slot grid tells the client. */
  takenNotice: string[];
}

export const noPaymentLinkText = 'No payment link received';
export const notOrderableText = 'This booking cannot be paid as it is. Please go back and book it again.';

export interface CouponAnswer {
  discount_type: AppliedCoupon['discount_type'];
  discount_value: number;
}

export type CheckoutEvent =
  | { type: 'coupon.changed'; code: string }
  | { type: 'coupon.applied' }
  | { type: 'method.changed'; method: PaymentMethod }
  | { type: 'payment.requested' }
  | { type: 'checkout.cancelled' };

/** busy: a call is in flight. couponMessage: the coupon's refusal shows at its field. */
export type CheckoutTag = 'busy' | 'couponMessage';

export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as BookingOutput,
    tags: {} as CheckoutTag,
  },
  actors: {
    twoStudentSplit: twoStudentSplitMachine,
    applyCoupon: fromPromise<CouponAnswer, { code: string; userId: number }>(async () => {
      throw new Error('applyCoupon is provided at the React boundary');
    }),
    createOrder: fromPromise<{ paymentLink?: string | null }, OrderRequest>(async () => {
      throw new Error('createOrder is provided at the React boundary');
    }),
  },
  actions: {
    setCode: assign({ code: (_, params: { code: string }) => params.code }),
    setMethod: assign({ draft: ({ context }, params: { method: PaymentMethod }) => ({ ...context.draft, paymentMethod: params.method }) }),
    takeCoupon: assign({ coupon: ({ context }, params: CouponAnswer) => ({ code: context.code.trim(), ...params }), couponMessage: null }),
    refuseCoupon: assign({ coupon: null, couponMessage: (_, params: { message: string }) => params.message }),
    clearCouponMessage: assign({ couponMessage: null }),
    /** The refusal's toast (spec §8: the server's message for 3 s), provided by the container. */
    notifyCouponRefused: (_, _params: { message: string }) => {},
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    /** The order's hours someone else took: out of the draft, and said on the grid. */
    dropTakenHours: assign(({ context }, params: { taken: readonly TakenHour[] }) => ({
      draft: withoutTakenHours(context.draft, params.taken, context.payer.timeZone),
      takenNotice: takenHoursNotice(params.taken, context.payer.timeZone),
    })),
    takeSwitchedDraft: assign({ draft: ({ context }, params: { output: TwoStudentSplitOutput }) => params.output.draft ?? context.draft }),
    /** Logs that create-order answered without a link (spec §8); the screen says so too. */
    logNoLink: () => console.error(noPaymentLinkText),
    /** Sends the browser to the payment page: `location.assign`, provided by the container. */
    goToPayment: (_, _params: { link: string }) => {
      throw new Error('goToPayment is provided at the React boundary');
    },
  },
  guards: {
    hasCode: ({ context }) => context.code.trim() !== '',
    otherStudentPending: ({ context }) => hasOtherStudentPending(context.draft),
    orderable: ({ context }) => orderOf(context.draft, context.payer, context.coupon) !== null,
    hasLink: (_, params: { link: string | null | undefined }) => typeof params.link === 'string' && params.link !== '',
    hoursTaken: (_, params: { error: unknown }) => takenHoursOf(params.error) !== null,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, code: '', coupon: null, couponMessage: null, error: null, takenNotice: [] }),
  output: stepOutput,
  // The split decides whether Pay Now or 'Go For First' / 'Go For Second' shows; it ends only when pressed.
  invoke: {
    id: 'twoStudentSplit',
    src: 'twoStudentSplit',
    input: ({ context }) => ({ draft: context.draft, today: context.today }),
    onDone: { target: '.switched', actions: { type: 'takeSwitchedDraft', params: ({ event }) => ({ output: event.output }) } },
    onError: { actions: { type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) } },
  },
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'coupon.changed': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        'coupon.applied': { guard: 'hasCode', target: 'applyingCoupon' },
        'method.changed': { actions: { type: 'setMethod', params: ({ event }) => ({ method: event.method }) } },
        // While the other student is still to come, Pay Now is not there (the split's button is).
        'payment.requested': [
          { guard: and([not('otherStudentPending'), 'orderable']), target: 'paying', actions: 'clearError' },
          { guard: not('otherStudentPending'), actions: { type: 'keepError', params: { message: notOrderableText } } },
        ],
        'checkout.cancelled': { target: 'cancelled' },
      },
      states: {
        idle: {},
        // The field says why until the client edits the code (or applies it again).
        couponRefused: {
          tags: ['couponMessage'],
          on: {
            'coupon.changed': { target: 'idle', actions: ['clearCouponMessage', { type: 'setCode', params: ({ event }) => ({ code: event.code }) }] },
          },
        },
      },
    },
    applyingCoupon: {
      tags: ['busy'],
      invoke: {
        id: 'applyCoupon',
        src: 'applyCoupon',
        input: ({ context }) => ({ code: context.code.trim(), userId: context.payer.clientid }),
        onDone: { target: 'ready', actions: { type: 'takeCoupon', params: ({ event }) => ({ discount_type: event.output.discount_type, discount_value: event.output.discount_value }) } },
        onError: {
          target: 'ready.couponRefused',
          actions: [
            { type: 'refuseCoupon', params: ({ event }) => ({ message: errorText(event.error) }) },
            { type: 'notifyCouponRefused', params: ({ event }) => ({ message: errorText(event.error) }) },
          ],
        },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }): OrderRequest => {
          const order = orderOf(context.draft, context.payer, context.coupon);
          // The guard into this state checked it.
          if (!order) throw new Error(notOrderableText);
          return order;
        },
        onDone: [
          {
            guard: { type: 'hasLink', params: ({ event }) => ({ link: event.output.paymentLink }) },
            target: 'redirecting',
            actions: { type: 'goToPayment', params: ({ event }) => ({ link: event.output.paymentLink ?? '' }) },
          },
          { target: 'ready', actions: ['logNoLink', { type: 'keepError', params: { message: noPaymentLinkText } }] },
        ],
        onError: [
          // Someone else booked or holds an hour of the order, or it is no longer bookable: nothing was ordered.
          {
            guard: { type: 'hoursTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'hoursTaken',
            actions: { type: 'dropTakenHours', params: ({ event }) => ({ taken: takenHoursOf(event.error) ?? [] }) },
          },
          { target: 'ready', actions: { type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) } },
        ],
      },
    },
    // The browser is on its way to the payment page; nothing more happens here.
    redirecting: {
      tags: ['busy'],
    },
    switched: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: switchedStep(context.draft.entry) }),
    },
    // Back to the grid without the hours taken; it says which they were.
    hoursTaken: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: 'slots', notice: context.takenNotice }),
    },
    cancelled: {
      type: 'final',
      output: { next: 'dashboard', clearDraft: true },
    },
  },
});

export type CheckoutMachine = typeof checkoutMachine;
