import ui from '../ui.module.css';
import type { DayColumn, EmptyWeek } from './day-columns.ts';
import { SlotGrid } from './slot-grid.tsx';
import styles from './week-grid.module.css';

/** What the week grid shows of a chart's snapshot: selectWeekGrid's answer. */
export interface WeekGridData {
  months: { value: string; label: string; disabled: boolean }[];
  month: string;
  weekTabs: { index: number; label: string; current: boolean }[];
  hasPreviousWeeks: boolean;
  hasNextWeeks: boolean;
  /** The weeks Page Up and Page Down show from the grid; null where there is none. */
  previousWeek: number | null;
  nextWeek: number | null;
  days: DayColumn[];
  /** 'Times are Dubai time', by the grid. */
  zoneNote: string;
  /** A week without a free hour says so, and offers the next week that has one; null for a week with hours. */
  emptyWeek: EmptyWeek | null;
}

export interface WeekGridHandlers {
  onMonth: (month: string) => void;
  onWeek: (index: number) => void;
  onPreviousWeeks: () => void;
  onNextWeeks: () => void;
  /** Shows a week of a month (the empty week's offer of the next week with a free hour). */
  onShowWeek: (month: string, index: number) => void;
  onSlot: (date: string, time: string) => void;
}

export interface WeekGridProps extends WeekGridData, WeekGridHandlers {
  /** A call is out: the hours wait, and keep the focus. */
  processing: boolean;
  /** A dialog opened from an hour is open: when it closes, the focus goes back to that hour. */
  dialogOpen: boolean;
}

/**
 * The week grid (props only): the month picker, the week tabs three at a time with the previous / next arrows,
 * and the week's hours (slot-grid.tsx: the zone note, the days, the empty week's offer, the keyboard). A fragment:
 * its parts are items of the screen's own layout, each spaced as the screen spaces its rows.
 */
export function WeekGrid(props: WeekGridProps) {
  return (
    <>
      <div className={ui.field}>
        <label className={ui.label} htmlFor="book-class-month">
          Month
        </label>
        <select id="book-class-month" className={ui.input} value={props.month} onChange={(event) => props.onMonth(event.target.value)}>
          {props.months.map((month) => (
            <option key={month.value} value={month.value} disabled={month.disabled}>
              {month.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.weeks} role="group" aria-label="Weeks">
        <button type="button" className={ui.iconButton} aria-label="Previous weeks" disabled={!props.hasPreviousWeeks} onClick={props.onPreviousWeeks}>
          ‹
        </button>
        {props.weekTabs.map((tab) => (
          <button key={tab.index} type="button" className={`${styles.tab} ${tab.current ? styles.current : ''}`} aria-pressed={tab.current} onClick={() => props.onWeek(tab.index)}>
            {tab.label}
          </button>
        ))}
        <button type="button" className={ui.iconButton} aria-label="Next weeks" disabled={!props.hasNextWeeks} onClick={props.onNextWeeks}>
          ›
        </button>
      </div>
      <SlotGrid
        days={props.days}
        zoneNote={props.zoneNote}
        emptyWeek={props.emptyWeek}
        previousWeek={props.previousWeek}
        nextWeek={props.nextWeek}
        processing={props.processing}
        dialogOpen={props.dialogOpen}
        onSlot={props.onSlot}
        onWeek={props.onWeek}
        onShowWeek={props.onShowWeek}
      />
    </>
  );
}
