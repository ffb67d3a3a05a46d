import { describe, expect, it } from 'vitest';
import { readPendingPayment } from '../../machines/rules/pending-payment.ts';

const pkg = (packageForm: string, bookingdata: unknown = { bookdata: [] }) =>
  ({ id: 1, clientid: 1, packageForm, bookingdata, purches_status: 0, booked_classess: 0, total_classess: 6, remaining_classess: 6, completed_classess: 0, created_at: '2026-11-21T10:00:00Z' }) as never;

const lessonData = { packageName: 'GOLD' };
const packageFormData = { students: 1 };

describe('reading the pending payment out of an unpaid package', () => {
  it.each([
    [
      'week grouping and teachers at the top level',
      pkg(JSON.stringify({ lessonData, packageFormData, groupedByWeek: { 1: [] }, storedTeacher: 'T1', storedTeacher2: 'T2' })),
      { bookingdata: { bookdata: [] }, lessonData, packageFormData, groupedByWeek: { 1: [] }, selectedTeacher: 'T1', selectedTeachers: 'T2' },
    ],
    [
      'week grouping and teachers inside lessonData',
      pkg(JSON.stringify({ lessonData: { ...lessonData, groupedByWeek: { 2: [] }, storedTeacher: 'A' }, packageFormData })),
      { bookingdata: { bookdata: [] }, lessonData: { ...lessonData, groupedByWeek: { 2: [] }, storedTeacher: 'A' }, packageFormData, groupedByWeek: { 2: [] }, selectedTeacher: 'A', selectedTeachers: null },
    ],
    [
      'bookingdata sent as JSON text',
      pkg(JSON.stringify({ lessonData, packageFormData }), '{"bookdata":[1]}'),
      { bookingdata: { bookdata: [1] }, lessonData, packageFormData, groupedByWeek: null, selectedTeacher: null, selectedTeachers: null },
    ],
    ['packageForm not JSON', pkg('not json'), null],
    ['packageForm a JSON array', pkg('[]'), null],
    ['lessonData missing', pkg(JSON.stringify({ packageFormData })), null],
    ['packageFormData missing', pkg(JSON.stringify({ lessonData })), null],
    ['bookingdata text that is not JSON', pkg(JSON.stringify({ lessonData, packageFormData }), '{broken'), null],
  ])('%s', (_, unpaid, expected) => {
    expect(readPendingPayment(unpaid)).toEqual(expected);
  });
});
