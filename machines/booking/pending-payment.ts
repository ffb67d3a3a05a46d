import { hourlyAvailability } from '../rules/slots.ts';
import type { BookingDraft } from './booking-draft.ts';
import { learnersOf } from './booking-learners.ts';
import { type HourCalls, offeredWindows } from './load-grid.ts';
import { lostHoursNotice, lostHoursOf, withoutLostHours } from './taken-hours.ts';

/**
 * Opening the pending payment (the dashboard's card, spec §4 "Pending-payment flow"): its booking was saved
 * when the client pressed Book Now, maybe days ago, and a payment cancelled or failed since keeps it. Its
 * hours may have gone meanwhile (someone else booked them, docs/architecture.md, "Paid means booked") or passed. They are
 * checked before the booking opens, against the hours the grid offers now (load-grid.ts), so that the client
 * chooses again on the grid, told which and why, instead of being refused at checkout. A call sequence with
 * the calls injected (src/actors/slot-selection.ts), tested with fakes (tests/unit/pending-payment.test.ts).
 */

export interface PendingPaymentContext {
  clientid: number;
  branchId: number;
  timeZone: string;
  /** YYYY-MM-DD in the branch's time zone. */
  today: string;
  /** Epoch milliseconds. */
  now: number;
}

export interface OpenedPendingPayment {
  /** The booking with the hours that can no longer be booked dropped (the same draft when none is). */
  draft: BookingDraft;
  /** One line per dropped hour; empty when every hour can still be booked (the summary opens as the spec says). */
  notice: string[];
}

/**
 * The pending payment's booking, with its hours checked. A booking that does not say whose and which
 * subjects (an individual two-student booking saved without the student booked) is not checked: the grid
 * could not be asked for its hours, and checkout still refuses a taken one.
 */
export async function checkPendingHours(draft: BookingDraft, context: PendingPaymentContext, calls: HourCalls): Promise<OpenedPendingPayment> {
  const slots = Object.values(draft.slots ?? {}).flat();
  const learners = draft.form ? learnersOf(draft.form, draft.split.studentType) : null;
  if (slots.length === 0 || !learners) return { draft, notice: [] };
  const windows = await offeredWindows(
    {
      subjectNames: learners.subjects,
      yearLevels: [learners.year],
      branch_id: context.branchId,
      clientid: context.clientid,
      studentNames: learners.names,
      clientPackageId: null,
      orderRef: null,
    },
    calls,
  );
  const lost = lostHoursOf(slots, { availability: hourlyAvailability(windows, context.timeZone), today: context.today, now: context.now, timeZone: context.timeZone });
  return { draft: withoutLostHours(draft, lost, context.timeZone), notice: lostHoursNotice(lost, context.timeZone) };
}
