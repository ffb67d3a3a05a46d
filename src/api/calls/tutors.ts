import { type Answer, type ApiClient, callApi } from '../client.ts';

export const tutorsFailedText = 'The tutors could not be loaded.';

/** GET /contractorsalldata: the branch's tutors with their profile and availability. */
export function listTutors(api: ApiClient, { branch_id }: { branch_id: number }): Promise<Answer<'listContractorsWithAvailability'>> {
  return callApi(() => api.GET('/contractorsalldata', { params: { query: { branch_id } } }), tutorsFailedText);
}
