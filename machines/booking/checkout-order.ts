import type { operations } from '../../contract/schema.d.ts';
import { type Discount, discountedTotal } from '../../contract/pricing.ts';
import { branchTimestamp } from '../rules/booking-payloads.ts';
import { amountOfPrice } from '../rules/shown-price.ts';
import type { BookingDraft, LessonCounts, LessonData, SelectedSlot } from './booking-draft.ts';
import { type KnownStudent, knownStudentNamed } from './booking-form.ts';
import { learnersOf } from './booking-learners.ts';

/**
 * What checkout shows and orders, read from the draft (spec §2 "Checkout", §7 POST /create-order): the
 * booking's students, tutors and package, its total, and the order's body. In the individual two-student
 * flow the second student's checkout pays for both: the first student's part (studentsData) is added.
 */

export type OrderRequest = operations['createOrder']['requestBody']['content']['application/json'];

/** The signed-in client who pays. */
export interface Payer {
  clientid: number;
  email: string;
  branch_id: number;
  /** The branch's IANA zone: the slots' days and hours are wall-clock times there. */
  timeZone: string;
  students: readonly KnownStudent[];
}

/** A coupon the server accepted: its code (sent with the order) and what it takes off. */
export interface AppliedCoupon extends Discount {
  code: string;
}

interface Part {
  names: string[];
  /** A student's part of the individual split: its lessonCounts are under the student's name. */
  split: boolean;
  year: number | null;
  lessons: LessonData;
  slots: SelectedSlot[];
}

const slotsOf = (grouped: BookingDraft['slots']): SelectedSlot[] => Object.values(grouped ?? {}).flat();

/** The parts paid for, in student order: the current student's, and the other's kept in studentsData. */
function partsOf(draft: BookingDraft): Part[] {
  const parts: (Part & { order: number })[] = draft.split.done.map((done) => {
    const learners = learnersOf(done.form, done.studentType);
    return { names: learners?.names ?? [], split: (learners?.studentType ?? null) !== null, year: learners?.year ?? null, lessons: done.lessons, slots: slotsOf(done.slots), order: done.studentType };
  });
  if (draft.form && draft.lessons) {
    const learners = learnersOf(draft.form, draft.split.studentType);
    parts.push({ names: learners?.names ?? [], split: (learners?.studentType ?? null) !== null, year: learners?.year ?? null, lessons: draft.lessons, slots: slotsOf(draft.slots), order: draft.split.studentType ?? 0 });
  }
  return parts.sort((a, b) => a.order - b.order);
}

const unique = (values: string[]) => values.filter((value, index) => value !== '' && values.indexOf(value) === index);

export const studentNamesOf = (draft: BookingDraft): string[] => unique(partsOf(draft).flatMap((part) => part.names));

export const tutorNamesOf = (draft: BookingDraft): string[] => unique(partsOf(draft).flatMap((part) => part.slots.map((slot) => slot.name)));

/** 'GOLD (12 classes)', one per part. */
export const packageLinesOf = (draft: BookingDraft): string[] =>
  partsOf(draft).map(({ lessons }) => `${lessons.packageNames.name} (${lessons.packageNames.lessons === 1 ? '1 class' : `${lessons.packageNames.lessons} classes`})`);

/** The packages' prices added up, before any coupon. */
export const subtotalOf = (draft: BookingDraft): number => partsOf(draft).reduce((sum, part) => sum + amountOfPrice(part.lessons.packageNames.total), 0);

/** The Grand Total: the subtotal less the coupon, never below 0. */
export const grandTotalOf = (draft: BookingDraft, coupon: AppliedCoupon | null): number => discountedTotal(subtotalOf(draft), coupon);

const isPackageId = (id: number): id is OrderRequest['pkg_id'] => id === 2 || id === 3 || id === 4;

type OrderLine = NonNullable<OrderRequest['lines']>[number];
type OrderLesson = NonNullable<OrderRequest['lessons']>[number];
export type WeeklyLessons = NonNullable<OrderRequest['weekly_lessons']>;

/**
 * A part's lessons per week by subject (the choice made on its package card): lessonCounts by subject, or in
 * the individual split those under the student's name (package-offer.ts, lessonCountsOf). A subject without
 * lessons is left out.
 */
export function weeklyLessonsOf(counts: LessonCounts, student: string | null): WeeklyLessons {
  const own = student === null ? undefined : counts[student];
  // As the slot grid reads them (slot-selection.machine.ts, lessonsPerWeekOf): counts saved by subject count as the student's.
  const bySubject: Record<string, unknown> = typeof own === 'object' ? own : counts;
  return Object.fromEntries(Object.entries(bySubject).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0));
}

const hasLessons = (weekly: WeeklyLessons) => Object.keys(weekly).length > 0;

/** A part's slots as the order's lessons: one hour each from the slot's branch-zone day and hour, for all the part's students. */
const lessonsOf = (slots: readonly SelectedSlot[], students: number[], timeZone: string): OrderLesson[] =>
  slots.map((slot) => ({
    subject: slot.subject,
    start: branchTimestamp(slot.date, slot.time, timeZone),
    finish: branchTimestamp(slot.date, slot.time, timeZone, 1),
    tutor: slot.tutorId,
    students,
  }));

/**
 * The POST /create-order body; null when the booking cannot be ordered as it is (a student who is not the
 * client's, a year or package the server does not price). The client package is sent when the booking pays
 * for an unpaid one (the pending payment, or the one a new booking's Book Now saved), never for a
 * renewal's paid package. A two-part (individual) order sends a line per student; its top-level package
 * and year are the first line's (openapi.yaml, createOrder). The order carries its lessons, which the
 * server holds until the payment link expires, and the lessons per week chosen: at the top level for a
 * one-line order, on each line for a two-line one.
 */
export function orderOf(draft: BookingDraft, payer: Payer, coupon: AppliedCoupon | null): OrderRequest | null {
  const parts = partsOf(draft);
  const [first] = parts;
  if (!first || first.year === null || !isPackageId(first.lessons.packageNames.id)) return null;
  const lines: OrderLine[] = [];
  const lessons: OrderLesson[] = [];
  for (const part of parts) {
    const ids = part.names.map((name) => knownStudentNamed(name, payer.students)?.id);
    const pkgId = part.lessons.packageNames.id;
    if (part.year === null || !isPackageId(pkgId) || ids.length === 0 || ids.some((id) => id === undefined)) return null;
    const studentIds = [...new Set(ids.filter((id) => id !== undefined))];
    const weekly = weeklyLessonsOf(part.lessons.lessonCounts, part.split ? (part.names[0] ?? '') : null);
    lines.push({ pkg_id: pkgId, level: part.year, student_ids: studentIds, ...(hasLessons(weekly) ? { weekly_lessons: weekly } : {}) });
    lessons.push(...lessonsOf(part.slots, studentIds, payer.timeZone));
  }
  const studentIds = [...new Set(lines.flatMap((line) => line.student_ids))];
  const paysForPackage = draft.clientPackageId !== null && (draft.entry === 'new' || draft.entry === 'pendingPayment');
  return {
    email: payer.email,
    student_ids: studentIds,
    client_id: payer.clientid,
    appoint_ids: parts.flatMap((part) => part.slots.map((slot) => slot.apt_id)),
    amount: grandTotalOf(draft, coupon),
    branch_id: payer.branch_id,
    pkg_id: first.lessons.packageNames.id,
    level: first.year,
    ...(coupon ? { coupon: coupon.code } : {}),
    ...(lessons.length > 0 ? { lessons } : {}),
    // Two students studying individually: a line each, priced apart (DESIGN.md), each with its lessons per
    // week; one line needs none, its lessons per week are the order's.
    ...(lines.length > 1 ? { lines } : lines[0]?.weekly_lessons ? { weekly_lessons: lines[0].weekly_lessons } : {}),
    ...(paysForPackage && draft.clientPackageId !== null ? { client_package_id: draft.clientPackageId } : {}),
  };
}
