import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

export const couponFailedText = 'This coupon could not be applied.';
export const orderFailedText = 'The payment could not be started. Please try again.';

/** POST /apply-coupon: the coupon's discount; a refusal throws with the server's message. */
export function applyCoupon(api: ApiClient, body: RequestBody<'applyCoupon'>): Promise<Answer<'applyCoupon'>> {
  return callApi(() => api.POST('/apply-coupon', { body }), couponFailedText);
}

/** POST /create-order: opens the order the server prices itself; answers the provider's payment link. */
export function createOrder(api: ApiClient, body: RequestBody<'createOrder'>): Promise<Answer<'createOrder'>> {
  return callApi(() => api.POST('/create-order', { body }), orderFailedText);
}
