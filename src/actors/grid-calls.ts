import type { GridCalls } from '../../machines/booking/load-grid.ts';
import { api } from '../api/api.ts';
import { listAppointmentsForStudents } from '../api/calls/booking.ts';
import { getClientData } from '../api/calls/client.ts';
import { getClientPackage } from '../api/calls/client-package.ts';
import { getOrder } from '../api/calls/payment.ts';
import { freeAssessmentStatus, subjectFilter } from '../api/calls/slots.ts';

/**
 * The slot grid's reads on the API (load-grid.ts): the grid's (src/actors/slot-selection.ts), and what the
 * dashboard checks a pending payment's hours with, without loading the grid's machine.
 */

export const gridCalls: GridCalls = {
  availability: (query) => subjectFilter(api, query),
  // The grid's students, read afresh: the hours at which they already have a lesson are not offered.
  students: async (clientid) => (await getClientData(api, { clientid })).client.studentdetails,
  lessonsOfStudents: async (ids, branch_id) => (await listAppointmentsForStudents(api, { ids, branch_id })).data,
  freeAssessmentUsed: async (clientid) => (await freeAssessmentStatus(api, { clientid })).used,
  remainingOnPackage: async (id) => (await getClientPackage(api, { id })).remaining,
  order: (ref) => getOrder(api, { ref }),
};
