import type { components } from '../../contract/schema.d.ts';
import { bookableForMove, insideRescheduleNotice, rescheduleNoticeText, rescheduleTargetText } from '../../contract/reschedule-notice.ts';
import { perClassCharge } from '../../contract/pricing.ts';
import { freeAssessmentUsedText, futureDateText } from '../../contract/refusals.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { type Database, type Queryable, isExclusionViolation, isUniqueViolation } from '../db/database.ts';
import { constraintConflicts, retryingDeadlocks } from '../http/constraint-conflicts.ts';
import { badRequest, conflict, refused } from '../http/errors.ts';
import { ownedRow } from './access.ts';
import { takeFromPackage } from './booking-basis.ts';
import { branchDay, branchTimeZone, hourMs } from './branch-time.ts';
import { lockPeople } from './person-locks.ts';
import { moneyValue, sameMoney } from './pricing.ts';
import { type AppointmentRow, type ClientPackageRow, type OrderRow, isPaid, linesOf } from './records.ts';

type Schemas = components['schemas'];
type Payload = Schemas['AppointmentPayload'];
/** What a batch of POST /appointments rests on: one of its three. */
export type AppointmentBasis = 'order' | 'free' | 'package';
interface Hour {
  start: Date;
  finish: Date;
}

/*
 * Appointments (lessons): how they are listed (completing those whose hour is over), the spec's batch of
 * POST /appointments with its claim on the basis, and a reschedule. Each write is one transaction here, under
 * the participants' locks (person-locks.ts), with the database's constraints having the last word.
 */

/** The lessons a booking answers, as they are now. */
export interface BookedLessons {
  lessons: Schemas['Appointment'][];
  /** A replay: the lessons were booked by an earlier call with the same request. */
  again: boolean;
}

const onlyPlannedText = 'Only planned appointments can be rescheduled.';
const movedMeanwhileText = 'This appointment was changed meanwhile. Please reload and try again.';
const sameOrderLessonText = 'This package has another lesson at that time already. Please choose another slot.';

/** A planned lesson whose hour is over: it has taken place, so it reads (and is stored) as completed. */
export const lessonOver = `a.status = 'planned' and a.finish <= now()`;

// A lesson's rating is the review that names it (reviews_one_per_appointment: one at most).
const appointmentColumns = `a.id, a.client_id, a.service_id, a.start, a.finish, a.topic, case when ${lessonOver} then 'completed' else a.status end as status,
  a.pkg_id, a.client_package_id, sv.name as service_name, (select r.review_number from reviews r where r.appointment_id = a.id) as rating`;
type ListedAppointment = Omit<AppointmentRow, 'branch_id'> & { service_name: string; client_package_id: number | null; rating: number | null };

const toAppointment = (row: ListedAppointment): Schemas['Appointment'] => ({
  id: row.id,
  start: row.start.toISOString(),
  finish: row.finish.toISOString(),
  topic: row.topic,
  status: row.status,
  service: { id: row.service_id, name: row.service_name },
  db: { pkg_id: row.pkg_id },
  client_package_id: row.client_package_id,
  rating: row.rating,
});

/**
 * The appointments `where` picks (a condition on `appointments a`), earliest first. Lessons complete by
 * themselves: the answer reads a planned lesson whose hour is over as completed (so no timer and no
 * instance's memory is needed: every instance on one database agrees), and only when it read such a lesson
 * is 'completed' stored on those rows, by a write conditional on the same rule (a second reader, on any
 * instance, changes nothing). Most reads find none and write nothing: a write on every read cost the
 * embedded database a p99 of 205 ms at 50 connections (issue 20).
 */
export async function appointmentsWhere(db: Queryable, where: string, params: readonly unknown[]): Promise<Schemas['Appointment'][]> {
  const rows = await db.query<ListedAppointment & { due: boolean }>(
    `select ${appointmentColumns}, (${lessonOver}) as due from appointments a join services sv on sv.id = a.service_id where ${where} order by a.start, a.id`,
    params,
  );
  const due = rows.filter((row) => row.due).map((row) => row.id);
  if (due.length > 0) await db.query(`update appointments a set status = 'completed' where a.id = any($1::int[]) and ${lessonOver}`, [due]);
  return rows.map(toAppointment);
}

/**
 * The appointments of some students, earliest first: the dashboard's read, remembered until the next write
 * or until the first of its planned lessons ends (then that lesson reads as completed).
 */
export function appointmentsOfStudents(db: Database, studentIds: readonly number[]): Promise<Schemas['Appointment'][]> {
  return db.remembered(`appointments ${studentIds.join(',')}`, async () => {
    const value = await appointmentsWhere(db, 'a.id in (select appointment_id from appointment_recipients where student_id = any($1::int[]))', [studentIds]);
    return { value, until: Math.min(...value.filter((a) => a.status === 'planned').map((a) => Date.parse(a.finish))) };
  });
}

/** One hour, starting in the future; answers the instants. */
function hourOf(start: string, finish: string, path: string): Hour {
  const s = new Date(start);
  const f = new Date(finish);
  if (f.getTime() - s.getTime() !== hourMs) throw badRequest(`${path}finish`, 'must be one hour after start');
  // The spec's words (§5), which the reschedule screen shows as they are.
  if (s.getTime() <= Date.now()) throw refused(`${path}start`, futureDateText);
  return { start: s, finish: f };
}

async function assertTutorAvailable(tx: Queryable, contractorId: number, hour: Hour): Promise<void> {
  const [window] = await tx.query<{ id: number }>(
    'select id from availability where contractor_id = $1 and start <= $2 and finish >= $3 limit 1',
    [contractorId, hour.start, hour.finish],
  );
  if (!window) throw conflict(`Tutor ${contractorId} is not available at ${hour.start.toISOString()}.`, 'cjas');
}

/** The database's refusals of a lesson that overlaps another, as the answer a person can act on. */
function overlapConflict(error: unknown, field: { tutor: string; student: string }): Error | undefined {
  // The words of every other answer to these constraints, naming this request's field for the tutor or the student.
  if (isExclusionViolation(error, 'tutor_in_one_place_at_a_time')) return conflict(constraintConflicts.tutor_in_one_place_at_a_time.message, field.tutor);
  if (isExclusionViolation(error, 'student_in_one_place_at_a_time')) return conflict(constraintConflicts.student_in_one_place_at_a_time.message, field.student);
  return undefined;
}

/** Every recipient must be one the basis paid for; `field` names the item's rcras. */
function assertPaidFor(item: Payload, students: readonly number[] | null, field: string): void {
  if (students === null) {
    // A package whose students were never recorded was sold, at the least, for one student.
    if (item.rcras.length > 1) throw badRequest(field, 'this package was paid for one student per lesson');
    return;
  }
  const stranger = item.rcras.find((r) => !students.includes(r.recipient));
  if (stranger) throw badRequest(field, `student ${stranger.recipient} is not one this was paid for`);
}

/**
 * The lessons of a batch already booked on an order (same service, same start): all of them make the
 * request a replay, some of them a clash with what was booked.
 */
async function bookedOnOrder(db: Queryable, orderId: number, items: Payload[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select a.id from appointments a
       join unnest($2::int[], $3::timestamptz[]) as item(service_id, start) on item.service_id = a.service_id and item.start = a.start
      where a.order_id = $1`,
    [orderId, items.map((i) => i.service), items.map((i) => new Date(i.start))],
  );
  return rows.map((r) => r.id);
}

/** Checks the batch against its basis and takes the classes it uses, by conditional writes only. */
async function claimBasis(
  tx: Queryable,
  session: SessionClaims,
  items: Payload[],
  basis: AppointmentBasis,
  order: OrderRow | undefined,
): Promise<{ orderId: number | null; packageId: number | null }> {
  const first = items[0] as Payload;
  if (basis === 'free') {
    if (items.length !== 1) throw badRequest('[1]', 'a free assessment is a single class');
    if (first.rcras.length !== 1) throw badRequest('[0].rcras', 'a free assessment is one lesson for one student');
    if (first.rcras.some((r) => moneyValue(r.charge_rate) !== 0)) throw badRequest('[0].rcras', 'a free assessment is charged 0.00');
    // The one free class per client is a unique index (appointments_one_free_assessment).
    return { orderId: null, packageId: null };
  }
  if (basis === 'order' && order) {
    if (!isPaid(order)) throw conflict('This order has not been paid.', 'order_ref');
    if (items.length > order.classes) throw badRequest('body', `the package of this order has ${order.classes} classes`);
    // Each lesson is booked on the line of its students (one per student studying individually), at that
    // line's price per class.
    const lines = await linesOf(tx, order.id);
    const taken = new Map<number, number>();
    items.forEach((item, i) => {
      const ofPackage = lines.filter((line) => line.pkg_id === item.pkg_id);
      if (ofPackage.length === 0) throw badRequest(`[${i}].pkg_id`, `must be ${lines.map((line) => line.pkg_id).join(' or ')}, the package of the order`);
      const line = ofPackage.find((l) => item.rcras.every((r) => l.student_ids.includes(r.recipient)));
      if (!line) {
        assertPaidFor(item, [...new Set(ofPackage.flatMap((l) => l.student_ids))], `[${i}].rcras`);
        throw badRequest(`[${i}].rcras`, 'the students of one lesson must be on one line of the order');
      }
      const charge = perClassCharge(Number(line.amount), line.classes);
      if (item.rcras.some((r) => !sameMoney(moneyValue(r.charge_rate), charge))) {
        throw badRequest(`[${i}].rcras`, `charge_rate must be ${charge.toFixed(2)}, the order's price per class`);
      }
      taken.set(line.id, (taken.get(line.id) ?? 0) + 1);
    });
    for (const [lineId, count] of taken) {
      const [claimed] = await tx.query<{ id: number }>(
        'update order_lines set booked_classes = booked_classes + $2 where id = $1 and booked_classes + $2 <= classes returning id',
        [lineId, count],
      );
      if (!claimed) {
        const [left] = await tx.query<{ n: number }>('select classes - booked_classes as n from order_lines where id = $1', [lineId]);
        throw conflict(`Only ${left?.n ?? 0} of this order's classes are left to book.`, 'order_ref');
      }
    }
    const [claimed] = await tx.query<{ id: number }>(
      'update orders set booked_classes = booked_classes + $2 where id = $1 and booked_classes + $2 <= classes returning id',
      [order.id, items.length],
    );
    if (!claimed) {
      const [left] = await tx.query<{ n: number }>('select classes - booked_classes as n from orders where id = $1', [order.id]);
      throw conflict(`Only ${left?.n ?? 0} of this order's classes are left to book.`, 'order_ref');
    }
    // An order that paid for a client package is that package's purchase: its lessons come off it too.
    if (order.client_package_id !== null) await takeFromPackage(tx, order.client_package_id, items.length, 'order_ref', { paidOnly: false });
    return { orderId: order.id, packageId: order.client_package_id };
  }
  const pkg = await ownedRow<ClientPackageRow>(tx, session, 'client_packages', first.client_package_id as number, 'Client package', '[0].client_package_id');
  if (pkg.purches_status !== 1) throw conflict('This package has not been paid.', 'client_package_id');
  items.forEach((item, i) => assertPaidFor(item, pkg.student_ids, `[${i}].rcras`));
  await takeFromPackage(tx, pkg.id, items.length, 'client_package_id', { paidOnly: false });
  return { orderId: null, packageId: pkg.id };
}

/**
 * POST /appointments: the batch of lessons on its basis (`order` for an order basis, checked the client's
 * own), in one transaction: each lesson's service, students and tutor checked, the basis's classes
 * claimed, the lessons written. A replay of a batch booked on the order answers it again.
 */
export async function createAppointments(db: Database, session: SessionClaims, items: Payload[], basis: AppointmentBasis, order: OrderRow | undefined): Promise<BookedLessons> {
  // A replay of a batch booked on this order answers it again, before anything else is checked:
  // by then its lessons may have begun, but they were booked when they could be.
  const replay = async (): Promise<BookedLessons | undefined> => {
    if (!order) return undefined;
    const booked = await bookedOnOrder(db, order.id, items);
    if (booked.length === 0) return undefined;
    if (booked.length !== items.length) throw conflict('Part of this batch has been booked on this order already.', 'order_ref');
    return { lessons: await appointmentsWhere(db, 'a.id = any($1::int[])', [booked]), again: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const hours = items.map((item, i) => hourOf(item.start, item.finish, `[${i}].`));
  try {
    const ids = await retryingDeadlocks(() => db.transaction(async (tx) => {
      await lockPeople(tx, { tutors: items.flatMap((item) => item.cjas.map((c) => c.contractor)), students: items.flatMap((item) => item.rcras.map((r) => r.recipient)) });
      for (const [i, item] of items.entries()) {
        await ownedRow(tx, session, 'services', item.service, 'Service', `[${i}].service`);
        const onService = await tx.query<{ student_id: number | null; contractor_id: number | null }>(
          `select student_id, null::int as contractor_id from service_recipients where service_id = $1
           union all select null, contractor_id from service_contractors where service_id = $1`,
          [item.service],
        );
        for (const r of item.rcras) {
          if (!onService.some((s) => s.student_id === r.recipient)) throw badRequest(`[${i}].rcras`, `student ${r.recipient} is not on service ${item.service}`);
        }
        for (const c of item.cjas) {
          if (!onService.some((s) => s.contractor_id === c.contractor)) throw badRequest(`[${i}].cjas`, `tutor ${c.contractor} is not on service ${item.service}`);
          await assertTutorAvailable(tx, c.contractor, hours[i] as Hour);
        }
      }
      const { orderId, packageId } = await claimBasis(tx, session, items, basis, order);
      const created: number[] = [];
      for (const [i, item] of items.entries()) {
        const hour = hours[i] as Hour;
        const [row] = await tx.query<{ id: number }>(
          `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, start_date, expiry_date, pricestatus, basis, order_id, client_package_id)
           values ($1, $2, $3, $4, $5, $6, $7, 'planned', $8, $9, $10, $11, $12, $13) returning id`,
          [session.sub, session.branch_id, item.service, item.pkg_id, hour.start, hour.finish, item.topic, item.start_date, item.expiry_date ?? null, item.pricestatus ?? basis !== 'free', basis, orderId, packageId],
        );
        const id = (row as { id: number }).id;
        created.push(id);
        // The lesson's hours reach these rows from the appointment, by trigger.
        for (const r of item.rcras) {
          await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, $3)', [id, r.recipient, moneyValue(r.charge_rate)]);
        }
        for (const c of item.cjas) {
          await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, $3)', [id, c.contractor, moneyValue(c.pay_rate)]);
        }
      }
      return created;
    }));
    return { lessons: await appointmentsWhere(db, 'a.id = any($1::int[])', [ids]), again: false };
  } catch (error) {
    // A concurrent replay may have committed this very batch while this one waited: answer it.
    const late = await replay();
    if (late) return late;
    const overlap = overlapConflict(error, { tutor: 'cjas', student: 'rcras' });
    if (overlap) throw overlap;
    if (isUniqueViolation(error, 'appointments_one_free_assessment')) throw conflict(freeAssessmentUsedText, 'free_assessment');
    if (isUniqueViolation(error, 'appointments_one_per_order_lesson')) throw conflict('The same lesson is twice in this batch.', 'order_ref');
    throw error;
  }
}

/**
 * Moves the client's `appointment` (its service checked by the caller) onto the body's hour: a planned lesson
 * outside the reschedule notice, onto a day it may be moved to, where its tutors are available and nobody
 * is busy. Answers the lesson as it now is.
 */
export async function rescheduleAppointment(db: Database, appointment: AppointmentRow, body: { start: string; finish: string; topic: string }): Promise<Schemas['Appointment']> {
  const hour = hourOf(body.start, body.finish, '');
  if (appointment.status !== 'planned' || appointment.finish.getTime() <= Date.now()) throw conflict(onlyPlannedText);
  // The notice counts calendar days of the lesson's branch, by the rule the portal hides its Reschedule
  // button with (contract/reschedule-notice.ts), so the two agree to the day.
  const zone = await branchTimeZone(db, appointment.branch_id);
  const today = branchDay(new Date(), zone);
  if (insideRescheduleNotice(branchDay(appointment.start, zone), today)) throw conflict(rescheduleNoticeText, 'id');
  if (!bookableForMove(branchDay(hour.start, zone), today)) throw conflict(rescheduleTargetText, 'start');
  try {
    await retryingDeadlocks(() => db.transaction(async (tx) => {
      const tutors = await tx.query<{ contractor_id: number }>('select contractor_id from appointment_contractors where appointment_id = $1', [appointment.id]);
      const students = await tx.query<{ student_id: number }>('select student_id from appointment_recipients where appointment_id = $1', [appointment.id]);
      await lockPeople(tx, { tutors: tutors.map((t) => t.contractor_id), students: students.map((s) => s.student_id) });
      for (const t of tutors) await assertTutorAvailable(tx, t.contractor_id, hour);
      // Conditional on the status and the hour the notice was checked against: a move made meanwhile
      // (another tab, another instance) may have brought the lesson inside the notice. The participants'
      // hours follow by trigger, where the exclusion constraints refuse an overlap.
      const [moved] = await tx.query<{ id: number }>(
        `update appointments set start = $2, finish = $3, topic = $4 where id = $1 and status = 'planned' and start = $5 returning id`,
        [appointment.id, hour.start, hour.finish, body.topic, appointment.start],
      );
      if (moved) return;
      const [now] = await tx.query<Pick<AppointmentRow, 'status'>>('select status from appointments where id = $1', [appointment.id]);
      throw conflict(now?.status === 'planned' ? movedMeanwhileText : onlyPlannedText);
    }));
  } catch (error) {
    // Onto the very hour of another lesson of the same order and subject: the order's own unique index
    // speaks before the tutor's and student's hours do.
    if (isUniqueViolation(error, 'appointments_one_per_order_lesson')) throw conflict(sameOrderLessonText, 'start');
    throw overlapConflict(error, { tutor: 'start', student: 'start' }) ?? error;
  }
  const [data] = await appointmentsWhere(db, 'a.id = $1', [appointment.id]);
  if (!data) throw new Error(`appointment ${appointment.id} vanished`);
  return data;
}
