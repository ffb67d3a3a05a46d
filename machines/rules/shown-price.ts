/**
 * The amount of a price as a package card showed it ('AED 1,026', 'AED 57.50': formatMoney's output, kept
 * in lessonData's total): its digits and decimal point. 0 when it holds no number.
 */
export function amountOfPrice(shown: string): number {
  const amount = Number(shown.replace(/[^0-9.]/g, ''));
  return Number.isFinite(amount) ? amount : 0;
}
