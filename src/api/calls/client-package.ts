import { type ApiClient, callApi } from '../client.ts';

export const clientPackageReadFailedText = 'Your package could not be loaded.';

/** GET /client-packagesid/{id}: one of the client's packages, with its booked and remaining classes. */
export async function getClientPackage(api: ApiClient, { id }: { id: number }): Promise<{ remaining: number }> {
  const answer = await callApi(() => api.GET('/client-packagesid/{id}', { params: { path: { id } } }), clientPackageReadFailedText);
  const found = answer.data[0];
  if (!found) throw new Error(clientPackageReadFailedText);
  return { remaining: found.remaining_classess };
}
