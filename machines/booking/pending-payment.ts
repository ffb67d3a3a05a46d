import type { components } from '../../contract/schema.d.ts';
import { amountOfPrice } from '../rules/shown-price.ts';
import { hourlyAvailability } from '../rules/slots.ts';
import { type BookingDraft, type LessonData, emptyDraft } from './booking-draft.ts';
import { isGroupedByWeek, isLessonData, isMoney, isPackageForm, isTutorList } from './booking-draft-shapes.ts';
import { learnersOf } from './booking-learners.ts';
import { type HourCalls, offeredWindows } from './load-grid.ts';
import { lostHoursNotice, lostHoursOf, withoutLostHours } from './taken-hours.ts';
import { isRecord } from '../../contract/is-record.ts';

/**
 * Opening the pending payment (the dashboard's card, spec §4 "Pending-payment flow"): its booking was saved
 * when the client pressed Book Now, maybe days ago, and a payment cancelled or failed since keeps it. It is
 * read back into a draft (draftFromUnpaidPackage). Its
 * hours may have gone meanwhile (someone else booked them, docs/architecture.md, "Paid means booked") or passed. They are
 * checked before the booking opens, against the hours the grid offers now (load-grid.ts), so that the client
 * chooses again on the grid, told which and why, instead of being refused at checkout. A call sequence with
 * the calls injected (src/actors/slot-selection.ts), tested with fakes (tests/unit/pending-payment.test.ts).
 */

type ClientPackage = components['schemas']['ClientPackage'];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The pending-payment card's draft, from the client's first unpaid package: its packageForm is the JSON
 * text the portal stored ({ lessonData, packageFormData, groupedByWeek?, storedTeacher?, storedTeacher2?,
 * price? }; the week grouping and tutors may also sit inside lessonData). Null when it is not readable as one.
 * The package's price is the number saved beside lessonData where there is one; a package saved without it
 * (the provider's, or this portal's before the draft kept its price) has only the total it showed, and its
 * amount is read from that. The students' ids are not saved: the booking screens take them from the
 * signed-in client's students (src/booking/use-booking-machine.tsx).
 */
export function draftFromUnpaidPackage(pkg: ClientPackage): BookingDraft | null {
  const packageForm = parseJson(pkg.packageForm);
  if (!isRecord(packageForm)) return null;
  const { lessonData, packageFormData } = packageForm;
  if (!isLessonData(lessonData) || !isPackageForm(packageFormData)) return null;
  const nested = lessonData as LessonData & Record<string, unknown>;
  const slots = packageForm.groupedByWeek ?? nested.groupedByWeek ?? {};
  const tutors = packageForm.storedTeacher ?? nested.storedTeacher ?? [];
  const secondTutors = packageForm.storedTeacher2 ?? nested.storedTeacher2 ?? [];
  if (!isGroupedByWeek(slots) || !isTutorList(tutors) || !isTutorList(secondTutors)) return null;
  // bookingdata is JSON ({ bookdata }); some providers send it as JSON text.
  const bookingData: unknown = typeof pkg.bookingdata === 'string' ? parseJson(pkg.bookingdata) : pkg.bookingdata;
  if (bookingData !== null && !isRecord(bookingData)) return null;
  const { packageNames, packageName, studentName, lessonCounts } = lessonData;
  return {
    ...emptyDraft('pendingPayment'),
    form: packageFormData,
    lessons: { packageNames, packageName, studentName, lessonCounts },
    price: isMoney(packageForm.price) ? packageForm.price : amountOfPrice(packageNames.total),
    slots,
    bookingData,
    tutors,
    secondTutors,
    clientPackageId: pkg.id,
  };
}

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
      knownStudentIds: draft.studentIds,
      clientPackageId: null,
      orderRef: null,
    },
    calls,
  );
  const lost = lostHoursOf(slots, { availability: hourlyAvailability(windows, context.timeZone), today: context.today, now: context.now, timeZone: context.timeZone });
  return { draft: withoutLostHours(draft, lost, context.timeZone), notice: lostHoursNotice(lost, context.timeZone) };
}
