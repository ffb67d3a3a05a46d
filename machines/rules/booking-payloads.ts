import { tzOffset } from '@date-fns/tz';
import type { components, operations } from '../../contract/schema.d.ts';
import { perClassCharge } from '../../contract/pricing.ts';
import type { BookingDraft, LessonData, PackageForm, SelectedSlot } from '../booking/booking-draft.ts';
import { type KnownStudent, knownStudentNamed } from '../booking/booking-form.ts';
import { learnersOf } from '../booking/booking-learners.ts';
import { expiryDate } from './packages.ts';
import { instantOfHour } from './slots.ts';

/**
 * The writes of the success sequence (spec §3 service, appointment, invoice and payment payloads, §4
 * "Success page sequence", §9 per-class charge and time offsets), built from the booking draft the checkout
 * left, the client's students and the paid order (GET /orders/{ref}). Every payload carries the order ref:
 * the server makes each step idempotent by it, so a reload that sends them again creates nothing twice.
 */

export type OrderProgress = components['schemas']['OrderProgress'];
type JsonBody<Op extends keyof operations> = operations[Op]['requestBody'] extends { content: { 'application/json': infer Json } } ? Json : never;
export type ServicePayload = JsonBody<'createService'>;
export type AppointmentPayload = components['schemas']['AppointmentPayload'];
export type InvoicePayload = JsonBody<'createInvoice'>;
export type PaymentPayload = JsonBody<'takeInvoicePayment'>;

/** Who pays and where the lessons are held. */
export interface Payer {
  clientid: number;
  branch_id: number;
  /** The branch's IANA zone: slot days and hours are wall-clock times there. */
  timeZone: string;
}

/** One subject of one booked part: the service it becomes and the lessons booked on it. */
export interface ServiceLine {
  subject: string;
  studentIds: number[];
  slots: SelectedSlot[];
  /** The package of the order line these students are on. */
  pkgId: OrderProgress['pkg_id'];
  /** That order line's price per class, '57.00'. */
  charge: string;
}

/** Everything the sequence books for an order: one service per subject (per student in the individual split), each with its lessons. */
export interface BookingPlan {
  lines: ServiceLine[];
  /** The package's duration, for the lessons' expiry date. */
  durationDays: number;
}

export const bookingMissingText = 'The booking for this payment was not found on this device. Please contact us to have your classes scheduled.';
export const bookingMismatchText = 'The booking on this device does not match this payment. Please contact us to have your classes scheduled.';

interface Part {
  form: PackageForm;
  lessons: LessonData;
  studentType: 1 | 2 | null;
  slots: SelectedSlot[];
}

const slotsOf = (grouped: BookingDraft['slots']): SelectedSlot[] => Object.values(grouped ?? {}).flat();
const byTime = (a: SelectedSlot, b: SelectedSlot) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

/** The parts an order pays for: the other student's (studentsData) first, in student order, then the current one. */
function partsOf(draft: BookingDraft): Part[] {
  const done = draft.split.done.map((part) => ({ form: part.form, lessons: part.lessons, studentType: part.studentType, slots: slotsOf(part.slots) }));
  const current = draft.form && draft.lessons ? [{ form: draft.form, lessons: draft.lessons, studentType: draft.split.studentType, slots: slotsOf(draft.slots) }] : [];
  return [...done, ...current].sort((a, b) => (a.studentType ?? 0) - (b.studentType ?? 0));
}

const money = (amount: number) => amount.toFixed(2);

/** What each class is charged: the amount paid ((package total − discount), an order line's) over its classes, 2 decimals. */
export const classCharge = (order: Pick<OrderProgress, 'amount' | 'classes'>): string => money(perClassCharge(order.amount, order.classes));

/**
 * The services and lessons an order books, or the text of why it cannot: no draft, a student the client
 * does not have, or lessons that are not the order's (other students, more classes than it paid for).
 */
export function bookingPlan(draft: BookingDraft | null, students: readonly KnownStudent[], order: OrderProgress): BookingPlan | { problem: string } {
  const parts = draft ? partsOf(draft) : [];
  if (parts.length === 0 || parts.every((part) => part.slots.length === 0)) return { problem: bookingMissingText };
  const lines: ServiceLine[] = [];
  for (const part of parts) {
    const names = learnersOf(part.form, part.studentType)?.names ?? [];
    const ids = names.map((name) => knownStudentNamed(name, students)?.id);
    if (ids.length === 0 || ids.some((id) => id === undefined)) return { problem: bookingMismatchText };
    const studentIds = ids as number[];
    // Each part is booked on the order line of its students (one per student studying individually).
    const orderLine = order.lines.find((line) => studentIds.every((id) => line.student_ids.includes(id)));
    if (!orderLine || part.slots.length > orderLine.classes) return { problem: bookingMismatchText };
    const charge = classCharge(orderLine);
    const subjects = [...new Set(part.slots.map((slot) => slot.subject))];
    for (const subject of subjects) {
      lines.push({ subject, studentIds, slots: part.slots.filter((slot) => slot.subject === subject).sort(byTime), pkgId: orderLine.pkg_id, charge });
    }
  }
  return { lines, durationDays: parts[0]?.lessons.packageNames.duration_days ?? 0 };
}

export const isPlan = (plan: BookingPlan | { problem: string } | null): plan is BookingPlan => plan !== null && 'lines' in plan;

/** The tutors of a line, each once, in the order first booked. */
const tutorsOf = (line: ServiceLine) => [...new Set(line.slots.map((slot) => slot.tutorId))];

/** POST /services/ bodies, one per line, in plan order (GET /orders/{ref} lists service ids in the order they were made). */
export function servicePayloads(plan: BookingPlan, order: OrderProgress, payer: Payer): ServicePayload[] {
  return plan.lines.map((line) => ({
    name: line.subject,
    dft_charge_type: 'hourly',
    dft_charge_rate: line.charge,
    dft_contractor_rate: money(line.slots[0]?.tutorPrice ?? 0),
    conjobs: tutorsOf(line).map((contractor) => ({ contractor })),
    rcrs: line.studentIds.map((recipient) => ({ recipient })),
    branch_id: payer.branch_id,
    order_ref: order.ref,
  }));
}

/** A wall-clock day and hour in the branch's zone, posted with that zone's offset ('2026-12-03T16:00:00+04:00'). */
export function branchTimestamp(date: string, time: string, timeZone: string, hoursLater = 0): string {
  // Written by hand rather than with date-fns' format: every booking screen loads this, and format alone is
  // 5.5 kB of gzipped JavaScript (tests/e2e/bundle-budget.spec.ts).
  const instant = instantOfHour(date, time, timeZone) + hoursLater * 3_600_000;
  const offset = tzOffset(timeZone, new Date(instant));
  const wall = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** What tells lessons of one kind apart: their package, charge and pay, and what they are booked on. */
export interface LessonTerms {
  pkgId: AppointmentPayload['pkg_id'];
  charge: string;
  /** The tutor's pay for a slot. */
  pay: (slot: SelectedSlot) => string;
  /** The basis: `{ order_ref }`, `{ client_package_id }` or `{ free_assessment: true }`. */
  basis: Pick<AppointmentPayload, 'order_ref' | 'client_package_id' | 'free_assessment'>;
}

/** One lesson of POST /appointments/: 'planned', one hour from the slot's branch-zone hour, on `service`. */
export function lessonPayload(slot: SelectedSlot, line: { subject: string; studentIds: readonly number[] }, service: number, terms: LessonTerms, payer: Payer, expiry: string | null): AppointmentPayload {
  return {
    client_id: payer.clientid,
    branch_id: payer.branch_id,
    pkg_id: terms.pkgId,
    start_date: slot.date,
    expiry_date: expiry,
    start: branchTimestamp(slot.date, slot.time, payer.timeZone),
    finish: branchTimestamp(slot.date, slot.time, payer.timeZone, 1),
    topic: line.subject,
    status: 'planned',
    service,
    rcras: line.studentIds.map((recipient) => ({ recipient, charge_rate: terms.charge })),
    cjas: [{ contractor: slot.tutorId, pay_rate: terms.pay(slot) }],
    pricestatus: true,
    ...terms.basis,
  };
}

/**
 * POST /appointments/ body: every lesson of the plan, 'planned', one hour, on the service of its line
 * (`serviceIds` in plan order), charged the order's per-class amount.
 */
export function appointmentPayloads(plan: BookingPlan, serviceIds: readonly number[], order: OrderProgress, payer: Payer, today: string): AppointmentPayload[] {
  const expiry = expiryDate(today, plan.durationDays);
  return plan.lines.flatMap((line, index) => {
    const service = serviceIds[index];
    if (service === undefined) throw new Error(`no service for ${line.subject}`);
    const terms: LessonTerms = { pkgId: line.pkgId, charge: line.charge, pay: (slot) => money(slot.tutorPrice), basis: { order_ref: order.ref } };
    return line.slots.map((slot) => lessonPayload(slot, line, service, terms, payer, expiry));
  });
}

/** POST /proformainvoice body: the order's amount, raised and sent. */
export const invoicePayload = (order: OrderProgress, payer: Payer): InvoicePayload => ({
  branch_id: payer.branch_id,
  amount: order.amount,
  client: payer.clientid,
  raise_behaviour: 'raise-and-send',
  description: 'Credit Request',
  order_ref: order.ref,
});

/** POST /proformainvoicetakepayment/{invoiceId} body: the order's amount, in cash, with a receipt. */
export const paymentPayload = (order: OrderProgress, payer: Payer): PaymentPayload => ({
  branch_id: payer.branch_id,
  clientid: payer.clientid,
  amount: order.amount,
  method: 'cash',
  send_receipt: true,
  order_ref: order.ref,
});

/** The steps of the sequence that write, in order. */
export type SequenceStep = 'services' | 'appointments' | 'invoice' | 'payment' | 'confirm';

/**
 * The first step an order has not done yet, from GET /orders/{ref}; null when it is confirmed. `services`
 * is how many services the plan makes (GET /orders/{ref} lists the ones made, in the order they were
 * made: the plan's). Lessons count as booked once the order has any: the server books a batch all or nothing.
 */
export function firstStepNotDone(order: OrderProgress, services: number): SequenceStep | null {
  if (order.confirmed) return null;
  if (order.appointment_ids.length === 0) return order.service_ids.length < services || services === 0 ? 'services' : 'appointments';
  if (order.invoice_id === null) return 'invoice';
  if (!order.payment_taken) return 'payment';
  return 'confirm';
}
