import { fromPromise } from 'xstate';
import { bookLessons } from '../../machines/booking/book-lessons.ts';
import { loadGrid } from '../../machines/booking/load-grid.ts';
import { slotSelectionMachine } from '../../machines/booking/slot-selection.machine.ts';
import { api } from '../api/api.ts';
import { bookLessons as postBookings, listAppointmentsForStudents } from '../api/calls/booking.ts';
import { getClientData } from '../api/calls/client.ts';
import { getClientPackage } from '../api/calls/client-package.ts';
import { getOrder } from '../api/calls/payment.ts';
import { createClientPackage, filterTutor, freeAssessmentStatus, subjectFilter } from '../api/calls/slots.ts';
import { notify } from '../toasts/notify.ts';

/** The client's students, read afresh (a booking names them; the server takes their ids). */
const studentsOf = async (clientid: number) => (await getClientData(api, { clientid })).client.studentdetails;

/** The slot-selection machine with the API and the toasts: what the app runs (/book-class, /free-book, /remainingbookclass). */
export const browserSlotSelectionMachine = slotSelectionMachine.provide({
  actors: {
    loadGrid: fromPromise(({ input }) =>
      loadGrid(input, {
        availability: (query) => subjectFilter(api, query),
        students: studentsOf,
        lessonsOfStudents: async (ids, branch_id) => (await listAppointmentsForStudents(api, { ids, branch_id })).data,
        freeAssessmentUsed: async (clientid) => (await freeAssessmentStatus(api, { clientid })).used,
        remainingOnPackage: async (id) => (await getClientPackage(api, { id })).remaining,
        order: (ref) => getOrder(api, { ref }),
      }),
    ),
    fetchTutors: fromPromise(async ({ input }) =>
      (await filterTutor(api, input)).map((tutor) => ({ id: tutor.id ?? null, name: `${tutor.first_name} ${tutor.last_name}`.trim(), price: Number(tutor.tutorprice) || 0 })),
    ),
    createClientPackage: fromPromise(async ({ input }) => ({ id: (await createClientPackage(api, input)).data.id })),
    bookRemaining: fromPromise(({ input }) => bookLessons(input, { students: studentsOf, book: (body) => postBookings(api, body) })),
  },
  actions: {
    notifyProblem: (_, { message }) => notify.error(message),
    notifyBooked: (_, { message }) => notify.success(message),
  },
});
