import { describe, expect, it } from 'vitest';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import {
  type AutoFill,
  type SlotRules,
  classesLeftText,
  classesLimitText,
  conflictText,
  freeAssessmentText,
  isChosen,
  slotKey,
  slotRefusal,
  weeklyLimitText,
  weeksToFill,
  withAutoFill,
  withoutSlot,
} from '../../machines/rules/slot-limits.ts';
import { type AvailabilityWindow, hourlyAvailability, monthWeeks } from '../../machines/rules/slots.ts';

const slot = (subject: string, date: string, time: string, weekIndex: number, tutorId = 7): SelectedSlot => ({
  key: slotKey(subject, date, time),
  subject,
  date,
  time,
  tutorId,
  tutorPrice: 50,
  apt_id: 1,
  weekIndex,
  name: 'Tutor Seven',
});

const rules: SlotRules = { lessonsPerWeek: { Maths: 2, English: 1 }, free: false };

describe('the texts of spec §5, verbatim', () => {
  it.each([
    [1, 'Maths', 'You can only select 1 slot(s) for "Maths" in this week.'],
    [2, 'English Language', 'You can only select 2 slot(s) for "English Language" in this week.'],
  ])('limit %i for %s', (limit, subject, text) => {
    expect(weeklyLimitText(limit, subject)).toBe(text);
  });

  it('conflict and free assessment', () => {
    expect(conflictText).toBe('This time slot conflicts with a slot from another subject.');
    expect(freeAssessmentText).toBe("You can't select more than 1 slot for a free assessment");
  });
});

describe('what a summary says of the classes left to book later', () => {
  it.each([
    [4, 12, 'You have chosen 4 of 12 classes. The other 8 can be booked later from Remaining Classes.'],
    [11, 12, 'You have chosen 11 of 12 classes. The other class can be booked later from Remaining Classes.'],
    [1, 6, 'You have chosen 1 of 6 classes. The other 5 can be booked later from Remaining Classes.'],
    [0, 24, 'You have not chosen any of the 24 classes yet. They can be booked later from Remaining Classes.'],
    [0, 1, 'You have not chosen the class yet. It can be booked later from Remaining Classes.'],
    [12, 12, null],
    [13, 12, null],
    [-1, 12, null],
    [2, Number.NaN, null],
  ])('%d chosen of %d: %s', (chosen, classes, text) => {
    expect(classesLeftText(chosen, classes)).toBe(text);
  });
});

describe('which slot may be added', () => {
  const mon = slot('Maths', '2026-11-25', '09:00', 0);
  const tue = slot('Maths', '2026-11-26', '09:00', 0);
  const eng = slot('English', '2026-11-27', '10:00', 0);

  it.each<[string, SelectedSlot[], SelectedSlot, SlotRules, string | null]>([
    ['the first slot', [], mon, rules, null],
    ['a second Maths slot in a week of 2', [mon], tue, rules, null],
    ['a third Maths slot in a week of 2', [mon, tue], slot('Maths', '2026-11-27', '11:00', 0), rules, weeklyLimitText(2, 'Maths')],
    ['a third Maths slot in the next week', [mon, tue], slot('Maths', '2026-12-02', '09:00', 1), rules, null],
    ['a second English slot in a week of 1', [eng], slot('English', '2026-11-28', '10:00', 0), rules, weeklyLimitText(1, 'English')],
    ['the same calendar week, chosen on another month\'s grid', [slot('English', '2026-11-23', '10:00', 4)], slot('English', '2026-11-28', '11:00', 0), rules, weeklyLimitText(1, 'English')],
    ['English at the hour of a Maths slot', [mon], slot('English', '2026-11-25', '09:00', 0), rules, conflictText],
    ['English at another hour of that day', [mon], slot('English', '2026-11-25', '10:00', 0), rules, null],
    ['a subject with no weekly lessons', [], slot('Science', '2026-11-25', '09:00', 0), rules, weeklyLimitText(0, 'Science')],
    ['the free assessment, first slot', [], mon, { lessonsPerWeek: { Maths: 1 }, free: true }, null],
    ['the free assessment, a second slot in another week', [mon], slot('Maths', '2026-12-02', '09:00', 1), { lessonsPerWeek: { Maths: 1 }, free: true }, freeAssessmentText],
    ['the free text comes before the conflict', [mon], slot('English', '2026-11-25', '09:00', 0), { lessonsPerWeek: { Maths: 1, English: 1 }, free: true }, freeAssessmentText],
    ['within the classes left in all', [mon], slot('Maths', '2026-12-02', '09:00', 1), { ...rules, maxSlots: 2 }, null],
    ['more than the classes left in all (a package’s remaining, an order’s to place)', [mon, tue], slot('Maths', '2026-12-02', '09:00', 1), { ...rules, maxSlots: 2 }, classesLimitText(2)],
    ['the weekly limit is said first', [mon, tue], slot('Maths', '2026-11-27', '11:00', 0), { ...rules, maxSlots: 2 }, weeklyLimitText(2, 'Maths')],
    ['no cap in all: as many as the weeks allow', [mon, tue], slot('Maths', '2026-12-02', '09:00', 1), { ...rules, maxSlots: null }, null],
  ])('%s', (_label, chosen, candidate, slotRules, text) => {
    expect(slotRefusal(chosen, candidate, slotRules)?.text ?? null).toBe(text);
  });

  it('says which rule refused', () => {
    expect(slotRefusal([mon], slot('English', '2026-11-25', '09:00', 0), rules)?.reason).toBe('conflict');
    expect(slotRefusal([eng], slot('English', '2026-11-28', '10:00', 0), rules)?.reason).toBe('weeklyLimit');
    expect(slotRefusal([mon], tue, { lessonsPerWeek: { Maths: 1 }, free: true })?.reason).toBe('free');
  });

  it('finds a chosen slot by subject, day and hour, and removes it by key', () => {
    expect(isChosen([mon, eng], 'Maths', '2026-11-25', '09:00')).toBe(true);
    expect(isChosen([mon, eng], 'English', '2026-11-25', '09:00')).toBe(false);
    expect(withoutSlot([mon, tue, eng], tue.key)).toEqual([mon, eng]);
    expect(withoutSlot([mon], 'nothing')).toEqual([mon]);
  });
});

describe('weeks a booking spans', () => {
  it.each([
    [12, 2, 6], [12, 3, 4], [12, 4, 3], [12, 5, 3], [6, 1, 6], [6, 2, 3], [24, 4, 6], [24, 8, 3], [1, 1, 1], [0, 2, 1], [12, 0, 1],
  ])('%i lessons at %i a week: %i weeks', (total, weekly, weeks) => {
    expect(weeksToFill(total, weekly)).toBe(weeks);
  });
});

describe('auto-selection of the following weeks', () => {
  const dubai = 'Asia/Dubai';
  // Wednesdays 09:00-11:00 in Dubai for six weeks, tutor 7; the 3rd Wednesday only for tutor 8.
  const wednesdays = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'];
  const windows: AvailabilityWindow[] = wednesdays.map((day, i) => ({ start: `${day}T09:00:00+04:00`, finish: `${day}T11:00:00+04:00`, apt_id: i + 1, contractor_id: i === 2 ? 8 : 7 }));
  const fill = (over: Partial<AutoFill> = {}): AutoFill => ({
    weeks: monthWeeks('2026-11-23', '2026-11', 6),
    availability: hourlyAvailability(windows, dubai),
    rules: { lessonsPerWeek: { Maths: 1, English: 1 }, free: false },
    totalLessons: 12,
    weeklyLessons: 2,
    ...over,
  });
  const dates = (slots: SelectedSlot[]) => slots.map((s) => `${s.subject} ${s.date} ${s.time} w${s.weekIndex}`);

  it('fills the same weekday and hour where that tutor is free', () => {
    const result = withAutoFill([], slot('Maths', '2026-11-25', '09:00', 0), fill());
    expect(dates(result)).toEqual([
      'Maths 2026-11-25 09:00 w0',
      'Maths 2026-12-02 09:00 w1',
      // 2026-12-09: only tutor 8 is free then.
      'Maths 2026-12-16 09:00 w3',
      'Maths 2026-12-23 09:00 w4',
      'Maths 2026-12-30 09:00 w5',
    ]);
    expect(result.every((s) => s.tutorId === 7 && s.name === 'Tutor Seven' && s.key === slotKey(s.subject, s.date, s.time))).toBe(true);
    // Each week books that tutor's window of the day.
    expect(result.map((s) => s.apt_id)).toEqual([1, 2, 4, 5, 6]);
  });

  it('spans total lessons ÷ lessons per week weeks, counting the first', () => {
    expect(dates(withAutoFill([], slot('Maths', '2026-11-25', '10:00', 0), fill({ totalLessons: 12, weeklyLessons: 4 })))).toEqual([
      'Maths 2026-11-25 10:00 w0',
      'Maths 2026-12-02 10:00 w1',
    ]);
  });

  it('starts from the week clicked', () => {
    expect(dates(withAutoFill([], slot('Maths', '2026-12-16', '09:00', 3), fill({ totalLessons: 6, weeklyLessons: 2 })))).toEqual([
      'Maths 2026-12-16 09:00 w3',
      'Maths 2026-12-23 09:00 w4',
      'Maths 2026-12-30 09:00 w5',
    ]);
  });

  it('stops at the weeks the grid shows', () => {
    expect(withAutoFill([], slot('Maths', '2026-11-25', '09:00', 0), fill({ weeks: monthWeeks('2026-11-23', '2026-11', 3) }))).toHaveLength(2);
  });

  it('never chooses more than the package has classes', () => {
    const chosen = [slot('English', '2026-11-26', '09:00', 0), slot('English', '2026-12-03', '09:00', 1)];
    expect(withAutoFill(chosen, slot('Maths', '2026-11-25', '09:00', 0), fill({ totalLessons: 4 }))).toHaveLength(4);
  });

  it('skips hours that conflict with another subject or are already chosen', () => {
    const chosen = [slot('English', '2026-12-02', '09:00', 1), slot('Maths', '2026-12-16', '09:00', 3)];
    const result = withAutoFill(chosen, slot('Maths', '2026-11-25', '09:00', 0), fill());
    expect(dates(result)).toEqual([
      'English 2026-12-02 09:00 w1',
      'Maths 2026-12-16 09:00 w3',
      'Maths 2026-11-25 09:00 w0',
      'Maths 2026-12-23 09:00 w4',
      'Maths 2026-12-30 09:00 w5',
    ]);
  });

  it('skips weeks where the subject has reached its weekly limit', () => {
    const chosen = [slot('Maths', '2026-12-03', '15:00', 1)];
    const result = withAutoFill(chosen, slot('Maths', '2026-11-25', '09:00', 0), fill({ totalLessons: 6, weeklyLessons: 2 }));
    expect(dates(result)).toEqual(['Maths 2026-12-03 15:00 w1', 'Maths 2026-11-25 09:00 w0']);
  });

  it('chooses only the slot clicked for a free assessment', () => {
    expect(withAutoFill([], slot('Maths', '2026-11-25', '09:00', 0), fill({ rules: { lessonsPerWeek: { Maths: 1 }, free: true } }))).toHaveLength(1);
  });
});
