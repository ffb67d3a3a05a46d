import { expiryDate } from '../../contract/package-expiry.ts';
import { perClassCharge } from '../../contract/pricing.ts';
import { type Database, type Queryable, isExclusionViolation } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import { branchDay, branchTimeZone } from './branch-time.ts';
import { type PlannedLesson, releaseOrderHolds, takenHours } from './holds.ts';
import { sendInvoiceMail, sendReceiptMail } from './invoice-mail.ts';
import { lockPeople, peopleOf } from './person-locks.ts';
import { type BookingTerms, bookPlannedLessons, packageDurationDays, priceText, tutorPrices } from './lesson-booking.ts';
import { mailDateTime } from './mail-dates.ts';
import { sendMail } from './outbox.ts';
import { moneyText, sameMoney } from './pricing.ts';
import { type OrderLineRow, type OrderRow, isPaid, linesOf } from './records.ts';

/**
 * Fulfilment (docs/architecture.md, "Paid means booked"): the one function that books a paid order, whether the
 * provider's signed notification or the client's return to /success asks first. In the same transaction
 * that marks the order paid, it turns the order's held hours into services and planned lessons with the
 * spec's payload values (spec §3, §9: a service per subject and students, 'hourly', the line's per-class
 * charge, the tutor's rate), raises the invoice settled ('Credit Request', 'raise-and-send', paid 'card':
 * the client paid online, whichever of PayPal, VISA or Mastercard the order names; with a receipt) and marks
 * a client package it pays for purchased. Idempotent by ref: an order paid
 * already is left as it is. An hour whose hold expired and which someone else took meanwhile is recorded
 * as lost: the order keeps it as a class to place, staff are told, nothing paid for is lost.
 */

/** What the provider says was paid. */
export interface ConfirmedPayment {
  amount: number;
  method: string;
}

export interface FulfilmentContext {
  db: Database;
  staffEmail: string;
}

/** The spec's values for how the invoice is raised (§7); what the lessons are charged is lesson-booking.ts's. */
export const invoiceDescription = 'Credit Request';
export const invoiceRaiseBehaviour = 'raise-and-send';
/**
 * How an invoice paid through the payment provider is settled, in the provider's invoice methods (cash, card,
 * bank-transfer): online, so 'card'. The method the client chose (PayPal, VISA, Mastercard) is the order's.
 */
export const onlinePaymentMethod = 'card';

/** The words of /checkout for the methods it offers, for the receipt. */
const methodWords: Record<NonNullable<OrderRow['payment_method']>, string> = { paypal: 'PayPal', visa: 'VISA', mastercard: 'Mastercard' };

interface OrderLessonRow {
  id: number;
  line_id: number;
  subject: string;
  start: Date;
  finish: Date;
  contractor_id: number;
  student_ids: number[];
}

/** A lost race with someone taking an hour whose hold had expired: the whole fulfilment runs again. */
const attempts = 5;

/**
 * Books the order `ref` as paid by `payment`. Answers whether this call booked it (false: it was booked
 * before). 404 for no such order; 409 when the amount differs from the order's or the order was closed
 * unpaid; nothing changes then.
 */
export async function fulfilOrder(ctx: FulfilmentContext, ref: string, payment: ConfirmedPayment): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction((tx) => fulfilOnce(tx, ctx.staffEmail, ref, payment));
    } catch (error) {
      if (attempt < attempts && isExclusionViolation(error)) continue;
      throw error;
    }
  }
}

async function fulfilOnce(tx: Queryable, staffEmail: string, ref: string, payment: ConfirmedPayment): Promise<boolean> {
  // The row lock orders a notification and a return to /success that arrive together.
  const [order] = await tx.query<OrderRow>('select * from orders where ref = $1 for update', [ref]);
  if (!order) throw notFound('Order');
  if (isPaid(order)) return false;
  if (order.status !== 'created') throw conflict(`This order is ${order.status}; a payment cannot be applied to it.`, 'ref');
  if (!sameMoney(payment.amount, Number(order.amount))) throw conflict(`The payment of ${moneyText(payment.amount)} is not the order's amount of ${moneyText(Number(order.amount))}.`, 'amount');
  await tx.query(`update orders set status = 'paid', paid_at = now() where id = $1`, [order.id]);
  await purchasePackage(tx, order);
  await bookHeldLessons(tx, order, staffEmail);
  await settleInvoice(tx, order);
  return true;
}

/** The client package the order pays for holds what was paid for, for whom, whatever was written into it before. */
async function purchasePackage(tx: Queryable, order: OrderRow): Promise<void> {
  if (order.client_package_id === null) return;
  await tx.query(
    `update client_packages cp set purches_status = 1, total_classess = $2, student_ids = $3,
            booked_classess = booked.n, remaining_classess = greatest($2 - booked.n, 0), updated_at = now()
       from (select count(*)::int as n from appointments where client_package_id = $1 and status <> 'cancelled') booked
      where cp.id = $1 and cp.purches_status = 0`,
    [order.client_package_id, order.classes, JSON.stringify(order.student_ids)],
  );
}

async function bookHeldLessons(tx: Queryable, order: OrderRow, staffEmail: string): Promise<void> {
  const held = await tx.query<OrderLessonRow>('select * from order_lessons where order_id = $1 and appointment_id is null and lost_at is null order by start, id', [order.id]);
  if (held.length === 0) return;
  const planned = held.map((lesson, index): PlannedLesson => ({ index, line: 0, subject: lesson.subject, start: lesson.start, finish: lesson.finish, tutor: lesson.contractor_id, students: lesson.student_ids }));
  await lockPeople(tx, peopleOf(planned));
  // The order's own holds give way to its lessons; what anyone else holds or booked meanwhile stays theirs.
  await releaseOrderHolds(tx, order.id);
  const taken = new Set((await takenHours(tx, planned)).map((hour) => hour.start + hour.tutor + hour.subject));
  // An hour taken by someone else, or one already begun (a payment confirmed that late), is placed anew.
  const isLost = (lesson: OrderLessonRow) => taken.has(lesson.start.toISOString() + lesson.contractor_id + lesson.subject) || lesson.start.getTime() <= Date.now();
  const free = held.filter((lesson) => !isLost(lesson));
  const lost = held.filter(isLost);

  const [client] = await tx.query<{ branch_id: number; email: string }>('select branch_id, email from clients where id = $1', [order.client_id]);
  if (!client) throw notFound('Client');
  const zone = await branchTimeZone(tx, client.branch_id);
  const today = branchDay(new Date(), zone);
  const lines = await linesOf(tx, order.id);
  const prices = await tutorPrices(tx, held.map((l) => l.contractor_id));

  for (const line of lines) {
    const own = free.filter((lesson) => lesson.line_id === line.id);
    if (own.length === 0) continue;
    const terms: BookingTerms = {
      clientId: order.client_id,
      branchId: client.branch_id,
      timeZone: zone,
      basis: 'order',
      pkgId: line.pkg_id,
      order: { id: order.id, ref: order.ref },
      clientPackageId: order.client_package_id,
      pricestatus: true,
      expiryDate: expiryDate(today, await packageDurationDays(tx, line.pkg_id)),
      charge: moneyText(perClassCharge(Number(line.amount), line.classes)),
      payRate: priceText(prices),
    };
    const booked = await bookPlannedLessons(
      tx,
      terms,
      own.map((lesson) => ({ subject: lesson.subject, start: lesson.start, finish: lesson.finish, tutor: lesson.contractor_id, students: lesson.student_ids })),
    );
    for (const [i, lesson] of own.entries()) await tx.query('update order_lessons set appointment_id = $2 where id = $1', [lesson.id, booked[i]]);
    await tx.query('update order_lines set booked_classes = booked_classes + $2 where id = $1', [line.id, own.length]);
  }
  await tx.query('update orders set booked_classes = booked_classes + $2 where id = $1', [order.id, free.length]);
  if (order.client_package_id !== null && free.length > 0) {
    await tx.query(
      `update client_packages set booked_classess = booked_classess + $2, remaining_classess = greatest(remaining_classess - $2, 0), updated_at = now() where id = $1`,
      [order.client_package_id, free.length],
    );
  }
  if (lost.length > 0) await recordLost(tx, order, lost, lines, staffEmail, zone);
}

/** One lost hour in the staff mail: 'Mathematics, Sat 28 Nov 2026 · 09:00 (Dubai time), tutor 7'. */
export const lostHourLine = (lesson: { subject: string; start: Date; contractor_id: number }, zone: string) =>
  `${lesson.subject}, ${mailDateTime(lesson.start, zone)}, tutor ${lesson.contractor_id}`;

/** Lessons whose hours were taken after their hold expired: classes to place on the paid order, and staff told. */
async function recordLost(tx: Queryable, order: OrderRow, lost: readonly OrderLessonRow[], lines: readonly OrderLineRow[], staffEmail: string, zone: string): Promise<void> {
  await tx.query('update order_lessons set lost_at = now() where id = any($1::int[])', [lost.map((l) => l.id)]);
  for (const line of lines) {
    const n = lost.filter((l) => l.line_id === line.id).length;
    if (n > 0) await tx.query('update order_lines set to_place = to_place + $2 where id = $1', [line.id, n]);
  }
  await tx.query('update orders set to_place = to_place + $2 where id = $1', [order.id, lost.length]);
  const hours = lost.map((l) => lostHourLine(l, zone));
  await sendMail(
    tx,
    staffEmail,
    `Order ${order.ref}: ${lost.length} paid ${lost.length === 1 ? 'class' : 'classes'} to place`,
    `The payment of order ${order.ref} (${order.email}) was confirmed after its hold expired, and these hours had been taken meanwhile:\n${hours.join('\n')}\nThe client is asked on the dashboard to choose new times for them.`,
  );
}

/** The order's invoice, raised and settled at once, with the invoice and receipt mails; once per order. */
async function settleInvoice(tx: Queryable, order: OrderRow): Promise<void> {
  const [invoice] = await tx.query<{ id: number; description: string; amount: string; email: string }>(
    `insert into proforma_invoices (client_id, branch_id, amount, description, raise_behaviour, order_id, status, paid_at, payment_method)
     select c.id, c.branch_id, $2, $3, $4, $5, 'paid', now(), $6 from clients c where c.id = $1
     on conflict (order_id) do nothing
     returning id, description, amount, (select email from clients where id = $1) as email`,
    [order.client_id, order.amount, invoiceDescription, invoiceRaiseBehaviour, order.id, onlinePaymentMethod],
  );
  if (!invoice) return;
  await sendInvoiceMail(tx, invoice.email, invoice);
  await sendReceiptMail(tx, invoice.email, invoice, Number(order.amount), order.payment_method ? methodWords[order.payment_method] : onlinePaymentMethod);
}
