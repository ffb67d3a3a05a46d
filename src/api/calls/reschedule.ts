import { rescheduleFailedText } from '../../../contract/failure-texts.ts';
import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

/** PUT /appointments/{id}: the lesson's new start and finish, written with the branch's offset. */
export function rescheduleAppointment(api: ApiClient, { appointmentId, body }: { appointmentId: number; body: RequestBody<'rescheduleAppointment'> }): Promise<Answer<'rescheduleAppointment'>> {
  // The spec's failure text when the server gives no reason of its own (inside the notice, a taken hour).
  return callApi(() => api.PUT('/appointments/{id}', { params: { path: { id: appointmentId } }, body }), rescheduleFailedText);
}
