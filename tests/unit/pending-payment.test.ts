import { describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import type { HourCalls } from '../../machines/booking/load-grid.ts';
import { type PendingPaymentContext, checkPendingHours, draftFromUnpaidPackage } from '../../machines/booking/pending-payment.ts';
import { individualForm, sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

// Opening the pending payment: its saved hours checked against the hours the grid offers now (the calls
// faked), dropped and said when gone or past. Adam's Mathematics with Amira Haddad (tutor 1), Sundays 16:00
// in Dubai (12:00 UTC).

const sunday13: SelectedSlot = { ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', apt_id: 8, weekIndex: 1 };
const pending: BookingDraft = {
  ...emptyDraft('pendingPayment'),
  form: sampleForm,
  lessons: sampleLessons,
  slots: { '1st Week': [sampleSlot], '2nd Week': [sunday13] },
  tutors: sampleTutors,
  bookingData: { bookdata: [sampleSlot, sunday13] },
  clientPackageId: 5,
};
const context: PendingPaymentContext = { clientid: 7, branchId: 1, timeZone: 'Asia/Dubai', today: '2026-11-23', now: Date.parse('2026-11-23T08:00:00Z') };
const window = (start: string) => ({ start, finish: new Date(Date.parse(start) + 3_600_000).toISOString(), apt_id: 1, contractor_id: 1 });

function fakeCalls(windows = [window('2026-12-06T12:00:00Z'), window('2026-12-13T12:00:00Z')], lessons: { start: string; finish: string; status?: string }[] = []) {
  const calls: HourCalls = {
    availability: vi.fn(async () => windows),
    students: vi.fn(async () => [{ id: 11, first_name: 'Adam', last_name: 'Ahmed' }]),
    lessonsOfStudents: vi.fn(async () => lessons),
  };
  return calls;
}

describe('opening the pending payment', () => {
  it('every hour still offered: the same booking, nothing to say; the grid’s hours asked for its student, subjects and year', async () => {
    const calls = fakeCalls();
    expect(await checkPendingHours(pending, context, calls)).toEqual({ draft: pending, notice: [] });
    expect(calls.availability).toHaveBeenCalledWith({ subjectNames: ['Mathematics'], yearLevels: [5], branch_id: 1 });
    expect(calls.lessonsOfStudents).toHaveBeenCalledWith([11], 1);
  });

  it('an hour someone else booked (no longer offered): dropped, in checkout’s words', async () => {
    const opened = await checkPendingHours(pending, context, fakeCalls([window('2026-12-13T12:00:00Z')]));
    expect(opened.notice).toEqual(['Sun 6 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.']);
    expect(opened.draft).toEqual({ ...pending, slots: { '2nd Week': [sunday13] }, bookingData: null });
  });

  it('an hour at which the student now has another lesson: dropped as taken', async () => {
    const opened = await checkPendingHours(pending, context, fakeCalls(undefined, [{ start: '2026-12-13T12:00:00Z', finish: '2026-12-13T13:00:00Z', status: 'planned' }]));
    expect(opened.notice).toEqual(['Sun 13 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.']);
    expect(opened.draft.slots).toEqual({ '1st Week': [sampleSlot] });
  });

  it('hours that have passed: dropped and said so, all of them gone leaves no slot and no tutor', async () => {
    const later = { ...context, today: '2026-12-14', now: Date.parse('2026-12-14T08:00:00Z') };
    const opened = await checkPendingHours(pending, later, fakeCalls([]));
    expect(opened.notice).toEqual(['Sun 6 Dec 2026 · 16:00 Dubai time has already passed. Please choose another time.', 'Sun 13 Dec 2026 · 16:00 Dubai time has already passed. Please choose another time.']);
    expect(opened.draft).toMatchObject({ entry: 'pendingPayment', slots: {}, tutors: [], clientPackageId: 5, form: sampleForm, lessons: sampleLessons });
  });

  it.each([
    ['no slot saved', { ...pending, slots: {} }],
    ['an individual two-student booking saved without the student booked (whose hours cannot be asked for)', { ...pending, form: individualForm() }],
  ])('%s: not checked, no call', async (_, draft) => {
    const calls = fakeCalls();
    expect(await checkPendingHours(draft, context, calls)).toEqual({ draft, notice: [] });
    expect(calls.availability).not.toHaveBeenCalled();
  });

  it('a failed read fails the opening (the dashboard says so)', async () => {
    const calls = { ...fakeCalls(), availability: vi.fn(async () => Promise.reject(new Error('The free hours could not be loaded.'))) };
    await expect(checkPendingHours(pending, context, calls)).rejects.toThrow('The free hours could not be loaded.');
  });
});

// The pending-payment card's draft, read from the unpaid package the portal saved at Book Now.

const pkg = (packageForm: string, bookingdata: unknown = { bookdata: [] }) =>
  ({ id: 9, clientid: 1, packageForm, bookingdata, purches_status: 0, booked_classess: 0, total_classess: 12, remaining_classess: 12, completed_classess: 0, created_at: '2026-11-21T10:00:00Z' }) as never;

describe('the pending-payment draft, from the first unpaid package', () => {
  const [packageFormData, lessons, groupedByWeek, tutors] = [sampleForm, sampleLessons, sampleSlots, sampleTutors];
  // A package saved without its price as a number: the amount its total shows ('AED 684.00'), as checkout read it before.
  const expected = { ...emptyDraft('pendingPayment'), form: packageFormData, lessons, price: 684, slots: groupedByWeek, bookingData: { bookdata: [] }, tutors, clientPackageId: 9 };

  it.each([
    ['slots and tutors at the top level', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek, storedTeacher: tutors, storedTeacher2: [] })), expected],
    ['slots and tutors inside lessonData, as the portal also stores them', pkg(JSON.stringify({ lessonData: { ...lessons, groupedByWeek, storedTeacher: tutors }, packageFormData })), expected],
    ['the price saved as a number beside lessonData: that number', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek, storedTeacher: tutors, price: 683.5 })), { ...expected, price: 683.5 }],
    ['a price saved that is not an amount: the amount the total shows', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek, storedTeacher: tutors, price: '683.5' })), expected],
    ['bookingdata sent as JSON text', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek, storedTeacher: tutors }), '{"bookdata":[1]}'), { ...expected, bookingData: { bookdata: [1] } }],
    ['no bookingdata', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek, storedTeacher: tutors }), null), { ...expected, bookingData: null }],
    ['packageForm not JSON', pkg('not json'), null],
    ['packageForm a JSON array', pkg('[]'), null],
    ['lessonData missing', pkg(JSON.stringify({ packageFormData })), null],
    ['lessonData of another shape (a bare package name)', pkg(JSON.stringify({ lessonData: { packageName: 'GOLD' }, packageFormData })), null],
    ['packageFormData missing', pkg(JSON.stringify({ lessonData: lessons })), null],
    ['slots that are not slots', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek: { '1st Week': ['16:00'] } })), null],
    ['bookingdata text that is not JSON', pkg(JSON.stringify({ lessonData: lessons, packageFormData }), '{broken'), null],
  ])('%s', (_label, unpaid, draft) => {
    expect(draftFromUnpaidPackage(unpaid)).toEqual(draft);
  });
});
