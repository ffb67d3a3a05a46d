import { type Answer, type ApiClient, callApi } from '../client.ts';

// The calls of the payment result screens (spec §7; docs/architecture.md, "The success page", "Paid means booked"): the
// server books a paid order itself, and answers a replay with what the first call made. The free assessment
// and the remaining classes are booked by POST /bookings (booking.ts).

export const orderFailedText = 'Cannot verify payment.';
export const fulfilFailedText = 'Your classes could not be booked yet. Please try again.';
export const confirmFailedText = 'Your payment could not be confirmed. Please try again.';
export const freePackageFailedText = 'Your pending booking could not be closed. Please try again.';

/** GET /orders/{ref}: what the order is, and what has been booked on it so far. */
export function getOrder(api: ApiClient, { ref }: { ref: string }): Promise<Answer<'getOrder'>> {
  return callApi(() => api.GET('/orders/{ref}', { params: { path: { ref } } }), orderFailedText);
}

/**
 * POST /orders/{ref}/fulfilment: the server asks the payment provider and, when paid, books the order (its
 * held lessons, services, settled invoice and receipt) as the provider's notification would, once. Answers
 * the order as booked; a 409 (an ApiError with status 409) while the provider has no payment for it.
 */
export function fulfilOrder(api: ApiClient, { ref }: { ref: string }): Promise<Answer<'fulfilOrder'>> {
  return callApi(() => api.POST('/orders/{ref}/fulfilment', { params: { path: { ref } } }), fulfilFailedText);
}

/** POST /order_status with 'success': the order is confirmed (harmless when sent again). */
export function confirmOrder(api: ApiClient, { ref }: { ref: string }): Promise<Answer<'postOrderStatus'>> {
  return callApi(() => api.POST('/order_status', { body: { ref, status: 'success' } }), confirmFailedText);
}

/** DELETE /client-packagesfree/{clientid}: the pending-payment card's package, once paid. */
export function deleteUnpaidClientPackages(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'deleteUnpaidClientPackages'>> {
  return callApi(() => api.DELETE('/client-packagesfree/{clientid}', { params: { path: { clientid } } }), freePackageFailedText);
}
