import type { PackageName, StudyType } from './draft-types.ts';

/** Package names by pkg_id (spec §3). */
export function packageNameOf(pkgId: number): PackageName | 'Unknown Package' {
  return pkgId === 2 ? 'SILVER' : pkgId === 3 ? 'GOLD' : pkgId === 4 ? 'PLATINUM' : 'Unknown Package';
}

/** Total classes by package (spec §9). */
export const classesOf: Record<PackageName, number> = { SILVER: 6, GOLD: 12, PLATINUM: 24 };

/**
 * The packages offered for the students' subjects (spec §5, "Package filtering"). `subjectCounts` has one
 * entry per student named. Decision for the spec's "(GOLD too in some cases)": one learner with 3 subjects
 * (a single student, or study type 'yes' with a single name) is offered GOLD and PLATINUM; two learners
 * with 3 subjects each, PLATINUM only. 2 subjects per student: GOLD and PLATINUM; 1: every package.
 */
export function offeredPackages<T extends { name: string }>(packages: readonly T[], studyType: StudyType, subjectCounts: readonly number[]): T[] {
  const most = Math.max(0, ...subjectCounts);
  const learners = studyType === 'yes' ? subjectCounts.filter((n) => n > 0).length : subjectCounts.length;
  const allowed: PackageName[] = most <= 1 ? ['SILVER', 'GOLD', 'PLATINUM'] : most === 2 || learners <= 1 ? ['GOLD', 'PLATINUM'] : ['PLATINUM'];
  return packages.filter((p) => (allowed as string[]).includes(p.name.toUpperCase()));
}

/** The choices of the lessons-per-week selectors (spec §9). */
export const weeklyLessonOptions = [1, 2, 3, 4, 5] as const;

/** The banner an invalid choice shows for 3 s. */
export const weeklyLessonsBanner = 'You cannot select more than 2 lessons per week with this package. A maximum of 2 lessons is allowed in total per week — 1 lesson per subject.';

/**
 * The total-lessons label kept with the chosen package (totalLession). Decision: the spec names it without
 * its words; it reads the weekly total and the package's classes, '3 lessons per week · 12 lessons'.
 */
export function totalLessonsLabel(weeklyTotal: number, classes: number): string {
  return `${weeklyTotal} ${weeklyTotal === 1 ? 'lesson' : 'lessons'} per week · ${classes} lessons`;
}

/**
 * The weeks a month's grid shows (spec §9) for a package and its weekly lessons (all subjects):
 * SILVER 1 → 6, 2 → 3, otherwise 3; GOLD 2 → 6, 3 → 4, 4 → 3, otherwise 6; PLATINUM up to 4 → 6, up to 6
 * → 4, up to 8 → 3, otherwise 6.
 */
export function weeksShown(packageName: PackageName, weeklyLessons: number): number {
  switch (packageName) {
    case 'SILVER':
      return weeklyLessons === 1 ? 6 : 3;
    case 'GOLD':
      return weeklyLessons === 3 ? 4 : weeklyLessons === 4 ? 3 : 6;
    case 'PLATINUM':
      return weeklyLessons <= 4 ? 6 : weeklyLessons <= 6 ? 4 : weeklyLessons <= 8 ? 3 : 6;
  }
}

/** The weeks the other grids show: free booking and reschedule 6; renewal and remaining 3, and 4 when 6 or fewer classes remain (docs/decisions/022-renewal-and-remaining-weeks.md). */
export function weeksShownFor(grid: 'free' | 'reschedule' | 'renewal' | 'remaining', remainingClasses = 0): number {
  if (grid === 'free' || grid === 'reschedule') return 6;
  return remainingClasses <= 6 ? 4 : 3;
}

/** Why Next is held back (spec §5): more than 2 students, or 4 subjects for a student. */
export type BookingWarning = 'tooManyStudents' | 'tooManySubjects';
export const tooManyStudentsText = 'You cannot select more than 2 students for more details contact our customer support.';
/** Decision: the spec gives the 4-subject warning no words; it reads like the students' one. */
export const tooManySubjectsText = 'You cannot select 4 subjects for one student. For more details contact our customer support.';
export const warningText: Record<BookingWarning, string> = { tooManyStudents: tooManyStudentsText, tooManySubjects: tooManySubjectsText };

export function bookingWarning(students: number, subjectCounts: readonly number[]): BookingWarning | null {
  if (students >= 3) return 'tooManyStudents';
  if (subjectCounts.some((n) => n >= 4)) return 'tooManySubjects';
  return null;
}
