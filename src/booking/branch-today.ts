import { calendarDayOf } from '../../contract/date-format.ts';

/** The calendar day of `now` in the branch's time zone, YYYY-MM-DD: the `today` booking machines take as input. */
export const branchToday = (timeZone: string, now: number): string => calendarDayOf(now, timeZone);
