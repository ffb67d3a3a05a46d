import { describe, expect, it } from 'vitest';
import { type DayGap, dayGap, dayGapText, dayHasHours, firstWeekWithHours, nextWeekWithHours, weekHasHours } from '../../machines/rules/grid-gaps.ts';
import { type AvailabilityWindow, type GridDay, hourlyAvailability, monthChoices, monthWeeks } from '../../machines/rules/slots.ts';

// Why the slot grid shows no hour on a day or in a week, and which week it offers instead (issue 19).
// Monday 23 November 2026 is today in the branch: the first bookable day is Wednesday the 25th.
const today = '2026-11-23';
const day = (date: string, bookable: boolean): GridDay => ({ date, weekday: 'WE', bookable });

describe('why a day shows no hour', () => {
  it.each<[string, GridDay, number, DayGap | null]>([
    ['a bookable day with hours', day('2026-11-25', true), 3, null],
    ['a bookable day without hours: no tutor free', day('2026-11-25', true), 0, 'noTutor'],
    ['today: too soon', day('2026-11-23', false), 0, 'tooSoon'],
    ['tomorrow (today + 1): too soon', day('2026-11-24', false), 0, 'tooSoon'],
    ['a day before today: too soon', day('2026-11-22', false), 0, 'tooSoon'],
    ["a day of last month in a later month's first week", day('2026-11-30', false), 0, 'otherMonth'],
    ['hours on a day that may not be booked do not count', day('2026-11-24', false), 4, 'tooSoon'],
  ])('%s', (_, gridDay, hourCount, gap) => {
    expect(dayGap(gridDay, hourCount, today)).toBe(gap);
  });

  it.each<[DayGap, string, { word: string; reason: string }]>([
    ['tooSoon', '2026-11-24', { word: 'Too soon', reason: 'Too soon: lessons are booked at least 2 days ahead.' }],
    ['noTutor', '2026-11-27', { word: 'No tutor', reason: 'No tutor free this day.' }],
    ['otherMonth', '2026-11-30', { word: 'Nov', reason: 'A day of November: choose November in Month to book it.' }],
    ['otherMonth', '2027-01-31', { word: 'Jan', reason: 'A day of January: choose January in Month to book it.' }],
  ])('%s on %s says %j', (gap, date, text) => {
    expect(dayGapText(gap, date)).toEqual(text);
  });

  it("tells a month's grid: the notice's days, the days of the month before, the days without a tutor", () => {
    // December's first week runs from Sunday 29 November: those two days belong to November's weeks.
    const weeks = monthWeeks(today, '2026-12', 6);
    const [first] = weeks;
    expect(first?.days.map((d) => dayGap(d, 0, today))).toEqual(['otherMonth', 'otherMonth', 'noTutor', 'noTutor', 'noTutor', 'noTutor', 'noTutor']);
    const november = monthWeeks(today, '2026-11', 6)[0];
    expect(november?.days.map((d) => dayGap(d, d.date === '2026-11-25' ? 2 : 0, today))).toEqual(['tooSoon', 'tooSoon', 'tooSoon', null, 'noTutor', 'noTutor', 'noTutor']);
  });
});

// Amira (tutor 5) on Wednesday 2 December 15:00 and Wednesday the 16th 15:00; Omar (tutor 6) on Thursday 26 November 15:00. In Dubai.
const w = (start: string, contractor_id: number, apt_id: number): AvailabilityWindow => ({ start: `${start}:00+04:00`, finish: new Date(Date.parse(`${start}:00+04:00`) + 3_600_000).toISOString(), apt_id, contractor_id });
const availability = hourlyAvailability([w('2026-12-02T15:00', 5, 1), w('2026-12-16T15:00', 5, 2), w('2026-11-26T15:00', 6, 3)], 'Asia/Dubai');
const anyTutor = (date: string) => dayHasHours(availability, date);
const amira = (date: string) => dayHasHours(availability, date, 5);

describe('whether a day or a week has hours', () => {
  it.each<[string, string, number | undefined, boolean]>([
    ["Omar's Thursday, any tutor", '2026-11-26', undefined, true],
    ["Omar's Thursday, Amira's grid", '2026-11-26', 5, false],
    ["Amira's Wednesday", '2026-12-02', 5, true],
    ['a day nobody is free', '2026-12-03', undefined, false],
  ])('%s', (_, date, tutor, has) => {
    expect(dayHasHours(availability, date, tutor)).toBe(has);
  });

  it('a week counts only its bookable days', () => {
    const week = { index: 0, label: '1st Week', days: [day('2026-11-26', false), day('2026-11-27', true)] };
    expect(weekHasHours(week, anyTutor)).toBe(false);
    expect(weekHasHours({ ...week, days: [day('2026-11-26', true)] }, anyTutor)).toBe(true);
  });

  it('the first week with hours, from a week on', () => {
    const weeks = monthWeeks(today, '2026-11', 6);
    expect(firstWeekWithHours(weeks, anyTutor)?.index).toBe(0);
    expect(firstWeekWithHours(weeks, amira)?.index).toBe(1);
    expect(firstWeekWithHours(weeks, amira, 2)?.index).toBe(3);
    expect(firstWeekWithHours(weeks, amira, 4)).toBeUndefined();
  });
});

describe('the next week with a free hour, offered by a week without', () => {
  const months = monthChoices(today);
  const query = (month: string, weekIndex: number, hasHours: (date: string) => boolean, weeksShown = 6) => ({ month, weekIndex, months, weeksOf: (m: string) => monthWeeks(today, m, weeksShown), hasHours });

  it.each<[string, ReturnType<typeof query>, { month: string; index: number; firstDay: string } | null]>([
    ["November's 1st week, for Amira: the 2nd", query('2026-11', 0, amira), { month: '2026-11', index: 1, firstDay: '2026-11-29' }],
    ["November's 3rd week: the 4th (the 16th)", query('2026-11', 2, amira), { month: '2026-11', index: 3, firstDay: '2026-12-13' }],
    ["after the last hour of November's weeks: none", query('2026-11', 3, amira), null],
    // Three weeks shown (a renewal): the 16th is in December's weeks, and December's earlier weeks were looked at already.
    ["beyond a 3-week month: the later month's week that starts after the one shown", query('2026-11', 1, amira, 3), { month: '2026-12', index: 2, firstDay: '2026-12-13' }],
    ['no hour at all: none', query('2026-11', 0, () => false), null],
  ])('%s', (_, q, place) => {
    expect(nextWeekWithHours(q)).toEqual(place);
  });

  it('does not go back to a week before the one shown, even in a later month', () => {
    // Only Omar's Thursday 26 November has an hour: from December's weeks there is nothing ahead.
    const omar = (date: string) => dayHasHours(availability, date, 6);
    expect(nextWeekWithHours(query('2026-12', 0, omar))).toBeNull();
  });

  it('skips the months the picker does not offer', () => {
    const closed = months.map((choice) => ({ ...choice, disabled: choice.value === '2026-12' ? true : choice.disabled }));
    expect(nextWeekWithHours({ ...query('2026-11', 1, amira, 3), months: closed })).toBeNull();
  });
});
