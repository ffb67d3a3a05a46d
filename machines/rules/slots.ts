import { wallClockInstant, zoneOffset } from '../../contract/date-format.ts';

/**
 * The slot grid of /book-class (spec §2 "Book Classes", §5 "Slot selection", §9): hourly slots from the
 * tutors' availability windows, months, Sunday-start weeks and their tabs. Every day and hour is a
 * wall-clock value of the BRANCH's time zone (docs/decisions/001-branch-time-zone.md), computed from the instant and the zone's offset,
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
  /** The window (apt_id) of each contractor of `contractorIds`, at the same place: what a slot with that tutor books. */
  contractorApts: number[];
}

/** Hourly availability by `hourKey(date, time)`. */
export type AvailabilityIndex = Map<string, HourAvailability>;

export const hourKey = (date: string, time: string) => `${date} ${time}`;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;
const pad = (n: number) => String(n).padStart(2, '0');
const hourTimes = Array.from({ length: 24 }, (_, h) => `${pad(h)}:00`);

/** 'YYYY-MM-DD' of a day number (days since the epoch). */
const dateOf = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/** The hours of each day of an index, earliest first, recorded as the index is built (hoursOfDay reads them). */
const daysOfIndex = new WeakMap<AvailabilityIndex, Map<string, string[]>>();

/**
 * Which apt_ids more than one window has. Counted in a byte per id when the ids are small whole numbers (as a
 * provider's row ids are): a Map's get and set for each of a branch's thousands of windows was most of what kept
 * the grid bench over 2 ms. Other ids are counted in a Map.
 */
function sharedAptIds(windows: readonly AvailabilityWindow[]): (apt: number) => boolean {
  let largest = 0;
  for (const window of windows) {
    const apt = window.apt_id;
    if (!Number.isInteger(apt) || apt < 0) largest = Number.POSITIVE_INFINITY;
    else if (apt > largest) largest = apt;
  }
  if (largest <= 1 << 22) {
    const seen = new Uint8Array(largest + 1);
    let any = false;
    for (const window of windows) {
      const count = seen[window.apt_id] ?? 0;
      if (count > 0) any = true;
      if (count < 2) seen[window.apt_id] = count + 1;
    }
    return any ? (apt) => (seen[apt] ?? 0) > 1 : () => false;
  }
  const counts = new Map<number, number>();
  for (const window of windows) counts.set(window.apt_id, (counts.get(window.apt_id) ?? 0) + 1);
  return (apt) => (counts.get(apt) ?? 0) > 1;
}

/**
 * The whole branch-zone hours inside each window (a slot is 60 minutes and must end by the window's
 * finish; a window starting mid-hour begins at the next whole hour), merged by day and hour.
 * Written for speed (bench/slot-grid.bench.ts: 6 weeks × 50 tutors, under 2 ms): 50 tutors share the same few
 * hundred hours and window times, so each time text, each instant's wall clock and each day's text are worked
 * out once per call, and an hour's tutors are deduplicated without scanning its lists.
 */
export function hourlyAvailability(windows: readonly AvailabilityWindow[], timeZone: string): AvailabilityIndex {
  const index: AvailabilityIndex = new Map();
  const days = new Map<string, string[]>();
  daysOfIndex.set(index, days);
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
        // Past the local whole hour by the same amount as the local clock (offsets are whole minutes).
        const intoHour = (((at + zoneOffset(timeZone, at) * minuteMs) % hourMs) + hourMs) % hourMs;
        if (intoHour !== 0) at += hourMs - intoHour;
      }
      starts.set(text, at);
    }
    return at;
  };
  // Most windows have an apt_id of their own and most tutors' windows do not overlap: only then can an hour
  // meet an apt_id or a tutor twice, and only then is the hour's list searched (the search was most of the time).
  const sharedApt = sharedAptIds(windows);
  /** The latest hour each contractor has been listed at: a later hour cannot list them yet. */
  const lastOfContractor = new Map<number, number>();
  /** Hours reached from two instants (the hour repeated when clocks go back): listed twice unless searched. */
  const repeated = new Set<HourAvailability>();
  const dayTexts = new Map<number, string>();
  const hours = new Map<number, HourAvailability>();
  const hourAt = (instant: number) => {
    const minutes = (instant / minuteMs) | 0;
    let hour = hours.get(minutes);
    if (!hour) {
      const local = instant + zoneOffset(timeZone, instant) * minuteMs;
      const dayNumber = Math.floor(local / dayMs);
      let date = dayTexts.get(dayNumber);
      if (date === undefined) dayTexts.set(dayNumber, (date = dateOf(dayNumber)));
      const time = hourTimes[Math.floor((local - dayNumber * dayMs) / hourMs)] ?? '00:00';
      const key = hourKey(date, time);
      hour = index.get(key);
      if (hour) repeated.add(hour);
      else {
        hour = { aptIds: [], contractorIds: [], contractorApts: [] };
        index.set(key, hour);
        const ofDay = days.get(date);
        if (ofDay) ofDay.push(time);
        else days.set(date, [time]);
      }
      hours.set(minutes, hour);
    }
    return hour;
  };
  for (const window of windows) {
    const finish = parse(window.finish);
    let at = firstHour(window.start);
    if (Number.isNaN(at) || Number.isNaN(finish) || at + hourMs > finish) continue;
    const apt = window.apt_id;
    const shared = sharedApt(apt);
    const contractor = window.contractor_id;
    const listedUntil = contractor === undefined ? 0 : (lastOfContractor.get(contractor) ?? -Infinity);
    for (; at + hourMs <= finish; at += hourMs) {
      const hour = hourAt(at);
      const twice = repeated.size > 0 && repeated.has(hour);
      if ((!shared && !twice) || !hour.aptIds.includes(apt)) hour.aptIds.push(apt);
      if (contractor !== undefined && ((at > listedUntil && !twice) || !hour.contractorIds.includes(contractor))) {
        hour.contractorIds.push(contractor);
        hour.contractorApts.push(apt);
      }
    }
    if (contractor !== undefined) lastOfContractor.set(contractor, Math.max(listedUntil, at - hourMs));
  }
  for (const times of days.values()) times.sort();
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
  if (!hour) return 0;
  const at = hour.contractorIds.indexOf(tutorId);
  return (at >= 0 ? hour.contractorApts[at] : undefined) ?? hour.aptIds[0] ?? 0;
}

/** The available hours of a day, earliest first. */
export function hoursOfDay(index: AvailabilityIndex, date: string): string[] {
  const recorded = daysOfIndex.get(index);
  if (recorded) return [...(recorded.get(date) ?? [])];
  // An index built by hand (tests): asked hour by hour.
  return hourTimes.filter((time) => index.has(hourKey(date, time)));
}

function dayNumber(date: string): number {
  // Read by position, not split: the machines' guards ask this thousands of times per event when a path
  // generator explores them, and the split's arrays were a fifth of that time.
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMs;
}

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

/** Shared by every caller that asks for the same month (monthWeeks remembers it): read-only, and frozen. */
export interface GridWeek {
  readonly index: number;
  readonly label: string;
  readonly days: readonly GridDay[];
}

/**
 * A month's weeks as SU..SA rows: the Sunday-start week holding the first bookable day, then the weeks
 * after it, `weeksShown` in all (at most 6). Decision: the weeks run on past the month's end, so that a
 * package started late in a month still has all its weeks.
 */
export function monthWeeks(today: string, month: string, weeksShown: number): readonly GridWeek[] {
  const key = `${today} ${month} ${weeksShown}`;
  let weeks = monthWeeksMade.get(key);
  if (!weeks) {
    if (monthWeeksMade.size >= monthWeeksBound) monthWeeksMade.clear();
    monthWeeksMade.set(key, (weeks = makeMonthWeeks(today, month, weeksShown)));
  }
  return weeks;
}

/**
 * The weeks made so far, by (today, month, weeks shown): every guard and view of a grid asks for the weeks of
 * the same few months again and again, and one answer, frozen so that no caller can change it for the next,
 * also keeps its identity for React's memos. Bounded, as `zoneDays`.
 */
const monthWeeksMade = new Map<string, readonly GridWeek[]>();
const monthWeeksBound = 1_000;

function makeMonthWeeks(today: string, month: string, weeksShown: number): readonly GridWeek[] {
  const first = firstBookableDay(today, month);
  if (!first) return Object.freeze([]);
  const sunday = addDays(first, -weekdayOf(first));
  const count = Math.max(0, Math.min(weeksShown, weekLabels.length));
  const weeks = Array.from({ length: count }, (_, index) => ({
    index,
    label: weekLabels[index] ?? '',
    days: weekdayLabels.map((weekday, d) => {
      const date = addDays(sunday, index * 7 + d);
      return Object.freeze({ date, weekday, bookable: date >= first });
    }),
  }));
  for (const week of weeks) Object.freeze(Object.freeze(week).days);
  return Object.freeze(weeks);
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
