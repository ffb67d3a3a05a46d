import { queryOptions } from '@tanstack/react-query';
import { type FreeAssessmentClass, loadFreeAssessmentClass } from '../../machines/booking/free-assessment-class.ts';
import { api } from '../api/api.ts';
import { listAppointmentsForStudents } from '../api/calls/booking.ts';
import { getClientData } from '../api/calls/client.ts';
import { getService } from '../api/calls/services.ts';

/**
 * The client's free assessment class as the server holds it (/payment-summary). Read afresh on every visit and
 * not kept after it: the class was booked a moment ago, so an answer cached before it would deny it.
 */
export const freeAssessmentClassOptions = (clientid: number, branchId: number) =>
  queryOptions({
    queryKey: ['free-assessment-class', clientid, branchId] as const,
    staleTime: 0,
    gcTime: 0,
    queryFn: (): Promise<FreeAssessmentClass | null> =>
      loadFreeAssessmentClass(
        { clientid, branchId },
        {
          students: async (id) => (await getClientData(api, { clientid: id })).client.studentdetails,
          lessonsOf: async (ids, branch_id) => (await listAppointmentsForStudents(api, { ids, branch_id })).data,
          service: (serviceId, branch_id) => getService(api, { serviceId, branch_id }),
        },
      ),
  });
