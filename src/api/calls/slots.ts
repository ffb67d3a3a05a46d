import type { components } from '../../../contract/schema.d.ts';
import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

export const availabilityFailedText = 'The free hours could not be loaded.';
export const tutorInfoFailedText = 'Failed to fetch tutor info';
export const freeAssessmentStatusFailedText = 'The free assessment status could not be loaded.';
export const clientPackageFailedText = 'Your booking could not be saved.';

export type AvailabilityEntry = components['schemas']['AvailabilityEntry'];
export type Contractor = components['schemas']['Contractor'];

/** POST /subjectFilter/: the availability windows of the tutors of the subjects at the years, earliest first. */
export function subjectFilter(api: ApiClient, body: RequestBody<'filterAvailabilityBySubject'>): Promise<AvailabilityEntry[]> {
  return callApi(() => api.POST('/subjectFilter/', { body }), availabilityFailedText);
}

/** GET /filter_tutor: the tutors free to teach a subject at a branch-zone day and hour. */
export async function filterTutor(api: ApiClient, query: { subject: string; date: string; time: string; quallevel: number; branch_id: number }): Promise<Contractor[]> {
  const answer = await callApi(() => api.GET('/filter_tutor', { params: { query } }), tutorInfoFailedText);
  return answer.data;
}

/**
 * GET /freeassismentstatus/{clientid}: whether the client has had the free assessment (the answer's
 * success). Its success: false is an answer, not a refusal, so it is read before callApi sees it.
 */
export function freeAssessmentStatus(api: ApiClient, { clientid }: { clientid: number }): Promise<{ used: boolean }> {
  return callApi(async () => {
    const result = await api.GET('/freeassismentstatus/{clientid}', { params: { path: { clientid } } });
    return { ...result, data: result.data ? { used: result.data.success } : undefined };
  }, freeAssessmentStatusFailedText);
}

/** POST /client-packages/: the booked package, unpaid (purches_status 0) until its order is paid. */
export function createClientPackage(api: ApiClient, body: RequestBody<'createClientPackage'>): Promise<Answer<'createClientPackage'>> {
  return callApi(() => api.POST('/client-packages/', { body }), clientPackageFailedText);
}
