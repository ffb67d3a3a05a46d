import { queryOptions } from '@tanstack/react-query';
import type { ClientPackage } from '../../machines/booking/package-offer.ts';
import { api } from '../api/api.ts';
import { listClientPackages } from '../api/calls/booking.ts';

/** GET /client-packages/{clientid}: the client's packages, newest first, with booked, total and remaining classes. */
export const clientPackagesOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['client-packages', clientid] as const,
    queryFn: async (): Promise<ClientPackage[]> => (await listClientPackages(api, { clientid })).data,
  });
