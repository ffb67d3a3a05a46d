import { type Answer, type ApiClient, callApi } from '../client.ts';

export const scheduledClassesFailedText = 'Your scheduled classes could not be loaded.';
export const unpaidPackagesFailedText = 'Your pending payment could not be loaded.';

/** GET /appointmentstwo/{ids}: the appointments of some of the client's students, earliest first. */
export function listAppointmentsForStudents(api: ApiClient, { ids, branch_id }: { ids: readonly number[]; branch_id: number }): Promise<Answer<'listAppointmentsForStudents'>> {
  return callApi(() => api.GET('/appointmentstwo/{ids}', { params: { path: { ids: ids.join(',') }, query: { branch_id } } }), scheduledClassesFailedText);
}

/** GET /client-packagesfree/{clientid}: the unpaid packages, newest first; the first is the pending payment. */
export function listUnpaidClientPackages(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'listUnpaidClientPackages'>> {
  return callApi(() => api.GET('/client-packagesfree/{clientid}', { params: { path: { clientid } } }), unpaidPackagesFailedText);
}

export const clientPackagesFailedText = 'Your packages could not be loaded.';

/** GET /client-packages/{clientid}: the client's packages, newest first, with booked, total and remaining classes. */
export function listClientPackages(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'listClientPackages'>> {
  return callApi(() => api.GET('/client-packages/{clientid}', { params: { path: { clientid } } }), clientPackagesFailedText);
}
