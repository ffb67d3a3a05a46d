import { HoursTakenError, takenHoursIn } from '../../../contract/taken-hours.ts';
import { type Answer, ApiError, type ApiClient, type RequestBody, callApi } from '../client.ts';

export const couponFailedText = 'This coupon could not be applied.';
export const orderFailedText = 'The payment could not be started. Please try again.';

/** POST /apply-coupon: the coupon's discount; a refusal throws with the server's message (no field name before it). */
export function applyCoupon(api: ApiClient, body: RequestBody<'applyCoupon'>): Promise<Answer<'applyCoupon'>> {
  // callApi reads a refusal's message without its field's name in front (serverText).
  return callApi(() => api.POST('/apply-coupon', { body }), couponFailedText);
}

/**
 * POST /create-order: opens the order the server prices itself and holds its lessons; answers the provider's
 * payment link. A 409 naming the hours someone else took (`HoursTaken`) throws a HoursTakenError with them;
 * any other refusal throws as every call does, its message without the field's name before it.
 */
export async function createOrder(api: ApiClient, body: RequestBody<'createOrder'>): Promise<Answer<'createOrder'>> {
  try {
    return await callApi(() => api.POST('/create-order', { body }), orderFailedText);
  } catch (error) {
    const taken = error instanceof ApiError && error.status === 409 ? takenHoursIn(error.body) : null;
    if (error instanceof ApiError && taken) throw new HoursTakenError(error.message, taken);
    throw error;
  }
}
