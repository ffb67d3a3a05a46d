import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../contract/schema.d.ts';
import { api } from '../api/api.ts';
import { listAppointmentsForStudents, listUnpaidClientPackages } from '../api/calls/booking.ts';
import { getClientData } from '../api/calls/client.ts';
import type { SessionActor } from '../session/session-context.ts';

export type Appointment = components['schemas']['Appointment'];
export type ClientPackage = components['schemas']['ClientPackage'];

/**
 * GET /clientsdata/{clientid}: the client with their students. Every answer is delivered to `session` as
 * `user.updated` (the session keeps it as the user and stores it as userdata) by the query function
 * itself, once per fetch: no effect watches the data to copy it over.
 */
export const clientDataOptions = (clientid: number, session: Pick<SessionActor, 'send'>) =>
  queryOptions({
    queryKey: ['clientsdata', clientid] as const,
    queryFn: async () => {
      const answer = await getClientData(api, { clientid });
      session.send({ type: 'user.updated', user: answer.client });
      return answer;
    },
  });

/**
 * GET /appointmentstwo/{ids}: the appointments of the client's students; their number is the
 * scheduled-class count. Not fetched when the user has no student (the spec's rule).
 */
export const scheduledClassesOptions = (studentIds: number[], branchId: number) =>
  queryOptions({
    queryKey: ['appointmentstwo', studentIds.join(','), branchId] as const,
    enabled: studentIds.length > 0,
    queryFn: async (): Promise<Appointment[]> => (await listAppointmentsForStudents(api, { ids: studentIds, branch_id: branchId })).data,
  });

/** GET /client-packagesfree/{clientid}: the unpaid packages, newest first; the first is the pending payment. */
export const unpaidPackagesOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['client-packagesfree', clientid] as const,
    queryFn: async (): Promise<ClientPackage[]> => (await listUnpaidClientPackages(api, { clientid })).data,
  });
