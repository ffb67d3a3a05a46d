import { api } from '../api/api.ts';
import { resetCalendarFeed } from '../api/calls/calendar.ts';
import { ApiError } from '../api/client.ts';

export type CalendarFeedLink = Awaited<ReturnType<typeof resetCalendarFeed>>;

/** POST /calendar-feed: makes the feed, or replaces its address (`reset`); the answer is the only look at it. */
export const makeCalendarFeedLink = ({ reset }: { reset: boolean }) => resetCalendarFeed(api, { reset });

/** A Create refused (409) because the client has a feed already, made meanwhile in another tab. */
export const isFeedExistsRefusal = (error: Error | null): boolean => error instanceof ApiError && error.status === 409;
