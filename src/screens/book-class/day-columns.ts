import { formatCalendarDay, formatCalendarDayTime, zoneLabel } from '../../../contract/date-format.ts';
import { type WeekPlace, dayGap, dayGapText, emptyWeekText } from '../../../machines/rules/grid-gaps.ts';
import { type AvailabilityIndex, type GridWeek, hoursOfDay } from '../../../machines/rules/slots.ts';
import type { BookClassViewProps, DayColumn } from './book-class-view.tsx';

/** An hour's state as the grid says it: free, selected, or chosen for another subject (`by`). */
export type HourState = { state: 'open' } | { state: 'chosen' } | { state: 'taken'; by: string };

const stateWords = (hour: HourState) => (hour.state === 'open' ? 'free' : hour.state === 'chosen' ? 'selected' : `taken by ${hour.by}`);

/** 'Wed 25 Nov 2026 · 15:00 Dubai time': an hour of the grid, as every text of the grid screens writes it. */
export const slotWhen = (date: string, time: string, timeZone: string) => `${formatCalendarDayTime(date, time)} ${zoneLabel(timeZone)}`;

/** 'Times are Dubai time': said by the grid. */
export const zoneNoteOf = (timeZone: string) => `Times are ${zoneLabel(timeZone)}`;

/**
 * The 7-day grid of a week as the Book Classes view draws it: each bookable day's available hours, in the
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
export function emptyWeekOf(days: readonly DayColumn[], next: WeekPlace | null): BookClassViewProps['emptyWeek'] {
  if (days.some((day) => day.hours.length > 0)) return null;
  return { text: emptyWeekText, next: next ? { label: `Show week of ${formatCalendarDay(next.firstDay)}`, month: next.month, index: next.index } : null };
}

/** The events a grid's machine takes to show a week of a month. */
type WeekEvent = { type: 'month.chosen'; month: string } | { type: 'week.chosen'; index: number };

/** Shows a week of a month: the month first when it is another (it opens on its first week), then the week. */
export function showWeek(actor: { send: (event: WeekEvent) => void }, shown: string, month: string, index: number) {
  if (month !== shown) actor.send({ type: 'month.chosen', month });
  actor.send({ type: 'week.chosen', index });
}
