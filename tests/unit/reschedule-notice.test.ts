import { describe, expect, it } from 'vitest';
import { addCalendarDays, bookableForMove, insideRescheduleNotice } from '../../contract/reschedule-notice.ts';

describe('the reschedule notice shared by the portal and the server', () => {
  it.each([
    ['today', '2026-11-24', true],
    ['tomorrow', '2026-11-25', true],
    ['exactly 2 days ahead (the spec’s case, included)', '2026-11-26', true],
    ['3 days ahead', '2026-11-27', false],
    ['yesterday', '2026-11-23', true],
  ])('a lesson %s is inside the notice: %s', (_label, lessonDay, inside) => {
    expect(insideRescheduleNotice(lessonDay, '2026-11-24')).toBe(inside);
  });

  it.each([
    ['tomorrow', '2026-11-25', false],
    ['the first bookable day, today + 2', '2026-11-26', true],
    ['later', '2026-12-20', true],
  ])('a move onto %s is allowed: %s', (_label, newDay, allowed) => {
    expect(bookableForMove(newDay, '2026-11-24')).toBe(allowed);
  });

  it.each([
    ['2026-11-30', 2, '2026-12-02'],
    ['2026-12-30', 2, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-28', 2, '2026-03-30'],
  ])('%s + %i days is %s (calendar days, whatever the zone)', (day, days, expected) => {
    expect(addCalendarDays(day, days)).toBe(expected);
  });
});
