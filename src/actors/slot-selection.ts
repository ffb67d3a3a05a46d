import { fromPromise } from 'xstate';
import { bookLessons } from '../../machines/booking/book-lessons.ts';
import { loadGrid } from '../../machines/booking/load-grid.ts';
import { slotSelectionMachine } from '../../machines/booking/slot-selection.machine.ts';
import { api } from '../api/api.ts';
import { bookLessons as postBookings } from '../api/calls/booking.ts';
import { createClientPackage, filterTutor } from '../api/calls/slots.ts';
import { notify } from '../toasts/notify.ts';
import { gridCalls, studentsOf } from './grid-calls.ts';

/** The slot-selection machine with the API and the toasts: what the app runs (/book-class, /free-book, /remainingbookclass). */
export const browserSlotSelectionMachine = slotSelectionMachine.provide({
  actors: {
    loadGrid: fromPromise(({ input }) => loadGrid(input, gridCalls)),
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
