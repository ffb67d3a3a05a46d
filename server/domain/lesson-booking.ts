import type { Queryable } from '../db/database.ts';
import { branchDay } from './branch-time.ts';
import { moneyText } from './pricing.ts';
import { serviceName } from './service-names.ts';

/**
 * Turning chosen hours into the spec's records (§3: a service per subject and students, 'hourly', its charge
 * and contractor rate; a planned lesson per hour with its recipients' charge rate and its tutor's pay rate),
 * on whatever basis they rest: a paid order's held hours (fulfilment.ts) or a booking that needs no payment
 * (POST /bookings). One place, so the values a lesson is stored with cannot drift between the two.
 */

/** The spec's charge type of every service the portal makes (§3 service payload). */
export const serviceChargeType = 'hourly';

/** An hour to book: what the lessons of order_lessons and of POST /bookings both are. */
export interface LessonToBook {
  subject: string;
  start: Date;
  finish: Date;
  tutor: number;
  students: readonly number[];
}

/** What every lesson of one call is booked on, and at what money. */
export interface BookingTerms {
  clientId: number;
  branchId: number;
  /** The branch time zone: a lesson's start_date is its branch day. */
  timeZone: string;
  basis: 'order' | 'free' | 'package';
  /** The catalogue package (2 SILVER, 3 GOLD, 4 PLATINUM); null for the free assessment. */
  pkgId: number | null;
  /**
   * The paid order the lessons rest on. Its services are keyed to it (services_one_per_order_key), so a
   * service is made once per order whoever books on it, the webhook, /success or a later placement.
   */
  order: { id: number; ref: string } | null;
  clientPackageId: number | null;
  pricestatus: boolean;
  expiryDate: string | null;
  /** The service's dft_charge_rate and every recipient's charge_rate, as money text. */
  charge: string;
  /** A tutor's pay_rate, and the service's dft_contractor_rate (its first tutor's), as money text. */
  payRate: (tutor: number) => string;
}

/** The tutors' prices (contractors.tutorprice), by id. */
export async function tutorPrices(tx: Queryable, tutorIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await tx.query<{ id: number; tutorprice: string }>('select id, tutorprice from contractors where id = any($1::int[])', [[...new Set(tutorIds)]]);
  return new Map(rows.map((t) => [t.id, Number(t.tutorprice)]));
}

/** The catalogue package's duration_days (0 when it has none, or for no package). */
export async function packageDurationDays(tx: Queryable, pkgId: number | null): Promise<number> {
  if (pkgId === null) return 0;
  const [row] = await tx.query<{ duration_days: number }>('select duration_days from packages where id = $1', [pkgId]);
  return row?.duration_days ?? 0;
}


const sortedIds = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Books `lessons` on `terms`: a service per subject and students (made, or found when the order has it
 * already), then a planned lesson per hour with its recipients and tutor, whose hours reach busy_hours by
 * trigger, where the exclusion constraints refuse any overlap. Answers the lessons' appointment ids, in the
 * order of `lessons`. Runs inside the caller's transaction: the caller's claims on the basis and these rows
 * commit together or not at all.
 */
export async function bookPlannedLessons(tx: Queryable, terms: BookingTerms, lessons: readonly LessonToBook[]): Promise<number[]> {
  const ids: number[] = new Array<number>(lessons.length);
  // Groups in the order of their first lesson: services and lessons are made, and answered, in that order.
  const groups = new Map<string, number[]>();
  lessons.forEach((lesson, i) => {
    const key = JSON.stringify([lesson.subject, sortedIds(lesson.students)]);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const members of groups.values()) {
    const own = members.map((i) => lessons[i] as LessonToBook);
    const service = await serviceFor(tx, terms, own);
    for (const i of members) {
      const lesson = lessons[i] as LessonToBook;
      const [row] = await tx.query<{ id: number }>(
        `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, start_date, expiry_date, pricestatus, basis, order_id, client_package_id)
         values ($1, $2, $3, $4, $5, $6, $7, 'planned', $8, $9, $10, $11, $12, $13) returning id`,
        [
          terms.clientId,
          terms.branchId,
          service,
          terms.pkgId,
          lesson.start,
          lesson.finish,
          lesson.subject,
          branchDay(lesson.start, terms.timeZone),
          terms.expiryDate,
          terms.pricestatus,
          terms.basis,
          terms.order?.id ?? null,
          terms.clientPackageId,
        ],
      );
      const appointment = (row as { id: number }).id;
      for (const student of lesson.students) {
        await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, $3)', [appointment, student, terms.charge]);
      }
      await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, $3)', [appointment, lesson.tutor, terms.payRate(lesson.tutor)]);
      ids[i] = appointment;
    }
  }
  return ids;
}

/**
 * The service of one subject and its students (with the lessons' tutors), named for them (service-names.ts);
 * on an order, made once per order.
 */
async function serviceFor(tx: Queryable, terms: BookingTerms, lessons: readonly LessonToBook[]): Promise<number> {
  const first = lessons[0] as LessonToBook;
  const tutorIds = sortedIds(lessons.map((l) => l.tutor));
  const studentIds = sortedIds(first.students);
  // The same key POST /services/ gives a service made under an order (services.ts): by subject, not by name.
  const orderKey = terms.order ? JSON.stringify({ name: first.subject, tutors: tutorIds, students: studentIds }) : null;
  const [made] = await tx.query<{ id: number }>(
    `insert into services (branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate, order_id, order_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (order_id, order_key) do nothing returning id`,
    [terms.branchId, terms.clientId, await serviceName(tx, first.subject, studentIds), serviceChargeType, terms.charge, terms.payRate(first.tutor), terms.order?.id ?? null, orderKey],
  );
  if (!made) {
    const [existing] = await tx.query<{ id: number }>('select id from services where order_id = $1 and order_key = $2', [terms.order?.id, orderKey]);
    if (!existing) throw new Error(`the service ${orderKey} of order ${terms.order?.ref} vanished`);
    return existing.id;
  }
  for (const tutor of tutorIds) await tx.query('insert into service_contractors (service_id, contractor_id) values ($1, $2)', [made.id, tutor]);
  for (const student of studentIds) await tx.query('insert into service_recipients (service_id, student_id) values ($1, $2)', [made.id, student]);
  return made.id;
}

/** Money text of a tutor's price, 0.00 for a tutor without one. */
export const priceText = (prices: ReadonlyMap<number, number>) => (tutor: number) => moneyText(prices.get(tutor) ?? 0);
