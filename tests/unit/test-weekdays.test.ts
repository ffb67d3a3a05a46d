import { describe, expect, it } from 'vitest';
import { hours, weekOfClocks } from '../../scripts/test-weekdays.ts';

describe('the weekday check: seven clocks', () => {
  const clocks = weekOfClocks('2026-11-28');

  it('covers every day of the week once', () => {
    const weekdays = clocks.map((clock) => new Date(`${clock.slice(1).replace(' ', 'T')}Z`).getUTCDay());
    expect(new Set(weekdays).size).toBe(7);
  });

  it('starts on the given day, one day apart, each at its hour, in libfaketime\'s absolute form', () => {
    expect(clocks).toEqual([
      '@2026-11-28 19:52:00',
      '@2026-11-29 23:52:00',
      '@2026-11-30 03:30:00',
      '@2026-12-01 08:15:00',
      '@2026-12-02 12:40:00',
      '@2026-12-03 16:05:00',
      '@2026-12-04 21:20:00',
    ]);
  });

  it('starts a run minutes before the branch\'s midnight (Dubai, 20:00 UTC) and before UTC\'s, so runs cross each', () => {
    expect(hours).toContain('19:52');
    expect(hours).toContain('23:52');
  });

  it('crosses a month\'s end', () => {
    expect(clocks[2]).toBe('@2026-11-30 03:30:00');
    expect(clocks[3]).toBe('@2026-12-01 08:15:00');
  });

  it.each(['28-11-2026', '2026-13-01', '', 'tomorrow'])('refuses WEEKDAYS_FROM=%j', (from) => {
    expect(() => weekOfClocks(from)).toThrow(/WEEKDAYS_FROM/);
  });
});
