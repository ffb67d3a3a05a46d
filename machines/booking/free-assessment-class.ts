import { formatDateTime, zoneLabel } from '../../contract/date-format.ts';
import type { components } from '../../contract/schema.d.ts';
import { namesText } from '../rules/order-progress.ts';
import type { KnownStudent } from './booking-form.ts';

/**
 * The class /payment-summary confirms (spec §2, §4 "Free assessment flow"): the client's one free assessment
 * as the server holds it, not as this browser's storage left it, so that a reload, another tab or a bookmark
 * shows the class that was booked, or says there is none. The free class is the one lesson booked without a
 * package (`db.pkg_id` null; the server allows one per client); a cancelled one confirms nothing. Its tutor
 * and student come from its service. The calls are injected (src/queries/), tested with fakes.
 */

type Appointment = components['schemas']['Appointment'];
type Service = components['schemas']['Service'];

export interface FreeAssessmentClass {
  id: number;
  /** An instant, ISO 8601. */
  start: string;
  subject: string;
  students: string[];
  tutors: string[];
}

export interface FreeAssessmentCalls {
  /** GET /clientsdata/{clientid}: the client's students now (one may have been added during the booking). */
  students: (clientid: number) => Promise<readonly KnownStudent[]>;
  /** GET /appointmentstwo/{ids}: the students' lessons. */
  lessonsOf: (ids: readonly number[], branchId: number) => Promise<readonly Appointment[]>;
  /** GET /services/{id}: the lesson's tutors and students. */
  service: (serviceId: number, branchId: number) => Promise<Service>;
}

/** The free assessment among a client's lessons: booked without a package, not cancelled; null when there is none. */
export function freeAssessmentOf(lessons: readonly Appointment[]): Appointment | null {
  return lessons.find((lesson) => lesson.db.pkg_id === null && lesson.status !== 'cancelled') ?? null;
}

/** Reads the client's free assessment class with its tutor and student; null when the client has none. */
export async function loadFreeAssessmentClass({ clientid, branchId }: { clientid: number; branchId: number }, calls: FreeAssessmentCalls): Promise<FreeAssessmentClass | null> {
  const students = await calls.students(clientid);
  if (students.length === 0) return null;
  const lesson = freeAssessmentOf(
    await calls.lessonsOf(
      students.map((student) => student.id),
      branchId,
    ),
  );
  if (!lesson) return null;
  const service = await calls.service(lesson.service.id, branchId);
  return {
    id: lesson.id,
    start: lesson.start,
    subject: lesson.topic,
    students: service.rcrs.map((recipient) => recipient.recipient_name),
    tutors: service.conjobs.map((job) => job.name),
  };
}

/** The class as /payment-summary lists it. */
export interface FreeClassRow {
  /** 'Sun 6 Dec 2026 · 16:00' in the branch's zone. */
  when: string;
  /** Said beside the time: 'Dubai time'. */
  zone: string;
  subject: string;
  /** 'Adam Ahmed'. */
  students: string;
  /** 'Amira Haddad'. */
  tutor: string;
}

export function freeClassRow(lesson: FreeAssessmentClass, timeZone: string): FreeClassRow {
  return {
    when: formatDateTime(lesson.start, timeZone),
    zone: zoneLabel(timeZone),
    subject: lesson.subject,
    students: namesText(lesson.students),
    tutor: namesText(lesson.tutors),
  };
}
