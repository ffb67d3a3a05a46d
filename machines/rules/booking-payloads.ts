import { zoneOffset } from '../../contract/date-format.ts';
import { instantOfHour } from './slots.ts';

/**
 * How the portal posts a lesson's hour (spec §9 time offsets): the branch zone's wall clock with that zone's
 * offset. The booking plan (machines/booking/booking-plan.ts) and the reschedule use it.
 */

/** A wall-clock day and hour in the branch's zone, posted with that zone's offset ('2026-12-03T16:00:00+04:00'). */
export function branchTimestamp(date: string, time: string, timeZone: string, hoursLater = 0): string {
  // Written by hand rather than with date-fns' format: every booking screen loads this, and format alone is
  // 5.5 kB of gzipped JavaScript (tests/e2e/bundle-budget.spec.ts).
  const instant = instantOfHour(date, time, timeZone) + hoursLater * 3_600_000;
  const offset = zoneOffset(timeZone, instant);
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
