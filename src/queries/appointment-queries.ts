import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../contract/schema.d.ts';
import { api } from '../api/api.ts';
import { getService } from '../api/calls/services.ts';

export type Service = components['schemas']['Service'];

/** A service's tutors and students change rarely; paging back and forth asks the server once per service. */
const serviceStaleMs = 30 * 60_000;

/**
 * GET /services/{serviceId}: one query per service, so the lessons that share a service share one
 * request. A failure is logged (the spec's rule) and the query fails: the card then reads 'N/A'.
 */
export const serviceOptions = (serviceId: number, branchId: number) =>
  queryOptions({
    queryKey: ['services', serviceId, branchId] as const,
    staleTime: serviceStaleMs,
    gcTime: serviceStaleMs,
    queryFn: async (): Promise<Service> => {
      try {
        return await getService(api, { serviceId, branch_id: branchId });
      } catch (error) {
        console.error(`Service ${serviceId} could not be loaded`, error);
        throw error;
      }
    },
  });
