import type { operations } from '../../contract/schema.d.ts';
import { type Discount, discountedTotal } from '../../contract/pricing.ts';
import type { BookingDraft, LessonData, PaymentMethod } from './booking-draft.ts';
import { type DraftPart, type Payer, bookingPlan, draftParts, isPlanned } from './booking-plan.ts';

/**
 * What checkout shows and orders, read from the draft (spec §2 "Checkout", §7 POST /create-order): the
 * booking's students, tutors and package, its total, and the order's body, made of the one booking plan
 * (booking-plan.ts). In the individual two-student flow the second student's checkout pays for both: the
 * first student's part (studentsData) is added.
 */

export type OrderRequest = operations['createOrder']['requestBody']['content']['application/json'];

/** The signed-in client who pays (booking-plan.ts). */
export type { Payer } from './booking-plan.ts';
export { weeklyLessonsOf } from './booking-plan.ts';

/** A coupon the server accepted: its code (sent with the order) and what it takes off. */
export interface AppliedCoupon extends Discount {
  code: string;
}

/** The payment methods of /checkout as the client reads them, in the spec's order (§2 "Checkout"). */
export const paymentMethodLabels: Record<PaymentMethod, string> = { paypal: 'PayPal', visa: 'VISA', mastercard: 'Mastercard' };

/** Until the client picks another, the first of the spec's methods is chosen (and shown checked). */
export const defaultPaymentMethod: PaymentMethod = 'paypal';

/** The payment method the order is made with: the one chosen, else the default the screen shows checked. */
export const paymentMethodOf = (draft: BookingDraft): PaymentMethod => draft.paymentMethod ?? defaultPaymentMethod;

/** The parts paid for: those with a package chosen, in student order. */
const paidParts = (draft: BookingDraft): (DraftPart & { lessons: LessonData })[] => draftParts(draft).filter((part): part is DraftPart & { lessons: LessonData } => part.lessons !== null);

const unique = (values: string[]) => values.filter((value, index) => value !== '' && values.indexOf(value) === index);

export const studentNamesOf = (draft: BookingDraft): string[] => unique(paidParts(draft).flatMap((part) => part.names));

export const tutorNamesOf = (draft: BookingDraft): string[] => unique(paidParts(draft).flatMap((part) => part.slots.map((slot) => slot.name)));

/** 'GOLD (12 classes)', one per part. */
export const packageLinesOf = (draft: BookingDraft): string[] =>
  paidParts(draft).map(({ lessons }) => `${lessons.packageNames.name} (${lessons.packageNames.lessons === 1 ? '1 class' : `${lessons.packageNames.lessons} classes`})`);

/** The packages' prices added up, before any coupon: the catalogue's numbers the draft keeps (a part without one adds nothing, and cannot be ordered). */
export const subtotalOf = (draft: BookingDraft): number => paidParts(draft).reduce((sum, part) => sum + (part.price ?? 0), 0);

/** The Grand Total: the subtotal less the coupon, never below 0. */
export const grandTotalOf = (draft: BookingDraft, coupon: AppliedCoupon | null): number => discountedTotal(subtotalOf(draft), coupon);

type OrderLine = NonNullable<OrderRequest['lines']>[number];

/**
 * The POST /create-order body; null when the booking cannot be ordered as it is (a student who is not the
 * client's, a year or package the server does not price, a package without its price). The client package is sent when the booking pays
 * for an unpaid one (the pending payment, or the one a new booking's Book Now saved), never for a
 * renewal's paid package. A two-part (individual) order sends a line per student; its top-level package
 * and year are the first line's (openapi.yaml, createOrder). The order carries its lessons, which the
 * server holds until the payment link expires, and the lessons per week chosen: at the top level for a
 * one-line order, on each line for a two-line one. It carries the payment method shown chosen, for the
 * receipt and Transaction History.
 */
export function orderOf(draft: BookingDraft, payer: Payer, coupon: AppliedCoupon | null): OrderRequest | null {
  const plan = bookingPlan(draft, payer);
  if (!isPlanned(plan) || paidParts(draft).some((part) => part.price === null)) return null;
  const lines: OrderLine[] = [];
  for (const line of plan.lines) {
    if (line.pkgId === null) return null;
    lines.push({ pkg_id: line.pkgId, level: line.year, student_ids: line.studentIds, ...(Object.keys(line.weeklyLessons).length > 0 ? { weekly_lessons: line.weeklyLessons } : {}) });
  }
  const [first] = lines;
  if (!first) return null;
  const lessons = plan.lines.flatMap((line) => line.lessons);
  const paysForPackage = draft.clientPackageId !== null && (draft.entry === 'new' || draft.entry === 'pendingPayment');
  return {
    email: payer.email,
    student_ids: [...new Set(lines.flatMap((line) => line.student_ids))],
    client_id: payer.clientid,
    appoint_ids: plan.lines.flatMap((line) => line.slots.map((slot) => slot.apt_id)),
    amount: grandTotalOf(draft, coupon),
    branch_id: payer.branch_id,
    payment_method: paymentMethodOf(draft),
    pkg_id: first.pkg_id,
    level: first.level,
    ...(coupon ? { coupon: coupon.code } : {}),
    ...(lessons.length > 0 ? { lessons } : {}),
    // Two students studying individually: a line each, priced apart (docs/decisions/024-individual-study-order-lines.md), each with its lessons per
    // week; one line needs none, its lessons per week are the order's.
    ...(lines.length > 1 ? { lines } : first.weekly_lessons ? { weekly_lessons: first.weekly_lessons } : {}),
    ...(paysForPackage && draft.clientPackageId !== null ? { client_package_id: draft.clientPackageId } : {}),
  };
}
