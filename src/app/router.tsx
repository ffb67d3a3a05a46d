import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingFrame } from './loading-frame.tsx';
import { RouteError } from './route-error.tsx';
import type { TokenRequiredPath } from '../routes.ts';

type Lazy = RouteObject['lazy'];
/** A module of screens, loaded on demand, and the name of the one a route shows (a name the module lacks fails the type check). */
type ScreenOf<K extends string> = [load: () => Promise<Record<NoInfer<K>, ComponentType>>, name: K];

const loaded = async <K extends string>(...[load, name]: ScreenOf<K>): Promise<ComponentType> => (await load())[name];

// One line per route, so the route table is the only per-route code in the entry (which every route loads).
const screen =
  <K extends string>(...of: ScreenOf<K>): Lazy =>
  async () => ({ Component: await loaded(...of) });

/** A booking flow's first screen behind the booking-status gate (docs/decisions/025-booking-status-gate.md): both load together. */
const gated =
  <K extends string>(...of: ScreenOf<K>): Lazy =>
  async () => {
    const [{ BookingGate }, Screen] = await Promise.all([import('../screens/booking-gate/booking-gate.tsx'), loaded(...of)]);
    return {
      Component: () => (
        <BookingGate>
          <Screen />
        </BookingGate>
      ),
    };
  };

// A module several routes show a screen of is named once, so the entry lists the files it needs once.
const packageSelection = () => import('../screens/package-selection/package-selection-screen.tsx');
const bookClass = () => import('../screens/book-class/book-class-screen.tsx');
const paymentFailed = () => import('../screens/payment/payment-failed-screen.tsx');
const routeGuards = () => import('./route-guards.tsx');

// Every token-required route's screen: a route without one fails the type check. The routes are read from here,
// not from routes.ts, so its titles load with the header that shows them, not in the entry.
const screens: Record<TokenRequiredPath, Lazy> = {
  '/dashboard': screen(() => import('../screens/dashboard/dashboard-screen.tsx'), 'DashboardScreen'),
  '/profile': screen(() => import('../screens/profile/profile-screen.tsx'), 'ProfileScreen'),
  '/manage-booking': screen(() => import('../screens/manage-booking/manage-booking-screen.tsx'), 'ManageBookingScreen'),
  '/rescheduling': screen(() => import('../screens/rescheduling/rescheduling-screen.tsx'), 'ReschedulingScreen'),
  '/new-booking': gated(() => import('../screens/new-booking/new-booking-screen.tsx'), 'NewBookingScreen'),
  '/manage-packages': screen(packageSelection, 'ManagePackagesScreen'),
  '/renew-change-packages': gated(packageSelection, 'RenewPackagesScreen'),
  '/remaining-classes': screen(() => import('../screens/remaining-classes/remaining-classes-screen.tsx'), 'RemainingClassesScreen'),
  '/remaining-package': screen(packageSelection, 'RemainingPackageScreen'),
  '/book-class': screen(bookClass, 'BookClassScreen'),
  '/remainingbookclass': screen(bookClass, 'RemainingBookClassScreen'),
  // The free flow starts here (docs/decisions/015-free-book.md): a way into a booking, behind the same gate as New Booking.
  '/free-book': gated(bookClass, 'FreeBookScreen'),
  '/freebooking-summary': screen(() => import('../screens/booking-summary/free-booking-summary-screen.tsx'), 'FreeBookingSummaryScreen'),
  '/booking-summary': screen(() => import('../screens/booking-summary/booking-summary-screen.tsx'), 'BookingSummaryScreen'),
  '/checkout': screen(() => import('../screens/checkout/checkout-screen.tsx'), 'CheckoutScreen'),
  '/success': screen(() => import('../screens/payment/success-screen.tsx'), 'SuccessScreen'),
  '/failed': screen(paymentFailed, 'PaymentFailedScreen'),
  '/cancel': screen(paymentFailed, 'PaymentCancelledScreen'),
  '/payment-successfull': screen(() => import('../screens/payment/receipt-screen.tsx'), 'ReceiptScreen'),
  '/payment-summary': screen(() => import('../screens/payment/payment-summary-screen.tsx'), 'PaymentSummaryScreen'),
  '/transaction-history': screen(() => import('../screens/transaction-history/transaction-history-screen.tsx'), 'TransactionHistoryScreen'),
  '/crtutors': screen(() => import('../screens/cr-tutors/cr-tutors-screen.tsx'), 'CrTutorsScreen'),
  '/reschedule-slot': screen(() => import('../screens/reschedule-slot/reschedule-slot-screen.tsx'), 'RescheduleSlotScreen'),
};

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Every route is lazy, so the first render waits for its code: React Router renders this meanwhile
    // (without one it renders nothing and warns 'No `HydrateFallback` element provided').
    HydrateFallback: LoadingFrame,
    children: [
      { path: '/', lazy: screen(() => import('../screens/landing/landing-screen.tsx'), 'LandingScreen') },
      {
        lazy: screen(() => import('./session-root.tsx'), 'SessionRoot'),
        children: [
          { path: '/student-form', lazy: screen(() => import('../screens/student-form/student-form-screen.tsx'), 'StudentFormScreen') },
          {
            lazy: screen(routeGuards, 'PublicOnly'),
            children: [
              { path: '/login', lazy: screen(() => import('../screens/login/login-screen.tsx'), 'LoginScreen') },
              { path: '/forgot-password', lazy: screen(() => import('../screens/forgot-password/forgot-password-screen.tsx'), 'ForgotPasswordScreen') },
              { path: '/changepassword/:id', lazy: screen(() => import('../screens/change-password/change-password-screen.tsx'), 'ChangePasswordScreen') },
            ],
          },
          {
            lazy: screen(routeGuards, 'RequireToken'),
            children: [
              {
                lazy: screen(() => import('./app-layout.tsx'), 'AppLayout'),
                children: Object.entries(screens).map(([path, lazy]) => ({ path, lazy })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: screen(() => import('../screens/not-found/not-found-screen.tsx'), 'NotFoundScreen') },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
