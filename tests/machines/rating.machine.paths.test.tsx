import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type RatingInput, type RatingMachine, type Review, ratingMachine, ratingText } from '../../machines/rating.machine.ts';
import { browserRatingMachine } from '../../src/actors/rating.ts';
import { ApiError } from '../../src/api/client.ts';
import { ratedLesson, renderPastBooking } from '../support/render-past-booking.tsx';
import { toasts } from '../support/render-screen.tsx';
import { type ReplayedPath, coveringPaths, transitionCoverage } from '../support/transition-coverage.ts';

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
].map(({ who, input }: { who: string; input: RatingInput }) => ({
  who,
  input,
  paths: coveringPaths(ratingMachine, input, events),
}));

const coverage = transitionCoverage(ratingMachine);

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

afterEach(() => vi.restoreAllMocks());

afterAll(() => {
  // Every (state, event, branch) of the chart was taken by a replayed path.
  expect(coverage.assertComplete()).toMatch(/^(\d+) of \1 transitions/);
});

describe.each(starts)('rating machine paths with $who, replayed on the screen', ({ input, paths }) => {
  it.each(paths.map((path) => [path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → '), path] as const))('%s', async (_, path: ReplayedPath) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { call, sent, lessonsChanged } = renderDialog(input);
    const ui = userEvent.setup();
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      switch (event.type) {
        case 'xstate.init':
          break;
        case 'rating.opened':
          await ui.click(screen.getByRole('button', { name: 'Comment' }));
          break;
        case 'rating.starHovered':
          await ui.hover(dialog().getByRole('radio', { name: `${event.stars} stars` }).closest('label') as HTMLElement);
          break;
        case 'rating.hoverEnded':
          await ui.unhover(screen.getByRole('group', { name: 'Your rating' }));
          break;
        case 'rating.starChosen':
          await ui.click(dialog().getByRole('radio', { name: `${event.stars} stars` }));
          break;
        case 'rating.feedbackChanged': {
          const feedback = dialog().getByPlaceholderText('Write your feedback...');
          await ui.clear(feedback);
          await ui.type(feedback, String(event.text));
          break;
        }
        case 'rating.submitted':
          await ui.click(dialog().getByRole('button', { name: 'Submit' }));
          break;
        case 'rating.cancelled':
          await ui.click(dialog().getByRole('button', { name: 'Cancel' }));
          break;
        case 'xstate.done.actor.sendReview':
          await act(async () => call().resolve(event.output));
          expect(await toasts().findByText(thanks)).toBeVisible();
          break;
        case 'xstate.error.actor.sendReview':
          await act(async () => call().reject(event.error));
          expect(await toasts().findByText((event.error as Error).message)).toBeVisible();
          break;
        default:
          throw new Error(`no way to replay ${event.type} on the screen`);
      }
      expectScreenFor(step.state as SnapshotFrom<RatingMachine>);
    }
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
    coverage.replayed(path, input);
  });
});
