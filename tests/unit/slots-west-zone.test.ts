import { describe, expect, it } from 'vitest';

// Only the 'node-west' project of vitest.config.ts runs this file: it proves that project's TZ really
// moves the process's zone, so the slot tests there run west of UTC.
describe('the west-of-UTC run', () => {
  it.each([
    ['2026-01-15T12:00:00Z', 480],
    ['2026-07-15T12:00:00Z', 420],
  ])('at %s the process is %i minutes behind UTC', (instant, offset) => {
    expect(new Date(instant).getTimezoneOffset()).toBe(offset);
    expect(new Date().getTimezoneOffset()).toBeGreaterThan(0);
  });
});
