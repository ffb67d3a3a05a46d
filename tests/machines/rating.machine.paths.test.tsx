import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MockInstance, afterEach, expect, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type RatingInput, type RatingMachine, type Review, ratingMachine, ratingText } from '../../machines/rating.machine.ts';
import { browserRatingMachine } from '../../src/actors/rating.ts';
import { ApiError } from '../../src/api/client.ts';
import { ratedLesson, renderPastBooking } from '../support/render-past-booking.tsx';
import { toasts } from '../support/render-screen.tsx';
import { replayPaths } from '../support/path-replay.ts';

const thanks = 'Thank you for your feedback!';
const refusal = 'Your rating could not be sent. Please try again.';
const ratedAlready = 'You have rated this lesson already.';

/** What the client and the review call can do, in any state. */
const events: AnyEventObject[] = [
  { type: 'rating.opened', lesson: ratedLesson },
  { type: 'rating.starHovered', stars: 4 },
  { type: 'rating.hoverEnded' },
  { type: 'rating.starChosen', stars: 3 },
  { type: 'rating.feedbackChanged', text: 'Patient and clear.' },
  { type: 'rating.submitted' },
  { type: 'rating.cancelled' },
  { type: 'xstate.done.actor.sendReview', output: { message: thanks } },
  { type: 'xstate.error.actor.sendReview', error: new Error(refusal) },
  // The server's word on the lesson itself: rated already (409).
  { type: 'xstate.error.actor.sendReview', error: new ApiError(409, ratedAlready) },
];

const starts = [
  { who: 'a signed-in client', input: { reviewer: { clientid: 7, email: 'parent@example.com' } } },
  { who: 'no stored user', input: { reviewer: null } },
].map(({ who, input }: { who: string; input: RatingInput }) => ({ who, input, events }));

/** The dialog with a review call the test answers. */
function renderDialog(input: RatingInput) {
  let pending: { resolve: (answer: { message: string }) => void; reject: (error: unknown) => void } | undefined;
  const sent: Review[] = [];
  const lessonsChanged = vi.fn();
  const machine = browserRatingMachine.provide({
    actions: { lessonsChanged },
    actors: {
      sendReview: fromPromise<{ message: string }, Review>(
        ({ input: review }) =>
          new Promise((resolve, reject) => {
            sent.push(review);
            pending = { resolve, reject };
          }),
      ),
    },
  });
  renderPastBooking(input.reviewer, machine as RatingMachine);
  const call = () => {
    if (!pending) throw new Error('no review call is waiting');
    return pending;
  };
  return { call, sent, lessonsChanged };
}

const dialog = () => within(screen.getByRole('dialog', { name: 'Rate Us' }));

/** What a state of the chart shows, read from the snapshot the path reached. */
function expectScreenFor(state: SnapshotFrom<RatingMachine>) {
  if (!state.hasTag('open')) {
    expect(screen.queryByRole('dialog')).toBeNull();
    return;
  }
  const open = dialog();
  // The dialog names the one lesson it rates.
  expect(open.getByText(state.context.lesson?.name ?? 'no lesson')).toBeVisible();
  expect(open.getByText(ratingText(state.context.stars))).toBeVisible();
  if (state.context.error) expect(open.getByRole('alert')).toHaveTextContent(state.context.error);
  else expect(open.queryByRole('alert')).toBeNull();
  expect(open.getByPlaceholderText('Write your feedback...')).toHaveValue(state.context.feedback);
  const submit = open.getByRole('button', { name: 'Submit' });
  if (state.can({ type: 'rating.submitted' })) expect(submit).toBeEnabled();
  else expect(submit).toBeDisabled();
  const lit = open.getAllByRole('radio').filter((radio) => radio.closest('label')?.dataset.lit === 'true');
  expect(lit).toHaveLength(state.context.hovered || state.context.stars);
}

type Dialog = ReturnType<typeof renderDialog> & { consoleError: MockInstance<typeof console.error>; ui: ReturnType<typeof userEvent.setup> };

afterEach(() => vi.restoreAllMocks());

replayPaths({
  machine: ratingMachine,
  title: 'rating machine paths with $who, replayed on the screen',
  starts,
  mount: ({ input }): Dialog => ({ consoleError: vi.spyOn(console, 'error').mockImplementation(() => {}), ...renderDialog(input), ui: userEvent.setup() }),
  send: {
    'rating.opened': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Comment' })),
    'rating.starHovered': ({ event, mounted: { ui } }) => ui.hover(dialog().getByRole('radio', { name: `${event.stars} stars` }).closest('label') as HTMLElement),
    'rating.hoverEnded': ({ mounted: { ui } }) => ui.unhover(screen.getByRole('group', { name: 'Your rating' })),
    'rating.starChosen': ({ event, mounted: { ui } }) => ui.click(dialog().getByRole('radio', { name: `${event.stars} stars` })),
    'rating.feedbackChanged': async ({ event, mounted: { ui } }) => {
      const feedback = dialog().getByPlaceholderText('Write your feedback...');
      await ui.clear(feedback);
      await ui.type(feedback, String(event.text));
    },
    'rating.submitted': ({ mounted: { ui } }) => ui.click(dialog().getByRole('button', { name: 'Submit' })),
    'rating.cancelled': ({ mounted: { ui } }) => ui.click(dialog().getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.sendReview': async ({ event, mounted: { call } }) => {
      await act(async () => call().resolve(event.output as { message: string }));
      expect(await toasts().findByText(thanks)).toBeVisible();
    },
    'xstate.error.actor.sendReview': async ({ event, mounted: { call } }) => {
      await act(async () => call().reject(event.error));
      expect(await toasts().findByText((event.error as Error).message)).toBeVisible();
    },
  },
  expectScreen: expectScreenFor,
  afterPath: (path, { input }, { sent, lessonsChanged, consoleError }) => {
    // What was sent is what the dialog held when Submit was pressed; without a stored user nothing is, and that is logged.
    const submits = path.steps.flatMap((step, i) => {
      const before = path.steps[i - 1]?.state.context as SnapshotFrom<RatingMachine>['context'] | undefined;
      return step.event.type === 'rating.submitted' && before && before.stars > 0 ? [before] : [];
    });
    const reviewer = input.reviewer;
    expect(sent).toEqual(
      reviewer ? submits.map((held) => ({ clientid: reviewer.clientid, client_email: reviewer.email, review_number: held.stars, description: held.feedback.trim(), appointment_id: ratedLesson.id })) : [],
    );
    // The list is read again after a rating, and after the server's word that the lesson is rated already.
    const changes = path.steps.filter(({ event }) => event.type === 'xstate.done.actor.sendReview' || (event.type === 'xstate.error.actor.sendReview' && (event as AnyEventObject).error instanceof ApiError));
    expect(lessonsChanged).toHaveBeenCalledTimes(changes.length);
    expect(consoleError.mock.calls).toEqual(reviewer ? [] : submits.map(() => ['No user data found']));
  },
});
