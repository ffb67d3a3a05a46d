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

export const studentsFailedText = 'The new students could not be saved.';
export const contactFailedText = 'Something went wrong!';

/** POST /students: adds students to the client; students that already exist by name are answered as they are. */
export function createStudents(api: ApiClient, { branch_id, students }: { branch_id: number; students: RequestBody<'createStudents'> }): Promise<Answer<'createStudents'>> {
  return callApi(() => api.POST('/students', { params: { query: { branch_id } }, body: students }), studentsFailedText);
}

/** POST /clientemailsend/: asks the provider's staff to get in touch (the warning banner's Contact). */
export function sendClientEmail(api: ApiClient, body: RequestBody<'sendClientEmail'>): Promise<Answer<'sendClientEmail'>> {
  return callApi(() => api.POST('/clientemailsend/', { body }), contactFailedText);
}
