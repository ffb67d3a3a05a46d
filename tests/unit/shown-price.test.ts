import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../machines/rules/money.ts';
import { amountOfPrice } from '../../machines/rules/shown-price.ts';

describe('the amount of a price as a card showed it', () => {
  it.each([
    ['AED 684', 684],
    ['AED 1,026', 1026],
    ['AED 57.50', 57.5],
    ['AED 684.00', 684],
    ['', 0],
    ['free', 0],
  ])('%j is %d', (shown, amount) => {
    expect(amountOfPrice(shown)).toBe(amount);
  });

  it.each([0, 60, 684, 1026, 57.5, 1234567.89])('reads back what formatMoney wrote for %d', (amount) => {
    expect(amountOfPrice(formatMoney(amount, 'AED'))).toBe(amount);
  });
});
