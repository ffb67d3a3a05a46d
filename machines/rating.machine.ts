import { and, assign, fromPromise, setup } from 'xstate';

/**
 * The Rate Us dialog of Manage Booking's past bookings (spec §2 Rate Us, §4 rate dialog, §5 Rate Us;
 * DESIGN.md's decision): 5 stars with a hover highlight, an optional feedback text, Cancel and Submit.
 * Submit waits for a star ('Tap a star to rate' says why); with no stored user it sends nothing and logs
 * 'No user data found'. A successful submit resets the stars and text and closes; a failure keeps the
 * dialog open as it was.
 */

export const ratingScale = 5;

/** The signed-in client the review is sent as; null when no userdata is stored. */
export interface Reviewer {
  clientid: number;
  email: string;
}

export interface RatingInput {
  reviewer: Reviewer | null;
}

/** The body of POST /sendReviewEmail. */
export interface Review {
  clientid: number;
  client_email: string;
  review_number: number;
  description: string;
}

export interface RatingContext {
  reviewer: Reviewer | null;
  /** The stars chosen, 0 for none yet. */
  stars: number;
  /** The star under the pointer, 0 for none: the highlight follows it. */
  hovered: number;
  feedback: string;
}

export type RatingEvent =
  | { type: 'rating.opened' }
  | { type: 'rating.starHovered'; stars: number }
  | { type: 'rating.hoverEnded' }
  | { type: 'rating.starChosen'; stars: number }
  | { type: 'rating.feedbackChanged'; text: string }
  | { type: 'rating.submitted' }
  | { type: 'rating.cancelled' };

/** The text under the stars. */
export const ratingText = (stars: number) => (stars > 0 ? `You rated ${stars} star(s)` : 'Tap a star to rate');

const isStar = (stars: number) => Number.isInteger(stars) && stars >= 1 && stars <= ratingScale;

/** The review the dialog sends; only reached with a reviewer (the submit guard sees to it). */
function reviewOf({ reviewer, stars, feedback }: RatingContext): Review {
  if (!reviewer) throw new Error('No user data found');
  return { clientid: reviewer.clientid, client_email: reviewer.email, review_number: stars, description: feedback.trim() };
}

export const ratingMachine = setup({
  types: {
    input: {} as RatingInput,
    context: {} as RatingContext,
    events: {} as RatingEvent,
    tags: {} as 'open' | 'sending',
  },
  actors: {
    sendReview: fromPromise<{ message: string }, Review>(async () => {
      throw new Error('sendReview is provided at the React boundary');
    }),
  },
  actions: {
    reset: assign({ stars: 0, hovered: 0, feedback: '' }),
    highlight: assign({ hovered: (_, params: { stars: number }) => params.stars }),
    choose: assign({ stars: (_, params: { stars: number }) => params.stars, hovered: 0 }),
    setFeedback: assign({ feedback: (_, params: { text: string }) => params.text }),
    logNoUser: () => console.error('No user data found'),
    notifySent: (_, _params: { message: string }) => {},
    notifyFailed: (_, _params: { message: string }) => {},
  },
  guards: {
    isStar: (_, params: { stars: number }) => isStar(params.stars),
    hasStars: ({ context }) => context.stars > 0,
    noReviewer: ({ context }) => context.reviewer === null,
  },
}).createMachine({
  id: 'rating',
  context: ({ input }) => ({ reviewer: input.reviewer, stars: 0, hovered: 0, feedback: '' }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'rating.opened': { target: 'editing' } },
    },
    editing: {
      tags: ['open'],
      on: {
        'rating.starHovered': { guard: { type: 'isStar', params: ({ event }) => ({ stars: event.stars }) }, actions: { type: 'highlight', params: ({ event }) => ({ stars: event.stars }) } },
        'rating.hoverEnded': { actions: { type: 'highlight', params: { stars: 0 } } },
        'rating.starChosen': { guard: { type: 'isStar', params: ({ event }) => ({ stars: event.stars }) }, actions: { type: 'choose', params: ({ event }) => ({ stars: event.stars }) } },
        'rating.feedbackChanged': { actions: { type: 'setFeedback', params: ({ event }) => ({ text: event.text }) } },
        // Without stars Submit waits (and says why); without a stored user it sends nothing.
        'rating.submitted': [
          { guard: and(['hasStars', 'noReviewer']), actions: 'logNoUser' },
          { guard: 'hasStars', target: 'sending' },
        ],
        'rating.cancelled': { target: 'closed', actions: 'reset' },
      },
    },
    sending: {
      tags: ['open', 'sending'],
      invoke: {
        id: 'sendReview',
        src: 'sendReview',
        input: ({ context }) => reviewOf(context),
        onDone: { target: 'closed', actions: ['reset', { type: 'notifySent', params: ({ event }) => ({ message: event.output.message }) }] },
        onError: { target: 'editing', actions: { type: 'notifyFailed', params: ({ event }) => ({ message: event.error instanceof Error ? event.error.message : String(event.error) }) } },
      },
    },
  },
});

export type RatingMachine = typeof ratingMachine;
