import type { FastifyReply } from 'fastify';
import { attempt, calendarFeedFetchesPerFeed, calendarFeedMissesPerAddress, takeBack } from '../auth/rate-limit.ts';
import type { AppContext } from '../context.ts';
import { feedClient, feedCreatedAt, feedUrls, feedWindow, resetFeed } from '../domain/calendar-feed.ts';
import { lessonCalendar, readCalendarLesson, readCalendarLessons } from '../domain/lesson-calendar.ts';
import { conflict, forbidden, notFound, tooManyRequests } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type CalendarOperations = 'getLessonCalendarFile' | 'getCalendarFeedStatus' | 'resetCalendarFeed' | 'getCalendarFeed';

/** The 409 of a POST that would replace a feed without asking to (a second tab's Create). */
const feedExistsText = 'You already have a calendar link. Reset it to make a new one: the old link then stops working.';

/** The feed's name in the calendar app's list of calendars. */
export const feedName = 'Tutoring lessons';

/** How often a subscribed app is asked to fetch the feed again: well inside the feed's rate limit. */
const feedRefreshSeconds = 60 * 60;

/**
 * A calendar answer is sent as it is (a string with a non-JSON type is not serialised). Never cached: a
 * lesson moves or is cancelled, and a shared cache must not keep a private calendar.
 */
function calendarReply(reply: FastifyReply): void {
  reply.header('content-type', 'text/calendar; charset=utf-8');
  reply.header('cache-control', 'no-store');
}

export function calendarHandlers(ctx: AppContext): HandlerGroup<CalendarOperations> {
  const { db } = ctx;
  return {
    async getLessonCalendarFile(call) {
      const session = requireSession(call);
      const lesson = await readCalendarLesson(db, call.params.id);
      if (!lesson) throw notFound('Appointment');
      if (lesson.clientId !== session.sub) throw forbidden('id', 'This lesson is not yours.');
      calendarReply(call.reply);
      call.reply.header('content-disposition', `attachment; filename="lesson-${lesson.id}.ics"`);
      return lessonCalendar([lesson], { publicUrl: ctx.publicUrl, now: new Date() });
    },

    async getCalendarFeedStatus(call) {
      const session = requireSession(call);
      const createdAt = await feedCreatedAt(db, session.sub);
      return { active: createdAt !== undefined, created_at: createdAt?.toISOString() ?? null };
    },

    async resetCalendarFeed(call) {
      const session = requireSession(call);
      // Replacing cuts off every calendar subscribed to the old address: only when asked for, never by a stray POST.
      const made = await resetFeed(db, session.sub, { replace: call.body?.reset === true });
      if (!made) throw conflict(feedExistsText, 'reset');
      return { ...feedUrls(ctx.publicUrl, made.token), created_at: made.createdAt.toISOString() };
    },

    async getCalendarFeed(call) {
      // A miss is recorded before the lookup (so a burst of guesses sees itself) and taken back when the feed is
      // found: an address is stopped by its misses only, a feed by its own fetches.
      const miss = await attempt(db, calendarFeedMissesPerAddress, call.request.ip);
      if (!miss.allowed) throw tooManyRequests();
      const clientId = await feedClient(db, call.params.token);
      if (clientId === undefined) throw notFound('Calendar feed');
      await takeBack(db, [miss]);
      if (!(await attempt(db, calendarFeedFetchesPerFeed, String(clientId))).allowed) throw tooManyRequests();
      const now = new Date();
      const { from, to } = feedWindow(now);
      const lessons = await readCalendarLessons(db, clientId, from, to);
      calendarReply(call.reply);
      return lessonCalendar(lessons, { publicUrl: ctx.publicUrl, now, name: feedName, refreshSeconds: feedRefreshSeconds });
    },
  };
}
