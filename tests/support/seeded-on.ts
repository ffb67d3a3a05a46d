import { branchDay } from '../../server/domain/branch-time.ts';

/** The branch's time zone and its day (YYYY-MM-DD) when the seed ran. */
export interface SeededOn {
  zone: string;
  day: string;
}

/**
 * Whether a copy of the seed is as `npm start` would seed it now: not once the branch's midnight has passed since.
 * The demo's pending payment has its first hour on the first bookable day of the seed's day; a run crossing the
 * branch's midnight (20:00 UTC for Dubai) would find that hour no longer bookable.
 */
export const seededToday = (seeded: SeededOn, now = new Date()) => branchDay(now, seeded.zone) === seeded.day;
