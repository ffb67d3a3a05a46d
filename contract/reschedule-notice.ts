/**
 * The reschedule notice (spec §2 "Rescheduling list", §9; docs/decisions/003-reschedule-notice.md: hidden
 * "within the 2-day notice (that case included)"). A lesson whose branch-zone day is at most 2 days after today can no longer be moved; a
 * lesson is moved onto a day from today + 2 on, the first bookable day of every grid. In contract/ because the portal (which hides the Reschedule button) and the
 * server (which refuses the move) must agree to the day. Days are calendar dates of the branch's zone,
 * 'YYYY-MM-DD', computed as calendar arithmetic (never through a local zone).
 */

export const rescheduleNoticeDays = 2;

/** `day` plus `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether a lesson on `lessonDay` is inside the notice seen from `today` (both branch-zone days). */
export const insideRescheduleNotice = (lessonDay: string, today: string): boolean => lessonDay <= addCalendarDays(today, rescheduleNoticeDays);

/** Whether a lesson may be moved onto `newDay`: the first bookable day (today + 2) or later. */
export const bookableForMove = (newDay: string, today: string): boolean => newDay >= addCalendarDays(today, rescheduleNoticeDays);

export const rescheduleNoticeText = 'A lesson can only be rescheduled more than 2 days before it starts.';
export const rescheduleTargetText = 'A lesson can only be moved to a day at least 2 days from today.';
