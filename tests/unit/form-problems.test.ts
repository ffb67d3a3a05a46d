import { describe, expect, it } from 'vitest';
import type { PackageForm } from '../../machines/booking/booking-draft.ts';
import { blankForm, formProblem } from '../../machines/booking/booking-form.ts';
import { formProblems } from '../../machines/booking/form-problems.ts';

const single: PackageForm = { ...blankForm, students: 1, name1: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] };
const individual: PackageForm = {
  ...blankForm,
  students: 2,
  studyType: 'no',
  student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] },
  student2: { name: 'Lina Ahmed', programOne: 3, program: 'Year 10 / Grade 9', subject: ['Physics'] },
};

describe('formProblems: what Next finds missing, at each field, in the spec’s words', () => {
  it.each<[string, PackageForm, [string, string][]]>([
    ['a complete form', single, []],
    [
      'a blank form: every field',
      blankForm,
      [
        ['students', 'Number of students is required'],
        ['name1', 'Student Name is required'],
        ['program1', 'Program is required'],
      ],
    ],
    ['no name', { ...single, name1: ' ' }, [['name1', 'Student Name is required']]],
    ['no program: at the program', { ...single, programOne: null, program: '', subject: [] }, [['program1', 'Program is required']]],
    ['a program without a year: at the year', { ...single, program: '', subject: [] }, [['year1', 'Program is required']]],
    ['no subject', { ...single, subject: [] }, [['subjects1', 'Subject is required']]],
    [
      'together, without the second name',
      { ...single, students: 2, studyType: 'yes', name2: '', subject: [] },
      [
        ['name2', '2nd Student Name is required when study type is yes'],
        ['subjects1', 'Subject is required'],
      ],
    ],
    [
      'together, without either name',
      { ...single, students: 2, studyType: 'yes', name1: '', name2: '' },
      [
        ['name1', 'Student Name is required'],
        ['name2', '2nd Student Name is required when study type is yes'],
      ],
    ],
    ['two students before the study type is chosen: the dialog asks, not a problem', { ...single, students: 2, studyType: null, name2: '' }, []],
    ['three students: the warning says why, not a missing number', { ...single, students: 3 }, []],
    [
      'individually: each student’s own',
      { ...individual, student1: { name: '', programOne: 1, program: '', subject: [] }, student2: { name: 'Lina Ahmed', programOne: null, program: '', subject: [] } },
      [
        ['name1', 'Student1 name is required'],
        ['year1', 'Student1 program is required'],
        ['program2', 'Student2 program is required'],
      ],
    ],
    ['individually, the second without a subject', { ...individual, student2: { name: 'Lina Ahmed', programOne: 3, program: 'Year 10 / Grade 9', subject: [] } }, [['subjects2', 'Student2 subject is required']]],
  ])('%s', (_, form, expected) => {
    const problems = formProblems(form);
    expect(problems.map(({ field, message }) => [field, message])).toEqual(expected);
    // The first is the toast's (spec §5): the one formProblem says (three students hold Next back instead).
    if (form.students !== 3) expect(problems[0]?.message ?? null).toBe(formProblem(form));
  });
});
