import { formatCalendarDay, formatCalendarDayTime, zoneLabel } from '../../../contract/date-format.ts';
import { type WeekPlace, dayGap, dayGapText, emptyWeekText } from '../../../machines/rules/grid-gaps.ts';
import { type AvailabilityIndex, type GridWeek, hoursOfDay } from '../../../machines/rules/slots.ts';

export interface HourCell {
  time: string;
  /** chosen: selected for the subject shown; taken: selected for another subject. */
  state: 'open' | 'chosen' | 'taken';
  /** Its accessible name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' (', selected', ', taken by Physics'). */
  label: string;
}

/** A day of the grid: its column header and its hours. */
export interface DayColumn {
  date: string;
  /** SU … SA */
  weekday: string;
  /** The day of the month, '25'. */
  day: string;
  /** 'Wed 25 Nov 2026': the column header's name. */
  label: string;
  /** Why the day has no hour ('Too soon', and the reason said with it); null when it has some. */
  gap: { word: string; reason: string } | null;
  hours: HourCell[];
}

/** A week without hours: what the grid says, and the week with one it offers ('Show week of Sun 6 Dec 2026'). */
export interface EmptyWeek {
  text: string;
  next: { label: string; month: string; index: number } | null;
}

/** An hour's state as the grid says it: free, selected, or chosen for another subject (`by`). */
export type HourState = { state: 'open' } | { state: 'chosen' } | { state: 'taken'; by: string };

const stateWords = (hour: HourState) => (hour.state === 'open' ? 'free' : hour.state === 'chosen' ? 'selected' : `taken by ${hour.by}`);

/** 'Wed 25 Nov 2026 · 15:00 Dubai time': an hour of the grid, as every text of the grid screens writes it. */
export const slotWhen = (date: string, time: string, timeZone: string) => `${formatCalendarDayTime(date, time)} ${zoneLabel(timeZone)}`;

/** 'Times are Dubai time': said by the grid. */
export const zoneNoteOf = (timeZone: string) => `Times are ${zoneLabel(timeZone)}`;

/**
 * The 7-day grid of a week as the week grid draws it: each bookable day's available hours, in the
 * state `stateOf` gives them (null leaves an hour out), each named with its day, time, zone and state; a
 * day without hours says why. One mapping for /book-class and /reschedule-slot.
 */
export function dayColumns(
  week: GridWeek | undefined,
  availability: AvailabilityIndex,
  stateOf: (date: string, time: string) => HourState | null,
  where: { today: string; timeZone: string },
): DayColumn[] {
  return (week?.days ?? []).map((day) => {
    const hours = day.bookable
      ? hoursOfDay(availability, day.date).flatMap((time) => {
          const hour = stateOf(day.date, time);
          return hour === null ? [] : [{ time, state: hour.state, label: `${slotWhen(day.date, time, where.timeZone)}, ${stateWords(hour)}` }];
        })
      : [];
    const gap = dayGap(day, hours.length, where.today);
    return {
      date: day.date,
      weekday: day.weekday,
      day: String(Number(day.date.slice(8))),
      label: formatCalendarDay(day.date),
      gap: gap === null ? null : dayGapText(gap, day.date),
      hours,
    };
  });
}

/** What the grid says of a week without hours, and the week it offers instead (null: the week has hours). */
export function emptyWeekOf(days: readonly DayColumn[], next: WeekPlace | null): EmptyWeek | null {
  if (days.some((day) => day.hours.length > 0)) return null;
  return { text: emptyWeekText, next: next ? { label: `Show week of ${formatCalendarDay(next.firstDay)}`, month: next.month, index: next.index } : null };
}
