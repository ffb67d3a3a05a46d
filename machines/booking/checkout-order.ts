import type { operations } from '../../contract/schema.d.ts';
import { type Discount, discountedTotal } from '../../contract/pricing.ts';
import { amountOfPrice } from '../rules/shown-price.ts';
import type { BookingDraft, LessonData, SelectedSlot } from './booking-draft.ts';
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
  students: readonly KnownStudent[];
}

/** A coupon the server accepted: its code (sent with the order) and what it takes off. */
export interface AppliedCoupon extends Discount {
  code: string;
}

interface Part {
  names: string[];
  year: number | null;
  lessons: LessonData;
  slots: SelectedSlot[];
}

const slotsOf = (grouped: BookingDraft['slots']): SelectedSlot[] => Object.values(grouped ?? {}).flat();

/** The parts paid for, in student order: the current student's, and the other's kept in studentsData. */
function partsOf(draft: BookingDraft): Part[] {
  const parts: (Part & { order: number })[] = draft.split.done.map((done) => {
    const learners = learnersOf(done.form, done.studentType);
    return { names: learners?.names ?? [], year: learners?.year ?? null, lessons: done.lessons, slots: slotsOf(done.slots), order: done.studentType };
  });
  if (draft.form && draft.lessons) {
    const learners = learnersOf(draft.form, draft.split.studentType);
    parts.push({ names: learners?.names ?? [], year: learners?.year ?? null, lessons: draft.lessons, slots: slotsOf(draft.slots), order: draft.split.studentType ?? 0 });
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

/**
 * The POST /create-order body; null when the booking cannot be ordered as it is (a student who is not the
 * client's, a year or package the server does not price). The client package is sent when the booking pays
 * for an unpaid one (the pending payment, or the one a new booking's Book Now saved), never for a
 * renewal's paid package. A two-part (individual) order sends a line per student; its top-level package
 * and year are the first line's (openapi.yaml, createOrder).
 */
export function orderOf(draft: BookingDraft, payer: Payer, coupon: AppliedCoupon | null): OrderRequest | null {
  const parts = partsOf(draft);
  const [first] = parts;
  if (!first || first.year === null || !isPackageId(first.lessons.packageNames.id)) return null;
  const lines: { pkg_id: OrderRequest['pkg_id']; level: number; student_ids: number[] }[] = [];
  for (const part of parts) {
    const ids = part.names.map((name) => knownStudentNamed(name, payer.students)?.id);
    const pkgId = part.lessons.packageNames.id;
    if (part.year === null || !isPackageId(pkgId) || ids.length === 0 || ids.some((id) => id === undefined)) return null;
    lines.push({ pkg_id: pkgId, level: part.year, student_ids: [...new Set(ids.filter((id) => id !== undefined))] });
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
    // Two students studying individually: a line each, priced apart (DESIGN.md); one line needs none.
    ...(lines.length > 1 ? { lines } : {}),
    ...(paysForPackage && draft.clientPackageId !== null ? { client_package_id: draft.clientPackageId } : {}),
  };
}
