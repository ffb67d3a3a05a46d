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

/** A draft with every part chosen. Its prices differ from the totals shown, so that a number read back is the one kept. */
const full: BookingDraft = {
  ...emptyDraft('renewal'),
  form,
  lessons,
  price: 683.5,
  totalLessonsLabel: '12 Lessons',
  slots,
  bookingData: { bookdata: [{ week: 1 }] },
  tutors,
  secondTutors: [{ id: 2, name: 'James Whitfield', subject: 'English' }],
  split: { studentType: 1, otherStudentPending: true, done: [{ studentType: 2, form, lessons, slots, price: 400 }] },
  clientPackageId: 12,
  reschedule: { appointmentId: 4, serviceId: 2, topic: 'Mathematics', contractorName: 'Amira Haddad', contractorNameid: 1, avatarUrl: '' },
  studentIds: { 'Adam Ahmed': 11, 'Lina Ahmed': 12 },
};
/** What bookingDraft holds of `full` besides its version, entry, package, order and payment method. */
const numbersAndIds = { price: 683.5, partPrices: { 2: 400 }, studentIds: { 'Adam Ahmed': 11, 'Lina Ahmed': 12 } };
const storedMeta = () => JSON.parse(localStorage.getItem('bookingDraft') ?? 'null') as Record<string, unknown>;

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
    // lessonData as the spec has it: the price as the card showed it; studentsData's parts as the spec's keys hold them.
    expect(JSON.parse(localStorage.getItem('lessonData') ?? 'null')).toEqual(lessons);
    expect(JSON.parse(localStorage.getItem('studentsData') ?? 'null')).toEqual([{ studentType: 2, form, lessons, slots }]);

    writeDraft({ ...full, entry: 'pendingPayment' });
    expect([localStorage.getItem('dashboard'), localStorage.getItem('showLock'), localStorage.getItem('fromRenew')]).toEqual(['1', '1', null]);
  });

  it('the paid order whose classes are placed: its ref is kept in bookingDraft and reads back', () => {
    const placing: BookingDraft = { ...full, entry: 'remaining', clientPackageId: null, orderRef: 'ORD-7-3' };
    writeDraft(placing);
    expect(storedMeta()).toEqual({ version: 2, entry: 'remaining', clientPackageId: null, orderRef: 'ORD-7-3', ...numbersAndIds });
    expect(readDraft()).toEqual(placing);
  });

  it('the packages’ prices as numbers and the students’ ids: kept in bookingDraft, the spec’s keys as they were', () => {
    writeDraft(full);
    expect(storedMeta()).toMatchObject(numbersAndIds);
    expect(localStorage.getItem('lessonData')).not.toContain('683.5');
    expect(localStorage.getItem('studentsData')).not.toContain('400');
    // An order's classes to place: a package with nothing to pay, and no part kept.
    const placing: BookingDraft = { ...full, price: null, split: { studentType: null, otherStudentPending: false, done: [] }, studentIds: {} };
    writeDraft(placing);
    expect(storedMeta()).toMatchObject({ price: null, partPrices: {}, studentIds: {} });
    expect(readDraft()).toEqual(placing);
  });

  it('a draft stored before the draft kept prices and ids still reads: each price the amount its total shows, no ids (the screen takes them from the session)', () => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'renewal', clientPackageId: 12, orderRef: null }));
    expect(readDraft()).toEqual({ ...full, price: 684, split: { ...full.split, done: [{ studentType: 2, form, lessons, slots, price: 684 }] }, studentIds: {} });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a price that is not an amount', { price: '683.5' }, { price: 684 }, 'Dropped an unreadable stored package price'],
    ['a part’s price that is not an amount', { partPrices: { 2: -1 } }, { split: { ...full.split, done: [{ studentType: 2 as const, form, lessons, slots, price: 684 }] } }, 'Dropped an unreadable stored package price'],
    ['ids that are not ids', { studentIds: { 'Adam Ahmed': '11' } }, { studentIds: {} }, 'Dropped unreadable stored student ids'],
  ])('%s: read as a draft stored before (logged); the rest stays', (_, stored, read, logged) => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ ...storedMeta(), ...stored }));
    expect(readDraft()).toEqual({ ...full, ...read });
    expect(warn).toHaveBeenCalledWith(logged);
  });

  it('the payment method chosen at checkout: kept in bookingDraft once chosen, and reads back', () => {
    writeDraft(full);
    expect(storedMeta()).not.toHaveProperty('paymentMethod');
    expect(readDraft()?.paymentMethod).toBeNull();
    const paying: BookingDraft = { ...full, paymentMethod: 'mastercard' };
    writeDraft(paying);
    expect(storedMeta()).toEqual({ version: 2, entry: 'renewal', clientPackageId: 12, orderRef: null, paymentMethod: 'mastercard', ...numbersAndIds });
    expect(readDraft()).toEqual(paying);
  });

  it.each([['cash'], [''], [3], [null]])('a payment method of %j reads as none chosen (logged); the rest of the draft stays', (paymentMethod) => {
    writeDraft(full);
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'renewal', clientPackageId: 12, orderRef: null, paymentMethod, ...numbersAndIds }));
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
