import { addCalendarDays } from './reschedule-notice.ts';

/**
 * Spec §9: a package's lessons expire `today` (YYYY-MM-DD, the branch's) plus duration_days, when that is
 * above 0; null otherwise. In contract/ as the one statement of the rule: the server stamps it on the lessons
 * it books, and its table test runs here.
 */
export function expiryDate(today: string, durationDays: number): string | null {
  return durationDays > 0 ? addCalendarDays(today, durationDays) : null;
}
