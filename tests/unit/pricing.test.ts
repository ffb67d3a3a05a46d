import { describe, expect, it } from 'vitest';
import { type Discount, discountedTotal, levelGroup, moneyText, moneyValue, perClassCharge, roundMoney, sameMoney } from '../../server/domain/pricing.ts';

describe('levelGroup', () => {
  it.each([
    [1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1],
    [7, 2], [8, 2], [9, 2],
    [10, 3], [11, 3],
    [12, 4], [13, 4],
  ] as const)('year %i is in group %i', (year, group) => {
    expect(levelGroup(year)).toBe(group);
  });
});

describe('discountedTotal', () => {
  const flat = (value: number): Discount => ({ discount_type: 'flat', discount_value: value });
  const percent = (value: number): Discount => ({ discount_type: 'percent', discount_value: value });

  it.each<[string, number, Discount | undefined, number]>([
    ['no coupon', 360, undefined, 360],
    ['no coupon, rounded to cents', 100.005, undefined, 100.01],
    ['flat 50', 360, flat(50), 310],
    ['flat 0', 360, flat(0), 360],
    ['flat equal to the total', 360, flat(360), 0],
    ['flat larger than the total', 360, flat(500), 0],
    ['percent 10', 360, percent(10), 324],
    ['percent 100', 684, percent(100), 0],
    ['percent 0', 684, percent(0), 684],
    ['percent 10 of 684', 684, percent(10), 615.6],
    ['percent 15 of 99.99, rounded to cents', 99.99, percent(15), 84.99],
    ['percent 33 of 10, rounded to cents', 10, percent(33), 6.7],
    ['flat 0.1 off 0.3 (float noise rounded away)', 0.3, flat(0.1), 0.2],
  ])('%s: %d -> %d', (_label, total, discount, expected) => {
    expect(discountedTotal(total, discount)).toBe(expected);
  });
});

describe('perClassCharge', () => {
  it.each([
    [360, 6, 60],
    [684, 12, 57],
    [100, 3, 33.33],
    [200, 3, 66.67],
    [1231, 24, 51.29],
    [0, 6, 0],
    [57, 0, 57],
    [57, -1, 57],
  ])('%d over %d classes is %d per class', (amount, classes, expected) => {
    expect(perClassCharge(amount, classes)).toBe(expected);
  });
});

describe('roundMoney', () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [-1.5, -1.5],
    [10, 10],
  ])('%d -> %d', (amount, expected) => {
    expect(roundMoney(amount)).toBe(expected);
  });
});

describe('sameMoney', () => {
  it.each([
    [60, 60, true],
    [0.1 + 0.2, 0.3, true],
    [33.33, 33.334, true],
    [33.33, 33.34, false],
    [100, 100.01, false],
    [57, 60, false],
  ])('%d and %d: %s', (a, b, expected) => {
    expect(sameMoney(a, b)).toBe(expected);
  });
});

describe('moneyValue and moneyText', () => {
  it.each<[number | string, number]>([
    ['100.00', 100],
    ['57', 57],
    ['0.5', 0.5],
    ['1234.56', 1234.56],
    [33.33, 33.33],
    [0, 0],
  ])('moneyValue(%j) is %d', (value, expected) => {
    expect(moneyValue(value)).toBe(expected);
  });

  it.each([
    [100, '100.00'],
    [33.3, '33.30'],
    [0, '0.00'],
    [615.6, '615.60'],
  ])('moneyText(%d) is %s', (amount, expected) => {
    expect(moneyText(amount)).toBe(expected);
  });
});
