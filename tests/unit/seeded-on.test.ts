import { describe, expect, it } from 'vitest';
import { seededToday } from '../support/seeded-on.ts';

// The test servers start on a copy of the run's seed only while the branch's day is the seed's: the demo's pending
// payment starts on the seed day's first bookable day, which the branch's midnight moves.
describe('seededToday', () => {
  const seeded = { zone: 'Asia/Dubai', day: '2026-11-26' };
  it.each([
    ['the seed’s own minute', '2026-11-26T19:58:00Z', true],
    ['the last second before the branch’s midnight', '2026-11-26T19:59:59Z', true],
    ['the branch’s midnight (20:00 UTC in Dubai)', '2026-11-26T20:00:00Z', false],
    ['the next day', '2026-11-27T08:00:00Z', false],
    ['the branch’s morning of the seed day, before it', '2026-11-25T20:00:00Z', true],
  ])('%s: %s → %s', (_, now, expected) => {
    expect(seededToday(seeded, new Date(now))).toBe(expected);
  });
});
