import { type Answer, type ApiClient, callApi } from '../client.ts';

// Each call throws an Error whose message is what the user reads (see callApi). A fallback that already
// says 'try again' is kept as it is for a server or network failure too.
export const lessonCalendarFailedText = 'Could not download the calendar file. Please try again.';
export const calendarFeedStatusFailedText = 'Your calendar link could not be loaded.';
export const calendarFeedResetFailedText = 'Your calendar link could not be made.';

/** GET /calendar/lessons/{id}: one lesson as an iCalendar file (text/calendar), read as text. */
export function lessonCalendarFile(api: ApiClient, { id }: { id: number }): Promise<string> {
  return callApi(() => api.GET('/calendar/lessons/{id}', { params: { path: { id } }, parseAs: 'text' }), lessonCalendarFailedText);
}

/** GET /calendar-feed: whether the client has a feed, and since when; never its address (stored hashed). */
export function calendarFeedStatus(api: ApiClient): Promise<Answer<'getCalendarFeedStatus'>> {
  return callApi(() => api.GET('/calendar-feed'), calendarFeedStatusFailedText);
}

/**
 * POST /calendar-feed: a new feed address, the one time it is answered. Replacing an existing feed must be asked
 * for (`reset`, after the client confirmed Reset); Create asks only for a first one, which the server refuses
 * (409) if another tab made one meanwhile.
 */
export function resetCalendarFeed(api: ApiClient, { reset }: { reset: boolean }): Promise<Answer<'resetCalendarFeed'>> {
  return callApi(() => api.POST('/calendar-feed', { body: { reset } }), calendarFeedResetFailedText);
}
