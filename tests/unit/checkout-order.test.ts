import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { type Payer, grandTotalOf, orderOf, packageLinesOf, studentNamesOf, subtotalOf, tutorNamesOf } from '../../machines/booking/checkout-order.ts';
import { individualCheckoutDraft, sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

const payer: Payer = {
  clientid: 7,
  email: 'parent@example.com',
  branch_id: 1,
  students: [
    { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
    { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
  ],
};
const single: BookingDraft = { ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, slots: sampleSlots, tutors: sampleTutors };
const together: BookingDraft = { ...single, form: { ...sampleForm, students: 2, name2: 'lina ahmed', studyType: 'yes' } };
const base = { email: 'parent@example.com', client_id: 7, branch_id: 1, appoint_ids: [1], pkg_id: 3, level: 5 };

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
    ['one student', single, null, { ...base, student_ids: [11], amount: 684 }],
    ['two together (names matched case-insensitively)', together, null, { ...base, student_ids: [11, 12], amount: 684 }],
    ['with a coupon', single, { code: 'TEN', discount_type: 'percent' as const, discount_value: 10 }, { ...base, student_ids: [11], amount: 615.6, coupon: 'TEN' }],
    ['the pending payment', { ...single, entry: 'pendingPayment' as const, clientPackageId: 21 }, null, { ...base, student_ids: [11], amount: 684, client_package_id: 21 }],
    ['a new booking whose package Book Now saved', { ...single, clientPackageId: 30 }, null, { ...base, student_ids: [11], amount: 684, client_package_id: 30 }],
    ['a renewal (its paid package is not what is paid for)', { ...single, entry: 'renewal' as const, clientPackageId: 9 }, null, { ...base, student_ids: [11], amount: 684 }],
    [
      'the individual split, both students',
      individualCheckoutDraft(true),
      null,
      {
        ...base,
        student_ids: [11, 12],
        appoint_ids: [1, 2],
        amount: 1368,
        lines: [
          { pkg_id: 3, level: 5, student_ids: [11] },
          { pkg_id: 3, level: 8, student_ids: [12] },
        ],
      },
    ],
  ])('%s', (_, draft, coupon, body) => {
    expect(orderOf(draft, payer, coupon)).toEqual(body);
  });

  it.each([
    ['a student who is not the client’s', { ...single, form: { ...sampleForm, name1: 'Zed Unknown' } }],
    ['a package the server does not price', { ...single, lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, id: 9 } } }],
    ['no year', { ...single, form: { ...sampleForm, program: '' } }],
    ['nothing chosen', emptyDraft('new')],
  ])('none for %s', (_, draft) => {
    expect(orderOf(draft, payer, null)).toBeNull();
  });
});
