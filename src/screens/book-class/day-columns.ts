import { type AvailabilityIndex, type GridWeek, hoursOfDay } from '../../../machines/rules/slots.ts';
import type { DayColumn, HourCell } from './book-class-view.tsx';

/**
 * The 7-day grid of a week as the Book Classes view draws it: each bookable day's available hours, in the
 * state `stateOf` gives them (null leaves an hour out). One mapping for /book-class and /reschedule-slot.
 */
export function dayColumns(week: GridWeek | undefined, availability: AvailabilityIndex, stateOf: (date: string, time: string) => HourCell['state'] | null): DayColumn[] {
  return (week?.days ?? []).map((day) => ({
    date: day.date,
    weekday: day.weekday,
    day: String(Number(day.date.slice(8))),
    bookable: day.bookable,
    hours: day.bookable
      ? hoursOfDay(availability, day.date).flatMap((time) => {
          const state = stateOf(day.date, time);
          return state === null ? [] : [{ time, state }];
        })
      : [],
  }));
}
