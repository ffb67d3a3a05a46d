import { describe, expect, it } from 'vitest';
import { classMinutesOf, packageLineOf, weeksOf } from '../../src/screens/booking-summary/summary-detail.ts';
import { sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';

describe('the class duration from a package description', () => {
  it.each([
    ['<p>12 classes</p><p>45 minutes per class</p>', 45],
    ['<p>Each class lasts <b>90</b> Minutes</p>', 90],
    ['<p>30 mins</p>', 30],
    ['<p>12 one-hour classes</p>', 60],
    ['<p>0 minutes</p>', 60],
    ['', 60],
  ])('%j gives %i minutes', (description, minutes) => {
    expect(classMinutesOf(description)).toBe(minutes);
  });
});

describe('the package line', () => {
  it.each([
    [12, 'GOLD (12 classes)'],
    [1, 'GOLD (1 class)'],
  ])('%i classes read %s', (lessons, line) => {
    expect(packageLineOf({ ...sampleLessons, packageNames: { ...sampleLessons.packageNames, lessons } })).toBe(line);
  });
});

describe('the booking by week', () => {
  const later = { ...sampleSlot, key: 'b', date: '2026-12-13', time: '09:00', weekIndex: 1, name: 'Omar Khalil', subject: 'English' };
  const earlier = { ...sampleSlot, key: 'a', date: '2026-12-13', time: '08:00', weekIndex: 1 };

  it('puts weeks in week order and sessions by day and hour, leaving out empty weeks', () => {
    expect(weeksOf({ '2nd Week': [later, earlier], '3rd Week': [], '1st Week': [sampleSlot] })).toEqual([
      { label: '1st Week', sessions: [{ key: sampleSlot.key, when: 'Sun 6 Dec 2026 · 16:00', tutor: 'Amira Haddad', subject: 'Mathematics' }] },
      {
        label: '2nd Week',
        sessions: [
          { key: 'a', when: 'Sun 13 Dec 2026 · 08:00', tutor: 'Amira Haddad', subject: 'Mathematics' },
          { key: 'b', when: 'Sun 13 Dec 2026 · 09:00', tutor: 'Omar Khalil', subject: 'English' },
        ],
      },
    ]);
  });

  it('is empty without slots', () => {
    expect(weeksOf(null)).toEqual([]);
  });
});
