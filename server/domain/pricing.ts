// The shared price rule lives in contract/pricing.ts; these re-exports keep older importers working.
export { type Discount, discountedTotal, perClassCharge, roundMoney } from '../../contract/pricing.ts';

/** Program group of a year: 1 primary (1-6), 2 middle (7-9), 3 senior (10-11), 4 advanced (12-13). */
export function levelGroup(year: number): 1 | 2 | 3 | 4 {
  if (year <= 6) return 1;
  if (year <= 9) return 2;
  if (year <= 11) return 3;
  return 4;
}

/** A Money value of openapi.yaml (number or decimal string) as a number. */
export function moneyValue(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

export function sameMoney(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}

export const moneyText = (amount: number) => amount.toFixed(2);
