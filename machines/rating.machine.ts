import { and, assign, fromPromise, setup } from 'xstate';
import { errorText } from './rules/error-text.ts';

/**
 * The Rate Us dialog of Manage Booking's past bookings (spec §2 Rate Us, §4 rate dialog, §5 Rate Us;
 * docs/decisions/021-rating-needs-a-star.md): 5 stars with a hover highlight, an optional feedback text, Cancel and Submit.
 * A rating is about one lesson: the dialog opens on a completed lesson and the review names it.
 * Submit waits for a star ('Tap a star to rate' says why); with no stored user it sends nothing and logs
 * 'No user data found'. A successful submit resets the stars and text, closes, and says the lessons changed
 * (the list then shows the stars given). A refusal about the lesson itself (409: rated already, not
 * completed) closes too, says why, and says the lessons changed: the list shows what is true. Any other
 * failure keeps the dialog open as it was, saying why inside it.
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
  /** The lesson rated. */
  appointment_id: number;
}

/** The lesson rated: its appointment id and how the dialog names it ('Mathematics, Sun 6 Dec 2026 16:00'). */
export interface RatedLesson {
  id: number;
  name: string;
}

export interface RatingContext {
  reviewer: Reviewer | null;
  /** The lesson the dialog is open on; null while it is closed. */
  lesson: RatedLesson | null;
  /** The stars chosen, 0 for none yet. */
  stars: number;
  /** The star under the pointer, 0 for none: the highlight follows it. */
  hovered: number;
  feedback: string;
  /** Why the last submit failed, shown in the dialog; null when it did not. */
  error: string | null;
}

export type RatingEvent =
  | { type: 'rating.opened'; lesson: RatedLesson }
  | { type: 'rating.starHovered'; stars: number }
  | { type: 'rating.hoverEnded' }
  | { type: 'rating.starChosen'; stars: number }
  | { type: 'rating.feedbackChanged'; text: string }
  | { type: 'rating.submitted' }
  | { type: 'rating.cancelled' };

/** The text under the stars. */
export const ratingText = (stars: number) => (stars > 0 ? `You rated ${stars} star(s)` : 'Tap a star to rate');

const isStar = (stars: number) => Number.isInteger(stars) && stars >= 1 && stars <= ratingScale;

/** The review the dialog sends; only reached with a reviewer and a lesson (the guards see to it). */
function reviewOf({ reviewer, lesson, stars, feedback }: RatingContext): Review {
  if (!reviewer) throw new Error('No user data found');
  if (!lesson) throw new Error('No lesson to rate');
  return { clientid: reviewer.clientid, client_email: reviewer.email, review_number: stars, description: feedback.trim(), appointment_id: lesson.id };
}

/** The server refused because of the lesson itself (rated already, not completed): 409. */
export const refusedForTheLesson = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

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
    open: assign({ lesson: (_, params: { lesson: RatedLesson }) => params.lesson, error: null }),
    reset: assign({ lesson: null, stars: 0, hovered: 0, feedback: '', error: null }),
    clearError: assign({ error: null }),
    setError: assign({ error: (_, params: { message: string }) => params.message }),
    highlight: assign({ hovered: (_, params: { stars: number }) => params.stars }),
    choose: assign({ stars: (_, params: { stars: number }) => params.stars, hovered: 0 }),
    setFeedback: assign({ feedback: (_, params: { text: string }) => params.text }),
    logNoUser: () => console.error('No user data found'),
    notifySent: (_, _params: { message: string }) => {},
    notifyFailed: (_, _params: { message: string }) => {},
    /** The lesson's rating changed (or is not what the list showed): the list is read again. */
    lessonsChanged: () => {},
  },
  guards: {
    isStar: (_, params: { stars: number }) => isStar(params.stars),
    hasStars: ({ context }) => context.stars > 0,
    noReviewer: ({ context }) => context.reviewer === null,
    refusedForTheLesson: (_, params: { error: unknown }) => refusedForTheLesson(params.error),
  },
}).createMachine({
  id: 'rating',
  context: ({ input }) => ({ reviewer: input.reviewer, lesson: null, stars: 0, hovered: 0, feedback: '', error: null }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'rating.opened': { target: 'editing', actions: { type: 'open', params: ({ event }) => ({ lesson: event.lesson }) } } },
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
          { guard: 'hasStars', target: 'sending', actions: 'clearError' },
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
        onDone: { target: 'closed', actions: ['reset', { type: 'notifySent', params: ({ event }) => ({ message: event.output.message }) }, 'lessonsChanged'] },
        onError: [
          {
            guard: { type: 'refusedForTheLesson', params: ({ event }) => ({ error: event.error }) },
            target: 'closed',
            actions: ['reset', { type: 'notifyFailed', params: ({ event }) => ({ message: errorText(event.error) }) }, 'lessonsChanged'],
          },
          {
            target: 'editing',
            actions: [{ type: 'setError', params: ({ event }) => ({ message: errorText(event.error) }) }, { type: 'notifyFailed', params: ({ event }) => ({ message: errorText(event.error) }) }],
          },
        ],
      },
    },
  },
});

export type RatingMachine = typeof ratingMachine;
