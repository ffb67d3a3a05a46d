import { type Answer, type ApiClient, callApi } from '../client.ts';

export const serviceFailedText = 'The tutor and student of this lesson could not be loaded.';

/** GET /services/{serviceId}: a service (job) with its tutors (conjobs) and students (rcrs). */
export function getService(api: ApiClient, { serviceId, branch_id }: { serviceId: number; branch_id: number }): Promise<Answer<'getService'>> {
  return callApi(() => api.GET('/services/{serviceId}', { params: { path: { serviceId }, query: { branch_id } } }), serviceFailedText);
}
