import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';
import { callApi } from '../api/client.ts';
import type { components } from '../../contract/schema.d.ts';

export type Appointment = components['schemas']['Appointment'];
export type ClientPackage = components['schemas']['ClientPackage'];

export const clientDataFailedText = 'Your details could not be loaded.';
export const scheduledClassesFailedText = 'Your scheduled classes could not be loaded.';
export const unpaidPackagesFailedText = 'Your pending payment could not be loaded.';


/** GET /clientsdata/{clientid}: the client with their students (the dashboard stores it back to userdata). */
export const clientDataOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['clientsdata', clientid] as const,
    queryFn: () => callApi(() => api.GET('/clientsdata/{clientid}', { params: { path: { clientid } } }), clientDataFailedText),
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
      const answer = await callApi(
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
      const answer = await callApi(() => api.GET('/client-packagesfree/{clientid}', { params: { path: { clientid } } }), unpaidPackagesFailedText);
      return answer.data;
    },
  });
