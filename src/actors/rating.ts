import { fromPromise } from 'xstate';
import { ratingMachine } from '../../machines/rating.machine.ts';
import { api } from '../api/api.ts';
import { sendReview } from '../api/calls/feedback.ts';
import { notify } from '../toasts/notify.ts';

/** The rating machine with the API and toasts: what the app runs. */
export const browserRatingMachine = ratingMachine.provide({
  actors: { sendReview: fromPromise(({ input }) => sendReview(api, input)) },
  actions: {
    notifySent: (_, { message }) => notify.success(message),
    notifyFailed: (_, { message }) => notify.error(message),
  },
});

/** The app's rating machine, telling `lessonsChanged` when a rating changed what the lesson list shows. */
export const ratingMachineFor = ({ lessonsChanged }: { lessonsChanged: () => void }) => browserRatingMachine.provide({ actions: { lessonsChanged } });
