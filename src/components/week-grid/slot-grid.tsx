import { type KeyboardEvent, memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import ui from '../ui.module.css';
import type { DayColumn, EmptyWeek } from './day-columns.ts';
import { type GridHours, type GridPlace, firstPlace, moveIn, moveOfKey, nearestPlace } from './grid-moves.ts';
import styles from './week-grid.module.css';

export interface SlotGridProps {
  days: DayColumn[];
  /** 'Times are Dubai time': said by the grid and read with it. */
  zoneNote: string;
  /** A week without hours: what it says, and the week with one it offers. */
  emptyWeek: EmptyWeek | null;
  /** The weeks Page Up and Page Down go to; null where there is none. */
  previousWeek: number | null;
  nextWeek: number | null;
  /** The hours wait (a call is out): they keep the focus, and a click does nothing. */
  processing: boolean;
  /** The Available Tutors dialog is open: when it closes, the focus goes back to the hour it was opened from. */
  dialogOpen: boolean;
  onSlot: (date: string, time: string) => void;
  onWeek: (index: number) => void;
  onShowWeek: (month: string, index: number) => void;
}

/** Where the focus goes once another week is shown: near the hour it left, or the week's first hour. */
type FocusWanted = { near: GridPlace } | 'first';

const hourRows = (days: readonly DayColumn[]) => [...new Set(days.flatMap((day) => day.hours.map((hour) => hour.time)))].sort();

/** The hour that takes the grid's one Tab stop: the last one focused, else the week's first free hour, else its first. */
function tabStopOf(days: readonly DayColumn[], active: { date: string; time: string } | null): { date: string; time: string } | null {
  if (active && days.some((day) => day.date === active.date && day.hours.some((hour) => hour.time === active.time))) return active;
  const all = days.flatMap((day) => day.hours.map((hour) => ({ date: day.date, time: hour.time, free: hour.state === 'open' })));
  const first = all.find((hour) => hour.free) ?? all[0];
  return first ? { date: first.date, time: first.time } : null;
}

/**
 * The hours of a week as an ARIA grid (a table: a column per day, a row per hour the week offers). One Tab
 * stop (a roving tabindex); the arrow keys, Home/End and Ctrl+Home/End move between the hours (grid-moves.ts);
 * Page Down / Page Up show the next / previous week with the focus kept in the grid; Enter and Space press
 * the hour. Keyboard focus is the view's own: it is no state of the machine.
 */
export const SlotGrid = memo(function SlotGrid(props: SlotGridProps) {
  const { days } = props;
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<{ date: string; time: string } | null>(null);
  const focusWanted = useRef<FocusWanted | null>(null);
  const noteId = useId();
  const emptyId = useId();
  const rows = hourRows(days);
  const columns: GridHours = days.map((day) => day.hours.map((hour) => hour.time));
  const tabStop = tabStopOf(days, active);
  const weekKey = days[0]?.date ?? '';

  const buttonAt = (place: GridPlace) => tableRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${days[place.column]?.date ?? ''}"][data-time="${place.time}"]`) ?? null;
  const focusPlace = (place: GridPlace | null) => {
    const date = place ? days[place.column]?.date : undefined;
    if (!place || date === undefined) {
      tableRef.current?.focus();
      return;
    }
    setActive({ date, time: place.time });
    buttonAt(place)?.focus();
  };

  // Another week shown by Page Down / Page Up or the empty week's offer: the focus stays in the grid.
  useLayoutEffect(() => {
    const wanted = focusWanted.current;
    if (wanted === null) return;
    focusWanted.current = null;
    focusPlace(wanted === 'first' ? firstPlace(columns) : nearestPlace(columns, wanted.near));
    // Only a new week moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [weekKey]);

  // The Available Tutors dialog closed (Escape, Close, a tutor chosen): back to the hour it was opened from.
  const wasOpen = useRef(props.dialogOpen);
  useEffect(() => {
    if (wasOpen.current && !props.dialogOpen && tabStop) {
      tableRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${tabStop.date}"][data-time="${tabStop.time}"]`)?.focus();
    }
    wasOpen.current = props.dialogOpen;
  }, [props.dialogOpen, tabStop]);

  const placeOf = (element: EventTarget): GridPlace | null => {
    if (!(element instanceof HTMLElement) || element.dataset.time === undefined) return null;
    const column = days.findIndex((day) => day.date === element.dataset.date);
    return column < 0 ? null : { column, time: element.dataset.time };
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const place = placeOf(event.target);
    if (event.key === 'PageDown' || event.key === 'PageUp') {
      event.preventDefault();
      const week = event.key === 'PageDown' ? props.nextWeek : props.previousWeek;
      if (week === null) return;
      focusWanted.current = place ? { near: place } : 'first';
      props.onWeek(week);
      return;
    }
    const move = moveOfKey(event.key, event.ctrlKey || event.metaKey);
    if (move === null || place === null) return;
    event.preventDefault();
    focusPlace(moveIn(columns, place, move));
  };

  const describedBy = props.emptyWeek ? `${noteId} ${emptyId}` : noteId;
  return (
    <div className={styles.gridArea}>
      <p id={noteId} className={styles.zoneNote}>
        {props.zoneNote}
      </p>
      {/* The grid's own Tab stop when the week has no hour: Page Up / Page Down still work from it. */}
      <table ref={tableRef} role="grid" aria-label="Hours of the week" aria-describedby={describedBy} className={styles.grid} tabIndex={tabStop ? -1 : 0} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {days.map((day) => (
              <th key={day.date} scope="col" className={styles.dayHead} aria-describedby={day.gap ? `${noteId}-${day.date}` : undefined}>
                <span aria-hidden="true">{day.weekday}</span>
                <span aria-hidden="true" className={styles.muted}>
                  {day.day}
                </span>
                <span className={ui.visuallyHidden}>{day.label}</span>
                {day.gap ? (
                  <>
                    {' '}
                    <span className={styles.gapWord}>{day.gap.word}</span>
                  </>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((time) => (
            <tr key={time}>
              {days.map((day) => {
                const hour = day.hours.find((h) => h.time === time);
                const isStop = tabStop?.date === day.date && tabStop.time === time;
                return (
                  <td key={day.date} className={styles.cell}>
                    {hour ? (
                      <button
                        type="button"
                        data-date={day.date}
                        data-time={time}
                        className={`${styles.hour} ${hour.state === 'chosen' ? styles.chosen : ''} ${hour.state === 'taken' ? styles.taken : ''}`}
                        aria-label={hour.label}
                        aria-pressed={hour.state === 'chosen'}
                        aria-disabled={props.processing || undefined}
                        tabIndex={isStop ? 0 : -1}
                        onFocus={() => setActive({ date: day.date, time })}
                        onClick={() => {
                          if (!props.processing) props.onSlot(day.date, time);
                        }}
                      >
                        {time}
                      </button>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Why each day without hours has none: what a screen reader says with its column header. */}
      <div hidden>
        {days.flatMap((day) =>
          day.gap ? [
            <span key={day.date} id={`${noteId}-${day.date}`}>
              {day.gap.reason}
            </span>,
          ] : [],
        )}
      </div>
      {props.emptyWeek ? (
        <div className={styles.emptyWeek}>
          <p id={emptyId} className={styles.emptyText}>
            {props.emptyWeek.text}
          </p>
          {props.emptyWeek.next ? (
            <button
              type="button"
              className={`${ui.button} ${ui.secondary}`}
              onClick={() => {
                const next = props.emptyWeek?.next;
                if (!next) return;
                focusWanted.current = 'first';
                props.onShowWeek(next.month, next.index);
              }}
            >
              {props.emptyWeek.next.label}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
