import type { components, operations } from '../contract/schema.d.ts';
import type { HourQuery, MoveRequest, RescheduleGridData, RescheduleGridQuery } from './reschedule.machine.ts';
import { branchTimestamp } from './rules/booking-payloads.ts';
import { type AvailabilityWindow, withoutLessons } from './rules/slots.ts';

/**
 * The call sequences of the reschedule machine's actors (reschedule.machine.ts): what is asked, in which
 * order, and what is made of the answers. Pure, with the calls injected (bound to the API in
 * src/actors/reschedule.ts), table-tested in tests/unit/reschedule-lesson.test.ts.
 */

type Contractor = components['schemas']['Contractor'];
type Service = components['schemas']['Service'];
type Appointment = components['schemas']['Appointment'];

/** The three reads of the grid: the branch's tutors, the lesson's service, and its students' lessons. */
export interface RescheduleGridCalls {
  tutors: (query: { branch_id: number }) => Promise<readonly (Pick<Contractor, 'id'> & { availability: readonly AvailabilityWindow[] })[]>;
  service: (query: { serviceId: number; branch_id: number }) => Promise<Pick<Service, 'rcrs'>>;
  lessons: (query: { ids: number[]; branch_id: number }) => Promise<readonly Pick<Appointment, 'id' | 'start' | 'finish' | 'status'>[]>;
}

/**
 * The grid of the lesson's tutor: the tutor's windows (the tutors and the service are read together), less
 * the hours at which the lesson's students already have a lesson (a cancelled one frees its hour), and the
 * lesson's current start when those lessons hold it. A service without students asks for no lessons.
 */
export async function loadRescheduleGrid(query: RescheduleGridQuery, calls: RescheduleGridCalls): Promise<RescheduleGridData> {
  const [tutors, service] = await Promise.all([calls.tutors({ branch_id: query.branch_id }), calls.service({ serviceId: query.serviceId, branch_id: query.branch_id })]);
  const windows = tutors.find((tutor) => tutor.id === query.tutorId)?.availability ?? [];
  const studentIds = service.rcrs.map((r) => r.recipient);
  const lessons = studentIds.length === 0 ? [] : (await calls.lessons({ ids: studentIds, branch_id: query.branch_id })).filter((lesson) => lesson.status !== 'cancelled');
  const current = lessons.find((lesson) => lesson.id === query.appointmentId);
  return { windows: withoutLessons(windows, lessons), currentStart: current?.start ?? null };
}

/** GET /filter_tutor as the hour check asks it: every tutor free for the subject then, from year 1. */
export interface HourCalls {
  freeTutors: (query: { subject: string; date: string; time: string; quallevel: number; branch_id: number }) => Promise<readonly Pick<Contractor, 'id'>[]>;
}

/** Whether the lesson's tutor is among the tutors still free at the hour chosen. */
export async function tutorFreeAt(query: HourQuery, calls: HourCalls): Promise<boolean> {
  const free = await calls.freeTutors({ subject: query.subject, date: query.date, time: query.time, quallevel: 1, branch_id: query.branch_id });
  return free.some((tutor) => tutor.id === query.tutorId);
}

/** PUT /appointments/{id}'s body: the new hour (start and one hour later) written with the branch's offset. */
export type MoveBody = operations['rescheduleAppointment']['requestBody']['content']['application/json'];

export interface MoveCalls {
  reschedule: (request: { appointmentId: number; body: MoveBody }) => Promise<unknown>;
}

export function moveBodyOf(request: MoveRequest): MoveBody {
  const { hour, timeZone } = request;
  return {
    start: branchTimestamp(hour.date, hour.time, timeZone),
    finish: branchTimestamp(hour.date, hour.time, timeZone, 1),
    topic: request.topic,
    service: request.serviceId,
    branch_id: request.branch_id,
  };
}

/** Sends the move of the lesson to the hour chosen. */
export function moveLesson(request: MoveRequest, calls: MoveCalls): Promise<unknown> {
  return calls.reschedule({ appointmentId: request.appointmentId, body: moveBodyOf(request) });
}
