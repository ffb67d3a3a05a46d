import { describe, expect, it, vi } from 'vitest';
import { type GridCalls, loadGrid, offeredWindows } from '../../machines/booking/load-grid.ts';
import type { GridQuery } from '../../machines/booking/slot-selection.model.ts';
import { orderStages } from '../support/order-fixtures.ts';

// The slot grid's reads as one sequence with its calls faked: the free hours less the students' lessons, the
// free-assessment status, and what may be chosen on /remainingbookclass (a package's remaining classes, or a
// paid order's classes to place).

const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];
// Wednesday 25 November, 15:00-18:00 in Dubai; Adam has a lesson at 16:00 and a cancelled one at 17:00.
const window = { start: '2026-11-25T11:00:00Z', finish: '2026-11-25T14:00:00Z', apt_id: 1, contractor_id: 5 };
const lessons = [
  { start: '2026-11-25T12:00:00Z', finish: '2026-11-25T13:00:00Z', status: 'planned' },
  { start: '2026-11-25T13:00:00Z', finish: '2026-11-25T14:00:00Z', status: 'cancelled' },
];

const query: GridQuery = { subjectNames: ['Mathematics'], yearLevels: [5], branch_id: 1, clientid: 7, studentNames: ['Adam Ahmed'], knownStudentIds: {}, clientPackageId: null, orderRef: null };

function fakeCalls(more: Partial<GridCalls> = {}) {
  const calls: GridCalls = {
    availability: vi.fn(async () => [window]),
    students: vi.fn(async () => students),
    lessonsOfStudents: vi.fn(async () => lessons),
    freeAssessmentUsed: vi.fn(async () => false),
    remainingOnPackage: vi.fn(async () => 5),
    order: vi.fn(async (ref: string) => orderStages(ref).partlyLost),
    ...more,
  };
  return calls;
}

describe('the slot grid’s reads', () => {
  it('a new booking: the free hours less the students’ lessons (a cancelled one frees its hour), the free-assessment status, nothing to cap', async () => {
    const calls = fakeCalls();
    expect(await loadGrid(query, calls)).toEqual({
      windows: [
        { ...window, start: '2026-11-25T11:00:00.000Z', finish: '2026-11-25T12:00:00.000Z' },
        { ...window, start: '2026-11-25T13:00:00.000Z', finish: '2026-11-25T14:00:00.000Z' },
      ],
      freeAssessmentUsed: false,
      remainingClasses: null,
    });
    expect(calls.availability).toHaveBeenCalledWith({ subjectNames: ['Mathematics'], yearLevels: [5], branch_id: 1 });
    expect(calls.students).toHaveBeenCalledTimes(1);
    expect(calls.lessonsOfStudents).toHaveBeenCalledWith([11], 1);
    expect(calls.remainingOnPackage).not.toHaveBeenCalled();
    expect(calls.order).not.toHaveBeenCalled();
  });

  it('the draft knows every student’s id: GET /clientsdata is not asked, and the lessons are read for those ids', async () => {
    const calls = fakeCalls();
    const { windows } = await loadGrid({ ...query, studentNames: ['Adam Ahmed', 'Lina Ahmed'], knownStudentIds: { 'Adam Ahmed': 11, 'Lina Ahmed': 12 } }, calls);
    expect(windows).toEqual([
      { ...window, start: '2026-11-25T11:00:00.000Z', finish: '2026-11-25T12:00:00.000Z' },
      { ...window, start: '2026-11-25T13:00:00.000Z', finish: '2026-11-25T14:00:00.000Z' },
    ]);
    expect(calls.students).not.toHaveBeenCalled();
    expect(calls.lessonsOfStudents).toHaveBeenCalledWith([11, 12], 1);
  });

  it('a student the draft has no id for (added since): the students are read, and every name is looked up in them', async () => {
    const calls = fakeCalls();
    await loadGrid({ ...query, studentNames: ['Adam Ahmed', 'Lina Ahmed'], knownStudentIds: { 'Adam Ahmed': 11 } }, calls);
    expect(calls.students).toHaveBeenCalledTimes(1);
    expect(calls.lessonsOfStudents).toHaveBeenCalledWith([11, 12], 1);
  });

  it('no student named: no students or lessons read', async () => {
    const calls = fakeCalls();
    expect((await loadGrid({ ...query, studentNames: [] }, calls)).windows).toEqual([{ ...window, start: '2026-11-25T11:00:00.000Z', finish: '2026-11-25T14:00:00.000Z' }]);
    expect(calls.students).not.toHaveBeenCalled();
    expect(calls.lessonsOfStudents).not.toHaveBeenCalled();
  });

  it.each([
    ['no subject', { subjectNames: [] }],
    ['no year', { yearLevels: [] }],
  ])('%s: nothing offered, and POST /subjectFilter/ is not sent without the values it needs', async (_, missing) => {
    const calls = fakeCalls();
    expect((await loadGrid({ ...query, ...missing }, calls)).windows).toEqual([]);
    expect(calls.availability).not.toHaveBeenCalled();
    expect(calls.lessonsOfStudents).not.toHaveBeenCalled();
  });

  it('the hours offered alone (a pending payment checked): the free hours less the students’ lessons, nothing else read', async () => {
    const calls = fakeCalls();
    expect(await offeredWindows(query, calls)).toEqual([
      { ...window, start: '2026-11-25T11:00:00.000Z', finish: '2026-11-25T12:00:00.000Z' },
      { ...window, start: '2026-11-25T13:00:00.000Z', finish: '2026-11-25T14:00:00.000Z' },
    ]);
    expect(calls.freeAssessmentUsed).not.toHaveBeenCalled();
    expect(calls.remainingOnPackage).not.toHaveBeenCalled();
    expect(calls.order).not.toHaveBeenCalled();
  });

  it('names that are not the client’s students: no lessons read', async () => {
    const calls = fakeCalls();
    await loadGrid({ ...query, studentNames: ['Omar Saleh'] }, calls);
    expect(calls.lessonsOfStudents).not.toHaveBeenCalled();
  });

  it('a paid package’s remaining classes: its remaining count', async () => {
    const calls = fakeCalls();
    expect((await loadGrid({ ...query, clientPackageId: 88 }, calls)).remainingClasses).toBe(5);
    expect(calls.remainingOnPackage).toHaveBeenCalledWith(88);
  });

  it('a paid order’s classes to place: its to_place, the students read once', async () => {
    const calls = fakeCalls();
    expect((await loadGrid({ ...query, orderRef: 'ORD-7-1' }, calls)).remainingClasses).toBe(1);
    expect(calls.order).toHaveBeenCalledWith('ORD-7-1');
    expect(calls.students).toHaveBeenCalledTimes(1);
    expect(calls.remainingOnPackage).not.toHaveBeenCalled();
  });

  it('a failed read fails the whole grid', async () => {
    const calls = fakeCalls({ freeAssessmentUsed: vi.fn(async () => Promise.reject(new Error('Tutor availability could not be loaded.'))) });
    await expect(loadGrid(query, calls)).rejects.toThrow('Tutor availability could not be loaded.');
  });
});
