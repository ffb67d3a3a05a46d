import { describe, expect, it } from 'vitest';
import { bookingEntries } from '../../machines/booking/booking-draft.ts';
import { type RoutedStep, bookingSteps } from '../../machines/booking/booking-steps.ts';
import { tokenRequiredRoutes } from '../../src/routes.ts';
import { bookingPath } from '../../src/booking/booking-paths.ts';

const paths: Record<RoutedStep, string> = {
  dashboard: '/dashboard',
  students: '/new-booking',
  packages: '/manage-packages',
  renewPackages: '/renew-change-packages',
  remainingClasses: '/remaining-classes',
  remainingPackage: '/remaining-package',
  slots: '/book-class',
  freeSlot: '/free-book',
  summary: '/booking-summary',
  freeSummary: '/freebooking-summary',
  checkout: '/checkout',
  paymentSummary: '/payment-summary',
};

describe('the URL of each booking step', () => {
  const rows = bookingEntries.flatMap((entry) => bookingSteps.filter((step): step is RoutedStep => step !== 'payment').map((step) => [entry, step] as const));

  it.each(rows)('%s: %s', (entry, step) => {
    // The remaining-classes flow books its slots on /remainingbookclass; every other flow on /book-class.
    const expected = step === 'slots' && entry === 'remaining' ? '/remainingbookclass' : paths[step];
    expect(bookingPath(step, entry)).toBe(expected);
    expect(Object.keys(tokenRequiredRoutes)).toContain(expected);
  });
});
