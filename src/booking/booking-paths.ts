import type { BookingEntry } from '../../machines/booking/booking-draft.ts';
import type { RoutedStep } from '../../machines/booking/booking-steps.ts';
import type { TokenRequiredPath } from '../routes.ts';

/**
 * The URL of each booking step (spec §2). The slots step has two: the remaining-classes flow books on
 * /remainingbookclass, every other flow on /book-class. The payment step is the provider's page, reached
 * by `location.assign(paymentLink)`, not by a route.
 */
export function bookingPath(step: RoutedStep, entry: BookingEntry): TokenRequiredPath {
  switch (step) {
    case 'dashboard':
      return '/dashboard';
    case 'students':
      return '/new-booking';
    case 'packages':
      return '/manage-packages';
    case 'renewPackages':
      return '/renew-change-packages';
    case 'remainingClasses':
      return '/remaining-classes';
    case 'remainingPackage':
      return '/remaining-package';
    case 'slots':
      return entry === 'remaining' ? '/remainingbookclass' : '/book-class';
    case 'freeSlot':
      return '/free-book';
    case 'summary':
      return '/booking-summary';
    case 'freeSummary':
      return '/freebooking-summary';
    case 'checkout':
      return '/checkout';
    case 'paymentSummary':
      return '/payment-summary';
  }
}
