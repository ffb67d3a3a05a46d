import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../machines/rules/money.ts';

describe('the one money formatter: the currency code, grouped amount, cents only when there are any', () => {
  it.each([
    [60, 'AED', 'AED 60'],
    [0, 'AED', 'AED 0'],
    [684, 'AED', 'AED 684'],
    [1026, 'AED', 'AED 1,026'],
    [1234567, 'AED', 'AED 1,234,567'],
    [57.5, 'AED', 'AED 57.50'],
    [57.05, 'AED', 'AED 57.05'],
    [0.1 + 0.2, 'AED', 'AED 0.30'],
    [99.999, 'AED', 'AED 100'],
    [12.004, 'AED', 'AED 12'],
    [1999.5, 'AED', 'AED 1,999.50'],
    [60, 'USD', 'USD 60'],
    [-25, 'AED', 'AED -25'],
  ])('%d %s → %s', (amount, currency, shown) => {
    expect(formatMoney(amount, currency)).toBe(shown);
  });
});
