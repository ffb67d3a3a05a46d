import type { components } from '../../contract/schema.d.ts';

/**
 * What GET /orders/{ref} says about an order (DESIGN.md "Paid means booked"): the server books a paid order
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
