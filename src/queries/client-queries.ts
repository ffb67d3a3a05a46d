import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';
import { ApiError, RequestTimeoutError, serverText } from '../api/client.ts';
import type { components } from '../api/schema.d.ts';

export type Appointment = components['schemas']['Appointment'];
export type ClientPackage = components['schemas']['ClientPackage'];

export const clientDataFailedText = 'Your details could not be loaded.';
export const scheduledClassesFailedText = 'Your scheduled classes could not be loaded.';
export const unpaidPackagesFailedText = 'Your pending payment could not be loaded.';

/**
 * Runs one call and answers its data, or throws an Error whose message is the server's (else the
 * fallback). A network failure is logged and reads as the fallback; a timeout keeps its own clear text.
 */
async function load<T>(call: () => Promise<{ data?: T; error?: unknown; response: Response }>, fallback: string): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call();
  } catch (error) {
    if (error instanceof RequestTimeoutError) throw error;
    console.error(fallback, error);
    throw new Error(fallback, { cause: error });
  }
  if (result.data === undefined) throw new ApiError(result.response.status, serverText(result.error, 'message', fallback));
  return result.data;
}

/** GET /clientsdata/{clientid}: the client with their students (the dashboard stores it back to userdata). */
export const clientDataOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['clientsdata', clientid] as const,
    queryFn: () => load(() => api.GET('/clientsdata/{clientid}', { params: { path: { clientid } } }), clientDataFailedText),
  });

/**
 * GET /appointmentstwo/{ids}: the appointments of the client's students; their number is the
 * scheduled-class count. Not fetched when the user has no student (the spec's rule).
 */
export const scheduledClassesOptions = (studentIds: number[], branchId: number) =>
  queryOptions({
    queryKey: ['appointmentstwo', studentIds.join(','), branchId] as const,
    enabled: studentIds.length > 0,
    queryFn: async (): Promise<Appointment[]> => {
      const answer = await load(
        () => api.GET('/appointmentstwo/{ids}', { params: { path: { ids: studentIds.join(',') }, query: { branch_id: branchId } } }),
        scheduledClassesFailedText,
      );
      return answer.data;
    },
  });

/** GET /client-packagesfree/{clientid}: the unpaid packages, newest first; the first is the pending payment. */
export const unpaidPackagesOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['client-packagesfree', clientid] as const,
    queryFn: async (): Promise<ClientPackage[]> => {
      const answer = await load(() => api.GET('/client-packagesfree/{clientid}', { params: { path: { clientid } } }), unpaidPackagesFailedText);
      if (!answer.success) throw new Error(unpaidPackagesFailedText);
      return answer.data;
    },
  });
