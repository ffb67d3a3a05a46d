import { describe, expect, it } from 'vitest';
import { type BookingDraft, type LessonData, type PackageForm, type SelectedSlot, emptyDraft, withForm, withLessons, withSlots } from '../../machines/booking/booking-draft.ts';
import { type PackageBooking, isClash, packageAppointmentPayloads, packageMismatchText, packageBooking, packageServicePayloads } from '../../machines/rules/package-booking.ts';
import { ApiError } from '../../src/api/client.ts';

const form: PackageForm = { students: 2, name1: 'Adam Ahmed', name2: 'Lina Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics', 'English'], studyType: 'yes' };
const lessons: LessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics', 'English'], lessons: 12, description: '', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed', name2: 'Lina Ahmed' },
  lessonCounts: { Mathematics: 1, English: 1 },
};
const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];
const slot = (subject: string, date: string, time: string, tutorId: number, weekIndex: number): SelectedSlot => ({
  key: `${subject}-${date}-${time}`,
  subject,
  date,
  time,
  weekIndex,
  tutorId,
  tutorPrice: 120,
  apt_id: 1,
  name: 'Tutor',
});
const slots = [slot('English', '2026-12-03', '16:00', 6, 1), slot('Mathematics', '2026-12-02', '15:00', 5, 1), slot('Mathematics', '2026-11-25', '15:00', 5, 0), slot('Mathematics', '2026-11-26', '09:00', 7, 0)];
const base = withLessons(withForm(emptyDraft('remaining'), form), lessons, '');
const draft: BookingDraft = { ...withSlots(base, { '1st Week': slots.filter((s) => s.weekIndex === 0), '2nd Week': slots.filter((s) => s.weekIndex === 1) }, []), clientPackageId: 88 };
const payer = { clientid: 7, branch_id: 1, timeZone: 'Asia/Dubai' };

describe('packageBooking', () => {
  it('makes one line per subject, the lessons in time order, for the students on the form', () => {
    const booking = packageBooking(draft, students) as PackageBooking;
    expect(booking).toMatchObject({ clientPackageId: 88, pkgId: 3, durationDays: 45 });
    expect(booking.lines.map((line) => [line.subject, line.studentIds, line.slots.map((s) => `${s.date} ${s.time}`)])).toEqual([
      ['Mathematics', [11, 12], ['2026-11-25 15:00', '2026-11-26 09:00', '2026-12-02 15:00']],
      ['English', [11, 12], ['2026-12-03 16:00']],
    ]);
  });

  it.each([
    ['no paid package', { ...draft, clientPackageId: null }, students],
    ['no slots', { ...draft, slots: null }, students],
    ['no lessons', { ...draft, lessons: null }, students],
    ['a package outside the catalogue', { ...draft, lessons: { ...lessons, packageNames: { ...lessons.packageNames, id: 99 } } }, students],
    ['a student the client does not have', draft, students.slice(0, 1)],
  ])('refuses %s', (_, given: BookingDraft, known) => {
    expect(packageBooking(given, known)).toEqual({ problem: packageMismatchText });
  });
});

describe('the payloads of a booking on a paid package', () => {
  const booking = packageBooking(draft, students) as PackageBooking;

  it('one service per subject, with its tutors and students, at the renewal rate', () => {
    expect(packageServicePayloads(booking, payer)).toEqual([
      { name: 'Mathematics', dft_charge_type: 'hourly', dft_charge_rate: '100.00', dft_contractor_rate: '100.00', conjobs: [{ contractor: 5 }, { contractor: 7 }], rcrs: [{ recipient: 11 }, { recipient: 12 }], branch_id: 1 },
      { name: 'English', dft_charge_type: 'hourly', dft_charge_rate: '100.00', dft_contractor_rate: '100.00', conjobs: [{ contractor: 6 }], rcrs: [{ recipient: 11 }, { recipient: 12 }], branch_id: 1 },
    ]);
  });

  it('every lesson on the package, one hour in the branch zone, on its subject’s service, charge and pay rate 100.00', () => {
    const lessonsPosted = packageAppointmentPayloads(booking, [41, 42], payer, '2026-11-23');
    expect(lessonsPosted.map((l) => [l.topic, l.service, l.start, l.finish, l.cjas[0]?.contractor])).toEqual([
      ['Mathematics', 41, '2026-11-25T15:00:00+04:00', '2026-11-25T16:00:00+04:00', 5],
      ['Mathematics', 41, '2026-11-26T09:00:00+04:00', '2026-11-26T10:00:00+04:00', 7],
      ['Mathematics', 41, '2026-12-02T15:00:00+04:00', '2026-12-02T16:00:00+04:00', 5],
      ['English', 42, '2026-12-03T16:00:00+04:00', '2026-12-03T17:00:00+04:00', 6],
    ]);
    for (const lesson of lessonsPosted) {
      expect(lesson).toMatchObject({ client_id: 7, branch_id: 1, pkg_id: 3, status: 'planned', expiry_date: '2027-01-07', pricestatus: true, client_package_id: 88 });
      expect(lesson.rcras).toEqual([
        { recipient: 11, charge_rate: '100.00' },
        { recipient: 12, charge_rate: '100.00' },
      ]);
      expect(lesson.cjas[0]?.pay_rate).toBe('100.00');
      expect(lesson).not.toHaveProperty('order_ref');
    }
  });

  it('needs a service for every line', () => {
    expect(() => packageAppointmentPayloads(booking, [41], payer, '2026-11-23')).toThrow('no service for English');
  });
});

describe('isClash', () => {
  it.each([
    [new ApiError(409, 'That tutor is already booked at that time. Please choose another slot.'), true],
    [new ApiError(400, 'Bad'), false],
    [new Error('The server did not answer'), false],
    [null, false],
    ['409', false],
  ])('%s → %s', (error, clash) => {
    expect(isClash(error)).toBe(clash);
  });
});
