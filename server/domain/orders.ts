import { randomBytes } from 'node:crypto';
import type { components, operations } from '../../contract/schema.d.ts';
import { type Discount, discountedTotal, roundMoney } from '../../contract/pricing.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { type Database, type Queryable, isExclusionViolation } from '../db/database.ts';
import { badRequest, conflict, notFound, refused } from '../http/errors.ts';
import { couponInvalidText } from '../http/validation-message.ts';
import { ownedRow } from './access.ts';
import { branchTimeZone } from './branch-time.ts';
import { subjectSpellings } from './catalogue.ts';
import { type FulfilmentContext, fulfilOrder } from './fulfilment.ts';
import { HoursTakenError, type PlannedLesson, type TakenHour, allTaken, holdLessons, hoursNotFree, planLessons, releaseOrderHolds, releaseOwnHolds, unavailableHours } from './holds.ts';
import { orderProgress } from './order-progress.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { levelGroup, moneyText, moneyValue, sameMoney } from './pricing.ts';
import { lockPeople, peopleOf } from './person-locks.ts';
import { type ClientPackageRow, type OrderRow, isPaid } from './records.ts';

type OrderProgress = components['schemas']['OrderProgress'];

/*
 * Orders and their holds (docs/architecture.md, "Paid means booked"): an order opened at Pay Now, priced by the
 * server, holding its hours until it is paid or closed; its status as the client, the provider and its
 * notifications move it; the paid orders with classes still to place.
 */

/** The active coupon of `code` (any case), with its discount; undefined for an unknown or expired one. */
export async function findCoupon(db: Queryable, code: string): Promise<(Discount & { code: string }) | undefined> {
  const [row] = await db.query<{ code: string; discount_type: Discount['discount_type']; discount_value: string }>(
    `select code, discount_type, discount_value from coupons
      where code = upper($1) and active and (expires_at is null or expires_at > now())`,
    [code.trim()],
  );
  return row && { code: row.code, discount_type: row.discount_type, discount_value: Number(row.discount_value) };
}


export type OrderBody = operations['createOrder']['requestBody']['content']['application/json'];
type Line = { pkg_id: number; level: number; student_ids: number[]; weekly_lessons?: Record<string, number> | undefined };

/**
 * The order's lines: the body's, or one line of its package, year and students. With lines, the top-level
 * package and year are the first line's and the students are all the lines' (each in one line only).
 */
function orderLines(body: OrderBody): Line[] {
  if (!body.lines) return [{ pkg_id: body.pkg_id, level: body.level, student_ids: body.student_ids, weekly_lessons: body.weekly_lessons }];
  if (body.weekly_lessons !== undefined) throw badRequest('weekly_lessons', "with lines, each line's weekly_lessons are given in the line");
  const [first] = body.lines;
  if (first && first.pkg_id !== body.pkg_id) throw badRequest('pkg_id', 'must be the package of the first line');
  if (first && first.level !== body.level) throw badRequest('level', 'must be the year of the first line');
  const students = body.lines.flatMap((line) => line.student_ids);
  if (new Set(students).size !== students.length) throw badRequest('lines', 'a student may be in one line only');
  const named = new Set(body.student_ids);
  if (students.length !== named.size || students.some((id) => !named.has(id))) throw badRequest('student_ids', "must be the lines' students");
  return body.lines;
}

/** A line's price (for its number of students and year) and classes; a package without such a price is bad input. */
async function pricedLine(db: Queryable, line: Line, field: string): Promise<{ total: number; classes: number }> {
  const [price] = await db.query<{ total: string; numberofclass: number }>(
    `select pp.total, p.numberofclass from package_prices pp join packages p on p.id = pp.package_id
      where pp.package_id = $1 and pp.students = $2 and pp.level_group = $3`,
    [line.pkg_id, line.student_ids.length, levelGroup(line.level)],
  );
  if (!price) throw badRequest(field, `has no price for ${line.student_ids.length} students in Year ${line.level}`);
  return { total: Number(price.total), classes: price.numberofclass };
}

/** The order's amount split over its lines by their prices (the coupon shared alike); the shares add up to it exactly. */
export function lineShares(amount: number, totals: readonly number[]): number[] {
  const listPrice = totals.reduce((sum, total) => sum + total, 0);
  const shares = totals.map((total) => roundMoney(listPrice > 0 ? (amount * total) / listPrice : amount / totals.length));
  const rest = roundMoney(amount - shares.slice(0, -1).reduce((sum, share) => sum + share, 0));
  return [...shares.slice(0, -1), rest];
}

/**
 * An order still open moves to failed or cancelled (again: harmless) and gives its held hours back. Unless
 * the provider itself says so (`provider` undefined), the provider is asked first, under the order's row
 * lock that the sandbox's payment takes too: an order the provider has been paid for is never closed.
 */
async function closeOrder(db: Database, orderId: number, status: 'failed' | 'cancelled', provider?: PaymentProvider): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.query<Pick<OrderRow, 'ref' | 'status'>>('select ref, status from orders where id = $1 for update', [orderId]);
    if (!order || (order.status !== 'created' && order.status !== status)) return false;
    if (provider && (await provider.paymentOf(tx, order.ref))?.status === 'paid') return false;
    await tx.query('update orders set status = $2 where id = $1', [orderId, status]);
    await releaseOrderHolds(tx, orderId);
    return true;
  });
}

/**
 * The order's lessons, checked (400 for what the body gets wrong, 409 with every hour that can no longer be
 * booked), ready to hold; none for an order opened without lessons.
 */
async function checkedLessons(db: Queryable, body: OrderBody, lines: readonly Line[], priced: readonly { classes: number }[], branchId: number): Promise<{ lessons: PlannedLesson[]; unavailable: TakenHour[] }> {
  if (!body.lessons) {
    if (body.weekly_lessons !== undefined || body.lines?.some((line) => line.weekly_lessons !== undefined)) throw badRequest('lessons', 'weekly lessons are given with lessons');
    return { lessons: [], unavailable: [] };
  }
  const subjects = await subjectSpellings(db, branchId);
  const zone = await branchTimeZone(db, branchId);
  const holdLines = lines.map((line, i) => ({
    pkg_id: line.pkg_id,
    student_ids: line.student_ids,
    classes: priced[i]?.classes ?? 0,
    weekly_lessons: line.weekly_lessons,
    weeklyField: body.lines ? `lines[${i}].weekly_lessons` : 'weekly_lessons',
  }));
  const lessons = planLessons(body.lessons, holdLines, subjects, zone);
  return { lessons, unavailable: await unavailableHours(db, lessons, lines.map((line) => line.level), zone, new Date()) };
}


/** An order opened: its ref (the idempotency key of what follows), the amount to pay, and until when it holds its hours. */
export interface OpenedOrder {
  ref: string;
  amount: number;
  holdUntil: Date | null;
}

/**
 * POST /create-order after the caller's checks of the client, branch and students: the lines priced by the
 * server (400 for a package without a price, 400 when the client's amount is not the price now), the coupon,
 * the hours checked, and in one transaction the order, its lines and the holds on its hours (409 naming every
 * hour someone else has), held for `holdSeconds`.
 */
export async function openOrder(db: Database, session: SessionClaims, body: OrderBody, holdSeconds: number): Promise<OpenedOrder> {
  const lines = orderLines(body);
  const priced = await Promise.all(lines.map((line, i) => pricedLine(db, line, body.lines ? `lines[${i}].pkg_id` : 'pkg_id')));
  const coupon = body.coupon === undefined ? undefined : await findCoupon(db, body.coupon);
  if (body.coupon !== undefined && !coupon) throw refused('coupon', couponInvalidText);
  const listPrice = priced.reduce((sum, line) => sum + line.total, 0);
  const amount = discountedTotal(listPrice, coupon);
  if (!sameMoney(moneyValue(body.amount), amount)) {
    // The checkout prices with the server's own function: only a price changed meanwhile gets here.
    throw refused('amount', `The price of ${lines.length > 1 ? 'these packages' : 'this package'} is now ${moneyText(amount)}${coupon ? ' after the coupon' : ''}. Please check your booking and pay again.`);
  }
  const slots = [...new Set(body.appoint_ids)];
  const known = await db.query<{ id: number }>('select id from availability where id = any($1::int[])', [slots]);
  const unknown = slots.find((id) => !known.some((k) => k.id === id));
  if (unknown !== undefined) throw badRequest('appoint_ids', `availability entry ${unknown} does not exist`);
  if (body.client_package_id !== undefined) {
    const pkg = await ownedRow<ClientPackageRow>(db, session, 'client_packages', body.client_package_id, 'Client package', 'client_package_id');
    if (pkg.purches_status === 1) throw conflict('This package has been paid already.', 'client_package_id');
  }
  const { lessons, unavailable } = await checkedLessons(db, body, lines, priced, session.branch_id);
  const ref = randomBytes(18).toString('base64url');
  const shares = lineShares(amount, priced.map((line) => line.total));
  const holdUntil = lessons.length > 0 ? new Date(Date.now() + holdSeconds * 1000) : null;
  try {
    await db.transaction(async (tx) => {
      await lockPeople(tx, peopleOf(lessons));
      const [order] = await tx.query<{ id: number }>(
        `insert into orders (ref, client_id, email, student_ids, appoint_ids, pkg_id, level, coupon_code, amount, client_package_id, classes, hold_expires_at, payment_method)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
        [ref, session.sub, body.email, JSON.stringify(body.student_ids), JSON.stringify(body.appoint_ids), body.pkg_id, body.level, coupon?.code ?? null, amount, body.client_package_id ?? null, priced.reduce((sum, line) => sum + line.classes, 0), holdUntil, body.payment_method ?? null],
      );
      const orderId = (order as { id: number }).id;
      const lineIds: number[] = [];
      for (const [i, line] of lines.entries()) {
        const [row] = await tx.query<{ id: number }>(
          'insert into order_lines (order_id, line, pkg_id, level, student_ids, amount, classes, weekly_lessons) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id',
          [orderId, i, line.pkg_id, line.level, JSON.stringify(line.student_ids), shares[i], priced[i]?.classes, line.weekly_lessons ? JSON.stringify(line.weekly_lessons) : null],
        );
        lineIds.push((row as { id: number }).id);
      }
      if (!holdUntil) return;
      await releaseOwnHolds(tx, session.sub, orderId, lessons);
      const notFree = await hoursNotFree(tx, lessons, unavailable);
      if (notFree.length > 0) throw new HoursTakenError(notFree);
      await holdLessons(tx, orderId, lineIds, lessons, holdUntil);
    });
  } catch (error) {
    // Another client's hold or booking committed between the check and the hold: name what it took.
    if (!isExclusionViolation(error)) throw error;
    const notFree = await hoursNotFree(db, lessons, unavailable);
    throw new HoursTakenError(notFree.length > 0 ? notFree : allTaken(lessons));
  }
  return { ref, amount, holdUntil };
}

/**
 * POST /order_status: the client's word on its order. 'success' confirms an order the provider was paid for
 * (409 otherwise); 'failed' or 'cancelled' closes an open order the provider has not been paid for (409 for a
 * paid order, or one closed otherwise). Conditional writes: a Pay that lands meanwhile is never undone.
 */
export async function reportOrderStatus(db: Database, provider: PaymentProvider, order: OrderRow, status: 'success' | 'failed' | 'cancelled'): Promise<'confirmed' | 'failed' | 'cancelled'> {
  if (status === 'success') {
    const [confirmed] = await db.query<{ id: number }>(
      `update orders set status = 'confirmed' where id = $1 and status in ('paid', 'confirmed') returning id`,
      [order.id],
    );
    if (!confirmed) throw conflict('The payment provider has not confirmed this payment.', 'ref');
    return 'confirmed';
  }
  const moved = await closeOrder(db, order.id, status, provider);
  if (!moved) {
    const now = (await db.query<Pick<OrderRow, 'status'>>('select status from orders where id = $1', [order.id]))[0] ?? order;
    const paidAtProvider = (await provider.paymentOf(db, order.ref))?.status === 'paid';
    if (isPaid(now) || paidAtProvider) throw conflict('This order has been paid; it cannot be marked failed or cancelled.', 'status');
    throw conflict(`This order is ${now.status}; it cannot be marked ${status}.`, 'status');
  }
  return status;
}

/**
 * POST /orders/{ref}/fulfilment: the client's return to /success books its order when the provider says it was
 * paid, by the same fulfilment as the notification's (409 while the provider has not confirmed it, or for an
 * order closed unpaid). Answers the order's progress after.
 */
export async function fulfilOnReturn(ctx: FulfilmentContext & { provider: PaymentProvider }, order: OrderRow): Promise<OrderProgress> {
  const { db } = ctx;
  if (order.status === 'created') {
    // The notification may be late (or lost): the provider is asked, and the same fulfilment runs.
    const payment = await ctx.provider.paymentOf(db, order.ref);
    if (payment?.status !== 'paid') throw conflict('The payment provider has not confirmed this payment.', 'ref');
    await fulfilOrder(ctx, order.ref, payment);
  } else if (!isPaid(order)) {
    throw conflict(`This order is ${order.status}; it was not paid.`, 'ref');
  }
  const [now] = await db.query<OrderRow>('select * from orders where id = $1', [order.id]);
  if (!now) throw notFound('Order');
  return orderProgress(db, now);
}

type PaymentEvent = components['schemas']['PaymentEvent'];

/**
 * POST /payment-webhook, its signature checked by the caller: a payment books the order (fulfilment.ts); a
 * failure or cancellation closes it (409 for an order that cannot be closed). Answers the order's status after.
 */
export async function applyPaymentEvent(ctx: FulfilmentContext, { type, data }: PaymentEvent): Promise<{ ref: string; status: OrderRow['status'] }> {
  const { db } = ctx;
  const [order] = await db.query<OrderRow>('select * from orders where ref = $1', [data.ref]);
  if (!order) throw notFound('Order');
  if (type === 'payment.succeeded') {
    await fulfilOrder(ctx, order.ref, { amount: moneyValue(data.amount), method: data.method ?? 'card' });
  } else {
    const status = type === 'payment.failed' ? 'failed' : 'cancelled';
    if (!(await closeOrder(db, order.id, status))) {
      const [now] = await db.query<Pick<OrderRow, 'status'>>('select status from orders where id = $1', [order.id]);
      throw conflict(`This order is ${now?.status ?? order.status}; it cannot be marked ${status}.`, 'type');
    }
  }
  const [after] = await db.query<Pick<OrderRow, 'status'>>('select status from orders where id = $1', [order.id]);
  return { ref: order.ref, status: after?.status ?? order.status };
}

/** The client's paid orders that still have classes to place, newest first, as their progress. */
export async function ordersToPlace(db: Queryable, clientId: number): Promise<OrderProgress[]> {
  const orders = await db.query<OrderRow>(
    `select * from orders where client_id = $1 and status in ('paid', 'confirmed') and to_place > 0 order by created_at desc, id desc`,
    [clientId],
  );
  const data = [];
  for (const order of orders) data.push(await orderProgress(db, order));
  return data;
}
