import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  calendarDayOf,
  dateTimeSeparator,
  formatCalendarDay,
  formatCalendarDayTime,
  formatDateTime,
  formatDay,
  formatTime,
  timesInText,
  yourTime,
  zoneLabel,
  zoneOffset,
} from '../../contract/date-format.ts';

// The one way a date is written: 'Sat 28 Nov 2026 · 09:00', on the wall clock of the zone given, whatever
// the process's own zone.

describe('formatDay, formatTime, formatDateTime, calendarDayOf', () => {
  it.each([
    // instant, zone, day, time, calendar day
    ['2026-11-28T05:00:00Z', 'Asia/Dubai', 'Sat 28 Nov 2026', '09:00', '2026-11-28'],
    ['2026-11-27T20:00:00Z', 'Asia/Dubai', 'Sat 28 Nov 2026', '00:00', '2026-11-28'],
    ['2026-11-28T19:59:00Z', 'Asia/Dubai', 'Sat 28 Nov 2026', '23:59', '2026-11-28'],
    ['2026-11-28T20:00:00Z', 'Asia/Dubai', 'Sun 29 Nov 2026', '00:00', '2026-11-29'],
    // London: GMT in winter, BST (UTC+1) in summer.
    ['2026-01-05T09:00:00Z', 'Europe/London', 'Mon 5 Jan 2026', '09:00', '2026-01-05'],
    ['2026-07-05T09:00:00Z', 'Europe/London', 'Sun 5 Jul 2026', '10:00', '2026-07-05'],
    // New York the evening before (EST, UTC−5).
    ['2026-12-03T02:00:00Z', 'America/New_York', 'Wed 2 Dec 2026', '21:00', '2026-12-02'],
    // Sydney the morning after (AEDT, UTC+11).
    ['2026-11-28T18:30:00Z', 'Australia/Sydney', 'Sun 29 Nov 2026', '05:30', '2026-11-29'],
    // Half-hour and three-quarter-hour zones.
    ['2026-11-28T05:00:00Z', 'Asia/Kolkata', 'Sat 28 Nov 2026', '10:30', '2026-11-28'],
    ['2026-11-28T05:00:00Z', 'Asia/Kathmandu', 'Sat 28 Nov 2026', '10:45', '2026-11-28'],
    ['2026-11-28T05:00:00Z', 'America/Argentina/Buenos_Aires', 'Sat 28 Nov 2026', '02:00', '2026-11-28'],
    ['2026-11-28T05:00:00Z', 'UTC', 'Sat 28 Nov 2026', '05:00', '2026-11-28'],
    // A leap day, and the turn of the year.
    ['2028-02-29T12:00:00Z', 'Asia/Dubai', 'Tue 29 Feb 2028', '16:00', '2028-02-29'],
    ['2026-12-31T20:00:00Z', 'Asia/Dubai', 'Fri 1 Jan 2027', '00:00', '2027-01-01'],
  ])('%s in %s is %s · %s', (instant, zone, day, time, calendarDay) => {
    expect(formatDay(instant, zone)).toBe(day);
    expect(formatTime(instant, zone)).toBe(time);
    expect(formatDateTime(instant, zone)).toBe(`${day} · ${time}`);
    expect(calendarDayOf(instant, zone)).toBe(calendarDay);
  });

  it('takes an instant as ISO text, epoch milliseconds or a Date alike', () => {
    const iso = '2026-11-28T05:00:00Z';
    const expected = 'Sat 28 Nov 2026 · 09:00';
    expect(formatDateTime(iso, 'Asia/Dubai')).toBe(expected);
    expect(formatDateTime(Date.parse(iso), 'Asia/Dubai')).toBe(expected);
    expect(formatDateTime(new Date(iso), 'Asia/Dubai')).toBe(expected);
    expect(formatDateTime('2026-11-28T09:00:00+04:00', 'Asia/Dubai')).toBe(expected);
  });

  it('uses the one separator', () => {
    expect(dateTimeSeparator).toBe(' · ');
  });

  // Written by hand (bundle size): it must write exactly what date-fns' patterns write, every 7 hours and a
  // minute of a year in zones east and west, with and without summer time.
  it.each(['Asia/Dubai', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'UTC'])(
    'writes what date-fns writes, in %s',
    (zone) => {
      const from = Date.parse('2026-01-01T00:00:00Z');
      for (let at = from; at < from + 366 * 86_400_000; at += 7 * 3_600_000 + 60_000) {
        const local = new TZDate(at, zone);
        expect(formatDay(at, zone)).toBe(format(local, 'EEE d MMM yyyy'));
        expect(formatTime(at, zone)).toBe(format(local, 'HH:mm'));
        expect(calendarDayOf(at, zone)).toBe(format(local, 'yyyy-MM-dd'));
        // The reader's clock, against a branch in UTC: what 'h:mm aaa' ('EEE d MMM' first on another day) writes.
        const clock = format(local, 'h:mm aaa');
        const expected = format(local, 'yyyy-MM-dd HH:mm') === format(new TZDate(at, 'UTC'), 'yyyy-MM-dd HH:mm') ? null : format(local, 'yyyy-MM-dd') === format(new TZDate(at, 'UTC'), 'yyyy-MM-dd') ? `${clock} your time` : `${format(local, 'EEE d MMM')} · ${clock} your time`;
        expect(yourTime(at, 'UTC', zone)).toBe(expected);
      }
    },
  );
});

describe('zoneOffset', () => {
  // Remembered per UTC day: a day the zone changes its offset is asked at each instant. Lord Howe moves by half
  // an hour, Chatham at a quarter past, Kathmandu never (and is +05:45).
  it.each(['Asia/Dubai', 'Europe/London', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu'])(
    'answers what the zone says at every quarter hour of 2026 in %s, and the minute either side of each change',
    (timeZone) => {
      const quarter = 15 * 60_000;
      const wrong: string[] = [];
      for (let at = Date.parse('2026-01-01T00:00:00Z'); at < Date.parse('2027-01-01T00:00:00Z'); at += quarter) {
        const instants = tzOffset(timeZone, new Date(at)) === tzOffset(timeZone, new Date(at + quarter)) ? [at] : [at, at + quarter - 60_000, at + quarter - 1];
        for (const instant of instants) {
          if (zoneOffset(timeZone, instant) !== tzOffset(timeZone, new Date(instant))) wrong.push(new Date(instant).toISOString());
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});

describe('formatCalendarDay, formatCalendarDayTime', () => {
  it.each([
    ['2026-11-28', 'Sat 28 Nov 2026'],
    ['2026-12-06', 'Sun 6 Dec 2026'],
    ['2026-01-01', 'Thu 1 Jan 2026'],
    ['2028-02-29', 'Tue 29 Feb 2028'],
    // The days summer time starts and ends in London, New York and Sydney: a wall-clock day is only a day.
    ['2026-03-29', 'Sun 29 Mar 2026'],
    ['2026-11-01', 'Sun 1 Nov 2026'],
    ['2026-10-04', 'Sun 4 Oct 2026'],
  ])('%s is %s', (date, text) => {
    expect(formatCalendarDay(date)).toBe(text);
  });

  it('writes a wall-clock day and hour as an instant is written', () => {
    expect(formatCalendarDayTime('2026-11-28', '09:00')).toBe('Sat 28 Nov 2026 · 09:00');
    expect(formatCalendarDayTime('2026-11-28', '09:00')).toBe(formatDateTime('2026-11-28T05:00:00Z', 'Asia/Dubai'));
  });
});

describe('zoneLabel, timesInText', () => {
  it.each([
    ['Asia/Dubai', 'Dubai time'],
    ['Europe/London', 'London time'],
    ['America/New_York', 'New York time'],
    ['Australia/Sydney', 'Sydney time'],
    ['America/Argentina/Buenos_Aires', 'Buenos Aires time'],
    ['UTC', 'UTC'],
    ['Etc/UTC', 'UTC'],
  ])('%s is labelled %s', (zone, label) => {
    expect(zoneLabel(zone)).toBe(label);
  });

  it.each([
    ['Asia/Dubai', 'Times in Dubai time'],
    ['America/New_York', 'Times in New York time'],
    ['UTC', 'Times in UTC'],
  ])('a list in %s says %s', (zone, text) => {
    expect(timesInText(zone)).toBe(text);
  });
});

describe('yourTime', () => {
  // 09:00 in Dubai on Saturday 28 November 2026 is 05:00 UTC.
  const nine = '2026-11-28T05:00:00Z';

  it.each([
    ['the same zone', nine, 'Asia/Dubai', 'Asia/Dubai'],
    ['another zone with the same offset then', nine, 'Asia/Dubai', 'Asia/Muscat'],
    ['London and Lisbon in winter (both UTC)', nine, 'Europe/London', 'Europe/Lisbon'],
    ['London and Lisbon in summer (both UTC+1)', '2026-07-01T09:00:00Z', 'Europe/London', 'Europe/Lisbon'],
    ['UTC and London in winter', nine, 'UTC', 'Europe/London'],
  ])('is null for %s', (_case, instant, branch, viewer) => {
    expect(yourTime(instant, branch, viewer)).toBeNull();
  });

  it.each([
    // instant, branch, viewer, text
    ['Berlin, an hour ahead of UTC in winter', nine, 'Asia/Dubai', 'Europe/Berlin', '6:00 am your time'],
    ['London in winter', nine, 'Asia/Dubai', 'Europe/London', '5:00 am your time'],
    ['London in summer (BST)', '2026-07-01T05:00:00Z', 'Asia/Dubai', 'Europe/London', '6:00 am your time'],
    ['Kolkata, half an hour off', nine, 'Asia/Dubai', 'Asia/Kolkata', '10:30 am your time'],
    ['noon', '2026-11-28T12:00:00Z', 'Asia/Dubai', 'UTC', '12:00 pm your time'],
    ['the afternoon', '2026-11-28T13:15:00Z', 'Asia/Dubai', 'UTC', '1:15 pm your time'],
    ['midnight, the same day', '2026-11-28T05:00:00Z', 'Asia/Dubai', 'America/New_York', '12:00 am your time'],
    // The reader's day differs from the branch's: it is named first.
    ['the evening before, in London', '2026-11-27T23:00:00Z', 'Asia/Dubai', 'Europe/London', 'Fri 27 Nov · 11:00 pm your time'],
    ['the evening before, in New York', nine, 'Asia/Dubai', 'America/Los_Angeles', 'Fri 27 Nov · 9:00 pm your time'],
    ['the morning after, in Sydney', '2026-11-28T18:00:00Z', 'Asia/Dubai', 'Australia/Sydney', 'Sun 29 Nov · 5:00 am your time'],
    ['the next year', '2026-12-31T18:00:00Z', 'Asia/Dubai', 'Pacific/Auckland', 'Fri 1 Jan · 7:00 am your time'],
  ])('reads %s', (_case, instant, branch, viewer, text) => {
    expect(yourTime(instant, branch, viewer)).toBe(text);
  });

  it('follows the reader’s summer time across the change while the branch has none', () => {
    // 16:00 in Dubai is 12:00 UTC: 12:00 in London before 29 March 2026, 13:00 after it.
    expect(yourTime('2026-03-28T12:00:00Z', 'Asia/Dubai', 'Europe/London')).toBe('12:00 pm your time');
    expect(yourTime('2026-03-29T12:00:00Z', 'Asia/Dubai', 'Europe/London')).toBe('1:00 pm your time');
  });
});
