import type { WeekGrid, WeekGridContext, WeekGridEvent } from '../../../machines/booking/week-grid.ts';
import { nextWeekWithHours } from '../../../machines/rules/grid-gaps.ts';
import { monthChoices, weekTabPage } from '../../../machines/rules/slots.ts';
import { type DayColumn, type HourState, dayColumns, emptyWeekOf, zoneNoteOf } from './day-columns.ts';
import type { WeekGridData } from './week-grid.tsx';

/** What the selectors read of a grid chart's snapshot: its context, and which grid events it would take now. */
export interface WeekGridSnapshot<C extends WeekGridContext> {
  context: C;
  can: (event: WeekGridEvent) => boolean;
}

/** The chart's week grid (weekGrid's answer): how many weeks a month shows, and which days have an hour that counts. */
type GridOf<C extends WeekGridContext> = Pick<WeekGrid<C>, 'weeksOf' | 'weekAt' | 'hasHours'>;

/**
 * The days of the week shown, each hour in the state `stateOf` gives it (null leaves it out): the one call both
 * containers make, so that a container that keeps its days between snapshots (book-class) keeps this.
 */
export const weekDays = <C extends WeekGridContext>(context: C, grid: GridOf<C>, stateOf: (date: string, time: string) => HourState | null): DayColumn[] =>
  dayColumns(grid.weekAt(context, context.weekIndex), context.availability, stateOf, context);

/** The week one step from the one shown, when the chart would show it (Page Down / Page Up). */
function weekStep<C extends WeekGridContext>(snapshot: WeekGridSnapshot<C>, step: number): number | null {
  const index = snapshot.context.weekIndex + step;
  return index >= 0 && snapshot.can({ type: 'week.chosen', index }) ? index : null;
}

/**
 * What the week grid shows of a snapshot of any grid chart (the slot selection's, the reschedule's): the months,
 * the week tabs and arrows as the chart would take them, the days given (weekDays), the zone, and a week
 * without hours' offer of the next week with one (in this month's weeks, else a later month's).
 */
export function selectWeekGrid<C extends WeekGridContext>(snapshot: WeekGridSnapshot<C>, grid: GridOf<C>, days: DayColumn[]): WeekGridData {
  const { context } = snapshot;
  const weeks = grid.weeksOf(context);
  const page = weekTabPage(weeks.length, context.page);
  const months = monthChoices(context.today);
  const next = days.some((day) => day.hours.length > 0)
    ? null
    : nextWeekWithHours({ month: context.month, weekIndex: context.weekIndex, months, weeksOf: (month) => grid.weeksOf(context, month), hasHours: (date) => grid.hasHours(context, date) });
  return {
    months,
    month: context.month,
    weekTabs: page.weeks.map((index) => ({ index, label: weeks[index]?.label ?? '', current: index === context.weekIndex })),
    hasPreviousWeeks: snapshot.can({ type: 'weeks.previous' }),
    hasNextWeeks: snapshot.can({ type: 'weeks.next' }),
    previousWeek: weekStep(snapshot, -1),
    nextWeek: weekStep(snapshot, 1),
    days,
    zoneNote: zoneNoteOf(context.timeZone),
    emptyWeek: emptyWeekOf(days, next),
  };
}

/** Shows a week of a month: the month first when it is another (it opens on its first week), then the week. */
export function showWeek(actor: { send: (event: WeekGridEvent) => void }, shown: string, month: string, index: number) {
  if (month !== shown) actor.send({ type: 'month.chosen', month });
  actor.send({ type: 'week.chosen', index });
}
