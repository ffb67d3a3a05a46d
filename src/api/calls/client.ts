import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

export const quoteFailedText = 'Submit failed';
export const clientDataFailedText = 'Your details could not be loaded.';

/** POST /quote-request: answers the number of students recorded, which picks the thank-you text. */
export function requestQuote(api: ApiClient, body: RequestBody<'requestQuote'>): Promise<Answer<'requestQuote'>> {
  return callApi(() => api.POST('/quote-request', { body }), quoteFailedText);
}

/** GET /clientsdata/{clientid}: the client with their students, and the booking-status gate. */
export function getClientData(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'getClientData'>> {
  return callApi(() => api.GET('/clientsdata/{clientid}', { params: { path: { clientid } } }), clientDataFailedText);
}
