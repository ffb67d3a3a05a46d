import type { components, operations } from '../../contract/schema.d.ts';
import type { BookingDraft } from './booking-draft.ts';
import { type Payer, type PlannedLesson, type WeeklyLessons, bookingPlan, isPlanned } from './booking-plan.ts';
import { freeAssessmentUsedText } from '../../contract/refusals.ts';

/**
 * The one write of a booking that is not paid at checkout: POST /bookings, the lessons and their services
 * in one transaction, on a basis that needs no payment (docs/architecture.md, "Paid means booked"):
 * - the free assessment (spec §2 "Free booking", §9 "Free assessment charge rate 00.00"): one class for one
 *   student, the first one named;
 * - the remaining classes of a paid package (/remainingbookclass; §9 "Renewal charge rate and pay rate 100.00");
 * - the classes to place of a paid order whose held hours were lost (the dashboard's card).
 * The server applies the charge and pay itself, takes the classes off the basis, and answers a retry of the
 * same lessons with what it booked. The body is made of the one booking plan (booking-plan.ts); the call
 * sequence is `bookLessons`, with the calls injected (src/actors/).
 */

export type BookLessonsBody = operations['bookLessons']['requestBody']['content']['application/json'];
export type BookingBasis = BookLessonsBody['basis'];
export type BookedLessons = components['schemas']['AppointmentsBooked'];

export const remainingBookedText = 'Your classes have been booked.';
export const freeAssessmentBookedText = 'Your free assessment class has been booked.';
/** What the free summary shows as its package. */
export const freePackageLine = 'Free Assessment (1 class)';
/** The draft does not say what to book on the package or the order, or names a student it has no id for. */
export const packageMismatchText = 'The classes of this package could not be matched to your students. Please contact us to have your classes scheduled.';
/** The draft does not hold one slot for a student the client has. */
export const freeAssessmentMismatchText = 'The free assessment could not be matched to your students. Please choose the class again.';

/** Whether a failed call is the server's 409 (a conflict: the free assessment had already, no classes left, hours taken). */
export const isConflict = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

/** What the draft is booked on: the free assessment, the paid order whose classes are placed, or the paid package; null for any other draft. */
export function basisOf(draft: BookingDraft): BookingBasis | null {
  if (draft.entry === 'free') return { free_assessment: true };
  if (draft.entry !== 'remaining') return null;
  if (draft.orderRef !== null) return { order_ref: draft.orderRef };
  return draft.clientPackageId !== null ? { client_package_id: draft.clientPackageId } : null;
}

const mismatchText = (basis: BookingBasis | null) => (basis?.free_assessment ? freeAssessmentMismatchText : packageMismatchText);

/** Every line's lessons per week by subject, in one (a remaining-classes booking has one line). */
const weeklyOf = (lines: readonly { weeklyLessons: WeeklyLessons }[]): WeeklyLessons => Object.assign({}, ...lines.map((line) => line.weeklyLessons)) as WeeklyLessons;

/**
 * The POST /bookings body of the draft, or the text saying why there is none. The free assessment is one
 * lesson for the first student named, without lessons per week; the remaining classes and the classes to
 * place carry the lessons per week chosen.
 */
export function bookingRequestOf(draft: BookingDraft, payer: Pick<Payer, 'clientid' | 'branch_id' | 'timeZone'>): BookLessonsBody | { problem: string } {
  const basis = basisOf(draft);
  const plan = bookingPlan(draft, payer);
  if (basis === null || !isPlanned(plan)) return { problem: mismatchText(basis) };
  const lessons = plan.lines.flatMap((line) => line.lessons);
  const base = { client_id: payer.clientid, branch_id: payer.branch_id, basis };
  if (basis.free_assessment) {
    const [lesson] = lessons;
    const [student] = plan.lines[0]?.studentIds ?? [];
    if (lessons.length !== 1 || !lesson || student === undefined) return { problem: freeAssessmentMismatchText };
    const free: PlannedLesson = { ...lesson, students: [student] };
    return { ...base, lessons: [free] };
  }
  const weekly = weeklyOf(plan.lines);
  if (lessons.length === 0) return { problem: packageMismatchText };
  return { ...base, lessons, ...(Object.keys(weekly).length > 0 ? { weekly_lessons: weekly } : {}) };
}

/** What booking the draft's lessons needs besides the draft: who, and where. */
export interface BookLessonsInput {
  draft: BookingDraft;
  clientid: number;
  branchId: number;
  /** The branch's IANA time zone: the slots' days and hours are its wall clock. */
  timeZone: string;
}

/** The call the sequence makes, injected (src/actors/): POST /bookings. */
export interface BookLessonsCalls {
  /** POST /bookings; a 409 naming hours taken throws a HoursTakenError (taken-hours.ts). */
  book: (body: BookLessonsBody) => Promise<BookedLessons>;
}

/**
 * Books the draft's lessons: the one POST /bookings, for the student ids the draft holds (the server checks
 * they are the client's). A draft that cannot be planned (a name it has no id for) throws with the text that
 * says so, and nothing is sent.
 */
export async function bookLessons(input: BookLessonsInput, calls: BookLessonsCalls): Promise<BookedLessons> {
  const body = bookingRequestOf(input.draft, { clientid: input.clientid, branch_id: input.branchId, timeZone: input.timeZone });
  if ('problem' in body) throw new Error(body.problem);
  return calls.book(body);
}

/** The client has had the free assessment already: the same refusal as the server's 409, told before anything is sent. */
export class FreeAssessmentUsedError extends Error {
  readonly status = 409;

  constructor() {
    super(freeAssessmentUsedText);
    this.name = 'FreeAssessmentUsedError';
  }
}

/**
 * The free assessment: whether the client has had it is asked first, so that a second tab (or a second
 * class) is told so before anything is sent, rather than answered with the first tab's booking as a replay
 * of the same lessons; the server's unique index still decides a race.
 */
export async function bookFreeAssessment(input: BookLessonsInput, calls: BookLessonsCalls & { freeAssessmentUsed: (clientid: number) => Promise<boolean> }): Promise<BookedLessons> {
  if (await calls.freeAssessmentUsed(input.clientid)) throw new FreeAssessmentUsedError();
  return bookLessons(input, calls);
}
