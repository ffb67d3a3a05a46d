import { describe, expect, it } from 'vitest';
import { branchTimestamp } from '../../machines/rules/booking-payloads.ts';

describe('times are posted with the branch zone’s offset, whatever the browser’s zone', () => {
  it.each([
    ['2026-12-06', '16:00', 'Asia/Dubai', 0, '2026-12-06T16:00:00+04:00'],
    ['2026-12-06', '16:00', 'Asia/Dubai', 1, '2026-12-06T17:00:00+04:00'],
    ['2026-12-06', '23:00', 'Asia/Dubai', 1, '2026-12-07T00:00:00+04:00'],
    ['2026-12-06', '16:00', 'America/New_York', 0, '2026-12-06T16:00:00-05:00'],
    ['2026-07-06', '16:00', 'America/New_York', 1, '2026-07-06T17:00:00-04:00'],
    ['2026-03-08', '01:00', 'America/New_York', 1, '2026-03-08T03:00:00-04:00'],
    ['2026-12-06', '09:00', 'Asia/Kolkata', 0, '2026-12-06T09:00:00+05:30'],
  ])('%s %s in %s, %d hour(s) on: %s', (date, time, zone, later, expected) => {
    const posted = branchTimestamp(date, time, zone, later);
    expect(posted).toBe(expected);
    // The same instant as the wall-clock time there.
    expect(new Date(posted).getTime()).toBe(new Date(expected).getTime());
  });
});
