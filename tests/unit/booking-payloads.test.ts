import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import {
  type OrderProgress,
  appointmentPayloads,
  bookingMismatchText,
  bookingMissingText,
  bookingPlan,
  branchTimestamp,
  classCharge,
  firstStepNotDone,
  invoicePayload,
  isPlan,
  paymentPayload,
  servicePayloads,
} from '../../machines/rules/booking-payloads.ts';
import { individualCheckoutDraft, sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';

const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];

type Line = OrderProgress['lines'][number];
const line = (more: Partial<Line> = {}): Line => ({ pkg_id: 3, level: 5, student_ids: [11], amount: 684, classes: 12, booked_classes: 0, ...more });

const order = (more: Partial<OrderProgress> = {}): OrderProgress => ({
  ref: 'ord_12345678',
  lines: [line({ student_ids: more.student_ids ?? [11], amount: more.amount ?? 684, classes: more.classes ?? 12 })],
  status: 'paid',
  amount: 684,
  pkg_id: 3,
  student_ids: [11],
  classes: 12,
  booked_classes: 0,
  service_ids: [],
  appointment_ids: [],
  invoice_id: null,
  payment_taken: false,
  confirmed: false,
  ...more,
});

const dubai = { clientid: 7, branch_id: 1, timeZone: 'Asia/Dubai' };

/** Adam Ahmed's GOLD: Mathematics with Amira Haddad twice, English with Omar Khalil once. */
const draft: BookingDraft = {
  ...emptyDraft('new'),
  form: { ...sampleForm, subject: ['Mathematics', 'English'] },
  lessons: sampleLessons,
  slots: {
    '1st Week': [sampleSlot, { ...sampleSlot, key: 'English-2026-12-07-09:00', subject: 'English', date: '2026-12-07', time: '09:00', tutorId: 2, tutorPrice: 90, name: 'Omar Khalil' }],
    '2nd Week': [{ ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', weekIndex: 1 }],
  },
};

function planOf(d: BookingDraft | null, o = order()) {
  const plan = bookingPlan(d, students, o);
  if (!isPlan(plan)) throw new Error(plan.problem);
  return plan;
}

describe('the per-class charge: (package total − discount, the order amount) ÷ classes, 2 decimals', () => {
  it.each([
    [684, 12, '57.00'],
    [100, 6, '16.67'],
    [1026, 24, '42.75'],
    [0, 6, '0.00'],
    [50, 0, '50.00'],
  ])('%d over %d classes is %s', (amount, classes, charge) => {
    expect(classCharge({ amount, classes })).toBe(charge);
  });
});

describe('times are posted with the branch zone’s offset, whatever the browser’s zone', () => {
  it.each([
    ['2026-12-06', '16:00', 'Asia/Dubai', 0, '2026-12-06T16:00:00+04:00'],
    ['2026-12-06', '16:00', 'Asia/Dubai', 1, '2026-12-06T17:00:00+04:00'],
    ['2026-12-06', '23:00', 'Asia/Dubai', 1, '2026-12-07T00:00:00+04:00'],
    ['2026-12-06', '16:00', 'America/New_York', 0, '2026-12-06T16:00:00-05:00'],
    ['2026-07-06', '16:00', 'America/New_York', 1, '2026-07-06T17:00:00-04:00'],
    ['2026-03-08', '01:00', 'America/New_York', 1, '2026-03-08T03:00:00-04:00'],
    ['2026-12-06', '09:00', 'Asia/Kolkata', 0, '2026-12-06T09:00:00+05:30'],
  ])('%s %s in %s, %d hour(s) on: %s', (date, time, zone, later, expected) => {
    const posted = branchTimestamp(date, time, zone, later);
    expect(posted).toBe(expected);
    // The same instant as the wall-clock time there.
    expect(new Date(posted).getTime()).toBe(new Date(expected).getTime());
  });
});

describe('the plan: one service per subject, its lessons in time order', () => {
  it('groups a one-student booking by subject', () => {
    const plan = planOf(draft);
    expect(plan.lines.map((line) => [line.subject, line.studentIds, line.slots.map((s) => s.date)])).toEqual([
      ['Mathematics', [11], ['2026-12-06', '2026-12-13']],
      ['English', [11], ['2026-12-07']],
    ]);
    expect(plan.durationDays).toBe(45);
  });

  it('books two students studying together on each service', () => {
    const together = { ...draft, form: { ...draft.form!, students: 2, name2: 'Lina Ahmed', studyType: 'yes' as const } };
    expect(planOf(together, order({ student_ids: [11, 12] })).lines.map((l) => l.studentIds)).toEqual([
      [11, 12],
      [11, 12],
    ]);
  });

  it('books each student of the individual split on their own services', () => {
    const lines = [line({ student_ids: [11], amount: 684 }), line({ pkg_id: 2, level: 8, student_ids: [12], amount: 300, classes: 6 })];
    const plan = planOf(individualCheckoutDraft(true), order({ student_ids: [11, 12], classes: 18, amount: 984, lines }));
    expect(plan.lines.map((l) => [l.subject, l.studentIds, l.pkgId, l.charge])).toEqual([
      ['Mathematics', [11], 3, '57.00'],
      ['English', [12], 2, '50.00'],
    ]);
    // Each lesson is charged and packaged as its own student's line.
    const lessons = appointmentPayloads(plan, [31, 32], order({ lines }), dubai, '2026-11-23');
    expect(lessons.map((l) => [l.topic, l.pkg_id, l.rcras])).toEqual([
      ['Mathematics', 3, [{ recipient: 11, charge_rate: '57.00' }]],
      ['English', 2, [{ recipient: 12, charge_rate: '50.00' }]],
    ]);
  });

  it.each([
    ['no draft', null, order(), bookingMissingText],
    ['a draft without slots', { ...draft, slots: null }, order(), bookingMissingText],
    ['an empty draft', emptyDraft('new'), order(), bookingMissingText],
    ['a student the order did not pay for', draft, order({ student_ids: [12] }), bookingMismatchText],
    ['a student the client does not have', { ...draft, form: { ...draft.form!, name1: 'Zed Unknown' } }, order(), bookingMismatchText],
    ['more lessons than the order paid for', draft, order({ classes: 2 }), bookingMismatchText],
  ])('%s: %s', (_, d, o, problem) => {
    expect(bookingPlan(d, students, o)).toEqual({ problem });
  });
});

describe('the payloads, each carrying the order ref', () => {
  it('services: hourly, the per-class charge, the tutors once each, the students', () => {
    expect(servicePayloads(planOf(draft), order(), dubai)).toEqual([
      { name: 'Mathematics', dft_charge_type: 'hourly', dft_charge_rate: '57.00', dft_contractor_rate: '120.00', conjobs: [{ contractor: 1 }], rcrs: [{ recipient: 11 }], branch_id: 1, order_ref: 'ord_12345678' },
      { name: 'English', dft_charge_type: 'hourly', dft_charge_rate: '57.00', dft_contractor_rate: '90.00', conjobs: [{ contractor: 2 }], rcrs: [{ recipient: 11 }], branch_id: 1, order_ref: 'ord_12345678' },
    ]);
  });

  it('a subject with two tutors has both on its service', () => {
    const two = { ...draft, slots: { '1st Week': [sampleSlot, { ...sampleSlot, key: 'k2', date: '2026-12-08', tutorId: 5, name: 'Other' }] } };
    expect(servicePayloads(planOf(two), order(), dubai).map((s) => s.conjobs)).toEqual([[{ contractor: 1 }, { contractor: 5 }]]);
  });

  it.each([
    ['Asia/Dubai', ['2026-12-06T16:00:00+04:00', '2026-12-06T17:00:00+04:00']],
    ['America/Los_Angeles', ['2026-12-06T16:00:00-08:00', '2026-12-06T17:00:00-08:00']],
    ['Europe/London', ['2026-12-06T16:00:00+00:00', '2026-12-06T17:00:00+00:00']],
  ])('appointments in %s: planned, one hour, on their line’s service, charged per class', (timeZone, [start, finish]) => {
    const lessons = appointmentPayloads(planOf(draft), [31, 32], order(), { ...dubai, timeZone }, '2026-11-23');
    expect(lessons).toHaveLength(3);
    expect(lessons[0]).toEqual({
      client_id: 7,
      branch_id: 1,
      pkg_id: 3,
      start_date: '2026-12-06',
      expiry_date: '2027-01-07',
      start,
      finish,
      topic: 'Mathematics',
      status: 'planned',
      service: 31,
      rcras: [{ recipient: 11, charge_rate: '57.00' }],
      cjas: [{ contractor: 1, pay_rate: '120.00' }],
      pricestatus: true,
      order_ref: 'ord_12345678',
    });
    expect(lessons.map((l) => [l.topic, l.service, l.start_date])).toEqual([
      ['Mathematics', 31, '2026-12-06'],
      ['Mathematics', 31, '2026-12-13'],
      ['English', 32, '2026-12-07'],
    ]);
  });

  it('a coupon’s discount is in the order amount, and so in the charge', () => {
    const discounted = order({ amount: 615.6 });
    const lessons = appointmentPayloads(planOf(draft, discounted), [31, 32], discounted, dubai, '2026-11-23');
    expect(lessons.map((l) => l.rcras[0]?.charge_rate)).toEqual(['51.30', '51.30', '51.30']);
  });

  it('a package without a duration posts no expiry date', () => {
    const short = { ...draft, lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, duration_days: 0 } } };
    expect(appointmentPayloads(planOf(short), [31, 32], order(), dubai, '2026-11-23')[0]?.expiry_date).toBeNull();
  });

  it('refuses to book lessons with no service for their line', () => {
    expect(() => appointmentPayloads(planOf(draft), [31], order(), dubai, '2026-11-23')).toThrow('no service for English');
  });

  it('the invoice: Credit Request, raise-and-send, the order amount', () => {
    expect(invoicePayload(order(), dubai)).toEqual({ branch_id: 1, amount: 684, client: 7, raise_behaviour: 'raise-and-send', description: 'Credit Request', order_ref: 'ord_12345678' });
  });

  it('the payment: cash, with a receipt, the order amount', () => {
    expect(paymentPayload(order(), dubai)).toEqual({ branch_id: 1, clientid: 7, amount: 684, method: 'cash', send_receipt: true, order_ref: 'ord_12345678' });
  });
});

describe('where a reload resumes: the first step the order has not done', () => {
  it.each([
    ['nothing done', order(), 2, 'services'],
    ['one of two services made', order({ service_ids: [31] }), 2, 'services'],
    ['both services made', order({ service_ids: [31, 32] }), 2, 'appointments'],
    ['no plan known, nothing made', order(), 0, 'services'],
    ['lessons booked', order({ service_ids: [31, 32], appointment_ids: [1, 2, 3] }), 2, 'invoice'],
    ['invoice raised', order({ service_ids: [31, 32], appointment_ids: [1, 2, 3], invoice_id: 9 }), 2, 'payment'],
    ['payment taken', order({ service_ids: [31, 32], appointment_ids: [1, 2, 3], invoice_id: 9, payment_taken: true }), 0, 'confirm'],
    ['confirmed', order({ status: 'confirmed', service_ids: [31, 32], appointment_ids: [1, 2, 3], invoice_id: 9, payment_taken: true, confirmed: true }), 2, null],
  ])('%s: %s', (_, o, services, step) => {
    expect(firstStepNotDone(o, services)).toBe(step);
  });
});
