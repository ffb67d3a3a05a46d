import { HoursTakenError, takenHoursIn } from '../../../machines/booking/taken-hours.ts';
import { type Answer, ApiError, type ApiClient, type RequestBody, callApi } from '../client.ts';

export const couponFailedText = 'This coupon could not be applied.';
export const orderFailedText = 'The payment could not be started. Please try again.';

/**
 * The server's message without the name of the field it is about: an answer naming `field: 'code'` may
 * read 'code: This coupon code is invalid or has expired.' (older servers put the name in front), and a
 * client reads the sentence alone. Only the answer's own field is taken off; any other text stays as it is.
 */
function withoutFieldName(error: unknown): unknown {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return error;
  const { field } = error.body as { field?: unknown };
  if (typeof field !== 'string' || field === '') return error;
  const prefix = `${field}: `;
  if (!error.message.startsWith(prefix) || error.message.length === prefix.length) return error;
  return new ApiError(error.status, error.message.slice(prefix.length), error.body);
}

/** POST /apply-coupon: the coupon's discount; a refusal throws with the server's message (no field name before it). */
export async function applyCoupon(api: ApiClient, body: RequestBody<'applyCoupon'>): Promise<Answer<'applyCoupon'>> {
  try {
    return await callApi(() => api.POST('/apply-coupon', { body }), couponFailedText);
  } catch (error) {
    throw withoutFieldName(error);
  }
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
    const refusal = withoutFieldName(error);
    if (refusal instanceof ApiError && taken) throw new HoursTakenError(refusal.message, taken);
    throw refusal;
  }
}
