import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { clearDraft, readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';

const form = {
  students: 2,
  name1: 'Adam Ahmed',
  name2: 'Lina Ahmed',
  programOne: 1,
  program: 'Year 5 / Grade 4',
  subject: ['Mathematics', 'English'],
  student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] },
  studyType: 'no' as const,
};
const lessons = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD' as const,
  studentName: { name1: 'Adam Ahmed', name2: 'Lina Ahmed' },
  lessonCounts: { 'Adam Ahmed': { Mathematics: 2 } },
};
const slot = { key: 'Mathematics-2026-12-01-16:00', subject: 'Mathematics', date: '2026-12-01', time: '16:00', tutorId: 1, tutorPrice: 120, apt_id: 5, weekIndex: 0, name: 'Amira Haddad' };
const slots = { '1st Week': [slot] };
const tutors = [{ id: 1, name: 'Amira Haddad', subject: 'Mathematics' }];

/** A draft with every part chosen. */
const full: BookingDraft = {
  ...emptyDraft('renewal'),
  form,
  lessons,
  totalLessonsLabel: '12 Lessons',
  slots,
  bookingData: { bookdata: [{ week: 1 }] },
  tutors,
  secondTutors: [{ id: 2, name: 'James Whitfield', subject: 'English' }],
  split: { studentType: 1, otherStudentPending: true, done: [{ studentType: 2, form, lessons, slots }] },
  clientPackageId: 12,
  reschedule: { appointmentId: 4, serviceId: 2, topic: 'Mathematics', contractorName: 'Amira Haddad', contractorNameid: 1, avatarUrl: '' },
};

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('the booking draft in the working keys', () => {
  it('reads back what was written, part for part', () => {
    writeDraft(full);
    expect(readDraft()).toEqual(full);
    expect(warn).not.toHaveBeenCalled();
  });

  it("writes the spec's keys and flags: a renewal sets fromRenew=1; a pending payment dashboard=1 and showLock=1", () => {
    writeDraft(full);
    expect(localStorage.getItem('fromRenew')).toBe('1');
    expect(localStorage.getItem('dashboard')).toBeNull();
    expect(localStorage.getItem('hidebutton')).toBe('1');
    expect(localStorage.getItem('studentType')).toBe('1');
    expect(localStorage.getItem('totalLession')).toBe('12 Lessons');
    expect(JSON.parse(localStorage.getItem('packageFormData') ?? 'null')).toEqual(form);
    expect(JSON.parse(localStorage.getItem('groupedByWeek') ?? 'null')).toEqual(slots);

    writeDraft({ ...full, entry: 'pendingPayment' });
    expect([localStorage.getItem('dashboard'), localStorage.getItem('showLock'), localStorage.getItem('fromRenew')]).toEqual(['1', '1', null]);
  });

  it('the paid order whose classes are placed: its ref is kept in bookingDraft and reads back', () => {
    const placing: BookingDraft = { ...full, entry: 'remaining', clientPackageId: null, orderRef: 'ORD-7-3' };
    writeDraft(placing);
    expect(JSON.parse(localStorage.getItem('bookingDraft') ?? 'null')).toEqual({ version: 2, entry: 'remaining', clientPackageId: null, orderRef: 'ORD-7-3' });
    expect(readDraft()).toEqual(placing);
  });

  it('the payment method chosen at checkout: kept in bookingDraft once chosen, and reads back', () => {
    writeDraft(full);
    expect(JSON.parse(localStorage.getItem('bookingDraft') ?? 'null')).not.toHaveProperty('paymentMethod');
    expect(readDraft()?.paymentMethod).toBeNull();
    const paying: BookingDraft = { ...full, paymentMethod: 'mastercard' };
    writeDraft(paying);
    expect(JSON.parse(localStorage.getItem('bookingDraft') ?? 'null')).toEqual({ version: 2, entry: 'renewal', clientPackageId: 12, orderRef: null, paymentMethod: 'mastercard' });
    expect(readDraft()).toEqual(paying);
  });

  it.each([['cash'], [''], [3], [null]])('a payment method of %j reads as none chosen (logged); the rest of the draft stays', (paymentMethod) => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'renewal', clientPackageId: 12, orderRef: null, paymentMethod }));
    expect(readDraft()).toEqual(full);
    expect(warn).toHaveBeenCalledWith('Dropped an unreadable stored payment method');
  });

  it.each([[''], [42], [['ORD-7-3']]])('an order ref of %j is a foreign draft record: dropped', (orderRef) => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'remaining', clientPackageId: null, orderRef }));
    expect(readDraft()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Dropped an unreadable stored value for bookingDraft');
  });

  it('removes what is no longer chosen', () => {
    writeDraft(full);
    writeDraft({ ...full, slots: null, tutors: [], split: { studentType: null, otherStudentPending: false, done: [] } });
    for (const key of ['groupedByWeek', 'selectedTeacher', 'studentType', 'hidebutton', 'studentsData']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('no draft stored reads as none; clearDraft keeps the session keys', () => {
    expect(readDraft()).toBeNull();
    localStorage.setItem('token', 't');
    localStorage.setItem('userdata', '{}');
    localStorage.setItem('BranchId', '1');
    writeDraft(full);
    clearDraft();
    expect(readDraft()).toBeNull();
    expect(Object.keys(localStorage).sort()).toEqual(['BranchId', 'token', 'userdata']);
  });
});

// Per key: what a corrupt or foreign value looks like, and the part of the draft that then reads as not chosen.
const bad = {
  garbage: '\u0000not json at all',
  truncated: '{"students":2,"name1":"Ad',
  wrongType: '42',
  array: '[1,2,3]',
};
const keys: [string, Partial<BookingDraft>, string][] = [
  ['packageFormData', { form: null }, JSON.stringify({ ...form, subject: 'Mathematics' })],
  ['lessonData', { lessons: null }, JSON.stringify({ packageName: 'GOLD', lessons: 12 })],
  ['groupedByWeek', { slots: null }, JSON.stringify({ '1st Week': [{ ...slot, date: '1/12/2026' }] })],
  ['bookingdata', { bookingData: null }, JSON.stringify([{ week: 1 }])],
  ['selectedTeacher', { tutors: [] }, JSON.stringify({ id: 1, name: 'Amira' })],
  ['selectedTeachers', { secondTutors: [] }, JSON.stringify([{ tutorId: 2 }])],
  ['studentsData', { split: { ...full.split, done: [] } }, JSON.stringify([{ studentType: 3, form, lessons, slots }])],
  ['rescheduleData', { reschedule: null }, JSON.stringify({ appointmentId: '4', serviceId: 2 })],
  ['studentType', { split: { ...full.split, studentType: null } }, '3'],
  ['hidebutton', { split: { ...full.split, otherStudentPending: false } }, 'yes'],
  // The spec's flags follow the entry (kept in bookingDraft): nothing of the draft is lost with them.
  ['dashboard', {}, 'true'],
  ['showLock', {}, '0'],
  ['fromRenew', {}, 'yes'],
];

describe('a corrupt or foreign value in a key is dropped and logged, never thrown; the rest of the draft stays', () => {
  const rows = keys.flatMap(([key, lost, otherVersion]) => [
    ...Object.entries(bad).map(([kind, value]) => [key, kind, value, lost] as const),
    [key, 'another version’s shape', otherVersion, lost] as const,
  ]);

  it.each(rows)('%s holding %s', (key, _kind, value, lost) => {
    writeDraft(full);
    localStorage.setItem(key, value);

    const read = readDraft();

    expect(read).toEqual({ ...full, ...lost });
    expect(localStorage.getItem(key)).toBeNull();
    expect(warn).toHaveBeenCalledWith(`Dropped an unreadable stored value for ${key}`);
  });

  it.each(Object.entries(bad))('the draft record (bookingDraft) holding %s: no draft, nothing thrown', (_kind, value) => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', value);
    expect(readDraft()).toBeNull();
    expect(warn).toHaveBeenCalledWith('Dropped an unreadable stored value for bookingDraft');
  });

  it.each([0, 1, 3])('a draft of version %i is dropped whole', (version) => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ version, entry: 'new', clientPackageId: null }));
    expect(readDraft()).toBeNull();
    expect(localStorage.getItem('packageFormData')).toBeNull();
    expect(warn).toHaveBeenCalledWith(`Dropped a booking draft of version ${version}; this portal reads version 2`);
  });

  it('an unknown entry is a foreign draft record: dropped', () => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'gift', clientPackageId: null, orderRef: null }));
    expect(readDraft()).toBeNull();
  });
});
