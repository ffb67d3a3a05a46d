import { api } from '../api/api.ts';
import { resetCalendarFeed } from '../api/calls/calendar.ts';

export type CalendarFeedLink = Awaited<ReturnType<typeof resetCalendarFeed>>;

/** POST /calendar-feed: makes the feed, or replaces its address (Reset); the answer is the only look at it. */
export const makeCalendarFeedLink = () => resetCalendarFeed(api);
