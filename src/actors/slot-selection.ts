import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { bookLessons } from '../../machines/booking/book-lessons.ts';
import { loadGrid } from '../../machines/booking/load-grid.ts';
import { slotSelectionMachine } from '../../machines/booking/slot-selection.machine.ts';
import { api } from '../api/api.ts';
import { bookLessons as postBookings } from '../api/calls/booking.ts';
import { createClientPackage } from '../api/calls/slots.ts';
import { hourTutors, hourTutorsOptions } from '../queries/hour-tutor-queries.ts';
import { notify } from '../toasts/notify.ts';
import { gridCalls } from './grid-calls.ts';

/**
 * The slot-selection machine with the API and the toasts (/book-class, /free-book, /remainingbookclass); a tap's
 * tutors are read without a cache. The app runs slotSelectionMachineFor, which reads them through the query cache.
 */
export const browserSlotSelectionMachine = slotSelectionMachine.provide({
  actors: {
    loadGrid: fromPromise(({ input }) => loadGrid(input, gridCalls)),
    fetchTutors: fromPromise(({ input }) => hourTutors(input)),
    createClientPackage: fromPromise(async ({ input }) => ({ id: (await createClientPackage(api, input)).data.id })),
    bookRemaining: fromPromise(({ input }) => bookLessons(input, { book: (body) => postBookings(api, body) })),
  },
  actions: {
    notifyProblem: (_, { message }) => notify.error(message),
    notifyBooked: (_, { message }) => notify.success(message),
  },
});

/**
 * What the app runs: a tap reads the hour's tutors through `queryClient`, where the grid has asked them ahead for
 * the week shown (use-tutors-ahead.ts), so a fresh answer is listed at once and an hour not read yet is asked.
 */
export const slotSelectionMachineFor = (queryClient: QueryClient) =>
  browserSlotSelectionMachine.provide({
    actors: {
      fetchTutors: fromPromise(async ({ input }) => {
        const options = hourTutorsOptions(input);
        try {
          return await queryClient.fetchQuery(options);
        } finally {
          // An answer serves one look: a client who opens the same hour again is looking again, so it is asked
          // afresh rather than shown an answer kept for up to staleTime.
          void queryClient.invalidateQueries({ queryKey: options.queryKey, exact: true, refetchType: 'none' });
        }
      }),
    },
  });
