import type { BookingDraft, SelectedSlot } from '../booking/booking-draft.ts';
import { type KnownStudent, knownStudentNamed } from '../booking/booking-form.ts';
import { learnersOf } from '../booking/booking-learners.ts';
import { type AppointmentPayload, type Payer, type ServicePayload, lessonPayload } from './booking-payloads.ts';

/**
 * The free assessment (spec §2 "Free booking", §4 "Free assessment flow", §5, §9 "Free assessment charge
 * rate 00.00"): one class for one student, booked on the free basis (`free_assessment: true`, no package,
 * charged 00.00). The server holds the one-per-client rule (a unique index); the portal asks first so that
 * a second attempt is told before anything is written.
 */

/** Spec §9: what the free class is charged. */
export const freeChargeRate = '00.00';

export const freeAssessmentBookedText = 'Your free assessment class has been booked.';
/** The draft does not hold one slot for a student the client has. */
export const freeAssessmentMismatchText = 'The free assessment could not be matched to your students. Please choose the class again.';

/** What the free summary shows as its package. */
export const freePackageLine = 'Free Assessment (1 class)';

export interface FreeAssessmentBooking {
  /** The student the class is for: the first one named on the form. */
  studentId: number;
  slot: SelectedSlot;
}

/** The one class a free draft books, or why it cannot (not one slot, a student the client does not have). */
export function freeAssessmentBooking(draft: BookingDraft, students: readonly KnownStudent[]): FreeAssessmentBooking | { problem: string } {
  const slots = Object.values(draft.slots ?? {}).flat();
  const learners = draft.form ? learnersOf(draft.form, draft.split.studentType) : null;
  const [slot] = slots;
  const [name] = learners?.names ?? [];
  const studentId = name === undefined ? undefined : knownStudentNamed(name, students)?.id;
  if (slots.length !== 1 || !slot || studentId === undefined) return { problem: freeAssessmentMismatchText };
  return { studentId, slot };
}

/** POST /services/ body: the class's subject with its tutor and student, charged 00.00; the tutor is paid their price. */
export const freeServicePayload = (booking: FreeAssessmentBooking, payer: Payer): ServicePayload => ({
  name: booking.slot.subject,
  dft_charge_type: 'hourly',
  dft_charge_rate: freeChargeRate,
  dft_contractor_rate: booking.slot.tutorPrice.toFixed(2),
  conjobs: [{ contractor: booking.slot.tutorId }],
  rcrs: [{ recipient: booking.studentId }],
  branch_id: payer.branch_id,
});

/** POST /appointments/ body: the one class, 'planned', one hour, on the free basis, with no package and no expiry. */
export function freeAppointmentPayload(booking: FreeAssessmentBooking, service: number, payer: Payer): AppointmentPayload[] {
  const line = { subject: booking.slot.subject, studentIds: [booking.studentId] };
  const lesson = lessonPayload(booking.slot, line, service, { pkgId: null, charge: freeChargeRate, pay: (slot) => slot.tutorPrice.toFixed(2), basis: { free_assessment: true } }, payer, null);
  return [{ ...lesson, pricestatus: false }];
}
