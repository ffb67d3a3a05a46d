/**
 * The weekly-lessons rule (spec §5 "Lessons per week") that the package screens apply to a choice and the
 * server applies to an order's lessons: in contract/ because both must agree on what a package allows.
 */

export type WeeklyPackage = 'SILVER' | 'GOLD' | 'PLATINUM';
/** 'yes': siblings studying together; 'no' or null: one learner. */
export type WeeklyStudyType = 'yes' | 'no' | null;

const isOneOf = (counts: readonly number[], pairs: readonly (readonly [number, number])[]) => pairs.some(([a, b]) => counts[0] === a && counts[1] === b);

/**
 * Whether the lessons per week chosen for one learner's subjects are allowed. `counts` has one entry per
 * subject. Study type 'yes' (siblings together) allows three subjects of 1-4 each, at most 12 in all;
 * otherwise three subjects are 1-2 each, at most 4 in all.
 */
export function validWeeklyLessons(packageName: WeeklyPackage, studyType: WeeklyStudyType, counts: readonly number[]): boolean {
  if (counts.length === 0 || counts.some((n) => !Number.isInteger(n) || n < 1 || n > 5)) return false;
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (packageName === 'SILVER') {
    if (counts.length === 1) return counts[0] === 1 || counts[0] === 2;
    return counts.length === 2 && isOneOf(counts, [[1, 1]]);
  }
  if (counts.length === 1) return (counts[0] ?? 0) <= 4;
  if (counts.length === 2) return isOneOf(counts, [[1, 1], [1, 2], [1, 3], [2, 1], [2, 2]]);
  if (counts.length === 3) return studyType === 'yes' ? counts.every((n) => n <= 4) && total <= 12 : counts.every((n) => n <= 2) && total <= 4;
  return false;
}
