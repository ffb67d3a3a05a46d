import type { BookingDraft, SelectedSlot } from '../booking/booking-draft.ts';
import { type KnownStudent, knownStudentNamed } from '../booking/booking-form.ts';
import { learnersOf } from '../booking/booking-learners.ts';
import { type AppointmentPayload, type LessonTerms, type Payer, type ServicePayload, lessonPayload } from './booking-payloads.ts';
import { expiryDate } from './packages.ts';

/**
 * The remaining classes of a paid package booked on it (DESIGN.md "two paths": /remainingbookclass, no
 * payment): one service per subject, then every lesson on the package (`client_package_id`), charge rate
 * and pay rate '100.00' (spec §9 "Renewal charge rate and pay rate 100.00"). The server takes the lessons
 * off the package's remaining classes in the same transaction, so nothing else is written.
 */

/** Spec §9: what a renewal's lessons are charged and paid. */
export const renewalRate = '100.00';

export const remainingBookedText = 'Your classes have been booked.';
/** The draft does not say what to book on the package, or names a student the client no longer has. */
export const packageMismatchText = 'The classes of this package could not be matched to your students. Please contact us to have your classes scheduled.';
/** A lesson the server refused because someone else took its hour meanwhile (409). */
export const slotTakenText = 'This time slot was just taken. Please choose another.';

/** Whether a failed call is the server's 409: the hour (tutor or student) was taken by another booking. */
export const isClash = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

export interface PackageLine {
  subject: string;
  studentIds: number[];
  slots: SelectedSlot[];
}

export interface PackageBooking {
  clientPackageId: number;
  /** The catalogue package the lessons are of. */
  pkgId: AppointmentPayload['pkg_id'];
  durationDays: number;
  lines: PackageLine[];
}

const catalogueIds: readonly number[] = [2, 3, 4] satisfies NonNullable<AppointmentPayload['pkg_id']>[];
const isCatalogueId = (id: number): id is NonNullable<AppointmentPayload['pkg_id']> => catalogueIds.includes(id);

const byTime = (a: SelectedSlot, b: SelectedSlot) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);

/** What booking the draft's slots on its paid package writes, or why it cannot (no package, a student the client does not have). */
export function packageBooking(draft: BookingDraft, students: readonly KnownStudent[]): PackageBooking | { problem: string } {
  const slots = Object.values(draft.slots ?? {}).flat();
  const learners = draft.form ? learnersOf(draft.form, draft.split.studentType) : null;
  if (draft.clientPackageId === null || !draft.lessons || !learners || slots.length === 0) return { problem: packageMismatchText };
  const pkgId = draft.lessons.packageNames.id;
  if (!isCatalogueId(pkgId)) return { problem: packageMismatchText };
  const ids = learners.names.map((name) => knownStudentNamed(name, students)?.id);
  if (ids.length === 0 || ids.some((id) => id === undefined)) return { problem: packageMismatchText };
  const studentIds = ids as number[];
  // Subjects in the order of their first lesson: the services are made, and answered, in that order.
  const subjects = [...new Set([...slots].sort(byTime).map((slot) => slot.subject))];
  return {
    clientPackageId: draft.clientPackageId,
    pkgId,
    durationDays: draft.lessons.packageNames.duration_days,
    lines: subjects.map((subject) => ({ subject, studentIds, slots: slots.filter((slot) => slot.subject === subject).sort(byTime) })),
  };
}

/** POST /services/ bodies, one per subject (no order: nothing is paid). */
export const packageServicePayloads = (booking: PackageBooking, payer: Payer): ServicePayload[] =>
  booking.lines.map((line) => ({
    name: line.subject,
    dft_charge_type: 'hourly',
    dft_charge_rate: renewalRate,
    dft_contractor_rate: renewalRate,
    conjobs: [...new Set(line.slots.map((slot) => slot.tutorId))].map((contractor) => ({ contractor })),
    rcrs: line.studentIds.map((recipient) => ({ recipient })),
    branch_id: payer.branch_id,
  }));

/** POST /appointments/ body: every lesson on the package, 'planned', one hour, on its subject's service (`serviceIds` in line order). */
export function packageAppointmentPayloads(booking: PackageBooking, serviceIds: readonly number[], payer: Payer, today: string): AppointmentPayload[] {
  const expiry = expiryDate(today, booking.durationDays);
  const terms: LessonTerms = { pkgId: booking.pkgId, charge: renewalRate, pay: () => renewalRate, basis: { client_package_id: booking.clientPackageId } };
  return booking.lines.flatMap((line, index) => {
    const service = serviceIds[index];
    if (service === undefined) throw new Error(`no service for ${line.subject}`);
    return line.slots.map((slot) => lessonPayload(slot, line, service, terms, payer, expiry));
  });
}
