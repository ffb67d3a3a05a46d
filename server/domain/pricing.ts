/** Program group of a year: 1 primary (1-6), 2 middle (7-9), 3 senior (10-11), 4 advanced (12-13). */
export function levelGroup(year: number): 1 | 2 | 3 | 4 {
  if (year <= 6) return 1;
  if (year <= 9) return 2;
  if (year <= 11) return 3;
  return 4;
}

export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** A Money value of openapi.yaml (number or decimal string) as a number. */
export function moneyValue(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

export function sameMoney(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}

export interface Discount {
  discount_type: 'flat' | 'percent';
  discount_value: number;
}

/** The price after a coupon; it never drops below 0. */
export function discountedTotal(total: number, discount?: Discount): number {
  if (!discount) return roundMoney(total);
  const off = discount.discount_type === 'flat' ? discount.discount_value : (total * discount.discount_value) / 100;
  return Math.max(0, roundMoney(total - off));
}

/** What each class of a package is charged: the amount paid spread over the package's classes. */
export function perClassCharge(amountPaid: number, numberOfClasses: number): number {
  return roundMoney(amountPaid / (numberOfClasses > 0 ? numberOfClasses : 1));
}

export const moneyText = (amount: number) => amount.toFixed(2);
