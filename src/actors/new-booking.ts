import { fromPromise } from 'xstate';
import { type NewBookingMachine, newBookingMachine } from '../../machines/booking/new-booking.machine.ts';
import { api } from '../api/api.ts';
import { listSubjects } from '../api/calls/catalogue.ts';
import { createStudents, sendClientEmail } from '../api/calls/client.ts';
import { config } from '../config.ts';
import type { SessionActor } from '../session/session-context.ts';
import { selectUser } from '../session/session-selectors.ts';
import { notify } from '../toasts/notify.ts';

/** The machine with the API, toasts and the spec's waits: what the app runs. */
export const browserNewBookingMachine = newBookingMachine.provide({
  actors: {
    loadSubjects: fromPromise(({ input }) => listSubjects(api, input)),
    createStudents: fromPromise(async ({ input }) => (await createStudents(api, input)).data),
    sendContact: fromPromise(({ input }) => sendClientEmail(api, input)),
  },
  actions: {
    notifyProblem: (_, { message }) => notify.error(message),
    notifyInvalid: (_, { message }) => notify.errorShownInline(message),
    notifyContacted: (_, { message }) => notify.success(message),
  },
  delays: { dialogChoice: config.delays.dialogChoice },
});

/** New students become the client's: the session keeps them in userdata, so the next visit offers them. */
export const withSessionStudents = (machine: NewBookingMachine, session: SessionActor): NewBookingMachine =>
  machine.provide({
    actions: {
      studentsSaved: (_, { students }) => {
        const user = selectUser(session.getSnapshot());
        if (!user) return;
        const added = students.filter((student) => !user.studentdetails.some((known) => known.id === student.id));
        session.send({ type: 'user.updated', user: { ...user, studentdetails: [...user.studentdetails, ...added.map((s) => ({ ...s, paying_client: user.clientid }))] } });
      },
    },
  });
