/**
 * The amount of a price as a package card showed it ('AED 1,026', 'AED 57.50': formatMoney's output, kept
 * in lessonData's total): its digits and decimal point. 0 when it holds no number.
 *
 * Only for what was saved without the number: a draft stored before the draft kept its price
 * (src/booking/booking-draft-storage.ts), and an unpaid package saved without one (pending-payment.ts). A
 * draft made now carries the catalogue's number, and checkout orders with that (checkout-order.ts).
 */
export function amountOfPrice(shown: string): number {
  const amount = Number(shown.replace(/[^0-9.]/g, ''));
  return Number.isFinite(amount) ? amount : 0;
}
