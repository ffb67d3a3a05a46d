import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { withStudentIds } from '../../machines/booking/booking-plan.ts';
import { type Payer, grandTotalOf, orderOf, packageLinesOf, studentNamesOf, subtotalOf, tutorNamesOf, weeklyLessonsOf } from '../../machines/booking/checkout-order.ts';
import { individualCheckoutDraft as unidedSplit, samplePrice, sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

const payer: Payer = {
  clientid: 7,
  email: 'parent@example.com',
  branch_id: 1,
  timeZone: 'Asia/Dubai',
  students: [
    { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
    { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
  ],
};
/** The draft with its students' ids, as the students step (or the booking screen, from the session) records them. */
const ided = (draft: BookingDraft): BookingDraft => withStudentIds(draft, payer.students);
const individualCheckoutDraft = (second: boolean) => ided(unidedSplit(second));
const single: BookingDraft = ided({ ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, price: samplePrice, slots: sampleSlots, tutors: sampleTutors });
const together: BookingDraft = ided({ ...single, form: { ...sampleForm, students: 2, name2: 'lina ahmed', studyType: 'yes' } });
/** No method chosen: the order is made with the one shown checked, PayPal. */
const base = { email: 'parent@example.com', client_id: 7, branch_id: 1, appoint_ids: [1], pkg_id: 3, level: 5, payment_method: 'paypal' };
/** Adam's one Mathematics hour with Amira Haddad (tutor 1), Sunday 6 December 16:00 in Dubai, and his two a week. */
const adamsHour = { subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, students: [11] };
const adams = { lessons: [adamsHour], weekly_lessons: { Mathematics: 2 } };

describe('what checkout shows of the draft', () => {
  it.each([
    ['one student', single, ['Adam Ahmed'], ['Amira Haddad'], ['GOLD (12 classes)'], 684],
    ['two together', together, ['Adam Ahmed', 'lina ahmed'], ['Amira Haddad'], ['GOLD (12 classes)'], 684],
    ['the individual split, second student', individualCheckoutDraft(true), ['Adam Ahmed', 'Lina Ahmed'], ['Amira Haddad', 'Omar Khalil'], ['GOLD (12 classes)', 'GOLD (12 classes)'], 1368],
    ['the individual split, first student', individualCheckoutDraft(false), ['Adam Ahmed'], ['Amira Haddad'], ['GOLD (12 classes)'], 684],
  ])('%s', (_, draft, students, tutors, packages, subtotal) => {
    expect(studentNamesOf(draft)).toEqual(students);
    expect(tutorNamesOf(draft)).toEqual(tutors);
    expect(packageLinesOf(draft)).toEqual(packages);
    expect(subtotalOf(draft)).toBe(subtotal);
  });

  it('adds up the prices the draft keeps as numbers, never the text a card showed', () => {
    const shownOtherwise: BookingDraft = { ...single, lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, total: 'AED 999' } }, price: 683.5 };
    expect(subtotalOf(shownOtherwise)).toBe(683.5);
    expect(orderOf(shownOtherwise, payer, null)?.amount).toBe(683.5);
  });

  it.each([
    [null, 684],
    [{ code: 'FLAT50', discount_type: 'flat' as const, discount_value: 50 }, 634],
    [{ code: 'TEN', discount_type: 'percent' as const, discount_value: 10 }, 615.6],
    [{ code: 'ALL', discount_type: 'flat' as const, discount_value: 1000 }, 0],
  ])('the Grand Total with %j is %d', (coupon, total) => {
    expect(grandTotalOf(single, coupon)).toBe(total);
  });
});

describe('the POST /create-order body', () => {
  it.each([
    ['one student', single, null, { ...base, ...adams, student_ids: [11], amount: 684 }],
    [
      'two together (names matched case-insensitively): each lesson is for both',
      together,
      null,
      { ...base, student_ids: [11, 12], amount: 684, lessons: [{ ...adamsHour, students: [11, 12] }], weekly_lessons: { Mathematics: 2 } },
    ],
    ['with a coupon', single, { code: 'TEN', discount_type: 'percent' as const, discount_value: 10 }, { ...base, ...adams, student_ids: [11], amount: 615.6, coupon: 'TEN' }],
    ['the pending payment', { ...single, entry: 'pendingPayment' as const, clientPackageId: 21 }, null, { ...base, ...adams, student_ids: [11], amount: 684, client_package_id: 21 }],
    ['a new booking whose package Book Now saved', { ...single, clientPackageId: 30 }, null, { ...base, ...adams, student_ids: [11], amount: 684, client_package_id: 30 }],
    ['a renewal (its paid package is not what is paid for)', { ...single, entry: 'renewal' as const, clientPackageId: 9 }, null, { ...base, ...adams, student_ids: [11], amount: 684 }],
    [
      'two subjects, two weeks: every slot a lesson, in week order',
      {
        ...single,
        lessons: { ...sampleLessons, lessonCounts: { Mathematics: 1, English: 1 } },
        slots: {
          '1st Week': [sampleSlot, { ...sampleSlot, key: 'English-2026-12-07-09:00', subject: 'English', date: '2026-12-07', time: '09:00', tutorId: 4, apt_id: 7 }],
          '2nd Week': [{ ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', apt_id: 8, weekIndex: 1 }],
        },
      },
      null,
      {
        ...base,
        student_ids: [11],
        appoint_ids: [1, 7, 8],
        amount: 684,
        lessons: [
          adamsHour,
          { subject: 'English', start: '2026-12-07T09:00:00+04:00', finish: '2026-12-07T10:00:00+04:00', tutor: 4, students: [11] },
          { ...adamsHour, start: '2026-12-13T16:00:00+04:00', finish: '2026-12-13T17:00:00+04:00' },
        ],
        weekly_lessons: { Mathematics: 1, English: 1 },
      },
    ],
    [
      'the individual split, both students',
      individualCheckoutDraft(true),
      null,
      {
        ...base,
        student_ids: [11, 12],
        appoint_ids: [1, 2],
        amount: 1368,
        // Each student's lessons are theirs alone; the lessons per week are each line's (none at the top level).
        lessons: [adamsHour, { subject: 'English', start: '2026-12-07T17:00:00+04:00', finish: '2026-12-07T18:00:00+04:00', tutor: 2, students: [12] }],
        lines: [
          { pkg_id: 3, level: 5, student_ids: [11], weekly_lessons: { Mathematics: 2 } },
          { pkg_id: 3, level: 8, student_ids: [12], weekly_lessons: { English: 1 } },
        ],
      },
    ],
    [
      'the individual split, first student (the order Pay Now would make if it showed)',
      individualCheckoutDraft(false),
      null,
      { ...base, ...adams, student_ids: [11], amount: 684 },
    ],
  ])('%s', (_, draft, coupon, body) => {
    expect(orderOf(draft, payer, coupon)).toEqual(body);
  });

  it.each([
    ['PayPal', 'paypal'],
    ['VISA', 'visa'],
    ['Mastercard', 'mastercard'],
  ] as const)('carries the payment method chosen: %s as %s', (_, method) => {
    expect(orderOf({ ...single, paymentMethod: method }, payer, null)).toEqual({ ...base, ...adams, student_ids: [11], amount: 684, payment_method: method });
    expect(orderOf({ ...individualCheckoutDraft(true), paymentMethod: method }, payer, null)?.payment_method).toBe(method);
  });

  // London moves to summer time at 01:00 on Sunday 29 March 2026: the hour from midnight lasts one real hour
  // and ends at 02:00 summer time. New York is west of UTC and moves on 8 March.
  it.each([
    ['Europe/London', '2026-03-28', '16:00', '2026-03-28T16:00:00+00:00', '2026-03-28T17:00:00+00:00'],
    ['Europe/London', '2026-03-29', '00:00', '2026-03-29T00:00:00+00:00', '2026-03-29T02:00:00+01:00'],
    ['Europe/London', '2026-03-30', '16:00', '2026-03-30T16:00:00+01:00', '2026-03-30T17:00:00+01:00'],
    ['America/New_York', '2026-03-07', '09:00', '2026-03-07T09:00:00-05:00', '2026-03-07T10:00:00-05:00'],
    ['America/New_York', '2026-03-09', '09:00', '2026-03-09T09:00:00-04:00', '2026-03-09T10:00:00-04:00'],
    ['Asia/Kolkata', '2026-12-06', '16:00', '2026-12-06T16:00:00+05:30', '2026-12-06T17:00:00+05:30'],
  ])('in %s, %s %s is posted %s to %s', (timeZone, date, time, start, finish) => {
    const draft: BookingDraft = { ...single, slots: { '1st Week': [{ ...sampleSlot, date, time }] } };
    expect(orderOf(draft, { ...payer, timeZone }, null)?.lessons).toEqual([{ ...adamsHour, start, finish }]);
  });

  it('sends no lessons when no slot is chosen (the server holds nothing)', () => {
    const order = orderOf({ ...single, slots: {} }, payer, null);
    expect(order).not.toHaveProperty('lessons');
    expect(order).toMatchObject({ appoint_ids: [], weekly_lessons: { Mathematics: 2 } });
  });

  it.each([
    ['by subject', { Mathematics: 2, English: 1 }, null, { Mathematics: 2, English: 1 }],
    ['by subject, a subject with none left out', { Mathematics: 2, English: 0 }, null, { Mathematics: 2 }],
    ['in the split, under the student’s name', { 'Adam Ahmed': { Mathematics: 2 }, 'Lina Ahmed': { English: 1 } }, 'Lina Ahmed', { English: 1 }],
    ['in the split, under no name of the student', { 'Adam Ahmed': { Mathematics: 2 } }, 'Lina Ahmed', {}],
    ['in the split, counts saved by subject (read as the slot grid reads them)', { Mathematics: 2 }, 'Adam Ahmed', { Mathematics: 2 }],
  ])('lessons per week %s', (_, counts, student, weekly) => {
    expect(weeklyLessonsOf(counts, student)).toEqual(weekly);
  });

  it.each([
    ['a student who is not the client’s', { ...single, form: { ...sampleForm, name1: 'Zed Unknown' } }],
    ['a student the draft has no id for', { ...single, studentIds: {} }],
    ['a package without its price', { ...single, price: null }],
    ['the split, its other student’s package without its price', { ...individualCheckoutDraft(true), split: { ...individualCheckoutDraft(true).split, done: individualCheckoutDraft(true).split.done.map((part) => ({ ...part, price: null })) } }],
    ['a package the server does not price', { ...single, lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, id: 9 } } }],
    ['no year', { ...single, form: { ...sampleForm, program: '' } }],
    ['nothing chosen', emptyDraft('new')],
  ])('none for %s', (_, draft) => {
    expect(orderOf(draft, payer, null)).toBeNull();
  });
});
