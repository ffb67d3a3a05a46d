import { describe, expect, it, vi } from 'vitest';
import { type RescheduleGridCalls, loadRescheduleGrid, moveBodyOf, moveLesson, tutorFreeAt } from '../../machines/reschedule-lesson.ts';
import type { HourQuery, MoveRequest, RescheduleGridQuery } from '../../machines/reschedule.machine.ts';
import type { AvailabilityWindow } from '../../machines/rules/slots.ts';

// Lesson 501 (service 31) with Amira (tutor 5), branch 1; its students are Adam (11) and Lina (12).
const query: RescheduleGridQuery = { tutorId: 5, serviceId: 31, appointmentId: 501, branch_id: 1 };

const window = (start: string, hours: number, apt_id: number, contractor_id: number): AvailabilityWindow => ({
  start,
  finish: new Date(Date.parse(start) + hours * 3_600_000).toISOString(),
  apt_id,
  contractor_id,
});
// Amira: Wednesday 25 November 2026, 11:00-13:00 UTC; Omar (6): the same hours.
const amira = { id: 5, availability: [window('2026-11-25T11:00:00.000Z', 2, 1, 5)] };
const omar = { id: 6, availability: [window('2026-11-25T11:00:00.000Z', 2, 2, 6)] };

type Status = 'planned' | 'completed' | 'cancelled' | 'pending';
const lesson = (id: number, start: string, status: Status = 'planned') => ({ id, start, finish: new Date(Date.parse(start) + 3_600_000).toISOString(), status });
const moved = lesson(501, '2026-12-06T12:00:00Z');
// Lina's lesson at 11:00 on the 25th takes the first of Amira's two hours.
const linas = lesson(502, '2026-11-25T11:00:00.000Z');
const cancelled = lesson(503, '2026-11-25T12:00:00.000Z', 'cancelled');

const students = [
  { recipient_name: 'Adam Ahmed', recipient: 11 },
  { recipient_name: 'Lina Ahmed', recipient: 12 },
];

function gridCalls(answers: { tutors?: (typeof amira)[]; rcrs?: typeof students; lessons?: ReturnType<typeof lesson>[] } = {}) {
  return {
    tutors: vi.fn<RescheduleGridCalls['tutors']>(async () => answers.tutors ?? [omar, amira]),
    service: vi.fn<RescheduleGridCalls['service']>(async () => ({ rcrs: answers.rcrs ?? students })),
    lessons: vi.fn<RescheduleGridCalls['lessons']>(async () => answers.lessons ?? [moved, linas, cancelled]),
  };
}

describe("the reschedule grid: the tutor's hours less the students' lessons", () => {
  it.each([
    ["the students' planned lessons take their hours; a cancelled one frees its hour", {}, [window('2026-11-25T12:00:00.000Z', 1, 1, 5)], moved.start],
    ['no lesson of the students overlaps: every hour of the tutor', { lessons: [moved] }, amira.availability, moved.start],
    ['the tutor is not among the branch tutors: no hours', { tutors: [omar] }, [], moved.start],
    ["the lesson is not among the students' lessons: no current start", { lessons: [linas] }, [window('2026-11-25T12:00:00.000Z', 1, 1, 5)], null],
    ['the lesson itself was cancelled: no current start', { lessons: [{ ...moved, status: 'cancelled' as const }] }, amira.availability, null],
  ])('%s', async (_label, answers, windows, currentStart) => {
    await expect(loadRescheduleGrid(query, gridCalls(answers))).resolves.toEqual({ windows, currentStart });
  });

  it("asks for the branch's tutors, the lesson's service and its students' lessons", async () => {
    const calls = gridCalls();
    await loadRescheduleGrid(query, calls);
    expect(calls.tutors).toHaveBeenCalledWith({ branch_id: 1 });
    expect(calls.service).toHaveBeenCalledWith({ serviceId: 31, branch_id: 1 });
    expect(calls.lessons).toHaveBeenCalledWith({ ids: [11, 12], branch_id: 1 });
  });

  it('a service without students asks for no lessons', async () => {
    const calls = gridCalls({ rcrs: [] });
    await expect(loadRescheduleGrid(query, calls)).resolves.toEqual({ windows: amira.availability, currentStart: null });
    expect(calls.lessons).not.toHaveBeenCalled();
  });

  it('reads the tutors and the service together, then the lessons', async () => {
    let answerTutors: (tutors: (typeof amira)[]) => void = () => {};
    const calls = { ...gridCalls(), tutors: vi.fn<RescheduleGridCalls['tutors']>(() => new Promise((resolve) => (answerTutors = resolve))) };
    const grid = loadRescheduleGrid(query, calls);
    await Promise.resolve();
    expect(calls.service).toHaveBeenCalledOnce();
    expect(calls.lessons).not.toHaveBeenCalled();
    answerTutors([amira]);
    await grid;
    expect(calls.lessons).toHaveBeenCalledOnce();
  });

  it.each(['tutors', 'service', 'lessons'] as const)('a failed %s read fails the grid with its error', async (failing) => {
    const calls = { ...gridCalls(), [failing]: vi.fn(async () => Promise.reject(new Error(`${failing} failed`))) };
    await expect(loadRescheduleGrid(query, calls)).rejects.toThrow(`${failing} failed`);
  });

  it('a failed tutors read asks for no lessons', async () => {
    const calls = { ...gridCalls(), tutors: vi.fn(async () => Promise.reject(new Error('tutors failed'))) };
    await expect(loadRescheduleGrid(query, calls)).rejects.toThrow();
    expect(calls.lessons).not.toHaveBeenCalled();
  });
});

describe("the hour check: is the lesson's tutor still free then?", () => {
  const hour: HourQuery = { subject: 'Mathematics', date: '2026-11-25', time: '15:00', tutorId: 5, branch_id: 1 };

  it.each([
    ['the tutor among the free ones', [{ id: 6 }, { id: 5 }], true],
    ['only other tutors free', [{ id: 6 }], false],
    ['no tutor free', [], false],
  ])('%s: %s', async (_label, free, answer) => {
    const freeTutors = vi.fn(async () => free);
    await expect(tutorFreeAt(hour, { freeTutors })).resolves.toBe(answer);
    expect(freeTutors).toHaveBeenCalledWith({ subject: 'Mathematics', date: '2026-11-25', time: '15:00', quallevel: 1, branch_id: 1 });
  });

  it('a failed check fails with its error', async () => {
    await expect(tutorFreeAt(hour, { freeTutors: async () => Promise.reject(new Error('Failed to fetch tutor info')) })).rejects.toThrow('Failed to fetch tutor info');
  });
});

describe('the move: the new hour with the branch’s offset', () => {
  const request = (timeZone: string, date: string, time: string): MoveRequest => ({ appointmentId: 501, serviceId: 31, topic: 'Mathematics', branch_id: 1, timeZone, hour: { date, time } });

  it.each([
    ['Asia/Dubai', '2026-11-25', '15:00', '2026-11-25T15:00:00+04:00', '2026-11-25T16:00:00+04:00'],
    ['Asia/Dubai', '2026-11-25', '23:00', '2026-11-25T23:00:00+04:00', '2026-11-26T00:00:00+04:00'],
    ['America/New_York', '2026-07-06', '16:00', '2026-07-06T16:00:00-04:00', '2026-07-06T17:00:00-04:00'],
  ])('%s %s %s: %s to %s', (zone, date, time, start, finish) => {
    expect(moveBodyOf(request(zone, date, time))).toEqual({ start, finish, topic: 'Mathematics', service: 31, branch_id: 1 });
  });

  it('sends the body for the lesson moved and answers what the server answered', async () => {
    const reschedule = vi.fn(async () => ({ success: true }));
    await expect(moveLesson(request('Asia/Dubai', '2026-11-25', '15:00'), { reschedule })).resolves.toEqual({ success: true });
    expect(reschedule).toHaveBeenCalledWith({ appointmentId: 501, body: moveBodyOf(request('Asia/Dubai', '2026-11-25', '15:00')) });
  });
});
