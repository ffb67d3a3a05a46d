import { describe, expect, it } from 'vitest';
import { type ReminderCandidate, reminderDue, reminderDueFrom } from '../../server/domain/reminders.ts';

// The one rule of lesson reminders: which lesson gets one at `now`. The scan's SQL only narrows to the window;
// this rule decides, before the claim and again on the locked row.

const start = new Date('2026-11-28T05:00:00Z'); // Sat 28 Nov 2026 09:00 in Dubai
const minute = 60 * 1000;
const hour = 60 * minute;
const at = (offsetFromStart: number) => new Date(start.getTime() + offsetFromStart);
const lesson = (overrides: Partial<ReminderCandidate> = {}): ReminderCandidate => ({ status: 'planned', start, remindedStarts: [], ...overrides });

describe('a reminder is due from the lead before the start until the start', () => {
  it.each([
    ['a minute before start − lead', -24 * hour - minute, false],
    ['exactly at start − lead', -24 * hour, true],
    ['a minute after start − lead', -24 * hour + minute, true],
    ['an hour before the start', -hour, true],
    ['a minute before the start', -minute, true],
    ['at the start (it has started)', 0, false],
    ['during the lesson', 30 * minute, false],
    ['a day after (a server down for a day sends nothing stale)', 24 * hour, false],
  ])('%s, lead 24 h: %s', (_label, offset, due) => {
    expect(reminderDue(lesson(), at(offset), 24)).toBe(due);
  });

  it.each([
    [1, -hour, true],
    [1, -hour - minute, false],
    [0.5, -30 * minute, true],
    [0.5, -31 * minute, false],
    [48, -48 * hour, true],
    [48, -48 * hour - 1, false],
  ])('lead %s h, %i ms from the start: %s', (lead, offset, due) => {
    expect(reminderDue(lesson(), at(offset), lead)).toBe(due);
  });

  it('starts being due at reminderDueFrom', () => {
    expect(reminderDueFrom(start, 24).toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(reminderDueFrom(start, 1.5).toISOString()).toBe('2026-11-28T03:30:00.000Z');
  });
});

describe('only planned lessons, once per start', () => {
  const now = at(-2 * hour);
  it.each([
    ['planned', true],
    ['pending', false],
    ['completed', false],
    ['cancelled', false],
  ] as const)('a %s lesson: %s', (status, due) => {
    expect(reminderDue(lesson({ status }), now, 24)).toBe(due);
  });

  it.each([
    ['never reminded', [], true],
    ['reminded at this start', [start], false],
    ['reminded at this very instant, another Date object', [new Date(start.toISOString())], false],
    ['reminded at its old start only (it was moved here)', [at(-3 * 24 * hour)], true],
    ['reminded at an old start and at this one', [at(-3 * 24 * hour), start], false],
    ['reminded at a start a minute off (moved by a minute)', [at(-minute)], true],
  ])('%s: %s', (_label, remindedStarts, due) => {
    expect(reminderDue(lesson({ remindedStarts }), now, 24)).toBe(due);
  });

  it('a moved lesson is not due at its old start’s due time when its new start is further away', () => {
    const moved = lesson({ start: at(5 * 24 * hour), remindedStarts: [] });
    // The old start's due time: the lesson now starts 5 days later, so nothing is due yet.
    expect(reminderDue(moved, at(-24 * hour), 24)).toBe(false);
    expect(reminderDue(moved, at(4 * 24 * hour), 24)).toBe(true);
  });
});
