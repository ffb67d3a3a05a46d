import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

// The spec's failure toast; the server's own reason (inside the notice, a taken hour) wins when it gives one.
export const rescheduleCallFailedText = 'Failed to update appointment.';

/** PUT /appointments/{id}: the lesson's new start and finish, written with the branch's offset. */
export function rescheduleAppointment(api: ApiClient, { appointmentId, body }: { appointmentId: number; body: RequestBody<'rescheduleAppointment'> }): Promise<Answer<'rescheduleAppointment'>> {
  return callApi(() => api.PUT('/appointments/{id}', { params: { path: { id: appointmentId } }, body }), rescheduleCallFailedText);
}
