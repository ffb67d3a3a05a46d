import { priceBandOfYear } from '../../contract/programs.ts';

// The shared price rule lives in contract/pricing.ts; these re-exports keep older importers working.
export { type Discount, discountedTotal, perClassCharge, roundMoney } from '../../contract/pricing.ts';

/** The price band (package_prices.level_group) of a year: its program group, by the bands the portal uses too. */
export const levelGroup = priceBandOfYear;

/** A Money value of openapi.yaml (number or decimal string) as a number. */
export function moneyValue(value: number | string): number {
  return typeof value === 'number' ? value : Number(value);
}

export function sameMoney(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}

export const moneyText = (amount: number) => amount.toFixed(2);
