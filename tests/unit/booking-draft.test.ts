import { describe, expect, it } from 'vitest';
import { emptyDraft, slotCount, withForm, withLessons, withoutSlots, withSlots } from '../../machines/booking/booking-draft.ts';
import { sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

const [packageFormData, lessons, slot, groupedByWeek, tutors] = [sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors];

describe('draft transforms', () => {
  const full = withSlots(withLessons({ ...withForm(emptyDraft('new'), packageFormData), studentIds: { 'Adam Ahmed': 11 } }, lessons, '12 Lessons', 684), groupedByWeek, tutors);

  it('a new form clears the package, its price, the slots and the students’ ids chosen for the old one', () => {
    expect(withForm(full, { ...packageFormData, subject: ['English'] })).toMatchObject({ lessons: null, price: null, totalLessonsLabel: null, slots: null, tutors: [], studentIds: {} });
  });

  it('a new package clears the slots, keeps the form and the ids, and comes with its price', () => {
    expect(full).toMatchObject({ lessons, price: 684 });
    expect(withLessons(full, { ...lessons, packageName: 'PLATINUM' }, '24 Lessons', 1026)).toMatchObject({
      form: packageFormData,
      price: 1026,
      totalLessonsLabel: '24 Lessons',
      slots: null,
      tutors: [],
      studentIds: { 'Adam Ahmed': 11 },
    });
  });

  it('back from the summary clears the slots and keeps form, package, price and ids', () => {
    expect(withoutSlots(full)).toMatchObject({ form: packageFormData, lessons, price: 684, slots: null, bookingData: null, tutors: [], studentIds: { 'Adam Ahmed': 11 } });
  });

  it('counts slots over every week', () => {
    expect(slotCount(full)).toBe(1);
    expect(slotCount(withSlots(full, { '1st Week': [slot, slot], '2nd Week': [slot] }, tutors))).toBe(3);
    expect(slotCount(emptyDraft('new'))).toBe(0);
  });
});
