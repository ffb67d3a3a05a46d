import { fromPromise } from 'xstate';
import { bookFreeAssessment, freeAssessmentBookedText } from '../../machines/booking/book-lessons.ts';
import { freeBookingSummaryMachine } from '../../machines/booking/free-booking-summary.machine.ts';
import { api } from '../api/api.ts';
import { bookLessons as postBookings } from '../api/calls/booking.ts';
import { freeAssessmentStatus } from '../api/calls/slots.ts';
import { notify } from '../toasts/notify.ts';

/** The free summary's machine with the API and the toasts: what the app runs. */
export const browserFreeBookingSummaryMachine = freeBookingSummaryMachine.provide({
  actors: {
    // The status first, then one POST /bookings on the free basis; the server's unique index decides a race (409).
    bookFreeAssessment: fromPromise(({ input }) =>
      bookFreeAssessment(input, {
        freeAssessmentUsed: async (clientid) => (await freeAssessmentStatus(api, { clientid })).used,
        book: (body) => postBookings(api, body),
      }),
    ),
  },
  actions: {
    notifyProblem: (_, { message }) => notify.error(message),
    notifyBooked: () => notify.success(freeAssessmentBookedText),
  },
});
