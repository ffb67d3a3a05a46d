/**
 * The one money formatter (docs/decisions/002-one-money-formatter.md: one formatter, the currency from config): the currency code, then
 * the amount with grouping, and cents only when there are any: 'AED 60', 'AED 1,026', 'AED 57.50'.
 */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(amount: number, currency: string): string {
  const rounded = Math.round(amount * 100) / 100;
  return `${currency} ${Number.isInteger(rounded) ? whole.format(rounded) : cents.format(rounded)}`;
}
