/**
 * The token-required routes of the spec (section 2) with their titles; the open and public-only routes are
 * in router.tsx.
 */
export const tokenRequiredRoutes = {
  '/dashboard': 'Dashboard',
  '/manage-booking': 'Manage Booking',
  '/new-booking': 'New Booking',
  '/manage-packages': 'Packages',
  '/crtutors': 'CR Tutors',
  '/rescheduling': 'Rescheduling',
  '/book-class': 'Book Classes',
  '/free-book': 'Free Assessment',
  '/booking-summary': 'Booking Summary',
  '/freebooking-summary': 'Booking Summary',
  '/checkout': 'Checkout',
  '/success': 'Payment',
  '/failed': 'Payment Failed',
  '/cancel': 'Payment Cancelled',
  '/payment-successfull': 'Payment Successful',
  '/payment-summary': 'Payment Summary',
  '/profile': 'My Profile',
  '/remaining-classes': 'Remaining Classes',
  '/remaining-package': 'Remaining Package',
  '/transaction-history': 'Transaction History',
  '/reschedule-slot': 'Reschedule',
  '/remainingbookclass': 'Book Classes',
  '/renew-change-packages': 'Renew / Change Package',
} as const;

export type TokenRequiredPath = keyof typeof tokenRequiredRoutes;

/** The header title of a token-required route; null for any other path. */
export const routeTitle = (pathname: string): string | null => (pathname in tokenRequiredRoutes ? tokenRequiredRoutes[pathname as TokenRequiredPath] : null);

/**
 * The routes whose header has no back arrow (spec §2: the arrow is optional). The dashboard is where every
 * flow returns to, so history back from it leads out of the app or back into a finished flow (issue 18).
 */
const withoutBackArrow: ReadonlySet<string> = new Set<TokenRequiredPath>(['/dashboard']);

export const hasBackArrow = (pathname: string): boolean => !withoutBackArrow.has(pathname);
