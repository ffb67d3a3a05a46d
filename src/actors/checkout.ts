import { fromPromise } from 'xstate';
import { type CouponAnswer, checkoutMachine } from '../../machines/booking/checkout.machine.ts';
import type { OrderRequest } from '../../machines/booking/checkout-order.ts';
import { api } from '../api/api.ts';
import { applyCoupon, createOrder } from '../api/calls/checkout.ts';
import { config } from '../config.ts';

/** The checkout machine with the API, the payment redirect and the configured wait: what the app runs. */
export const browserCheckoutMachine = checkoutMachine.provide({
  actors: {
    applyCoupon: fromPromise<CouponAnswer, { code: string; userId: number }>(async ({ input }) => {
      const { discount_type, discount_value } = await applyCoupon(api, input);
      return { discount_type, discount_value };
    }),
    createOrder: fromPromise<{ paymentLink?: string | null }, OrderRequest>(({ input }) => createOrder(api, input)),
  },
  actions: {
    // The one imperative navigation of the app (DESIGN.md): the provider's page is not a route.
    goToPayment: (_, params: { link: string }) => window.location.assign(params.link),
  },
  delays: { banner: config.delays.banner },
});
