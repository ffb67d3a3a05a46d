import { describe, expect, it } from 'vitest';
import { lessonsByWeek, weekLabel } from '../../machines/rules/lesson-weeks.ts';

describe('week labels', () => {
  it.each([
    [0, '1st Week'],
    [1, '2nd Week'],
    [2, '3rd Week'],
    [3, '4th Week'],
    [10, '11th Week'],
    [11, '12th Week'],
    [12, '13th Week'],
    [20, '21st Week'],
    [21, '22nd Week'],
  ])('week %d is %s', (index, label) => {
    expect(weekLabel(index)).toBe(label);
  });
});

describe('the receipt’s lessons by week, in the branch zone', () => {
  it('groups Sunday-to-Saturday weeks from the first lesson’s, in time order, skipping empty weeks', () => {
    const weeks = lessonsByWeek(
      [
        { id: 3, start: '2026-12-13T12:00:00Z', topic: 'Mathematics' },
        { id: 1, start: '2026-12-06T12:00:00Z', topic: 'Mathematics' },
        { id: 2, start: '2026-12-12T05:00:00Z', topic: 'English' },
        { id: 4, start: '2026-12-28T12:00:00Z', topic: 'English' },
      ],
      'Asia/Dubai',
    );
    expect(weeks).toEqual([
      {
        label: '1st Week',
        lessons: [
          { id: 1, when: 'Sun 6 Dec 2026 · 16:00', subject: 'Mathematics' },
          { id: 2, when: 'Sat 12 Dec 2026 · 09:00', subject: 'English' },
        ],
      },
      { label: '2nd Week', lessons: [{ id: 3, when: 'Sun 13 Dec 2026 · 16:00', subject: 'Mathematics' }] },
      { label: '4th Week', lessons: [{ id: 4, when: 'Mon 28 Dec 2026 · 16:00', subject: 'English' }] },
    ]);
  });

  it.each([
    // 21:30 UTC Saturday is already Sunday in Dubai: a week later there, the same week in New York.
    ['Asia/Dubai', [['1st Week', 'Sat 5 Dec 2026 · 10:00'], ['2nd Week', 'Sun 6 Dec 2026 · 01:30']]],
    ['America/New_York', [['1st Week', 'Sat 5 Dec 2026 · 01:00'], ['1st Week', 'Sat 5 Dec 2026 · 16:30']]],
  ])('in %s', (zone, expected) => {
    const weeks = lessonsByWeek(
      [
        { id: 1, start: '2026-12-05T06:00:00Z', topic: 'Mathematics' },
        { id: 2, start: '2026-12-05T21:30:00Z', topic: 'Mathematics' },
      ],
      zone,
    );
    expect(weeks.flatMap((week) => week.lessons.map((lesson) => [week.label, lesson.when]))).toEqual(expected);
  });

  it('no lessons, no weeks', () => {
    expect(lessonsByWeek([], 'Asia/Dubai')).toEqual([]);
  });
});
