import { yearLevelOf } from '../rules/programs.ts';
import type { PackageForm } from './booking-draft.ts';
import type { StudyType } from '../rules/draft-types.ts';

/**
 * Who a package is being chosen for, read from the form: one student; two studying together (study type
 * 'yes'); or, in the individual split (study type 'no'), the student being booked now (studentType).
 */
export interface Learners {
  /** The students on this package: one, or two studying together. */
  names: string[];
  /** The year text, 'Year N / Grade N-1'. */
  program: string;
  /** The year number the package list is priced for. */
  year: number;
  subjects: string[];
  studyType: StudyType;
  /** Each student's subject count on the form: what the package filter reads (spec §5). */
  subjectCounts: number[];
  /** The split's student being booked, 1 or 2; null outside the split. */
  studentType: 1 | 2 | null;
}

const filled = (names: readonly string[]) => names.map((name) => name.trim()).filter((name) => name !== '');

/** Null when the form does not say who is booked, in what year, for which subjects (a half-filled or foreign form). */
export function learnersOf(form: PackageForm, studentType: 1 | 2 | null): Learners | null {
  if (form.studyType === 'no') {
    const choice = studentType === 1 ? form.student1 : studentType === 2 ? form.student2 : undefined;
    const year = choice ? yearLevelOf(choice.program) : null;
    if (!choice || year === null || filled([choice.name]).length === 0 || choice.subject.length === 0) return null;
    const counts = [form.student1?.subject.length ?? 0, form.student2?.subject.length ?? 0];
    return { names: filled([choice.name]), program: choice.program, year, subjects: choice.subject, studyType: 'no', subjectCounts: counts, studentType };
  }
  const names = filled(form.studyType === 'yes' ? [form.name1, form.name2] : [form.name1]);
  const year = yearLevelOf(form.program);
  if (names.length === 0 || year === null || form.subject.length === 0) return null;
  return { names, program: form.program, year, subjects: form.subject, studyType: form.studyType, subjectCounts: names.map(() => form.subject.length), studentType: null };
}
