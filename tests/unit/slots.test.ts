import { describe, expect, it } from 'vitest';
import {
  type AvailabilityWindow,
  addDays,
  instantOfHour,
  aptIdFor,
  firstBookableDay,
  hourlyAvailability,
  hoursOfDay,
  isAvailable,
  monthChoices,
  monthWeeks,
  openingMonth,
  pageOfWeek,
  weekTabPage,
  weekdayOf,
  withoutLessons,
} from '../../machines/rules/slots.ts';

// These run twice (vitest.config.ts): under the machine's zone and under America/Los_Angeles. Every
// expected day and hour below is the branch's, whatever the process's zone.
const dubai = 'Asia/Dubai';
const w = (start: string, finish: string, apt_id = 1, contractor_id?: number): AvailabilityWindow => ({ start, finish, apt_id, ...(contractor_id === undefined ? {} : { contractor_id }) });
const hours = (windows: AvailabilityWindow[], zone = dubai) => [...hourlyAvailability(windows, zone).keys()];

describe('hourly slots from availability windows, in the branch zone', () => {
  it.each<[string, AvailabilityWindow[], string, string[]]>([
    ['a 3-hour window', [w('2026-11-25T05:00:00Z', '2026-11-25T08:00:00Z')], dubai, ['2026-11-25 09:00', '2026-11-25 10:00', '2026-11-25 11:00']],
    ['written with the branch offset', [w('2026-11-25T09:00:00+04:00', '2026-11-25T11:00:00+04:00')], dubai, ['2026-11-25 09:00', '2026-11-25 10:00']],
    ['a mid-hour start begins at the next whole hour', [w('2026-11-25T05:30:00Z', '2026-11-25T08:00:00Z')], dubai, ['2026-11-25 10:00', '2026-11-25 11:00']],
    ['a last hour cut short is left out', [w('2026-11-25T05:00:00Z', '2026-11-25T07:59:00Z')], dubai, ['2026-11-25 09:00', '2026-11-25 10:00']],
    ['under an hour gives nothing', [w('2026-11-25T05:00:00Z', '2026-11-25T05:59:59Z')], dubai, []],
    ['finish before start gives nothing', [w('2026-11-25T08:00:00Z', '2026-11-25T05:00:00Z')], dubai, []],
    ['an unreadable window is skipped', [w('soon', '2026-11-25T05:00:00Z'), w('2026-11-25T05:00:00Z', '2026-11-25T06:00:00Z')], dubai, ['2026-11-25 09:00']],
    ['across the branch midnight (UTC still the 25th)', [w('2026-11-25T19:00:00Z', '2026-11-25T21:00:00Z')], dubai, ['2026-11-25 23:00', '2026-11-26 00:00']],
    ['a half-hour zone aligns to its own hours', [w('2026-11-25T03:00:00Z', '2026-11-25T06:00:00Z')], 'Asia/Kolkata', ['2026-11-25 09:00', '2026-11-25 10:00']],
    ['a zone west of UTC', [w('2026-11-25T17:00:00Z', '2026-11-25T19:00:00Z')], 'America/Los_Angeles', ['2026-11-25 09:00', '2026-11-25 10:00']],
    ['the repeated hour of a DST end is one slot', [w('2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z')], 'America/New_York', ['2026-11-01 00:00', '2026-11-01 01:00', '2026-11-01 02:00']],
    ['the skipped hour of a DST start is not offered', [w('2026-03-08T05:00:00Z', '2026-03-08T09:00:00Z')], 'America/New_York', ['2026-03-08 00:00', '2026-03-08 01:00', '2026-03-08 03:00', '2026-03-08 04:00']],
    ['the days either side of a DST start keep their own offsets', [w('2026-03-28T09:00:00Z', '2026-03-28T10:00:00Z', 1), w('2026-03-30T08:00:00Z', '2026-03-30T09:00:00Z', 2)], 'Europe/London', ['2026-03-28 09:00', '2026-03-30 09:00']],
    ['overlapping windows merge', [w('2026-11-25T05:00:00Z', '2026-11-25T07:00:00Z', 1), w('2026-11-25T06:00:00Z', '2026-11-25T08:00:00Z', 2)], dubai, ['2026-11-25 09:00', '2026-11-25 10:00', '2026-11-25 11:00']],
  ])('%s', (_label, windows, zone, expected) => {
    expect(hours(windows, zone)).toEqual(expected);
  });

  // The second tutor's apt_id, shared by two of its windows: a small id, one past the ids counted in a byte each, and
  // one that is no whole number (both counted another way).
  it.each([2, 2 ** 22 + 1, 2.5])('keeps every window and tutor that covers an hour, apt_id %s listed once', (shared) => {
    const index = hourlyAvailability([w('2026-11-25T05:00:00Z', '2026-11-25T07:00:00Z', 1, 10), w('2026-11-25T06:00:00Z', '2026-11-25T08:00:00Z', shared, 20), w('2026-11-25T06:00:00Z', '2026-11-25T07:00:00Z', shared, 20)], dubai);
    expect(index.get('2026-11-25 09:00')).toEqual({ aptIds: [1], contractorIds: [10], contractorApts: [1] });
    expect(index.get('2026-11-25 10:00')).toEqual({ aptIds: [1, shared], contractorIds: [10, 20], contractorApts: [1, shared] });
    expect(index.get('2026-11-25 11:00')).toEqual({ aptIds: [shared], contractorIds: [20], contractorApts: [shared] });
    // A slot books its tutor's window; a tutor the windows do not name, the hour's first.
    expect(aptIdFor(index, '2026-11-25', '10:00', 20)).toBe(shared);
    expect(aptIdFor(index, '2026-11-25', '10:00', 99)).toBe(1);
    expect(aptIdFor(index, '2026-11-25', '12:00', 20)).toBe(0);
  });

  it.each<[string, string, number | undefined, boolean]>([
    ['2026-11-25', '09:00', undefined, true],
    ['2026-11-25', '09:00', 10, true],
    ['2026-11-25', '09:00', 20, false],
    ['2026-11-25', '12:00', undefined, false],
    ['2026-11-26', '09:00', 10, false],
  ])('%s %s is available (tutor %s): %s', (date, time, tutor, expected) => {
    const index = hourlyAvailability([w('2026-11-25T05:00:00Z', '2026-11-25T07:00:00Z', 1, 10)], dubai);
    expect(isAvailable(index, date, time, tutor)).toBe(expected);
  });

  it('any tutor is available where the windows do not name tutors', () => {
    const index = hourlyAvailability([w('2026-11-25T05:00:00Z', '2026-11-25T06:00:00Z')], dubai);
    expect(isAvailable(index, '2026-11-25', '09:00', 99)).toBe(true);
  });

  it("lists a day's hours earliest first", () => {
    const index = hourlyAvailability([w('2026-11-25T10:00:00Z', '2026-11-25T12:00:00Z'), w('2026-11-25T05:00:00Z', '2026-11-25T06:00:00Z'), w('2026-11-24T05:00:00Z', '2026-11-24T06:00:00Z')], dubai);
    expect(hoursOfDay(index, '2026-11-25')).toEqual(['09:00', '14:00', '15:00']);
    expect(hoursOfDay(index, '2026-11-27')).toEqual([]);
  });
});

describe('days', () => {
  it.each([
    ['2026-11-23', 2, '2026-11-25'],
    ['2026-11-30', 2, '2026-12-02'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-08', 0, '2026-03-08'],
  ])('%s + %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ['2026-11-22', 0], ['2026-11-23', 1], ['2026-11-25', 3], ['2026-11-28', 6], ['2027-01-01', 5],
  ])('%s is weekday %i', (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });
});

describe('the first bookable day of a month', () => {
  it.each<[string, string, string | null]>([
    ['2026-11-23', '2026-11', '2026-11-25'],
    ['2026-11-23', '2026-12', '2026-12-01'],
    ['2026-11-23', '2027-03', '2027-03-01'],
    ['2026-11-23', '2026-10', null],
    ['2026-11-23', '2025-12', null],
    ['2026-11-29', '2026-11', null],
    ['2026-11-29', '2026-12', '2026-12-01'],
    ['2026-11-30', '2026-12', '2026-12-02'],
    ['2026-12-31', '2027-01', '2027-01-02'],
    ['2026-02-27', '2026-02', null],
    ['2028-02-27', '2028-02', '2028-02-29'],
    ['2026-11-01', '2026-11', '2026-11-03'],
  ])('today %s, month %s: %s', (today, month, expected) => {
    expect(firstBookableDay(today, month)).toBe(expected);
  });

  it.each([
    ['2026-11-23', '2026-11'],
    ['2026-11-29', '2026-12'],
    ['2026-12-30', '2027-01'],
  ])('today %s opens on %s', (today, month) => {
    expect(openingMonth(today)).toBe(month);
  });
});

describe('the month picker', () => {
  it('disables the months before the current one and runs two months ahead', () => {
    const choices = monthChoices('2026-11-23');
    expect(choices.map((c) => c.value)).toEqual([
      '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01',
    ]);
    expect(choices.filter((c) => !c.disabled).map((c) => c.value)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(choices[10]).toEqual({ value: '2026-11', label: 'November 2026', disabled: false });
  });

  it('shows the calendar year when it holds the months ahead', () => {
    const choices = monthChoices('2026-03-10');
    expect(choices).toHaveLength(12);
    expect(choices.filter((c) => c.disabled).map((c) => c.value)).toEqual(['2026-01', '2026-02']);
  });

  it('disables a current month with no bookable day left', () => {
    expect(monthChoices('2026-11-29').find((c) => c.value === '2026-11')?.disabled).toBe(true);
  });
});

describe("a month's weeks", () => {
  it('starts with the Sunday-start week holding the first bookable day; earlier days are not bookable', () => {
    const weeks = monthWeeks('2026-11-23', '2026-11', 6);
    expect(weeks.map((wk) => wk.label)).toEqual(['1st Week', '2nd Week', '3rd Week', '4th Week', '5th Week', '6th Week']);
    expect(weeks[0]?.days.map((d) => [d.weekday, d.date, d.bookable])).toEqual([
      ['SU', '2026-11-22', false],
      ['MO', '2026-11-23', false],
      ['TU', '2026-11-24', false],
      ['WE', '2026-11-25', true],
      ['TH', '2026-11-26', true],
      ['FR', '2026-11-27', true],
      ['SA', '2026-11-28', true],
    ]);
    // Past the month's end, so that the package's weeks all fit.
    expect(weeks[5]?.days[0]?.date).toBe('2026-12-27');
    expect(weeks.slice(1).every((wk) => wk.days.every((d) => d.bookable))).toBe(true);
  });

  it('a later month starts on its 1st', () => {
    const [first] = monthWeeks('2026-11-23', '2027-01', 3);
    expect(first?.days.map((d) => d.bookable)).toEqual([false, false, false, false, false, true, true]);
    expect(first?.days[5]?.date).toBe('2027-01-01');
  });

  it('a first bookable Sunday starts a full week', () => {
    const [first] = monthWeeks('2026-11-20', '2026-11', 1);
    expect(first?.days[0]).toEqual({ date: '2026-11-22', weekday: 'SU', bookable: true });
  });

  it.each([
    [3, 3], [4, 4], [6, 6], [8, 6], [0, 0],
  ])('%i weeks shown give %i weeks', (shown, count) => {
    expect(monthWeeks('2026-11-23', '2026-11', shown)).toHaveLength(count);
  });

  it.each([
    ['2026-11-23', '2026-10'],
    ['2026-11-29', '2026-11'],
  ])('today %s: month %s has no weeks', (today, month) => {
    expect(monthWeeks(today, month, 6)).toEqual([]);
  });

  it('answers the same weeks for the same question, and no caller can change them for the next', () => {
    const weeks = monthWeeks('2026-11-23', '2026-12', 4);
    expect(monthWeeks('2026-11-23', '2026-12', 4)).toBe(weeks);
    expect(monthWeeks('2026-11-23', '2026-12', 3)).not.toBe(weeks);
    expect(monthWeeks('2026-11-24', '2026-12', 4)).not.toBe(weeks);
    // Frozen all the way down: a week, its days and a day.
    expect(Object.isFrozen(weeks) && weeks.every((week) => Object.isFrozen(week) && Object.isFrozen(week.days) && week.days.every((day) => Object.isFrozen(day)))).toBe(true);
    expect(() => Object.assign(weeks[0]?.days[0] ?? {}, { bookable: false })).toThrow(TypeError);
    expect(monthWeeks('2026-11-23', '2026-12', 4)[0]?.days[0]).toEqual({ date: '2026-11-29', weekday: 'SU', bookable: false });
  });
});

describe('week tabs, three at a time', () => {
  it.each<[number, number, number[], boolean, boolean]>([
    [6, 0, [0, 1, 2], false, true],
    [6, 1, [3, 4, 5], true, false],
    [6, 5, [3, 4, 5], true, false],
    [6, -1, [0, 1, 2], false, true],
    [4, 0, [0, 1, 2], false, true],
    [4, 1, [3], true, false],
    [3, 0, [0, 1, 2], false, false],
    [1, 0, [0], false, false],
    [0, 0, [], false, false],
  ])('%i weeks, page %i: %j', (weeks, page, shown, hasPrevious, hasNext) => {
    expect(weekTabPage(weeks, page)).toEqual({ weeks: shown, hasPrevious, hasNext });
  });

  it.each([
    [0, 0], [2, 0], [3, 1], [5, 1],
  ])('week %i is on page %i', (week, page) => {
    expect(pageOfWeek(week)).toBe(page);
  });
});

describe("the hours at which a booked student already has a lesson are not offered", () => {
  const window = { start: '2026-12-06T11:00:00.000Z', finish: '2026-12-06T16:00:00.000Z', apt_id: 7, contractor_id: 3 };
  it.each<[string, { start: string; finish: string }[], [string, string][]]>([
    ['no lessons', [], [['2026-12-06T11:00:00.000Z', '2026-12-06T16:00:00.000Z']]],
    ['a lesson inside', [{ start: '2026-12-06T12:00:00.000Z', finish: '2026-12-06T13:00:00.000Z' }], [['2026-12-06T11:00:00.000Z', '2026-12-06T12:00:00.000Z'], ['2026-12-06T13:00:00.000Z', '2026-12-06T16:00:00.000Z']]],
    ['a lesson at the start', [{ start: '2026-12-06T11:00:00.000Z', finish: '2026-12-06T12:00:00.000Z' }], [['2026-12-06T12:00:00.000Z', '2026-12-06T16:00:00.000Z']]],
    ['a lesson across the end', [{ start: '2026-12-06T15:30:00.000Z', finish: '2026-12-06T16:30:00.000Z' }], [['2026-12-06T11:00:00.000Z', '2026-12-06T15:30:00.000Z']]],
    ['a lesson covering it', [{ start: '2026-12-06T10:00:00.000Z', finish: '2026-12-06T17:00:00.000Z' }], []],
    ['a lesson another day', [{ start: '2026-12-07T12:00:00.000Z', finish: '2026-12-07T13:00:00.000Z' }], [['2026-12-06T11:00:00.000Z', '2026-12-06T16:00:00.000Z']]],
    ['two lessons, unsorted', [{ start: '2026-12-06T14:00:00.000Z', finish: '2026-12-06T15:00:00.000Z' }, { start: '2026-12-06T12:00:00.000Z', finish: '2026-12-06T13:00:00.000Z' }], [['2026-12-06T11:00:00.000Z', '2026-12-06T12:00:00.000Z'], ['2026-12-06T13:00:00.000Z', '2026-12-06T14:00:00.000Z'], ['2026-12-06T15:00:00.000Z', '2026-12-06T16:00:00.000Z']]],
  ])('%s', (_, lessons, pieces) => {
    const kept = withoutLessons([window], lessons);
    expect(kept.map((w) => [w.start, w.finish])).toEqual(pieces);
    expect(kept.every((w) => w.apt_id === 7 && w.contractor_id === 3)).toBe(true);
  });
});

describe('the instant of a branch-zone hour', () => {
  it.each([
    ['Dubai, no DST', '2026-12-06', '16:00', 'Asia/Dubai', '2026-12-06T12:00:00.000Z'],
    ['London in winter', '2026-12-06', '16:00', 'Europe/London', '2026-12-06T16:00:00.000Z'],
    ['London in summer', '2026-07-06', '16:00', 'Europe/London', '2026-07-06T15:00:00.000Z'],
    ['New York the day DST ends', '2026-11-01', '09:00', 'America/New_York', '2026-11-01T14:00:00.000Z'],
    ['Kolkata, a half-hour offset', '2026-12-06', '16:00', 'Asia/Kolkata', '2026-12-06T10:30:00.000Z'],
  ])('%s: %s %s is %s', (_label, date, time, zone, iso) => {
    expect(new Date(instantOfHour(date, time, zone)).toISOString()).toBe(iso);
  });
});
