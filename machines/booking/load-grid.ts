import { type AvailabilityWindow, withoutLessons } from '../rules/slots.ts';
import { type KnownStudent, knownStudentNamed } from './booking-form.ts';
import { type OrderProgress, placeableClasses } from './classes-to-place.ts';
import type { GridData, GridQuery } from './slot-selection.model.ts';

/**
 * What the slot grid reads before the client chooses (slot-selection.machine.ts, `loadGrid`), as one call
 * sequence with the calls injected (src/actors/slot-selection.ts): the tutors' free hours for the subjects
 * and year, less the hours at which the students booked now already have a lesson; whether the client has
 * had the free assessment; and, on /remainingbookclass, how many classes may be chosen: the paid package's
 * remaining classes, or the classes to place of the paid order. Pure, tested with fake calls
 * (tests/unit/load-grid.test.ts).
 */

/** A lesson a student already has: its hour is not offered (a cancelled one frees it). */
export interface StudentLesson {
  start: string;
  finish: string;
  status?: string;
}

export interface GridCalls {
  /** POST /subjectFilter/: the tutors' free hours for the subjects and years. */
  availability: (query: Pick<GridQuery, 'subjectNames' | 'yearLevels' | 'branch_id'>) => Promise<AvailabilityWindow[]>;
  /** The client's students (GET /clientsdata): the names booked now are theirs. */
  students: (clientid: number) => Promise<readonly KnownStudent[]>;
  /** GET /appointmentstwo/{ids}: the students' lessons. */
  lessonsOfStudents: (ids: readonly number[], branch_id: number) => Promise<readonly StudentLesson[]>;
  /** GET /freeassismentstatus/{clientid}: whether the free assessment was had. */
  freeAssessmentUsed: (clientid: number) => Promise<boolean>;
  /** GET /client-packagesid/{id}: the paid package's remaining classes. */
  remainingOnPackage: (clientPackageId: number) => Promise<number>;
  /** GET /orders/{ref}: the paid order whose classes are placed. */
  order: (ref: string) => Promise<OrderProgress>;
}

/** What `offeredWindows` reads the hours with. */
export type HourCalls = Pick<GridCalls, 'availability' | 'students' | 'lessonsOfStudents'>;

/**
 * The students named by the query, as the client's student ids: the draft's when it knows every name, otherwise
 * read (at most once per sequence), as for a student added since the draft learnt the others.
 */
function studentIdsOf(query: Pick<GridQuery, 'studentNames' | 'clientid' | 'knownStudentIds'>, calls: Pick<GridCalls, 'students'>): () => Promise<number[]> {
  let students: Promise<number[]> | undefined;
  const known = query.studentNames.map((name) => query.knownStudentIds[name.trim()]);
  const allKnown = known.every((id) => id !== undefined);
  return () =>
    (students ??=
      query.studentNames.length === 0 || allKnown
        ? Promise.resolve(known.flatMap((id) => id ?? []))
        : calls.students(query.clientid).then((read) => query.studentNames.flatMap((name) => knownStudentNamed(name, read)?.id ?? [])));
}

/**
 * The hours the grid offers: the tutors' free hours for the subjects and years, less the hours at which the
 * students booked now already have a lesson. No subject, or no year, asks for nothing (and offers nothing):
 * POST /subjectFilter/ needs both.
 */
async function offered(query: GridQuery, calls: HourCalls, studentIds: () => Promise<number[]>): Promise<AvailabilityWindow[]> {
  if (query.subjectNames.length === 0 || query.yearLevels.length === 0) return [];
  const lessons = async () => {
    const ids = await studentIds();
    if (ids.length === 0) return [];
    return (await calls.lessonsOfStudents(ids, query.branch_id)).filter((lesson) => lesson.status !== 'cancelled');
  };
  const [windows, booked] = await Promise.all([calls.availability({ subjectNames: query.subjectNames, yearLevels: query.yearLevels, branch_id: query.branch_id }), lessons()]);
  return withoutLessons(windows, booked);
}

/** The hours the grid of `query` offers (the pending payment's hours are checked against them, pending-payment.ts). */
export const offeredWindows = (query: GridQuery, calls: HourCalls): Promise<AvailabilityWindow[]> => offered(query, calls, studentIdsOf(query, calls));

/** Reads the grid: the calls that do not wait for each other go out together. */
export async function loadGrid(query: GridQuery, calls: GridCalls): Promise<GridData> {
  // The students are read once, for their lessons and for the order's line.
  const studentIds = studentIdsOf(query, calls);
  const remaining = async (): Promise<number | null> => {
    if (query.orderRef !== null) {
      const [order, ids] = await Promise.all([calls.order(query.orderRef), studentIds()]);
      return placeableClasses(order, ids);
    }
    return query.clientPackageId === null ? null : calls.remainingOnPackage(query.clientPackageId);
  };
  const [windows, used, remainingClasses] = await Promise.all([offered(query, calls, studentIds), calls.freeAssessmentUsed(query.clientid), remaining()]);
  return { windows, freeAssessmentUsed: used, remainingClasses };
}
