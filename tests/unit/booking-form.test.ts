import { describe, expect, it } from 'vitest';
import type { PackageForm } from '../../machines/booking/booking-draft.ts';
import {
  asksStudyType,
  blankForm,
  choiceOf,
  formProblem,
  knownStudentNamed,
  nameOptions,
  newStudentsOn,
  splitName,
  subjectCounts,
  subjectsAt,
  withName,
  withProgram,
  withStudents,
  withStudyType,
  withSubjectToggled,
  withYear,
} from '../../machines/booking/booking-form.ts';
import { learnersOf } from '../../machines/booking/booking-learners.ts';

const catalogue = [
  { name: 'Mathematics', level_category: [1, 2, 3, 4] },
  { name: 'Science', level_category: [1, 2] },
  { name: 'Physics', level_category: [3, 4] },
];
const known = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];

const single: PackageForm = { ...blankForm, students: 1, name1: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] };
const together: PackageForm = { ...single, students: 2, name2: 'Lina Ahmed', studyType: 'yes' };
const individual: PackageForm = {
  ...blankForm,
  students: 2,
  studyType: 'no',
  student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] },
  student2: { name: 'Lina Ahmed', programOne: 3, program: 'Year 10 / Grade 9', subject: ['Physics', 'Mathematics'] },
};

describe('the validation toasts of Next (spec §5), first missing field first', () => {
  it.each<[string, PackageForm, string | null]>([
    ['no number of students', blankForm, 'Number of students is required'],
    ['one student, no name', { ...single, name1: ' ' }, 'Student Name is required'],
    ['one student, no program', { ...single, programOne: null, program: '' }, 'Program is required'],
    ['one student, a program but no year', { ...single, program: '' }, 'Program is required'],
    ['one student, no subject', { ...single, subject: [] }, 'Subject is required'],
    ['one student, complete', single, null],
    ['together, no second name', { ...together, name2: '' }, '2nd Student Name is required when study type is yes'],
    ['together, complete', together, null],
    ['two students, study type not chosen yet (the dialog asks)', { ...single, students: 2 }, null],
    ['individual, student 1 without a name', { ...individual, student1: { ...individual.student1!, name: '' } }, 'Student1 name is required'],
    ['individual, student 1 without a program', { ...individual, student1: { ...individual.student1!, programOne: null, program: '' } }, 'Student1 program is required'],
    ['individual, student 1 without a subject', { ...individual, student1: { ...individual.student1!, subject: [] } }, 'Student1 subject is required'],
    ['individual, student 2 without a name', { ...individual, student2: { ...individual.student2!, name: '' } }, 'Student2 name is required'],
    ['individual, student 2 without a year', { ...individual, student2: { ...individual.student2!, program: '' } }, 'Student2 program is required'],
    ['individual, student 2 without a subject', { ...individual, student2: { ...individual.student2!, subject: [] } }, 'Student2 subject is required'],
    ['individual, complete', individual, null],
  ])('%s', (_, form, problem) => {
    expect(formProblem(form)).toBe(problem);
  });
});

describe('form edits', () => {
  it('changing the program resets the year and the subjects', () => {
    expect(withProgram(single, 1, 2)).toMatchObject({ programOne: 2, program: '', subject: [] });
    expect(choiceOf(withProgram(individual, 2, 4), 2)).toEqual({ name: 'Lina Ahmed', programOne: 4, program: '', subject: [] });
    expect(withProgram(individual, 2, 4).student1).toEqual(individual.student1);
  });

  it('a new year keeps only the subjects taught at it', () => {
    const both = { ...single, subject: ['Mathematics', 'Science'] };
    expect(withYear(both, 1, 'Year 11 / Grade 10', catalogue).subject).toEqual(['Mathematics']);
    expect(withYear(both, 1, 'Year 6 / Grade 5', catalogue).subject).toEqual(['Mathematics', 'Science']);
  });

  it('subjects toggle on and off, per student when individual', () => {
    expect(withSubjectToggled(single, 1, 'Science').subject).toEqual(['Mathematics', 'Science']);
    expect(withSubjectToggled(single, 1, 'Mathematics').subject).toEqual([]);
    expect(choiceOf(withSubjectToggled(individual, 2, 'Physics'), 2).subject).toEqual(['Mathematics']);
  });

  it('names go to the slot: shared names, or the student of an individual booking', () => {
    expect(withName(together, 2, 'Sara Ahmed').name2).toBe('Sara Ahmed');
    expect(withName(individual, 1, 'Sara Ahmed').student1?.name).toBe('Sara Ahmed');
  });

  it("study type 'no' resets names and subjects and keeps the program and year for each student; 'yes' keeps them", () => {
    const no = withStudyType(together, 'no');
    expect(no).toMatchObject({ studyType: 'no', name1: '', name2: '', subject: [] });
    expect(no.student1).toEqual({ name: '', programOne: 1, program: 'Year 5 / Grade 4', subject: [] });
    expect(no.student2).toEqual(no.student1);
    expect(withStudyType({ ...together, studyType: null }, 'yes')).toEqual(together);
  });

  it('leaving two students drops the second name and the study type; the first student of an individual booking stays', () => {
    expect(withStudents(together, 1)).toEqual({ ...together, students: 1, name2: '', studyType: null });
    const back = withStudents(individual, 1);
    expect(back).toEqual({ ...blankForm, students: 1, name1: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] });
    expect(withStudents(single, 1)).toBe(single);
  });
});

describe('the study-type dialog opens by itself for two students unless one holds 4 subjects (spec §4)', () => {
  it.each<[string, PackageForm, boolean]>([
    ['one student', single, false],
    ['two, not chosen', { ...single, students: 2 }, true],
    ['two, 4 subjects', { ...single, students: 2, subject: ['a', 'b', 'c', 'd'] }, false],
    ['two, 3 subjects', { ...single, students: 2, subject: ['a', 'b', 'c'] }, true],
    ['two, already chosen', together, false],
    ['three', { ...single, students: 3 }, false],
  ])('%s: %s', (_, form, asks) => {
    expect(asksStudyType(form)).toBe(asks);
  });

  it('subject counts are per student', () => {
    expect(subjectCounts(single)).toEqual([1]);
    expect(subjectCounts(together)).toEqual([1, 1]);
    expect(subjectCounts(individual)).toEqual([1, 2]);
  });
});

describe('names: new students need a first and a last name; known ones match case-insensitively (spec §5)', () => {
  it.each<[string, { first_name: string; last_name: string } | null]>([
    ['Sara Ahmed', { first_name: 'Sara', last_name: 'Ahmed' }],
    ['  Sara   van der Berg ', { first_name: 'Sara', last_name: 'van der Berg' }],
    ['Sara', null],
    ['   ', null],
  ])('%j', (typed, parts) => {
    expect(splitName(typed)).toEqual(parts);
  });

  it.each([
    ['adam ahmed', 11],
    ['LINA  AHMED', 12],
    ['Adam Ahmedi', undefined],
    ['Adam', undefined],
  ])('%s is student %s', (typed, id) => {
    expect(knownStudentNamed(typed, known)?.id).toBe(id);
  });

  it('only names that are not the client’s students are created', () => {
    expect(newStudentsOn({ ...together, name1: 'adam ahmed', name2: 'Sara Khan' }, known)).toEqual([{ first_name: 'Sara', last_name: 'Khan' }]);
    expect(newStudentsOn(individual, known)).toEqual([]);
  });

  it("the second student's options exclude the first's, and typed names are offered", () => {
    expect(nameOptions(together, 2, known)).toEqual(['Lina Ahmed']);
    expect(nameOptions(together, 1, known)).toEqual(['Adam Ahmed']);
    expect(nameOptions({ ...single, name1: 'Sara Khan' }, 1, known)).toEqual(['Adam Ahmed', 'Lina Ahmed', 'Sara Khan']);
    // One student: nothing is excluded.
    expect(nameOptions(single, 1, known)).toEqual(['Adam Ahmed', 'Lina Ahmed']);
  });

  it('subjects are offered for the year chosen only', () => {
    expect(subjectsAt(catalogue, 'Year 10 / Grade 9').map((s) => s.name)).toEqual(['Mathematics', 'Physics']);
    expect(subjectsAt(catalogue, '')).toEqual([]);
  });
});

describe('who a package is for (learnersOf)', () => {
  it.each<[string, PackageForm, 1 | 2 | null, object | null]>([
    ['one student', single, null, { names: ['Adam Ahmed'], year: 5, subjects: ['Mathematics'], subjectCounts: [1], studyType: null, studentType: null }],
    ['two together', together, null, { names: ['Adam Ahmed', 'Lina Ahmed'], year: 5, subjectCounts: [1, 1], studyType: 'yes' }],
    ['individual, student 1', individual, 1, { names: ['Adam Ahmed'], year: 5, subjects: ['Mathematics'], subjectCounts: [1, 2], studentType: 1 }],
    ['individual, student 2', individual, 2, { names: ['Lina Ahmed'], year: 10, subjects: ['Physics', 'Mathematics'], subjectCounts: [1, 2], studentType: 2 }],
    ['individual without a chosen student', individual, null, null],
    ['no year', { ...single, program: '' }, null, null],
    ['no subject', { ...single, subject: [] }, null, null],
    ['no name', { ...single, name1: '' }, null, null],
  ])('%s', (_, form, studentType, learners) => {
    const found = learnersOf(form, studentType);
    if (learners === null) expect(found).toBeNull();
    else expect(found).toMatchObject(learners);
  });
});
