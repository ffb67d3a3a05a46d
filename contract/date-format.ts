import { tzOffset } from '@date-fns/tz';

/**
 * The one way the product writes a date and a time, for the portal (machines, screens) and the server (mails,
 * calendar files) alike: 'Sat 28 Nov 2026 · 09:00', in the branch's time zone, labelled 'Dubai time'.
 * A lesson's time is the branch's wall clock wherever the reader is; a reader in another zone also gets
 * their own clock beside it ('6:00 am your time').
 *
 * Written by hand on the zone's offset (what date-fns' 'EEE d MMM yyyy', 'HH:mm' and 'h:mm aaa' would write,
 * tests/unit/date-format.test.ts compares them) rather than with date-fns' format and TZDate: every booking
 * screen loads this, and format alone is 5.5 kB of gzipped JavaScript (tests/e2e/bundle-budget.spec.ts).
 */

export const dateTimeSeparator = ' · ';

type Instant = number | string | Date;

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

const dayMs = 24 * 60 * 60_000;

/**
 * Each zone's offset (minutes) by UTC day, or null on a day the zone changes its offset. Asking the zone
 * (Intl) is the costly part of the grid and of writing times (about 12 µs a question), and its answer for a past
 * or future day never changes: remembered per zone and day for the life of the module (a few hundred days at
 * most in a session; cleared past a bound so a long-lived server cannot grow it without end).
 */
const zoneDays = new Map<string, Map<number, number | null>>();
const zoneDaysBound = 20_000;

/**
 * The zone's offset (minutes) at an instant, what tzOffset answers: a zone changes its offset at most once a day,
 * so a day whose first and last instants agree has that offset throughout; a day of a change asks each instant.
 */
export function zoneOffset(timeZone: string, instant: number): number {
  let days = zoneDays.get(timeZone);
  if (!days) zoneDays.set(timeZone, (days = new Map()));
  const day = Math.floor(instant / dayMs);
  let offset = days.get(day);
  if (offset === undefined) {
    if (days.size >= zoneDaysBound) days.clear();
    const first = tzOffset(timeZone, new Date(day * dayMs));
    offset = first === tzOffset(timeZone, new Date((day + 1) * dayMs - 1)) ? first : null;
    days.set(day, offset);
  }
  return offset ?? tzOffset(timeZone, new Date(instant));
}

function millis(instant: Instant): number {
  return typeof instant === 'number' ? instant : typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
}

/** The zone's wall clock of an instant, as a Date whose UTC fields read that clock. */
function wallClock(instant: Instant, timeZone: string): Date {
  const at = millis(instant);
  return new Date(at + zoneOffset(timeZone, at) * 60_000);
}

/**
 * The instant of a wall-clock date and time in a zone ('2026-11-28', '09:00', 'Asia/Dubai'), the same whatever zone
 * the code runs in (browser or server). In the hour repeated when clocks go back it is the FIRST of the two
 * (RFC 5545 §3.3.5); a time skipped when clocks go forward is read with the offset before the change (the
 * grid never offers one: no instant shows it).
 */
export function wallClockInstant(date: string, time: string, timeZone: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const candidates = [zoneOffset(timeZone, wall - dayMs), zoneOffset(timeZone, wall + dayMs)]
    .map((offset) => wall - offset * 60_000)
    .filter((at) => wallClock(at, timeZone).getTime() === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? wall - zoneOffset(timeZone, wall - dayMs) * 60_000;
}

const dayOf = (wall: Date) => `${weekdays[wall.getUTCDay()]} ${wall.getUTCDate()} ${months[wall.getUTCMonth()]}`;
const dayText = (wall: Date) => `${dayOf(wall)} ${wall.getUTCFullYear()}`;
const timeText = (wall: Date) => `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
const isoDay = (wall: Date) => `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;

/** 'Sat 28 Nov 2026': the branch's calendar day of an instant. */
export const formatDay = (instant: Instant, timeZone: string): string => dayText(wallClock(instant, timeZone));

/** '09:00': the branch's wall-clock time of an instant, 24-hour. */
export const formatTime = (instant: Instant, timeZone: string): string => timeText(wallClock(instant, timeZone));

/** 'Sat 28 Nov 2026 · 09:00'. */
export const formatDateTime = (instant: Instant, timeZone: string): string =>
  `${formatDay(instant, timeZone)}${dateTimeSeparator}${formatTime(instant, timeZone)}`;

/** '2026-11-28': the branch's calendar day of an instant as a key (to compare and count days with), never shown. */
export const calendarDayOf = (instant: Instant, timeZone: string): string => isoDay(wallClock(instant, timeZone));

/** A wall-clock day given as YYYY-MM-DD (a grid day, a form date): 'Sat 28 Nov 2026', the same whatever the zone. */
export function formatCalendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return dayText(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, 12)));
}

/** A wall-clock day and hour ('2026-11-28', '09:00'): 'Sat 28 Nov 2026 · 09:00'. */
export const formatCalendarDayTime = (date: string, time: string): string => `${formatCalendarDay(date)}${dateTimeSeparator}${time}`;

/**
 * The label said beside every time: the city of an IANA zone, 'Asia/Dubai' → 'Dubai time',
 * 'America/New_York' → 'New York time', 'America/Argentina/Buenos_Aires' → 'Buenos Aires time'. 'UTC' → 'UTC'.
 */
export function zoneLabel(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = timeZone.split('/').pop() ?? timeZone;
  return `${city.replace(/_/g, ' ')} time`;
}

/** The line over a list of times: 'Times in Dubai time'. */
export const timesInText = (timeZone: string): string => `Times in ${zoneLabel(timeZone)}`;

/**
 * The reader's own clock for an instant, when it differs from the branch's: '6:00 am your time', with the
 * reader's day first when the day differs too ('Fri 27 Nov · 11:00 pm your time'). Null when the reader's
 * zone shows the same wall clock at that instant (the same zone, or one with the same offset then).
 */
export function yourTime(instant: Instant, branchZone: string, viewerZone: string): string | null {
  const branch = wallClock(instant, branchZone);
  const viewer = wallClock(instant, viewerZone);
  if (branch.getTime() === viewer.getTime()) return null;
  const hours = viewer.getUTCHours();
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${pad(viewer.getUTCMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
  return isoDay(branch) === isoDay(viewer) ? `${clock} your time` : `${dayOf(viewer)}${dateTimeSeparator}${clock} your time`;
}
