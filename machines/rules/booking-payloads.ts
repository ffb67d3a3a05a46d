import { tzOffset } from '@date-fns/tz';
import type { components, operations } from '../../contract/schema.d.ts';
import type { SelectedSlot } from '../booking/booking-draft.ts';
import { instantOfHour } from './slots.ts';

/**
 * What the lessons the portal books itself are posted as (spec §3 service and appointment payloads, §9 time
 * offsets): the free assessment (free-assessment.ts) and the remaining classes of a paid package
 * (package-booking.ts). A paid order's lessons are not posted from here: the server books them when the
 * payment provider confirms the payment (DESIGN.md "Paid means booked").
 */

type JsonBody<Op extends keyof operations> = operations[Op]['requestBody'] extends { content: { 'application/json': infer Json } } ? Json : never;
export type ServicePayload = JsonBody<'createService'>;
export type AppointmentPayload = components['schemas']['AppointmentPayload'];

/** Who pays and where the lessons are held. */
export interface Payer {
  clientid: number;
  branch_id: number;
  /** The branch's IANA zone: slot days and hours are wall-clock times there. */
  timeZone: string;
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
