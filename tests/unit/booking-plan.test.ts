import { describe, expect, it } from 'vitest';
import { type BookingDraft, type SelectedSlot, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { type BookingPlan, type PlanContext, bookingPlan, draftParts, weeklyLessonsOf } from '../../machines/booking/booking-plan.ts';
import { individualCheckoutDraft, sampleForm, sampleLessons, sampleSlot, sampleSlots } from '../support/draft-fixtures.ts';

// The one booking plan (machines/booking/booking-plan.ts) that checkout's order, the free assessment, the
// remaining classes and the classes to place are all made of. Run in Dubai's zone and again under
// TZ=America/Los_Angeles (the node-west project): the lessons are the branch's wall clock whatever the machine's.

const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];
const dubai: PlanContext = { students, timeZone: 'Asia/Dubai' };

const single: BookingDraft = { ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, slots: sampleSlots };
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
      { ...single, form: { ...sampleForm, students: 2, name2: 'lina ahmed', studyType: 'yes' } },
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
      { ...emptyDraft('free'), form: sampleForm, slots: sampleSlots },
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
    ['a name that is not one of the client’s students', { ...single, form: { ...sampleForm, name1: 'Omar Saleh' } }, dubai, { problem: 'unknownStudent' }],
    ['a student the client no longer has', single, { students: students.slice(1), timeZone: 'Asia/Dubai' }, { problem: 'unknownStudent' }],
    ['a package the server does not sell', { ...single, lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, id: 9 } } }, dubai, { problem: 'unknownPackage' }],
  ])('%s', (_, draft, context, plan) => {
    expect(bookingPlan(draft, context)).toEqual(plan);
  });

  it('the individual split: a line per student, in student order, each with its own year, weekly lessons and lessons', () => {
    const plan = bookingPlan(individualCheckoutDraft(true), dubai);
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
    expect(draftParts({ ...single, form: { ...sampleForm, subject: [] } })).toEqual([{ names: [], split: false, year: null, lessons: sampleLessons, slots: [sampleSlot] }]);
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
