import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import { type FreeAssessmentCalls, freeAssessmentOf, freeClassRow, loadFreeAssessmentClass } from '../../machines/booking/free-assessment-class.ts';

type Appointment = components['schemas']['Appointment'];

const lesson = (id: number, pkgId: number | null, status: Appointment['status'] = 'planned'): Appointment => ({
  id,
  start: '2026-12-06T12:00:00Z',
  finish: '2026-12-06T13:00:00Z',
  topic: 'Mathematics',
  status,
  service: { id: 30 + id, name: 'Mathematics - Adam Ahmed' },
  db: { pkg_id: pkgId },
});

const service = (id: number) => ({
  id,
  name: 'Mathematics - Adam Ahmed',
  dft_charge_type: 'hourly',
  dft_charge_rate: '00.00',
  dft_contractor_rate: '100.00',
  branch_id: 1,
  conjobs: [{ name: 'Amira Haddad', contractor: 1 }],
  rcrs: [{ recipient_name: 'Adam Ahmed', recipient: 11 }],
});

describe('the free assessment among the client’s lessons', () => {
  it.each<[string, Appointment[], number | null]>([
    ['none booked', [], null],
    ['only package lessons', [lesson(1, 3), lesson(2, 2)], null],
    ['the lesson without a package', [lesson(1, 3), lesson(2, null), lesson(3, 4)], 2],
    ['a completed one still is the one booked', [lesson(2, null, 'completed')], 2],
    ['a cancelled one confirms nothing', [lesson(2, null, 'cancelled'), lesson(1, 3)], null],
  ])('%s', (_, lessons, id) => {
    expect(freeAssessmentOf(lessons)?.id ?? null).toBe(id);
  });
});

function fakeCalls(lessons: Appointment[], students = [{ id: 11, first_name: 'Adam', last_name: 'Ahmed' }, { id: 12, first_name: 'Lina', last_name: 'Ahmed' }]) {
  return {
    students: vi.fn<FreeAssessmentCalls['students']>(async () => students),
    lessonsOf: vi.fn<FreeAssessmentCalls['lessonsOf']>(async () => lessons),
    service: vi.fn<FreeAssessmentCalls['service']>(async (id) => service(id)),
  };
}

describe('reading the client’s free class', () => {
  it('reads the students now, their lessons, then the free one’s service for its tutor and student', async () => {
    const calls = fakeCalls([lesson(1, 3), lesson(2, null)]);
    expect(await loadFreeAssessmentClass({ clientid: 7, branchId: 1 }, calls)).toEqual({
      id: 2,
      start: '2026-12-06T12:00:00Z',
      subject: 'Mathematics',
      students: ['Adam Ahmed'],
      tutors: ['Amira Haddad'],
    });
    expect(calls.students).toHaveBeenCalledWith(7);
    expect(calls.lessonsOf).toHaveBeenCalledWith([11, 12], 1);
    expect(calls.service).toHaveBeenCalledWith(32, 1);
  });

  it('no free class: null, and no service is read', async () => {
    const calls = fakeCalls([lesson(1, 3)]);
    expect(await loadFreeAssessmentClass({ clientid: 7, branchId: 1 }, calls)).toBeNull();
    expect(calls.service).not.toHaveBeenCalled();
  });

  it('no students: null, and no lesson is read', async () => {
    const calls = fakeCalls([], []);
    expect(await loadFreeAssessmentClass({ clientid: 7, branchId: 1 }, calls)).toBeNull();
    expect(calls.lessonsOf).not.toHaveBeenCalled();
  });

  it('a failed read fails the whole', async () => {
    const calls = { ...fakeCalls([lesson(2, null)]), service: vi.fn(async () => Promise.reject(new Error('The tutor and student of this lesson could not be loaded.'))) };
    await expect(loadFreeAssessmentClass({ clientid: 7, branchId: 1 }, calls)).rejects.toThrow('The tutor and student of this lesson could not be loaded.');
  });
});

describe('the class as the summary lists it', () => {
  it.each([
    ['Asia/Dubai', 'Sun 6 Dec 2026 · 16:00', 'Dubai time'],
    ['America/Los_Angeles', 'Sun 6 Dec 2026 · 04:00', 'Los Angeles time'],
    ['Pacific/Kiritimati', 'Mon 7 Dec 2026 · 02:00', 'Kiritimati time'],
  ])('in %s: %s %s', (timeZone, when, zone) => {
    expect(freeClassRow({ id: 2, start: '2026-12-06T12:00:00Z', subject: 'Mathematics', students: ['Adam Ahmed'], tutors: ['Amira Haddad'] }, timeZone)).toEqual({
      when,
      zone,
      subject: 'Mathematics',
      students: 'Adam Ahmed',
      tutor: 'Amira Haddad',
    });
  });
});
