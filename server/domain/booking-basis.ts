import { expiryDate } from '../../contract/package-expiry.ts';
import type { operations } from '../../contract/schema.d.ts';
import { perClassCharge } from '../../contract/pricing.ts';
import { freeAssessmentUsedText } from '../../contract/refusals.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { ownOrder, ownedRow } from './access.ts';
import type { HoldLine, PlannedLesson } from './holds.ts';
import { type BookingTerms, priceText } from './lesson-booking.ts';
import { moneyText } from './pricing.ts';
import { type ClientPackageRow, type OrderLineRow, type OrderRow, isPaid, linesOf } from './records.ts';

/*
 * What the lessons of POST /bookings rest on (docs/architecture.md, "Paid means booked"): the one free
 * assessment, the remaining classes of a paid package, or the classes still to place on a paid order whose
 * hours were lost. Read (the client's own), checked open, and claimed by conditional writes inside the
 * booking's transaction (bookings.ts), at the spec's money for the basis (§9: the free assessment 00.00, a
 * package's classes 100.00, an order's the line's charge per class).
 */

export type BookBody = operations['bookLessons']['requestBody']['content']['application/json'];

/** The spec's (§9) charge rate of the free assessment, and the charge and pay rate of a package's remaining classes. */
const freeAssessmentCharge = moneyText(0);
const renewalRate = moneyText(100);

const packageNotPaidText = 'This package has not been paid.';
const orderNotPaidText = 'This order has not been paid.';
const unknownPackageText = 'The classes of this package cannot be booked here. Please contact us to have them scheduled.';
const toPlaceText = (left: number) =>
  left === 0 ? 'This order has no classes left to place.' : `Only ${left} of this order's classes ${left === 1 ? 'is' : 'are'} left to place.`;

/** What the lessons rest on, with what it takes to check them. */
export type Basis =
  | { kind: 'free' }
  | { kind: 'package'; pkg: ClientPackageRow; pkgId: number; level: number }
  | { kind: 'order'; order: OrderRow; lines: OrderLineRow[] };

const sameStudents = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** A value inside parsed JSON, or undefined: a package's form is whatever the portal saved. */
function at(value: unknown, ...path: string[]): unknown {
  let here = value;
  for (const key of path) {
    if (typeof here !== 'object' || here === null || Array.isArray(here)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/**
 * The catalogue package a client package was bought as, and the students' year (for the tutor's level):
 * the order that paid for it says both; a package paid otherwise (by staff, the seed) has them in its form
 * (lessonData.packageNames.id or packageName, packageFormData.program 'Year N / …'). Undefined when neither does.
 */
async function catalogueOf(db: Queryable, pkg: ClientPackageRow): Promise<{ pkgId: number; level: number } | undefined> {
  const [paid] = await db.query<{ pkg_id: number; level: number }>(
    `select pkg_id, level from orders where client_package_id = $1 and status in ('paid', 'confirmed') order by paid_at desc nulls last, id desc limit 1`,
    [pkg.id],
  );
  if (paid) return { pkgId: paid.pkg_id, level: paid.level };
  let form: unknown;
  try {
    form = JSON.parse(pkg.package_form);
  } catch {
    return undefined;
  }
  const id = at(form, 'lessonData', 'packageNames', 'id');
  const name = at(form, 'lessonData', 'packageName') ?? at(form, 'lessonData', 'packageNames', 'name');
  const [known] = await db.query<{ id: number }>('select id from packages where id = $1 or name = upper($2) order by (id = $1) desc nulls last limit 1', [
    typeof id === 'number' && Number.isInteger(id) ? id : null,
    typeof name === 'string' ? name.trim() : null,
  ]);
  if (!known) return undefined;
  const program = at(form, 'packageFormData', 'program');
  const year = Number(typeof program === 'string' ? /Year\s+(\d{1,2})/i.exec(program)?.[1] : undefined);
  return { pkgId: known.id, level: Number.isInteger(year) && year >= 1 && year <= 13 ? year : 1 };
}

/** The basis of the request, the client's own (403 for another client's, 404 for none). */
export async function basisOf(db: Queryable, session: SessionClaims, body: BookBody): Promise<Basis> {
  const { basis } = body;
  if (basis.order_ref !== undefined) {
    const order = await ownOrder(db, session, basis.order_ref, 'basis.order_ref');
    return { kind: 'order', order, lines: await linesOf(db, order.id) };
  }
  if (basis.client_package_id !== undefined) {
    const pkg = await ownedRow<ClientPackageRow>(db, session, 'client_packages', basis.client_package_id, 'Client package', 'basis.client_package_id');
    const catalogue = await catalogueOf(db, pkg);
    if (!catalogue) throw conflict(unknownPackageText, 'basis.client_package_id');
    return { kind: 'package', pkg, ...catalogue };
  }
  if (basis.free_assessment === true) return { kind: 'free' };
  // The contract allows exactly one of the three; this is what is left.
  throw badRequest('basis', 'give exactly one of free_assessment, client_package_id or order_ref');
}

/** The lines the lessons are checked against (planLessons), and each line's year. */
export function linesToCheck(body: BookBody, basis: Basis, subjects: ReadonlyMap<string, string>): { lines: HoldLine[]; levels: number[] } {
  const { lessons } = body;
  if (basis.kind === 'free') {
    if (lessons.length !== 1) throw badRequest('lessons', 'a free assessment is a single lesson');
    const [only] = lessons;
    if (only?.students.length !== 1) throw badRequest('lessons[0].students', 'a free assessment is for one student');
    // One lesson: no weekly rule. No year is given, so any tutor of the subject will do.
    return { lines: [{ pkg_id: 0, student_ids: only.students, classes: 1, weekly_lessons: null, weeklyField: 'weekly_lessons' }], levels: [1] };
  }
  if (body.weekly_lessons === undefined) throw badRequest('weekly_lessons', `is required for the classes of a ${basis.kind === 'order' ? 'paid order' : 'package'}`);
  const weekly = body.weekly_lessons;
  if (basis.kind === 'package') {
    // A package whose students were never recorded was sold, at the least, for one student.
    const paidFor = basis.pkg.student_ids ?? (lessons[0]?.students.length === 1 ? lessons[0].students : null);
    if (!paidFor) throw badRequest('lessons[0].students', 'this package was paid for one student per lesson');
    lessons.forEach((lesson, i) => {
      if (!sameStudents(lesson.students, paidFor)) throw badRequest(`lessons[${i}].students`, 'must be the students this package was paid for');
    });
    return { lines: [{ pkg_id: basis.pkgId, student_ids: paidFor, classes: basis.pkg.total_classess, weekly_lessons: weekly, weeklyField: 'weekly_lessons' }], levels: [basis.level] };
  }
  const canonical = (subject: string) => subjects.get(subject.trim().toLowerCase()) ?? subject;
  const lines = basis.lines.map((line): HoldLine => {
    // Two students studying individually have a line each, and each line its own subjects: each line is held
    // to the weekly lessons of its own subjects, as its package allows them.
    const taught = new Set(lessons.filter((l) => sameStudents(l.students, line.student_ids)).map((l) => canonical(l.subject)));
    const own = Object.fromEntries(Object.entries(weekly).filter(([subject]) => taught.has(canonical(subject))));
    const weeklyOfLine = basis.lines.length > 1 && Object.keys(own).length > 0 ? own : weekly;
    return { pkg_id: line.pkg_id, student_ids: line.student_ids, classes: line.classes, weekly_lessons: weeklyOfLine, weeklyField: 'weekly_lessons' };
  });
  return { lines, levels: basis.lines.map((line) => line.level) };
}

/** What the lessons are booked on: the basis's terms (an order's per line, its price per class). */
export function termsOf(basis: Basis, common: Pick<BookingTerms, 'clientId' | 'branchId' | 'timeZone'>, today: string, durations: ReadonlyMap<number, number>, prices: ReadonlyMap<number, number>, line: number): BookingTerms {
  if (basis.kind === 'free') {
    return { ...common, basis: 'free', pkgId: null, order: null, clientPackageId: null, pricestatus: false, expiryDate: null, charge: freeAssessmentCharge, payRate: priceText(prices) };
  }
  if (basis.kind === 'package') {
    return {
      ...common,
      basis: 'package',
      pkgId: basis.pkgId,
      order: null,
      clientPackageId: basis.pkg.id,
      pricestatus: true,
      expiryDate: expiryDate(today, durations.get(basis.pkgId) ?? 0),
      charge: renewalRate,
      payRate: () => renewalRate,
    };
  }
  const of = basis.lines[line] as OrderLineRow;
  return {
    ...common,
    basis: 'order',
    pkgId: of.pkg_id,
    order: { id: basis.order.id, ref: basis.order.ref },
    clientPackageId: basis.order.client_package_id,
    pricestatus: true,
    expiryDate: expiryDate(today, durations.get(of.pkg_id) ?? 0),
    charge: moneyText(perClassCharge(Number(of.amount), of.classes)),
    payRate: priceText(prices),
  };
}

/** The basis as the replay lookup and the lessons' rows name it. */
function basisKey(basis: Basis): { basis: BookingTerms['basis']; orderId: number | null; packageId: number | null } {
  if (basis.kind === 'free') return { basis: 'free', orderId: null, packageId: null };
  if (basis.kind === 'package') return { basis: 'package', orderId: null, packageId: basis.pkg.id };
  return { basis: 'order', orderId: basis.order.id, packageId: basis.order.client_package_id };
}

/**
 * The planned lessons of the client on this basis that are these very lessons (same start, tutor and
 * students), one per lesson found: all of them make the request a replay, some of them a clash.
 */
export async function bookedBefore(db: Queryable, clientId: number, basis: Basis, lessons: readonly PlannedLesson[]): Promise<number[]> {
  const key = basisKey(basis);
  const rows = await db.query<{ id: number }>(
    `select distinct on (l.i) a.id
       from jsonb_to_recordset($1::jsonb) as l(i int, start timestamptz, tutor int, students int[])
       join appointments a on a.client_id = $2 and a.start = l.start and a.status = 'planned' and a.basis = $3
                          and a.order_id is not distinct from $4::int and a.client_package_id is not distinct from $5::int
      where exists (select 1 from appointment_contractors ac where ac.appointment_id = a.id and ac.contractor_id = l.tutor)
        and array(select ar.student_id from appointment_recipients ar where ar.appointment_id = a.id order by 1)
          = array(select s from unnest(l.students) as s order by 1)
      order by l.i, a.id`,
    [JSON.stringify(lessons.map((l) => ({ i: l.index, start: l.start.toISOString(), tutor: l.tutor, students: l.students }))), clientId, key.basis, key.orderId, key.packageId],
  );
  return rows.map((r) => r.id);
}

/** The basis's state allows booking at all (409 otherwise): checked before the hours, answered in its words. */
export async function assertBasisOpen(db: Queryable, clientId: number, basis: Basis): Promise<void> {
  if (basis.kind === 'free') {
    const [had] = await db.query<{ id: number }>(`select id from appointments where client_id = $1 and basis = 'free' limit 1`, [clientId]);
    if (had) throw conflict(freeAssessmentUsedText, 'basis.free_assessment');
  } else if (basis.kind === 'package') {
    if (basis.pkg.purches_status !== 1) throw conflict(packageNotPaidText, 'basis.client_package_id');
  } else {
    if (!isPaid(basis.order)) throw conflict(orderNotPaidText, 'basis.order_ref');
    if (basis.order.to_place === 0) throw conflict(toPlaceText(0), 'basis.order_ref');
  }
}

/**
 * Takes `classes` off a package's remaining classes, by a conditional write (409 when fewer remain): a paid
 * package's only, unless `paidOnly` is false (POST /appointments, which checked the package itself).
 */
export async function takeFromPackage(tx: Queryable, packageId: number, classes: number, field: string, { paidOnly }: { paidOnly: boolean } = { paidOnly: true }): Promise<void> {
  const [taken] = await tx.query<{ id: number }>(
    `update client_packages set booked_classess = booked_classess + $2, remaining_classess = remaining_classess - $2, updated_at = now()
      where id = $1${paidOnly ? ' and purches_status = 1' : ''} and remaining_classess >= $2 returning id`,
    [packageId, classes],
  );
  if (taken) return;
  const [left] = await tx.query<{ remaining_classess: number }>('select remaining_classess from client_packages where id = $1', [packageId]);
  throw conflict(`Only ${left?.remaining_classess ?? 0} classes remain in this package.`, field);
}

/**
 * A package's classes placed through the package are no longer to place on the order that paid for it (whose
 * lost hours the package's remaining classes still count): its to_place, and its lines', go down by as many,
 * never below 0. The rows are locked as they are read, so concurrent bookings take turns.
 */
async function placedThroughPackage(tx: Queryable, packageId: number, classes: number): Promise<void> {
  let left = classes;
  const orders = await tx.query<{ id: number; to_place: number }>(
    `select id, to_place from orders where client_package_id = $1 and status in ('paid', 'confirmed') and to_place > 0 order by paid_at, id for update`,
    [packageId],
  );
  for (const order of orders) {
    if (left === 0) return;
    const take = Math.min(left, order.to_place);
    await tx.query('update orders set to_place = to_place - $2 where id = $1', [order.id, take]);
    let fromLines = take;
    const lines = await tx.query<{ id: number; to_place: number }>('select id, to_place from order_lines where order_id = $1 and to_place > 0 order by line for update', [order.id]);
    for (const line of lines) {
      const n = Math.min(fromLines, line.to_place);
      if (n > 0) await tx.query('update order_lines set to_place = to_place - $2 where id = $1', [line.id, n]);
      fromLines -= n;
    }
    left -= take;
  }
}

/** Takes the lessons off the basis by conditional writes: a race or a stale read answers 409, never a lost update. */
export async function claimBasis(tx: Queryable, basis: Basis, lessons: readonly PlannedLesson[]): Promise<void> {
  if (basis.kind === 'free') return; // The one free class per client is a unique index (appointments_one_free_assessment).
  // Rows are written in one order whatever the basis, the order, its lines, then the package, so that two
  // bookings on one order and its package wait for each other instead of deadlocking.
  if (basis.kind === 'package') {
    await placedThroughPackage(tx, basis.pkg.id, lessons.length);
    await takeFromPackage(tx, basis.pkg.id, lessons.length, 'basis.client_package_id');
    return;
  }
  const { order } = basis;
  const [claimed] = await tx.query<{ id: number }>(
    `update orders set booked_classes = booked_classes + $2, to_place = to_place - $2 where id = $1 and to_place >= $2 and status in ('paid', 'confirmed') returning id`,
    [order.id, lessons.length],
  );
  if (!claimed) {
    const [now] = await tx.query<{ to_place: number }>('select to_place from orders where id = $1', [order.id]);
    throw conflict(toPlaceText(now?.to_place ?? 0), 'basis.order_ref');
  }
  for (const [n, line] of basis.lines.entries()) {
    const count = lessons.filter((lesson) => lesson.line === n).length;
    if (count === 0) continue;
    const [placed] = await tx.query<{ id: number }>(
      'update order_lines set booked_classes = booked_classes + $2, to_place = to_place - $2 where id = $1 and to_place >= $2 returning id',
      [line.id, count],
    );
    if (!placed) {
      const [now] = await tx.query<{ to_place: number }>('select to_place from order_lines where id = $1', [line.id]);
      throw conflict(toPlaceText(now?.to_place ?? 0), 'basis.order_ref');
    }
  }
  // An order that paid for a client package is that package's purchase: its lessons come off it too.
  if (order.client_package_id !== null) await takeFromPackage(tx, order.client_package_id, lessons.length, 'basis.order_ref');
}
