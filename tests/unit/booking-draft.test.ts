import { describe, expect, it } from 'vitest';
import { draftFromUnpaidPackage, emptyDraft, slotCount, withForm, withLessons, withoutSlots, withSlots } from '../../machines/booking/booking-draft.ts';
import { sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

const [packageFormData, lessons, slot, groupedByWeek, tutors] = [sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors];

const pkg = (packageForm: string, bookingdata: unknown = { bookdata: [] }) =>
  ({ id: 9, clientid: 1, packageForm, bookingdata, purches_status: 0, booked_classess: 0, total_classess: 12, remaining_classess: 12, completed_classess: 0, created_at: '2026-11-21T10:00:00Z' }) as never;

describe('the pending-payment draft, from the first unpaid package', () => {
  const expected = { ...emptyDraft('pendingPayment'), form: packageFormData, lessons, slots: groupedByWeek, bookingData: { bookdata: [] }, tutors, clientPackageId: 9 };

  it.each([
    ['slots and tutors at the top level', pkg(JSON.stringify({ lessonData: lessons, packageFormData, groupedByWeek, storedTeacher: tutors, storedTeacher2: [] })), expected],
    ['slots and tutors inside lessonData, as the portal also stores them', pkg(JSON.stringify({ lessonData: { ...lessons, groupedByWeek, storedTeacher: tutors }, packageFormData })), expected],
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

describe('draft transforms', () => {
  const full = withSlots(withLessons(withForm(emptyDraft('new'), packageFormData), lessons, '12 Lessons'), groupedByWeek, tutors);

  it('a new form clears the package and slots chosen for the old one', () => {
    expect(withForm(full, { ...packageFormData, subject: ['English'] })).toMatchObject({ lessons: null, totalLessonsLabel: null, slots: null, tutors: [] });
  });

  it('a new package clears the slots, keeps the form', () => {
    expect(withLessons(full, { ...lessons, packageName: 'PLATINUM' }, '24 Lessons')).toMatchObject({ form: packageFormData, totalLessonsLabel: '24 Lessons', slots: null, tutors: [] });
  });

  it('back from the summary clears the slots and keeps form and package', () => {
    expect(withoutSlots(full)).toMatchObject({ form: packageFormData, lessons, slots: null, bookingData: null, tutors: [] });
  });

  it('counts slots over every week', () => {
    expect(slotCount(full)).toBe(1);
    expect(slotCount(withSlots(full, { '1st Week': [slot, slot], '2nd Week': [slot] }, tutors))).toBe(3);
    expect(slotCount(emptyDraft('new'))).toBe(0);
  });
});
