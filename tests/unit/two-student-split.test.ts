import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type BookingDraft,
  type PackageForm,
  type StudentPart,
  emptyDraft,
  otherStudent,
  withForm,
  withLessons,
  withOtherStudent,
  withSlots,
  withStudentChosen,
} from '../../machines/booking/booking-draft.ts';
import { canSwitchStudent, hasOtherStudentPending, otherStudentLabel, switchedStep, twoStudentSplitMachine } from '../../machines/booking/two-student-split.machine.ts';
import { samplePrice, sampleLessons, sampleSlots, sampleTutors, individualForm } from '../support/draft-fixtures.ts';

// Two students studying individually (study type 'no'): one is booked, then the other, and the second
// checkout pays for both. These are the draft transforms and the label of checkout's switch button.

const form: PackageForm = individualForm();

const chosen = (studentType: 1 | 2) => withStudentChosen(withForm(emptyDraft('new'), form), studentType);
/** The student `studentType` being booked, with a package and slots chosen, the other still to come. */
const booked = (studentType: 1 | 2, done: StudentPart[] = []): BookingDraft => {
  const draft = withSlots(withLessons(chosen(studentType), sampleLessons, '12 Lessons', samplePrice), sampleSlots, sampleTutors, sampleTutors);
  return { ...draft, bookingData: { bookdata: [] }, split: { ...draft.split, done } };
};
/** A part kept in studentsData goes with its package's price. */
const partOf = (studentType: 1 | 2): StudentPart => ({ studentType, form, lessons: sampleLessons, slots: sampleSlots, price: samplePrice });
const olderPart = (studentType: 1 | 2): StudentPart => ({ ...partOf(studentType), lessons: { ...sampleLessons, packageName: 'PLATINUM' }, price: 1026 });

describe('withStudentChosen: the student-choice dialog starts the split', () => {
  const full = withSlots(withLessons(withForm(emptyDraft('new'), form), sampleLessons, '12 Lessons', samplePrice), sampleSlots, sampleTutors);

  it.each([1, 2] as const)('student %i: studentType set, hidebutton on, nothing done yet, the earlier package and slots cleared', (studentType) => {
    expect(withStudentChosen({ ...full, split: { studentType: 1, otherStudentPending: false, done: [partOf(1)] } }, studentType)).toEqual({
      ...full,
      split: { studentType, otherStudentPending: true, done: [] },
      lessons: null,
      price: null,
      totalLessonsLabel: null,
      slots: null,
      tutors: [],
      secondTutors: [],
    });
  });
});

describe('otherStudent', () => {
  it.each([
    [1, 2],
    [2, 1],
  ] as const)('after student %i comes student %i', (current, next) => {
    expect(otherStudent(current)).toBe(next);
  });
});

describe('withOtherStudent: Go For First / Go For Second', () => {
  it.each([
    ['student 1 → 2, nothing done yet', booked(1), 2, [partOf(1)]],
    ['student 2 → 1, nothing done yet', booked(2), 1, [partOf(2)]],
    ['student 1 → 2, the other student’s part kept', booked(1, [partOf(2)]), 2, [partOf(2), partOf(1)]],
    ['student 1 → 2, an older part of student 1 replaced, not duplicated', booked(1, [olderPart(1)]), 2, [partOf(1)]],
    ['student 2 → 1, an older part of student 2 replaced, the other kept', booked(2, [olderPart(2), partOf(1)]), 1, [partOf(1), partOf(2)]],
  ] as const)('%s', (_label, draft, nextStudent, done) => {
    expect(withOtherStudent(draft)).toEqual({
      ...draft,
      // hidebutton off: the other student's checkout pays for both.
      split: { studentType: nextStudent, otherStudentPending: false, done },
      lessons: null,
      price: null,
      totalLessonsLabel: null,
      slots: null,
      bookingData: null,
      tutors: [],
      secondTutors: [],
    });
  });

  it('keeps the form: the other student’s year and subjects are on it', () => {
    expect(withOtherStudent(booked(1))?.form).toEqual(form);
  });

  it('a package chosen without slots yet is kept with no slots', () => {
    const noSlots = { ...booked(1), slots: null };
    expect(withOtherStudent(noSlots)?.split.done).toEqual([{ ...partOf(1), slots: {} }]);
  });

  it.each([
    ['a single booking (no split)', withSlots(withLessons(withForm(emptyDraft('new'), form), sampleLessons, '12 Lessons'), sampleSlots, sampleTutors)],
    ['the second student’s checkout (hidebutton off)', withOtherStudent(booked(1)) as BookingDraft],
    ['hidebutton on but no studentType', { ...booked(1), split: { studentType: null, otherStudentPending: true, done: [] } }],
    ['no package chosen for the current student', chosen(1)],
    ['no form', { ...booked(1), form: null }],
  ])('nothing to switch: %s', (_label, draft: BookingDraft) => {
    expect(withOtherStudent(draft)).toBeNull();
    expect(canSwitchStudent(draft)).toBe(false);
  });
});

describe("the split's guards and label", () => {
  it.each([
    [1, 'Go For Second'],
    [2, 'Go For First'],
  ] as const)('studentType %i shows %s', (studentType, label) => {
    expect(otherStudentLabel(studentType)).toBe(label);
  });

  it.each([
    ['student 1 pending', booked(1), true],
    ['student 2 pending', booked(2), true],
    ['pending with nothing chosen yet', chosen(2), true],
    ['switched (hidebutton off)', withOtherStudent(booked(2)) as BookingDraft, false],
    ['hidebutton on without a studentType (a corrupt store)', { ...booked(1), split: { studentType: null, otherStudentPending: true, done: [] } }, false],
    ['a single booking', emptyDraft('new'), false],
  ])('%s: the other student pending is %s', (_label, draft: BookingDraft, pending) => {
    expect(hasOtherStudentPending(draft)).toBe(pending);
  });

  it.each(['new', 'renewal', 'pendingPayment'] as const)('the switch of a %s flow leads to the packages', (entry) => {
    expect(switchedStep(entry)).toBe('packages');
  });
});

describe('the split machine, run on a draft', () => {
  const run = (draft: BookingDraft) => createActor(twoStudentSplitMachine, { input: { draft, today: '2026-11-24' } }).start();

  it('with nothing chosen for the pending student, the request is refused and the draft stays', () => {
    const actor = run(chosen(1));
    expect(actor.getSnapshot().value).toBe('otherStudentPending');
    expect(actor.getSnapshot().can({ type: 'split.otherStudentRequested' })).toBe(false);
    actor.send({ type: 'split.otherStudentRequested' });
    expect(actor.getSnapshot().value).toBe('otherStudentPending');
    expect(actor.getSnapshot().context.draft).toEqual(chosen(1));
  });

  it('switched, it ends with the packages and the switched draft, for a parent machine to take', () => {
    const actor = run(booked(2));
    actor.send({ type: 'split.otherStudentRequested' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ next: 'packages', draft: withOtherStudent(booked(2)) });
  });

  it('a single booking rests with no button and takes no request', () => {
    const actor = run(withOtherStudent(booked(1)) as BookingDraft);
    expect(actor.getSnapshot().value).toBe('single');
    expect(actor.getSnapshot().hasTag('showButton')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'split.otherStudentRequested' })).toBe(false);
  });
});
