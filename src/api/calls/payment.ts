import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

// The calls of the payment result screens (spec §7; DESIGN.md "The success page"): every write carries
// the order ref, and the server answers a replay with what the first call made.

export const orderFailedText = 'Cannot verify payment.';
export const servicesFailedText = 'Your classes could not be set up. Please try again.';
export const appointmentsFailedText = 'Your classes could not be booked. Please try again.';
export const invoiceFailedText = 'Your invoice could not be raised. Please try again.';
export const paymentFailedText = 'Your payment could not be recorded. Please try again.';
export const confirmFailedText = 'Your payment could not be confirmed. Please try again.';
export const freePackageFailedText = 'Your pending booking could not be closed. Please try again.';

/** GET /orders/{ref}: what the order is and what the success sequence has produced for it so far. */
export function getOrder(api: ApiClient, { ref }: { ref: string }): Promise<Answer<'getOrder'>> {
  return callApi(() => api.GET('/orders/{ref}', { params: { path: { ref } } }), orderFailedText);
}

/** POST /services/, one after the other (GET /orders/{ref} lists them in the order made): their ids, in order. */
export async function createServices(api: ApiClient, services: readonly RequestBody<'createService'>[]): Promise<number[]> {
  const ids: number[] = [];
  for (const body of services) ids.push((await callApi(() => api.POST('/services/', { body }), servicesFailedText)).id);
  return ids;
}

/** POST /appointments/: the whole batch, all or nothing; answers the appointment ids. */
export async function createAppointments(api: ApiClient, lessons: RequestBody<'createAppointments'>): Promise<number[]> {
  const answer = await callApi(() => api.POST('/appointments/', { body: lessons }), appointmentsFailedText);
  return answer.data.map((appointment) => appointment.id);
}

/** POST /proformainvoice: answers the invoice id. */
export async function createInvoice(api: ApiClient, body: RequestBody<'createInvoice'>): Promise<number> {
  return (await callApi(() => api.POST('/proformainvoice', { body }), invoiceFailedText)).data.id;
}

/** POST /proformainvoicetakepayment/{invoiceId}. */
export function takePayment(api: ApiClient, { invoiceId, body }: { invoiceId: number; body: RequestBody<'takeInvoicePayment'> }): Promise<Answer<'takeInvoicePayment'>> {
  return callApi(() => api.POST('/proformainvoicetakepayment/{invoiceId}', { params: { path: { invoiceId } }, body }), paymentFailedText);
}

/** POST /order_status with 'success': the order is confirmed (harmless when sent again). */
export function confirmOrder(api: ApiClient, { ref }: { ref: string }): Promise<Answer<'postOrderStatus'>> {
  return callApi(() => api.POST('/order_status', { body: { ref, status: 'success' } }), confirmFailedText);
}

/** DELETE /client-packagesfree/{clientid}: the pending-payment card's package, once paid. */
export function deleteUnpaidClientPackages(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'deleteUnpaidClientPackages'>> {
  return callApi(() => api.DELETE('/client-packagesfree/{clientid}', { params: { path: { clientid } } }), freePackageFailedText);
}
