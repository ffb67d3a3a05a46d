import { formatDateTime, formatDay, timesInText } from '../../contract/date-format.ts';
import type { components } from '../../contract/schema.d.ts';
import { lessonsByWeek } from './lesson-weeks.ts';
import { formatMoney } from './money.ts';

/**
 * What GET /orders/{ref} says about an order (docs/architecture.md, "Paid means booked"): the server books a paid order
 * itself, in the transaction that marks it paid (the provider's notification, or POST /orders/{ref}/fulfilment
 * when the notification is late): its held lessons, their services, the settled invoice and the receipt.
 * The success page only asks whether that has happened, and shows it.
 */

export type OrderProgress = components['schemas']['OrderProgress'];

/** Closed at the provider without a payment (failed or cancelled): nothing is booked, and nothing will be. */
export const isClosedUnpaid = (order: Pick<OrderProgress, 'status'>): boolean => order.status === 'failed' || order.status === 'cancelled';

/** Whether the payment has reached the order (paid, or paid and confirmed since). */
export const isPaid = (order: Pick<OrderProgress, 'status'>): boolean => order.status === 'paid' || order.status === 'confirmed';

/** Paid and booked: the fulfilment ran (its invoice is raised and settled in the transaction that books the lessons). */
export const isBooked = (order: Pick<OrderProgress, 'status' | 'invoice_id' | 'payment_taken'>): boolean =>
  isPaid(order) && order.invoice_id !== null && order.payment_taken;

/** The fulfilment's 409: the payment provider has no payment for the order (yet). */
export const isNoPayment = (error: unknown): boolean => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 409;

export interface OrderCheck {
  label: string;
  done: boolean;
}

/** What the order has done, as the success page lists it: the payment, the lessons, the invoice. */
export function orderChecklist(order: OrderProgress): OrderCheck[] {
  return [
    { label: 'Payment received', done: isPaid(order) },
    // Lessons whose hours were lost count as settled: they are classes to place on the paid order.
    { label: 'Lessons booked', done: isPaid(order) && (order.booked_classes > 0 || order.to_place > 0) },
    { label: 'Invoice settled', done: order.invoice_id !== null && order.payment_taken },
  ];
}

/** Paid classes whose held hours were taken before the payment was confirmed; null when there are none. */
export function toPlaceText(order: Pick<OrderProgress, 'to_place'>): string | null {
  if (order.to_place <= 0) return null;
  const classes = order.to_place === 1 ? '1 paid class' : `${order.to_place} paid classes`;
  return `${classes} could not be booked at the chosen time and ${order.to_place === 1 ? 'waits' : 'wait'} to be placed; our team will be in touch.`;
}

export type PaymentMethod = components['schemas']['PaymentMethod'];

/** The methods as /checkout names them. */
const paymentMethodLabels: Record<PaymentMethod, string> = { paypal: 'PayPal', visa: 'VISA', mastercard: 'Mastercard' };

/** 'PayPal', 'VISA', 'Mastercard'; null for an order or invoice opened without one. */
export const paymentMethodLabel = (method: PaymentMethod | null | undefined): string | null => (method ? paymentMethodLabels[method] : null);

/**
 * Why an order cannot be shown, from the GET /orders/{ref} refusal: a ref no order has (404, or 400 for one
 * that cannot be a ref at all) or the order of another client (403). Null for any other failure (a network
 * blip, a 5xx), which Retry may cure.
 */
export type OrderUnavailable = 'notFound' | 'notYours';
export function orderUnavailableOf(error: unknown): OrderUnavailable | null {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 403) return 'notYours';
  return status === 404 || status === 400 ? 'notFound' : null;
}

export interface PaymentNoticeText {
  title: string;
  text: string;
}

/** What the payment screens say when there is no payment of the client's to confirm (each leads to the dashboard). */
export const orderUnavailableTexts: Record<OrderUnavailable, PaymentNoticeText> = {
  notFound: { title: 'Payment not found', text: 'We have no payment with this reference, so there is nothing to confirm. Your bookings are on your dashboard.' },
  notYours: { title: 'Another account’s payment', text: 'This payment was made from another account, so it cannot be shown here. Your own bookings are on your dashboard.' },
};

export interface ReceiptLesson {
  key: string;
  /** 'Sun 6 Dec 2026 · 16:00' in the branch's zone. */
  when: string;
  subject: string;
  /** 'Adam Ahmed', 'Adam Ahmed & Lina Ahmed'. */
  students: string;
  tutor: string;
}

export interface ReceiptWeek {
  label: string;
  lessons: ReceiptLesson[];
}

/** What a parent reads on the receipt of a paid order. */
export interface Receipt {
  ref: string;
  /** 'AED 684'. */
  amount: string;
  /** 'VISA'; null when the order was opened without a method. */
  method: string | null;
  /** 'Mon 23 Nov 2026' in the branch's zone; null until the provider confirmed the payment. */
  paidOn: string | null;
  /** Said over the lessons: 'Times in Dubai time'. */
  timesIn: string;
  /** The lessons booked on the order, by week (weeks counted from the first lesson's). */
  weeks: ReceiptWeek[];
  /** Paid classes waiting to be placed; null when none. */
  toPlace: string | null;
}

/** 'Adam Ahmed', 'Adam Ahmed & Lina Ahmed'. */
export const namesText = (names: readonly string[]): string => names.filter((name) => name.trim() !== '').join(' & ');

/**
 * The receipt of an order: the amount in the one money formatter, the ref, the method as /checkout names it,
 * and the lessons booked on it (not the hours lost to a late payment, which `toPlace` counts), with their days
 * and hours in the branch's zone, whatever the browser's.
 */
export function receiptOf(order: OrderProgress, { timeZone, currency }: { timeZone: string; currency: string }): Receipt {
  const booked = order.lessons.filter((lesson) => lesson.appointment_id !== null && !lesson.lost);
  // Grouped by the one week rule of the receipts (lesson-weeks.ts); each row then gets its own words.
  const weeks = lessonsByWeek(
    booked.map((lesson, index) => ({ id: index, start: lesson.start, topic: lesson.subject })),
    timeZone,
  ).map((week) => ({
    label: week.label,
    lessons: week.lessons.flatMap((row): ReceiptLesson[] => {
      const lesson = booked[row.id];
      if (!lesson) return [];
      return [
        {
          key: `${lesson.appointment_id ?? row.id}`,
          when: formatDateTime(lesson.start, timeZone),
          subject: lesson.subject,
          students: namesText(lesson.student_names),
          tutor: lesson.tutor_name,
        },
      ];
    }),
  }));
  return {
    ref: order.ref,
    amount: formatMoney(order.amount, currency),
    method: paymentMethodLabel(order.payment_method),
    paidOn: order.paid_at === null ? null : formatDay(order.paid_at, timeZone),
    timesIn: timesInText(timeZone),
    weeks,
    toPlace: toPlaceText(order),
  };
}
