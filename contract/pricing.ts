/**
 * The one price rule the portal and the server share (spec §9 "Per-class charge"; docs/decisions/020-flat-and-percent-coupons.md:
 * flat and percent coupons are both applied, the total never drops below 0). It lives in contract/ because both
 * sides may import it (src → machines → contract, server → contract): what a client is shown is what the
 * server charges. tests/unit/shared-pricing.test.ts runs both import paths over one table.
 */

export interface Discount {
  discount_type: 'flat' | 'percent';
  discount_value: number;
}

/** To the cent; EPSILON keeps 1.005 from rounding down through its binary form. */
export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** The price after a coupon, to the cent; it never drops below 0. */
export function discountedTotal(total: number, discount?: Discount | null): number {
  if (!discount) return roundMoney(total);
  const off = discount.discount_type === 'flat' ? discount.discount_value : (total * discount.discount_value) / 100;
  return Math.max(0, roundMoney(total - off));
}

/** What each class is charged: the amount paid spread over the classes (1 when there are none), to the cent, never below 0. */
export function perClassCharge(amountPaid: number, numberOfClasses: number): number {
  return Math.max(0, roundMoney(amountPaid / (numberOfClasses > 0 ? numberOfClasses : 1)));
}

/** Per-class charge of a package: (package total − discount) ÷ class count. */
export function packageClassCharge(packageTotal: number, classCount: number, discount?: Discount | null): number {
  return perClassCharge(discountedTotal(packageTotal, discount), classCount);
}
