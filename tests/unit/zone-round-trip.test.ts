import { tzOffset } from '@date-fns/tz';
import { afterAll, describe, expect, it } from 'vitest';
import { calendarDayOf, formatCalendarDayTime, formatDateTime, formatTime } from '../../contract/date-format.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { lessonsOfSlots } from '../../machines/booking/booking-plan.ts';
import { moveBodyOf } from '../../machines/reschedule-lesson.ts';
import { hourKey, hourlyAvailability } from '../../machines/rules/slots.ts';
import { branchInstant } from '../../server/domain/branch-time.ts';

/*
 * Display → request → display, for every hour of 2026 in four branch zones (issue 19, item 4): the hour the
 * grid shows (a branch-zone day and 'HH:00', as hourlyAvailability makes them from the tutors' windows) → the
 * start and finish the app sends (lessonsOfSlots for POST /create-order and POST /bookings, moveBodyOf for
 * PUT /appointments/{id}) → the instant the server stores (it reads the ISO text with its offset: Date.parse;
 * /filter_tutor turns the same day and hour into an instant with branchInstant) → the one formatter →
 * the same day and hour. Then again with the process (the "browser") in other zones: none of the app's side
 * may depend on the zone the code runs in.
 *
 * Summer time, decided:
 * - An hour that does not exist (spring forward: 01:00 in London on 29 March, 02:00 in New York on 8 March,
 *   02:00 in Sydney on 4 October) is never offered: the grid's hours are made from real instants, so no
 *   window can produce it. That day has 23 hours in the grid.
 * - An hour that happens twice (fall back: 01:00 in London on 25 October and in New York on 1 November,
 *   02:00 in Sydney on 5 April) is one hour in the grid: both of its instants land on the one key, and the
 *   request for it is always the same one of the two instants, whatever zone the code runs in, so it is shown
 *   back as that hour. That day has 24 hours in the grid (25 happen).
 */

const zones = ['Asia/Dubai', 'Europe/London', 'America/New_York', 'Australia/Sydney'] as const;
/**
 * The zones the code itself runs in (the browser's): none may change an answer. Chatham (UTC+12:45, +13:45 in
 * its summer) changes its clocks on the nights Sydney does; Los Angeles on New York's.
 */
const processZones = ['UTC', 'America/Los_Angeles', 'Pacific/Chatham'] as const;

const hourMs = 3_600_000;
const yearStart = Date.parse('2026-01-01T00:00:00Z');
const yearEnd = Date.parse('2027-01-01T00:00:00Z');

/** The changes of a zone's offset in 2026: the instant, and the offset (minutes) before and after. */
function changesOf(timeZone: string): { at: number; before: number; after: number }[] {
  const changes = [];
  for (let at = yearStart; at < yearEnd; at += hourMs) {
    const before = tzOffset(timeZone, new Date(at - 1));
    const after = tzOffset(timeZone, new Date(at));
    if (before !== after) changes.push({ at, before, after });
  }
  return changes;
}

/** Every hour the grid can show in 2026: a tutor free all year, in one window. */
function gridHours(timeZone: string): { date: string; time: string }[] {
  const index = hourlyAvailability([{ start: '2025-12-30T00:00:00Z', finish: '2027-01-03T00:00:00Z', apt_id: 1, contractor_id: 5 }], timeZone);
  return [...index.keys()].map((key) => ({ date: key.slice(0, 10), time: key.slice(11) })).filter(({ date }) => date.startsWith('2026-'));
}

const slotAt = (date: string, time: string): SelectedSlot => ({ key: `Mathematics-${date}-${time}`, subject: 'Mathematics', date, time, tutorId: 5, tutorPrice: 120, apt_id: 1, weekIndex: 0, name: 'Amira Haddad' });

/** The request the app sends for a grid hour, as booked and as a move. */
function requestFor(date: string, time: string, timeZone: string) {
  const [lesson] = lessonsOfSlots([slotAt(date, time)], [11], timeZone);
  const move = moveBodyOf({ appointmentId: 1, serviceId: 1, topic: 'Mathematics', branch_id: 1, timeZone, hour: { date, time } });
  return { start: lesson?.start ?? '', finish: lesson?.finish ?? '', moveStart: move.start, moveFinish: move.finish };
}

const wallText = (instant: number, offset: number) => new Date(instant + offset * 60_000).toISOString().slice(0, 16);

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(processZones)('with the code running in %s', (processZone) => {
  it('the process is in that zone (Node applies a change of TZ at once)', () => {
    process.env.TZ = processZone;
    // 1 July 2026 at noon UTC, on the process's own clock.
    const local = new Date(Date.UTC(2026, 6, 1, 12));
    expect([local.getHours(), local.getMinutes()]).toEqual({ UTC: [12, 0], 'America/Los_Angeles': [5, 0], 'Pacific/Chatham': [0, 45] }[processZone]);
  });

  describe.each(zones)('a branch in %s', (timeZone) => {
    it('every hour of 2026 the grid shows comes back as the same day and hour, by every request the app sends', () => {
      process.env.TZ = processZone;
      const hours = gridHours(timeZone);
      const changes = changesOf(timeZone);
      // 365 days of 24 hours, less the hour skipped in spring (the repeated autumn hour is one grid hour).
      expect(hours).toHaveLength(365 * 24 - changes.filter((change) => change.after > change.before).length);
      const stored = new Set<number>();
      // Every hour that does not come back, with what came back instead (one expect at the end: 8,760 hours).
      const wrong: string[] = [];
      for (const { date, time } of hours) {
        const request = requestFor(date, time, timeZone);
        const start = Date.parse(request.start);
        const shown = formatDateTime(start, timeZone);
        const ok =
          // The request names the branch's wall clock with the branch's offset at that instant, never the browser's.
          /^\d{4}-\d\d-\d\dT\d\d:00:00[+-]\d\d:\d\d$/.test(request.start) &&
          request.start.slice(0, 16) === `${date}T${time}` &&
          wallText(start, tzOffset(timeZone, new Date(start))) === `${date}T${time}` &&
          Date.parse(request.finish) - start === hourMs &&
          // A move is sent as a booking is.
          request.moveStart === request.start &&
          request.moveFinish === request.finish &&
          // Shown again from the stored instant: the same day and hour, in the one way of writing it.
          shown === formatCalendarDayTime(date, time) &&
          calendarDayOf(start, timeZone) === date &&
          formatTime(start, timeZone) === time;
        if (!ok) wrong.push(`${date} ${time} → ${request.start} – ${request.finish} (move ${request.moveStart}) → ${shown}`);
        stored.add(start);
      }
      expect(wrong).toEqual([]);
      // No two grid hours book the same instant.
      expect(stored.size).toBe(hours.length);
    });

    it('across each change of summer time: the missing hour is not offered, the repeated hour is one instant', () => {
      process.env.TZ = processZone;
      const keys = new Set(gridHours(timeZone).map(({ date, time }) => hourKey(date, time)));
      const changes = changesOf(timeZone);
      // Dubai keeps one offset; London and New York change twice a year, and so does Sydney.
      expect(changes).toHaveLength(timeZone === 'Asia/Dubai' ? 0 : 2);
      for (const change of changes) {
        const hoursOfDay = (date: string) => [...keys].filter((key) => key.startsWith(date)).length;
        if (change.after > change.before) {
          // Spring forward: the wall hour the clocks skip (just before the change, on the new clock) is not in the grid.
          const skipped = wallText(change.at, change.before).replace('T', ' ');
          expect(keys.has(skipped)).toBe(false);
          expect(hoursOfDay(skipped.slice(0, 10))).toBe(23);
        } else {
          // Fall back: the hour before the change and the hour after it read the same on the wall.
          const first = change.at - hourMs;
          const second = change.at;
          const repeated = wallText(first, change.before).replace('T', ' ');
          expect(wallText(second, change.after).replace('T', ' ')).toBe(repeated);
          expect(keys.has(repeated)).toBe(true);
          expect(hoursOfDay(repeated.slice(0, 10))).toBe(24);
          // A tutor free only in one of the two is offered that hour either way.
          for (const only of [first, second]) {
            const index = hourlyAvailability([{ start: new Date(only).toISOString(), finish: new Date(only + hourMs).toISOString(), apt_id: 1 }], timeZone);
            expect([...index.keys()]).toEqual([repeated]);
          }
          // The request is the FIRST of its two instants (RFC 5545 §3.3.5), whatever zone the code runs in
          // (here also against the answer with the code in UTC), and it is shown back as that hour.
          const [date = '', time = ''] = repeated.split(' ');
          const booked = Date.parse(requestFor(date, time, timeZone).start);
          expect(booked).toBe(first);
          expect(Date.parse(requestFor(date, time, timeZone).start)).toBe(booked);
          process.env.TZ = 'UTC';
          const inUtc = Date.parse(requestFor(date, time, timeZone).start);
          process.env.TZ = processZone;
          expect(booked).toBe(inUtc);
          expect(formatDateTime(booked, timeZone)).toBe(formatCalendarDayTime(date, time));
        }
      }
    });
  });
});

// The server converts with the portal's own rule (contract/date-format.ts wallClockInstant), so wherever the
// server process runs it names the instant the app books, the repeated autumn hours included (the first of the two).
describe.each(zones)('the server, a branch in %s', (timeZone) => {
  it.each(processZones)('its tutor look-up (branchInstant) names the instant the app books, every hour of 2026, running in %s', (processZone) => {
    process.env.TZ = processZone;
    const wrong = gridHours(timeZone).flatMap(({ date, time }) => {
      const booked = requestFor(date, time, timeZone).start;
      const looked = branchInstant(date, time, timeZone).toISOString();
      return Date.parse(booked) === Date.parse(looked) ? [] : [`${date} ${time}: books ${booked}, looks up ${looked}`];
    });
    expect(wrong).toEqual([]);
  });
});
