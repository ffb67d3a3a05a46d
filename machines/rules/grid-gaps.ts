import { type AvailabilityIndex, type GridDay, type GridWeek, type MonthChoice, addDays, bookingNoticeDays, hoursOfDay, isAvailable } from './slots.ts';

/**
 * Why the slot grid shows no hour on a day or in a week, and where the next free hour is (issue 19: a grid
 * that says why it is empty and offers the way on, rather than day headers alone). Pure: `today` is the
 * branch's day, passed in.
 */

/**
 * Why a day shows no hour: before the 2-day notice (today + 2 in the branch zone, docs/decisions/017-first-bookable-day.md), a day of the
 * week before the month shown begins (it is booked from that month's own weeks), or no tutor free then.
 */
export type DayGap = 'tooSoon' | 'otherMonth' | 'noTutor';

export function dayGap(day: GridDay, hourCount: number, today: string): DayGap | null {
  if (day.bookable) return hourCount > 0 ? null : 'noTutor';
  return day.date < addDays(today, bookingNoticeDays) ? 'tooSoon' : 'otherMonth';
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The column header's short word and the reason a screen reader hears with it. */
export function dayGapText(gap: DayGap, date: string): { word: string; reason: string } {
  switch (gap) {
    case 'tooSoon':
      return { word: 'Too soon', reason: `Too soon: lessons are booked at least ${bookingNoticeDays} days ahead.` };
    case 'noTutor':
      return { word: 'No tutor', reason: 'No tutor free this day.' };
    case 'otherMonth': {
      const month = monthNames[Number(date.slice(5, 7)) - 1] ?? '';
      return { word: month.slice(0, 3), reason: `A day of ${month}: choose ${month} in Month to book it.` };
    }
  }
}

export const emptyWeekText = 'No free hours this week.';

/** Whether a day has a free hour: any tutor's, or, given a tutor, that tutor's (the reschedule grid). */
export function dayHasHours(availability: AvailabilityIndex, date: string, tutorId?: number): boolean {
  return hoursOfDay(availability, date).some((time) => isAvailable(availability, date, time, tutorId));
}

/** Whether a week offers an hour: a bookable day with a free hour. */
export const weekHasHours = (week: GridWeek, hasHours: (date: string) => boolean): boolean => week.days.some((day) => day.bookable && hasHours(day.date));

/** The first of `weeks`, from index `from` on, that offers an hour; undefined when none does. */
export const firstWeekWithHours = (weeks: readonly GridWeek[], hasHours: (date: string) => boolean, from = 0): GridWeek | undefined =>
  weeks.find((week) => week.index >= from && weekHasHours(week, hasHours));

/** A week of a month's grid: what the client is offered to go to. */
export interface WeekPlace {
  /** YYYY-MM */
  month: string;
  index: number;
  /** Its Sunday, YYYY-MM-DD. */
  firstDay: string;
}

export interface NextWeekQuery {
  /** The month and week shown. */
  month: string;
  weekIndex: number;
  /** The month picker's choices: later months that may be chosen are looked through too. */
  months: readonly MonthChoice[];
  weeksOf: (month: string) => readonly GridWeek[];
  hasHours: (date: string) => boolean;
}

/**
 * The first week after the one shown that offers an hour: the later weeks of the month shown, then the weeks
 * of the later months the picker offers (a later month's first weeks are the ones already looked at, as the
 * weeks run on past a month's end: only those starting after the week shown count). Null when there is none.
 */
export function nextWeekWithHours({ month, weekIndex, months, weeksOf, hasHours }: NextWeekQuery): WeekPlace | null {
  const shown = weeksOf(month).find((week) => week.index === weekIndex)?.days[0]?.date ?? '';
  const later = months.filter((choice) => choice.value > month && !choice.disabled).map((choice) => choice.value);
  for (const candidate of [month, ...later]) {
    const week = weeksOf(candidate).find((w) => (w.days[0]?.date ?? '') > shown && weekHasHours(w, hasHours));
    if (week) return { month: candidate, index: week.index, firstDay: week.days[0]?.date ?? '' };
  }
  return null;
}
