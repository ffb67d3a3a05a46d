import { type Answer, type ApiClient, callApi } from '../client.ts';

export const subjectsFailedText = 'The subjects could not be loaded.';
export const packagesFailedText = 'The packages could not be loaded.';

/** GET /subjectsalldata: the branch's subjects with the program groups each is taught in. */
export function listSubjects(api: ApiClient, { branch_id }: { branch_id: number }): Promise<Answer<'listSubjects'>> {
  return callApi(() => api.GET('/subjectsalldata', { params: { query: { branch_id } } }), subjectsFailedText);
}

/** GET /allpackegastudent: the packages priced for a number of students (1 or 2) and a year (1-13), cheapest first. */
export async function listPackagesForStudents(api: ApiClient, { student, level }: { student: number; level: number }): Promise<Answer<'listPackagesForStudents'>['data']['data']> {
  const answer = await callApi(() => api.GET('/allpackegastudent', { params: { query: { student, level } } }), packagesFailedText);
  return answer.data.data;
}
