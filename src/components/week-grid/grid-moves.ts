/**
 * Where the arrow keys take the focus in the slot grid (WAI-ARIA grid pattern). The grid's columns are the
 * week's days and its rows the hours, so a column holds only the hours that day offers: Down and Up go to
 * the day's next and previous hour; Right and Left to the same hour on the next and previous day that offers
 * it; Home and End to the first and last day offering that hour; Ctrl+Home and Ctrl+End to the week's first
 * and last hour. A move with nowhere to go stays put. Pure: the keyboard's handler and its tests share it.
 */

/** A cell of the grid: the day's column (0 Sunday … 6 Saturday) and the hour, HH:MM. */
export interface GridPlace {
  column: number;
  time: string;
}

/** Each column's hours, earliest first. */
export type GridHours = readonly (readonly string[])[];

export type GridMove = 'down' | 'up' | 'right' | 'left' | 'rowStart' | 'rowEnd' | 'weekStart' | 'weekEnd';

/** The move a key asks for, or null for a key the grid leaves alone. */
export function moveOfKey(key: string, ctrl: boolean): GridMove | null {
  switch (key) {
    case 'ArrowDown':
      return 'down';
    case 'ArrowUp':
      return 'up';
    case 'ArrowRight':
      return 'right';
    case 'ArrowLeft':
      return 'left';
    case 'Home':
      return ctrl ? 'weekStart' : 'rowStart';
    case 'End':
      return ctrl ? 'weekEnd' : 'rowEnd';
    default:
      return null;
  }
}

const has = (columns: GridHours, column: number, time: string) => columns[column]?.includes(time) ?? false;

/** The columns in order, the first `from` given. */
const range = (from: number, to: number) => (from <= to ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : Array.from({ length: from - to + 1 }, (_, i) => from - i));

function columnWith(columns: GridHours, time: string, order: number[]): number | undefined {
  return order.find((column) => has(columns, column, time));
}

/** The week's first hour: the first day offering one, its earliest. */
export function firstPlace(columns: GridHours): GridPlace | null {
  const column = columns.findIndex((hours) => hours.length > 0);
  const time = columns[column]?.[0];
  return time === undefined ? null : { column, time };
}

function lastPlace(columns: GridHours): GridPlace | null {
  const column = columns.findLastIndex((hours) => hours.length > 0);
  const time = columns[column]?.at(-1);
  return time === undefined ? null : { column, time };
}

export function moveIn(columns: GridHours, from: GridPlace, move: GridMove): GridPlace {
  const last = columns.length - 1;
  const day = columns[from.column] ?? [];
  const at = (column: number | undefined) => (column === undefined ? from : { column, time: from.time });
  switch (move) {
    case 'down': {
      const time = day.find((t) => t > from.time);
      return time === undefined ? from : { column: from.column, time };
    }
    case 'up': {
      const time = day.findLast((t) => t < from.time);
      return time === undefined ? from : { column: from.column, time };
    }
    case 'right':
      return from.column >= last ? from : at(columnWith(columns, from.time, range(from.column + 1, last)));
    case 'left':
      return from.column <= 0 ? from : at(columnWith(columns, from.time, range(from.column - 1, 0)));
    case 'rowStart':
      return at(columnWith(columns, from.time, range(0, last)));
    case 'rowEnd':
      return at(columnWith(columns, from.time, range(last, 0)));
    case 'weekStart':
      return firstPlace(columns) ?? from;
    case 'weekEnd':
      return lastPlace(columns) ?? from;
  }
}

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Where the focus lands in another week (Page Down / Page Up): the same day and hour; else that day's
 * nearest hour; else the same hour on the nearest day; else the week's first hour. Null for a week without hours.
 */
export function nearestPlace(columns: GridHours, wanted: GridPlace): GridPlace | null {
  if (has(columns, wanted.column, wanted.time)) return wanted;
  const day = columns[wanted.column] ?? [];
  if (day.length > 0) {
    const time = [...day].sort((a, b) => Math.abs(minutes(a) - minutes(wanted.time)) - Math.abs(minutes(b) - minutes(wanted.time)))[0];
    if (time !== undefined) return { column: wanted.column, time };
  }
  const byDistance = columns.map((_, column) => column).sort((a, b) => Math.abs(a - wanted.column) - Math.abs(b - wanted.column) || a - b);
  const column = columnWith(columns, wanted.time, byDistance);
  if (column !== undefined) return { column, time: wanted.time };
  return firstPlace(columns);
}
