import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { type BookingPlan, type PlanContext, bookingPlan, draftParts, weeklyLessonsOf, withStudentIds } from '../../machines/booking/booking-plan.ts';
import { individualCheckoutDraft, sampleForm, sampleLessons, sampleSlot, sampleSlots } from '../support/draft-fixtures.ts';

// The one booking plan (machines/booking/booking-plan.ts) that checkout's order, the free assessment, the
// remaining classes and the classes to place are all made of. Run in Dubai's zone and again under
// TZ=America/Los_Angeles (the node-west project): the lessons are the branch's wall clock whatever the machine's.

const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];
const dubai: PlanContext = { students, timeZone: 'Asia/Dubai' };
/** The draft with its students' ids, as the students step (or the booking screen, from the session) records them. */
const ided = (draft: BookingDraft): BookingDraft => withStudentIds(draft, students);

const unided: BookingDraft = { ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, price: 684, slots: sampleSlots };
const single = ided(unided);
const english: SelectedSlot = { ...sampleSlot, key: 'English-2026-12-07-09:00', subject: 'English', date: '2026-12-07', time: '09:00', tutorId: 4, apt_id: 7 };
const secondWeek: SelectedSlot = { ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', apt_id: 8, weekIndex: 1 };
/** Adam's Mathematics hour with Amira Haddad (tutor 1): Sunday 6 December 16:00 in Dubai. */
const adamsHour = { subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, students: [11] };

describe('the booking plan of a draft', () => {
  it.each<[string, BookingDraft, PlanContext, BookingPlan]>([
    [
      'one student: one line with the package, the year, the weekly lessons and every slot an hour-long lesson',
      single,
      dubai,
      { lines: [{ names: ['Adam Ahmed'], studentIds: [11], pkgId: 3, year: 5, weeklyLessons: { Mathematics: 2 }, lessons: [adamsHour], slots: [sampleSlot] }] },
    ],
    [
      'two together (names matched case-insensitively): each lesson is for both',
      ided({ ...unided, form: { ...sampleForm, students: 2, name2: 'lina ahmed', studyType: 'yes' } }),
      dubai,
      { lines: [{ names: ['Adam Ahmed', 'lina ahmed'], studentIds: [11, 12], pkgId: 3, year: 5, weeklyLessons: { Mathematics: 2 }, lessons: [{ ...adamsHour, students: [11, 12] }], slots: [sampleSlot] }] },
    ],
    [
      'two subjects over two weeks: the lessons in week order, a subject without weekly lessons left out',
      {
        ...single,
        lessons: { ...sampleLessons, lessonCounts: { Mathematics: 1, English: 1, Science: 0 } },
        slots: { '1st Week': [sampleSlot, english], '2nd Week': [secondWeek] },
      },
      dubai,
      {
        lines: [
          {
            names: ['Adam Ahmed'],
            studentIds: [11],
            pkgId: 3,
            year: 5,
            weeklyLessons: { Mathematics: 1, English: 1 },
            lessons: [
              adamsHour,
              { subject: 'English', start: '2026-12-07T09:00:00+04:00', finish: '2026-12-07T10:00:00+04:00', tutor: 4, students: [11] },
              { ...adamsHour, start: '2026-12-13T16:00:00+04:00', finish: '2026-12-13T17:00:00+04:00' },
            ],
            slots: [sampleSlot, english, secondWeek],
          },
        ],
      },
    ],
    [
      'the free assessment (no package chosen): a line without a package or weekly lessons',
      ided({ ...emptyDraft('free'), form: sampleForm, slots: sampleSlots }),
      dubai,
      { lines: [{ names: ['Adam Ahmed'], studentIds: [11], pkgId: null, year: 5, weeklyLessons: {}, lessons: [adamsHour], slots: [sampleSlot] }] },
    ],
    [
      'the same hour in a branch west of UTC: its own offset',
      single,
      { students, timeZone: 'America/Los_Angeles' },
      {
        lines: [
          {
            names: ['Adam Ahmed'],
            studentIds: [11],
            pkgId: 3,
            year: 5,
            weeklyLessons: { Mathematics: 2 },
            lessons: [{ ...adamsHour, start: '2026-12-06T16:00:00-08:00', finish: '2026-12-06T17:00:00-08:00' }],
            slots: [sampleSlot],
          },
        ],
      },
    ],
    ['no form: no one to book', { ...single, form: null }, dubai, { problem: 'noStudents' }],
    ['a form that does not say the year', { ...single, form: { ...sampleForm, program: '' } }, dubai, { problem: 'noStudents' }],
    ['a name that is not one of the client’s students', ided({ ...unided, form: { ...sampleForm, name1: 'Omar Saleh' } }), dubai, { problem: 'unknownStudent' }],
    ['a student the client no longer has', single, { students: students.slice(1), timeZone: 'Asia/Dubai' }, { problem: 'unknownStudent' }],
    ['a name the draft has no id for (the names are a check, never looked up)', unided, dubai, { problem: 'unknownStudent' }],
    ['an id the client’s students know by another name', { ...single, studentIds: { 'Adam Ahmed': 12 } }, dubai, { problem: 'unknownStudent' }],
    [
      'the draft’s ids alone where the caller has no students to check them against (POST /bookings: the server checks them)',
      { ...single, studentIds: { 'Adam Ahmed': 21 } },
      { timeZone: 'Asia/Dubai' },
      { lines: [{ names: ['Adam Ahmed'], studentIds: [21], pkgId: 3, year: 5, weeklyLessons: { Mathematics: 2 }, lessons: [{ ...adamsHour, students: [21] }], slots: [sampleSlot] }] },
    ],
    ['a package the server does not sell', { ...single, lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, id: 9 } } }, dubai, { problem: 'unknownPackage' }],
  ])('%s', (_, draft, context, plan) => {
    expect(bookingPlan(draft, context)).toEqual(plan);
  });

  it('the individual split: a line per student, in student order, each with its own year, weekly lessons and lessons', () => {
    const plan = bookingPlan(ided(individualCheckoutDraft(true)), dubai);
    expect(plan).toEqual({
      lines: [
        expect.objectContaining({ names: ['Adam Ahmed'], studentIds: [11], pkgId: 3, year: 5, weeklyLessons: { Mathematics: 2 }, lessons: [adamsHour] }),
        expect.objectContaining({
          names: ['Lina Ahmed'],
          studentIds: [12],
          pkgId: 3,
          year: 8,
          weeklyLessons: { English: 1 },
          lessons: [{ subject: 'English', start: '2026-12-07T17:00:00+04:00', finish: '2026-12-07T18:00:00+04:00', tutor: 2, students: [12] }],
        }),
      ],
    });
  });

  it('the parts of a draft: the current student’s, and the other’s kept in studentsData, in student order', () => {
    expect(draftParts(individualCheckoutDraft(true)).map((part) => [part.names, part.year, part.split])).toEqual([
      [['Adam Ahmed'], 5, true],
      [['Lina Ahmed'], 8, true],
    ]);
    expect(draftParts(individualCheckoutDraft(false)).map((part) => part.names)).toEqual([['Adam Ahmed']]);
    expect(draftParts({ ...single, form: { ...sampleForm, subject: [] } })).toEqual([{ names: [], split: false, year: null, lessons: sampleLessons, price: 684, slots: [sampleSlot] }]);
  });

  it('each part with its package’s price: the one booked now, and the other’s kept with it in studentsData', () => {
    expect(draftParts(individualCheckoutDraft(true)).map((part) => [part.names, part.price])).toEqual([
      [['Adam Ahmed'], 684],
      [['Lina Ahmed'], 684],
    ]);
  });
});

describe('the students’ ids a draft keeps', () => {
  it('every name its forms give, matched case-insensitively among the client’s students, by the name as written', () => {
    expect(ided({ ...unided, form: { ...sampleForm, students: 2, name2: ' lina ahmed ', studyType: 'yes' } }).studentIds).toEqual({ 'Adam Ahmed': 11, 'lina ahmed': 12 });
    // The individual split: both students are on the form, whichever is booked now.
    expect(ided(individualCheckoutDraft(false)).studentIds).toEqual({ 'Adam Ahmed': 11, 'Lina Ahmed': 12 });
  });

  it('a name kept in studentsData as well as the form’s', () => {
    const second = individualCheckoutDraft(true);
    const [part] = second.split.done;
    if (!part) throw new Error('The fixture keeps the first student’s part');
    const otherForm = { ...sampleForm, name1: 'Lina Ahmed' };
    expect(ided({ ...second, form: otherForm, split: { ...second.split, done: [{ ...part, form: sampleForm }] } }).studentIds).toEqual({ 'Lina Ahmed': 12, 'Adam Ahmed': 11 });
  });

  it('keeps the ids it has, and leaves a name that is not the client’s without one', () => {
    expect(withStudentIds({ ...unided, studentIds: { 'Adam Ahmed': 21 } }, students).studentIds).toEqual({ 'Adam Ahmed': 21 });
    expect(ided({ ...unided, form: { ...sampleForm, name1: 'Omar Saleh' } }).studentIds).toEqual({});
  });

  it('a draft with every id already is the same draft (nothing for its screen to store again)', () => {
    expect(withStudentIds(single, students)).toBe(single);
    expect(withStudentIds(emptyDraft('new'), students)).toEqual(emptyDraft('new'));
  });
});

describe('weekly lessons by subject', () => {
  it.each([
    ['by subject', { Mathematics: 2, English: 1 }, null, { Mathematics: 2, English: 1 }],
    ['a subject without lessons left out', { Mathematics: 2, English: 0 }, null, { Mathematics: 2 }],
    ['the split: those under the student’s name', { 'Adam Ahmed': { Mathematics: 2 } }, 'Adam Ahmed', { Mathematics: 2 }],
    ['the split, saved by subject: read as the student’s', { Mathematics: 1 }, 'Adam Ahmed', { Mathematics: 1 }],
  ])('%s', (_, counts, student, weekly) => {
    expect(weeklyLessonsOf(counts, student)).toEqual(weekly);
  });
});
