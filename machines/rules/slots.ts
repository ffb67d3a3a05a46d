import { tzOffset } from '@date-fns/tz';
import { wallClockInstant } from '../../contract/date-format.ts';

/**
 * The slot grid of /book-class (spec §2 "Book Classes", §5 "Slot selection", §9): hourly slots from the
 * tutors' availability windows, months, Sunday-start weeks and their tabs. Every day and hour is a
 * wall-clock value of the BRANCH's time zone (DESIGN.md), computed from the instant and the zone's offset,
 * never from the browser's zone: the same answer under any TZ.
 */

/** One availability window of POST /subjectFilter/ (instants, any offset). */
export interface AvailabilityWindow {
  start: string;
  finish: string;
  apt_id: number;
  contractor_id?: number;
}

/** The tutors free at one branch-zone day and hour. */
export interface HourAvailability {
  aptIds: number[];
  /** The contractors whose windows cover the hour (empty when the windows do not name them). */
  contractorIds: number[];
  /** Each named contractor's window (apt_id) covering the hour: what a slot with that tutor books. */
  aptOf: Record<number, number>;
}

/** Hourly availability by `hourKey(date, time)`. */
export type AvailabilityIndex = Map<string, HourAvailability>;

export const hourKey = (date: string, time: string) => `${date} ${time}`;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The zone's offset (minutes) at an instant, asked of the zone (Intl, the costly part) about twice per UTC
 * day: a zone changes its offset at most once a day, so a day whose first and last instants agree has that
 * offset throughout; a day of a change is asked hour by hour.
 */
function zoneOffsets(timeZone: string): (instant: number) => number {
  const days = new Map<number, number | null>();
  return (instant) => {
    const day = Math.floor(instant / dayMs);
    let offset = days.get(day);
    if (offset === undefined) {
      const first = tzOffset(timeZone, new Date(day * dayMs));
      offset = first === tzOffset(timeZone, new Date((day + 1) * dayMs - 1)) ? first : null;
      days.set(day, offset);
    }
    return offset ?? tzOffset(timeZone, new Date(instant));
  };
}

/** The branch-zone wall clock of an instant as day and HH:MM. */
function wallClock(instant: number, offsetAt: (instant: number) => number): { date: string; time: string; minute: number; second: number } {
  const local = new Date(instant + offsetAt(instant) * minuteMs);
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:00`,
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds() * 1000 + local.getUTCMilliseconds(),
  };
}

/**
 * The whole branch-zone hours inside each window (a slot is 60 minutes and must end by the window's
 * finish; a window starting mid-hour begins at the next whole hour), merged by day and hour.
 */
export function hourlyAvailability(windows: readonly AvailabilityWindow[], timeZone: string): AvailabilityIndex {
  const index: AvailabilityIndex = new Map();
  const offsetAt = zoneOffsets(timeZone);
  // 50 tutors share the same few hundred hours and window times: each instant's wall clock (the zone
  // lookup is the costly part) and each time text are worked out once per call (bench/slot-grid.bench.ts).
  const instants = new Map<string, number>();
  const parse = (text: string) => {
    let instant = instants.get(text);
    if (instant === undefined) instants.set(text, (instant = Date.parse(text)));
    return instant;
  };
  const starts = new Map<string, number>();
  const firstHour = (text: string) => {
    let at = starts.get(text);
    if (at === undefined) {
      at = parse(text);
      if (!Number.isNaN(at)) {
        const { minute, second } = wallClock(at, offsetAt);
        if (minute !== 0 || second !== 0) at += hourMs - minute * minuteMs - second;
      }
      starts.set(text, at);
    }
    return at;
  };
  const hours = new Map<number, HourAvailability>();
  const hourAt = (instant: number) => {
    const minutes = instant / minuteMs;
    let hour = hours.get(minutes);
    if (!hour) {
      const { date, time } = wallClock(instant, offsetAt);
      const key = hourKey(date, time);
      hour = index.get(key) ?? { aptIds: [], contractorIds: [], aptOf: {} };
      index.set(key, hour);
      hours.set(minutes, hour);
    }
    return hour;
  };
  for (const window of windows) {
    const finish = parse(window.finish);
    let at = firstHour(window.start);
    if (Number.isNaN(at) || Number.isNaN(finish)) continue;
    for (; at + hourMs <= finish; at += hourMs) {
      const hour = hourAt(at);
      if (!hour.aptIds.includes(window.apt_id)) hour.aptIds.push(window.apt_id);
      if (window.contractor_id !== undefined && !hour.contractorIds.includes(window.contractor_id)) {
        hour.contractorIds.push(window.contractor_id);
        hour.aptOf[window.contractor_id] = window.apt_id;
      }
    }
  }
  return index;
}

/** The instant a branch-zone day and HH:MM stands for (the zone's offset at that moment, DST included). */
export function instantOfHour(date: string, time: string, timeZone: string): number {
  return wallClockInstant(date, time, timeZone);
}

/** Whether the hour is free, and, when the windows name their tutors and a tutor is given, free for that tutor. */
export function isAvailable(index: AvailabilityIndex, date: string, time: string, tutorId?: number): boolean {
  const hour = index.get(hourKey(date, time));
  if (!hour) return false;
  return tutorId === undefined || hour.contractorIds.length === 0 || hour.contractorIds.includes(tutorId);
}

/** The window (apt_id) a slot with `tutorId` books: that tutor's, else the hour's first; 0 when the hour is not free. */
export function aptIdFor(index: AvailabilityIndex, date: string, time: string, tutorId: number): number {
  const hour = index.get(hourKey(date, time));
  return hour?.aptOf[tutorId] ?? hour?.aptIds[0] ?? 0;
}

/** The available hours of a day, earliest first. */
export function hoursOfDay(index: AvailabilityIndex, date: string): string[] {
  const hours: string[] = [];
  for (let h = 0; h < 24; h += 1) {
    const time = `${pad(h)}:00`;
    if (index.has(hourKey(date, time))) hours.push(time);
  }
  return hours;
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / dayMs;
}

const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/** A YYYY-MM-DD day moved by `days`. */
export const addDays = (date: string, days: number) => dateOf(dayNumber(date) + days);

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string) => new Date(dayNumber(date) * dayMs).getUTCDay();

/** YYYY-MM of a day. */
export const monthOf = (date: string) => date.slice(0, 7);

/** Days between today and the first bookable day (spec §9 "Weeks start 2 days from today"). */
export const bookingNoticeDays = 2;

/**
 * The first bookable day of a month (YYYY-MM): today + 2 in the current month, the 1st of a later month
 * (unless today + 2 is later still); null for a month before the current one, or one with no day left.
 */
export function firstBookableDay(today: string, month: string): string | null {
  if (month < monthOf(today)) return null;
  const earliest = addDays(today, bookingNoticeDays);
  const first = `${month}-01`;
  const day = earliest > first ? earliest : first;
  return monthOf(day) === month ? day : null;
}

export interface MonthChoice {
  /** YYYY-MM */
  value: string;
  /** 'November 2026' */
  label: string;
  disabled: boolean;
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The month picker: the months of today's year, those before the current month disabled (spec §5), then
 * the next `ahead` months after the current one when they fall in the following year. A current month
 * with no bookable day left is disabled too.
 */
export function monthChoices(today: string, ahead = 2): MonthChoice[] {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const choices: MonthChoice[] = [];
  const last = Math.max(12, month + ahead);
  for (let m = 1; m <= last; m += 1) {
    const y = year + Math.floor((m - 1) / 12);
    const value = `${y}-${pad(((m - 1) % 12) + 1)}`;
    choices.push({ value, label: `${monthNames[(m - 1) % 12]} ${y}`, disabled: firstBookableDay(today, value) === null });
  }
  return choices;
}

/** The month a grid opens on: the current month, or the next when the current one has no bookable day left. */
export function openingMonth(today: string): string {
  return firstBookableDay(today, monthOf(today)) ? monthOf(today) : monthOf(addDays(`${monthOf(today)}-01`, 31));
}

export const weekLabels = ['1st Week', '2nd Week', '3rd Week', '4th Week', '5th Week', '6th Week'] as const;
export const weekdayLabels = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

export interface GridDay {
  date: string;
  /** SU … SA */
  weekday: (typeof weekdayLabels)[number];
  /** Before the first bookable day: shown, never clickable. */
  bookable: boolean;
}

export interface GridWeek {
  index: number;
  label: string;
  days: GridDay[];
}

/**
 * A month's weeks as SU..SA rows: the Sunday-start week holding the first bookable day, then the weeks
 * after it, `weeksShown` in all (at most 6). Decision: the weeks run on past the month's end, so that a
 * package started late in a month still has all its weeks.
 */
export function monthWeeks(today: string, month: string, weeksShown: number): GridWeek[] {
  const first = firstBookableDay(today, month);
  if (!first) return [];
  const sunday = addDays(first, -weekdayOf(first));
  const count = Math.max(0, Math.min(weeksShown, weekLabels.length));
  return Array.from({ length: count }, (_, index) => ({
    index,
    label: weekLabels[index] ?? '',
    days: weekdayLabels.map((weekday, d) => {
      const date = addDays(sunday, index * 7 + d);
      return { date, weekday, bookable: date >= first };
    }),
  }));
}

/** How many week tabs show at a time (spec §9). */
export const weekTabsAtATime = 3;

export interface WeekTabPage {
  /** The week indexes shown. */
  weeks: number[];
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The week tabs shown for page `page` (three at a time): previous / next move by a page. */
export function weekTabPage(weekCount: number, page: number): WeekTabPage {
  const pages = Math.max(1, Math.ceil(weekCount / weekTabsAtATime));
  const at = Math.min(Math.max(0, page), pages - 1);
  const from = at * weekTabsAtATime;
  const weeks = Array.from({ length: Math.max(0, Math.min(weekTabsAtATime, weekCount - from)) }, (_, i) => from + i);
  return { weeks, hasPrevious: at > 0, hasNext: at < pages - 1 };
}

/** The tab page holding a week. */
export const pageOfWeek = (weekIndex: number) => Math.floor(Math.max(0, weekIndex) / weekTabsAtATime);

/**
 * The windows without the hours at which a booked student already has a lesson (a student is in one lesson at
 * a time: the server refuses such a booking, and only after payment would be too late to say so). A window is
 * cut around each lesson that overlaps it.
 */
export function withoutLessons(windows: readonly AvailabilityWindow[], lessons: readonly { start: string; finish: string }[]): AvailabilityWindow[] {
  const busy = lessons.map((lesson) => [Date.parse(lesson.start), Date.parse(lesson.finish)] as const).sort((a, b) => a[0] - b[0]);
  return windows.flatMap((window) => {
    const pieces: AvailabilityWindow[] = [];
    let from = Date.parse(window.start);
    const to = Date.parse(window.finish);
    for (const [start, finish] of busy) {
      if (finish <= from || start >= to) continue;
      if (start > from) pieces.push({ ...window, start: new Date(from).toISOString(), finish: new Date(start).toISOString() });
      from = Math.max(from, finish);
    }
    if (from < to) pieces.push({ ...window, start: new Date(from).toISOString(), finish: new Date(to).toISOString() });
    return pieces;
  });
}
