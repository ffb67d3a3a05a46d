import { type Slot, choiceOf, isIndividual } from './booking-form.ts';
import type { PackageForm } from './booking-draft.ts';

/**
 * The fields of the New Booking form, for saying at each what Next found missing. A slot's fields are the
 * student's own when the two study individually; otherwise slot 1's are the shared program, year and subjects
 * (and `name2` the second student's name).
 */
export type FormField = 'students' | `name${Slot}` | `program${Slot}` | `year${Slot}` | `subjects${Slot}`;

export interface FormProblem {
  field: FormField;
  /** The spec's text (§5), the toast's. */
  message: string;
}

/**
 * Everything Next finds missing on the form, top of the form first, each at its field, in the spec's words
 * (§5); the first is what the toast says (booking-form.ts `formProblem`) whenever Next can be pressed. 'Program is required' stands at the
 * program while none is chosen, then at the year (the spec's `program` is the year). Subjects are only asked
 * for once a year shows them. Two students without a study type are not a problem here: the dialog asks.
 */
export function formProblems(form: PackageForm): FormProblem[] {
  const problems: FormProblem[] = [];
  // Three students are not 'missing': the warning banner says why they cannot be booked here (Next waits).
  if (form.students !== 1 && form.students !== 2 && form.students !== 3) problems.push({ field: 'students', message: 'Number of students is required' });
  const slotProblems = (slot: Slot, texts: { name: string; program: string; subject: string }) => {
    const choice = choiceOf(form, slot);
    if (!choice.name.trim()) problems.push({ field: `name${slot}`, message: texts.name });
    if (choice.programOne === null) problems.push({ field: `program${slot}`, message: texts.program });
    else if (!choice.program) problems.push({ field: `year${slot}`, message: texts.program });
    else if (choice.subject.length === 0) problems.push({ field: `subjects${slot}`, message: texts.subject });
  };
  if (isIndividual(form)) {
    for (const slot of [1, 2] as const) {
      slotProblems(slot, { name: `Student${slot} name is required`, program: `Student${slot} program is required`, subject: `Student${slot} subject is required` });
    }
    return problems;
  }
  const before = problems.length;
  slotProblems(1, { name: 'Student Name is required', program: 'Program is required', subject: 'Subject is required' });
  if (form.students === 2 && form.studyType === 'yes' && !form.name2.trim()) {
    // The second name comes right after the first on the form, as in the spec's order of checks.
    const at = problems.findIndex((problem, index) => index >= before && problem.field !== 'name1');
    problems.splice(at === -1 ? problems.length : at, 0, { field: 'name2', message: '2nd Student Name is required when study type is yes' });
  }
  return problems;
}
