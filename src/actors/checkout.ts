import { fromPromise } from 'xstate';
import { type CouponAnswer, checkoutMachine } from '../../machines/booking/checkout.machine.ts';
import type { OrderRequest } from '../../machines/booking/checkout-order.ts';
import { api } from '../api/api.ts';
import { applyCoupon, createOrder } from '../api/calls/checkout.ts';
import { notify } from '../toasts/notify.ts';

/** The checkout machine with the API, the payment redirect and the coupon's toast: what the app runs. */
export const browserCheckoutMachine = checkoutMachine.provide({
  actors: {
    applyCoupon: fromPromise<CouponAnswer, { code: string; userId: number }>(async ({ input }) => {
      const { discount_type, discount_value } = await applyCoupon(api, input);
      return { discount_type, discount_value };
    }),
    createOrder: fromPromise<{ paymentLink?: string | null }, OrderRequest>(({ input }) => createOrder(api, input)),
  },
  actions: {
    // The one imperative navigation of the app (docs/architecture.md, "Booking flows across routes"): the provider's page is not a route.
    goToPayment: (_, params: { link: string }) => window.location.assign(params.link),
    // An error toast lasts the spec's 3 s for a coupon's refusal (§8, §9).
    notifyCouponRefused: (_, params: { message: string }) => notify.error(params.message),
  },
});
