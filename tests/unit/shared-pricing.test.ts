import { describe, expect, it } from 'vitest';
import { type Discount, discountedTotal, packageClassCharge, perClassCharge } from '../../contract/pricing.ts';
import * as serverPricing from '../../server/domain/pricing.ts';

const flat = (value: number): Discount => ({ discount_type: 'flat', discount_value: value });
const percent = (value: number): Discount => ({ discount_type: 'percent', discount_value: value });

// One table for the portal (machines import contract/pricing.ts) and the server (its pricing module): the
// per-class charge a client is shown is the one the server books.
const table: [string, number, Discount | undefined, number, number, number][] = [
  // label, package total, discount, classes, discounted total, per-class charge
  ['GOLD, no coupon', 684, undefined, 12, 684, 57],
  ['GOLD, flat 50', 684, flat(50), 12, 634, 52.83],
  ['GOLD, 10 %', 684, percent(10), 12, 615.6, 51.3],
  ['SILVER, thirds round to cents', 200, undefined, 3, 200, 66.67],
  ['PLATINUM', 1231, undefined, 24, 1231, 51.29],
  ['no classes counts as 1', 57, undefined, 0, 57, 57],
  ['a negative count counts as 1', 57, flat(7), -1, 50, 50],
  ['a discount above the total: 0, never below', 100, flat(150), 6, 0, 0],
  ['100 % off', 360, percent(100), 6, 0, 0],
  ['a free package', 0, undefined, 1, 0, 0],
  ['float noise rounded away', 0.3, flat(0.1), 1, 0.2, 0.2],
];

describe('the per-class charge shared by the portal and the server', () => {
  it.each(table)('%s', (_label, total, discount, classes, discounted, charge) => {
    expect(discountedTotal(total, discount)).toBe(discounted);
    expect(serverPricing.discountedTotal(total, discount)).toBe(discounted);
    expect(packageClassCharge(total, classes, discount)).toBe(charge);
    // The server charges each class from the amount paid (the discounted total).
    expect(serverPricing.perClassCharge(serverPricing.discountedTotal(total, discount), classes)).toBe(charge);
  });

  it('is one function, not a copy', () => {
    expect(serverPricing.perClassCharge).toBe(perClassCharge);
    expect(serverPricing.discountedTotal).toBe(discountedTotal);
  });

  it.each([
    [-10, 2, 0],
    [-0.001, 1, 0],
  ])('never below 0: %d over %i classes', (amount, classes, expected) => {
    expect(perClassCharge(amount, classes)).toBe(expected);
  });
});
