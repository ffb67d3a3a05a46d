import { subjectsForYear, yearLevelOf } from '../rules/programs.ts';
import type { PackageForm, StudentChoice } from './booking-draft.ts';
import type { StudyType } from '../rules/draft-types.ts';

/**
 * The New Booking form (packageFormData) and its pure edits (spec §2 New Booking, §4 Study type, §5 New booking).
 * One student, or two studying together (study type 'yes'), share one program, year and subject list; two
 * studying individually (study type 'no') each have their own (student1, student2). A slot is the student's
 * place on the form: 1 or 2.
 */
export type Slot = 1 | 2;

/** The client's own students, as userdata lists them. */
export interface KnownStudent {
  id: number;
  first_name: string;
  last_name: string;
}

export interface Subject {
  name: string;
  level_category: number[];
}

export const blankForm: PackageForm = { students: 0, name1: '', name2: '', programOne: null, program: '', subject: [], studyType: null };

const blankChoice = (from: Pick<PackageForm, 'programOne' | 'program'>): StudentChoice => ({ name: '', programOne: from.programOne, program: from.program, subject: [] });

/** Whether the form books its students individually, each with their own program, year and subjects. */
export const isIndividual = (form: PackageForm) => form.students === 2 && form.studyType === 'no';

/** The name, program, year and subjects of a slot: the shared ones, or the student's own when individual. */
export function choiceOf(form: PackageForm, slot: Slot): StudentChoice {
  if (isIndividual(form)) return (slot === 1 ? form.student1 : form.student2) ?? blankChoice(form);
  return { name: slot === 1 ? form.name1 : form.name2, programOne: form.programOne, program: form.program, subject: form.subject };
}

function withChoice(form: PackageForm, slot: Slot, change: Partial<StudentChoice>): PackageForm {
  if (isIndividual(form)) {
    const key = slot === 1 ? 'student1' : 'student2';
    return { ...form, [key]: { ...choiceOf(form, slot), ...change } };
  }
  const { name, ...shared } = change;
  const named = name === undefined ? {} : slot === 1 ? { name1: name } : { name2: name };
  return { ...form, ...named, ...shared };
}

/** The form without the individual students' own choices. */
function sharedOnly(form: PackageForm): PackageForm {
  const shared = { ...form };
  delete shared.student1;
  delete shared.student2;
  return shared;
}

/**
 * The number of students (1, 2 or 3; 3 only shows the warning). Leaving two students drops the second name and
 * the study type; a new choice of two asks the study type afresh.
 */
export function withStudents(form: PackageForm, students: number): PackageForm {
  if (students === form.students) return form;
  const shared = isIndividual(form) ? { name1: form.student1?.name ?? '', programOne: form.student1?.programOne ?? null, program: form.student1?.program ?? '', subject: form.student1?.subject ?? [] } : {};
  return { ...sharedOnly(form), ...shared, students, name2: '', studyType: null };
}

/** Study type 'no' resets names and subjects (spec §4); each student starts from the shared program and year. 'yes' keeps them. */
export function withStudyType(form: PackageForm, studyType: Exclude<StudyType, null>): PackageForm {
  const rest = sharedOnly(form);
  if (studyType === 'yes') return { ...rest, studyType };
  return { ...rest, studyType, name1: '', name2: '', subject: [], student1: blankChoice(form), student2: blankChoice(form) };
}

export const nameOf = (form: PackageForm, slot: Slot) => choiceOf(form, slot).name;

export const withName = (form: PackageForm, slot: Slot, name: string) => withChoice(form, slot, { name });

/** Changing the program resets the year, and with it the subjects (they are the year's). */
export const withProgram = (form: PackageForm, slot: Slot, programOne: number | null) => withChoice(form, slot, { programOne, program: '', subject: [] });

/** A new year keeps only the subjects taught at it. */
export function withYear(form: PackageForm, slot: Slot, program: string, catalogue: readonly Subject[]): PackageForm {
  const taught = new Set(subjectsAt(catalogue, program).map((subject) => subject.name));
  return withChoice(form, slot, { program, subject: choiceOf(form, slot).subject.filter((name) => taught.has(name)) });
}

export function withSubjectToggled(form: PackageForm, slot: Slot, subject: string): PackageForm {
  const chosen = choiceOf(form, slot).subject;
  return withChoice(form, slot, { subject: chosen.includes(subject) ? chosen.filter((name) => name !== subject) : [...chosen, subject] });
}

/** The subjects offered for a year text: those taught at its level (none before a year is chosen). */
export function subjectsAt<T extends Subject>(catalogue: readonly T[], program: string): T[] {
  const year = yearLevelOf(program);
  return year === null ? [] : subjectsForYear(catalogue, year);
}

/** Each student's subject count, for the warnings and the package filter. */
export function subjectCounts(form: PackageForm): number[] {
  if (isIndividual(form)) return [choiceOf(form, 1).subject.length, choiceOf(form, 2).subject.length];
  return form.students >= 2 ? [form.subject.length, form.subject.length] : [form.subject.length];
}

/** The study-type dialog opens by itself when two students are chosen and the subject count is not 4 (spec §4). */
export const asksStudyType = (form: PackageForm) => form.students === 2 && form.studyType === null && !subjectCounts(form).includes(4);

/**
 * The first thing Next finds missing, as the toast says it (spec §5), top of the form first; null when the form
 * is complete. Two students without a study type are not a message: the study-type dialog asks.
 */
export function formProblem(form: PackageForm): string | null {
  if (form.students !== 1 && form.students !== 2) return 'Number of students is required';
  if (isIndividual(form)) {
    for (const slot of [1, 2] as const) {
      const choice = choiceOf(form, slot);
      if (!choice.name.trim()) return `Student${slot} name is required`;
      if (choice.programOne === null || !choice.program) return `Student${slot} program is required`;
      if (choice.subject.length === 0) return `Student${slot} subject is required`;
    }
    return null;
  }
  if (!form.name1.trim()) return 'Student Name is required';
  if (form.students === 2 && form.studyType === 'yes' && !form.name2.trim()) return '2nd Student Name is required when study type is yes';
  if (form.programOne === null || !form.program) return 'Program is required';
  if (form.subject.length === 0) return 'Subject is required';
  return null;
}

export const fullName = (student: Pick<KnownStudent, 'first_name' | 'last_name'>) => `${student.first_name} ${student.last_name}`;

/** A typed name's first name and last name (the rest of it); null unless it has both. */
export function splitName(typed: string): { first_name: string; last_name: string } | null {
  const [first, ...rest] = typed.trim().split(/\s+/);
  if (!first || rest.length === 0) return null;
  return { first_name: first, last_name: rest.join(' ') };
}


/** The client's student a name is, matched case-insensitively by first and last name. */
export function knownStudentNamed(name: string, students: readonly KnownStudent[]): KnownStudent | undefined {
  const parts = splitName(name);
  if (!parts) return undefined;
  return students.find((s) => s.first_name.trim().toLowerCase() === parts.first_name.toLowerCase() && s.last_name.trim().toLowerCase() === parts.last_name.toLowerCase());
}

/** The names on the form, in slot order. */
export const namesOn = (form: PackageForm): string[] => (form.students === 2 ? [nameOf(form, 1), nameOf(form, 2)] : [nameOf(form, 1)]).filter((name) => name.trim() !== '');

/** The names on the form that are not yet the client's students: created with POST /students when the client moves on. */
export function newStudentsOn(form: PackageForm, students: readonly KnownStudent[]): { first_name: string; last_name: string }[] {
  return namesOn(form).flatMap((name) => {
    const parts = splitName(name);
    return parts && !knownStudentNamed(name, students) ? [parts] : [];
  });
}

/**
 * The names a slot's picker offers: the client's students and the names typed on this form, without the name
 * the other slot holds (spec §2: the second student's options exclude the first's).
 */
export function nameOptions(form: PackageForm, slot: Slot, students: readonly KnownStudent[]): string[] {
  const other = form.students === 2 ? nameOf(form, slot === 1 ? 2 : 1).trim().toLowerCase() : '';
  const typed = namesOn(form).filter((name) => !knownStudentNamed(name, students));
  return [...students.map(fullName), ...typed].filter((name, i, all) => all.indexOf(name) === i && name.toLowerCase() !== other);
}
