import { fromPromise } from 'xstate';
import { loadRescheduleGrid, moveLesson, tutorFreeAt } from '../../machines/reschedule-lesson.ts';
import { rescheduleMachine, rescheduledText } from '../../machines/reschedule.machine.ts';
import { api } from '../api/api.ts';
import { listAppointmentsForStudents } from '../api/calls/booking.ts';
import { rescheduleAppointment } from '../api/calls/reschedule.ts';
import { getService } from '../api/calls/services.ts';
import { filterTutor } from '../api/calls/slots.ts';
import { listTutors } from '../api/calls/tutors.ts';
import { forgetRescheduleData } from '../booking/reschedule-storage.ts';
import { notify } from '../toasts/notify.ts';

/** The reschedule machine with the API, the toasts and storage: what the app runs. */
export const browserRescheduleMachine = rescheduleMachine.provide({
  actors: {
    loadGrid: fromPromise(({ input }) =>
      loadRescheduleGrid(input, {
        tutors: (query) => listTutors(api, query),
        service: (query) => getService(api, query),
        lessons: async (query) => (await listAppointmentsForStudents(api, query)).data,
      }),
    ),
    checkHour: fromPromise(({ input }) => tutorFreeAt(input, { freeTutors: (query) => filterTutor(api, query) })),
    moveAppointment: fromPromise(({ input }) => moveLesson(input, { reschedule: (request) => rescheduleAppointment(api, request) })),
  },
  actions: {
    notifyProblem: (_, { message }) => notify.error(message),
    notifyMoved: () => notify.success(rescheduledText),
    forgetLesson: () => forgetRescheduleData(),
  },
});
