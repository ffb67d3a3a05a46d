import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { CentredSpinner } from '../components/spinner.tsx';
import { RouteError } from './route-error.tsx';
import { type TokenRequiredPath, tokenRequiredRoutes } from '../routes.ts';

/** A booking flow's first screen behind the booking-status gate (docs/decisions/025-booking-status-gate.md): both load together. */
const gated =
  (screen: () => Promise<ComponentType>): RouteObject['lazy'] =>
  async () => {
    const [{ BookingGate }, Screen] = await Promise.all([import('../screens/booking-gate/booking-gate.tsx'), screen()]);
    return {
      Component: () => (
        <BookingGate>
          <Screen />
        </BookingGate>
      ),
    };
  };

// Every token-required route's screen: a route without one fails the type check.
const screens: Record<TokenRequiredPath, RouteObject['lazy']> = {
  '/dashboard': async () => ({ Component: (await import('../screens/dashboard/dashboard-screen.tsx')).DashboardScreen }),
  '/profile': async () => ({ Component: (await import('../screens/profile/profile-screen.tsx')).ProfileScreen }),
  '/manage-booking': async () => ({ Component: (await import('../screens/manage-booking/manage-booking-screen.tsx')).ManageBookingScreen }),
  '/rescheduling': async () => ({ Component: (await import('../screens/rescheduling/rescheduling-screen.tsx')).ReschedulingScreen }),
  '/new-booking': gated(async () => (await import('../screens/new-booking/new-booking-screen.tsx')).NewBookingScreen),
  '/manage-packages': async () => ({ Component: (await import('../screens/package-selection/package-selection-screen.tsx')).ManagePackagesScreen }),
  '/renew-change-packages': gated(async () => (await import('../screens/package-selection/package-selection-screen.tsx')).RenewPackagesScreen),
  '/remaining-classes': async () => ({ Component: (await import('../screens/remaining-classes/remaining-classes-screen.tsx')).RemainingClassesScreen }),
  '/remaining-package': async () => ({ Component: (await import('../screens/package-selection/package-selection-screen.tsx')).RemainingPackageScreen }),
  '/book-class': async () => ({ Component: (await import('../screens/book-class/book-class-screen.tsx')).BookClassScreen }),
  '/remainingbookclass': async () => ({ Component: (await import('../screens/book-class/book-class-screen.tsx')).RemainingBookClassScreen }),
  // The free flow starts here (docs/decisions/015-free-book.md): a way into a booking, behind the same gate as New Booking.
  '/free-book': gated(async () => (await import('../screens/book-class/book-class-screen.tsx')).FreeBookScreen),
  '/freebooking-summary': async () => ({ Component: (await import('../screens/booking-summary/free-booking-summary-screen.tsx')).FreeBookingSummaryScreen }),
  '/booking-summary': async () => ({ Component: (await import('../screens/booking-summary/booking-summary-screen.tsx')).BookingSummaryScreen }),
  '/checkout': async () => ({ Component: (await import('../screens/checkout/checkout-screen.tsx')).CheckoutScreen }),
  '/success': async () => ({ Component: (await import('../screens/payment/success-screen.tsx')).SuccessScreen }),
  '/failed': async () => ({ Component: (await import('../screens/payment/payment-failed-screen.tsx')).PaymentFailedScreen }),
  '/cancel': async () => ({ Component: (await import('../screens/payment/payment-failed-screen.tsx')).PaymentCancelledScreen }),
  '/payment-successfull': async () => ({ Component: (await import('../screens/payment/receipt-screen.tsx')).ReceiptScreen }),
  '/payment-summary': async () => ({ Component: (await import('../screens/payment/payment-summary-screen.tsx')).PaymentSummaryScreen }),
  '/transaction-history': async () => ({ Component: (await import('../screens/transaction-history/transaction-history-screen.tsx')).TransactionHistoryScreen }),
  '/crtutors': async () => ({ Component: (await import('../screens/cr-tutors/cr-tutors-screen.tsx')).CrTutorsScreen }),
  '/reschedule-slot': async () => ({ Component: (await import('../screens/reschedule-slot/reschedule-slot-screen.tsx')).RescheduleSlotScreen }),
};

function RouteLoading() {
  return <CentredSpinner label="Loading" />;
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Every route is lazy, so the first render waits for its code: React Router renders this meanwhile
    // (without one it renders nothing and warns 'No `HydrateFallback` element provided').
    HydrateFallback: RouteLoading,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('../screens/landing/landing-screen.tsx')).LandingScreen }) },
      {
        lazy: async () => ({ Component: (await import('./session-root.tsx')).SessionRoot }),
        children: [
          { path: '/student-form', lazy: async () => ({ Component: (await import('../screens/student-form/student-form-screen.tsx')).StudentFormScreen }) },
          {
            lazy: async () => ({ Component: (await import('./route-guards.tsx')).PublicOnly }),
            children: [
              { path: '/login', lazy: async () => ({ Component: (await import('../screens/login/login-screen.tsx')).LoginScreen }) },
              { path: '/forgot-password', lazy: async () => ({ Component: (await import('../screens/forgot-password/forgot-password-screen.tsx')).ForgotPasswordScreen }) },
              { path: '/changepassword/:id', lazy: async () => ({ Component: (await import('../screens/change-password/change-password-screen.tsx')).ChangePasswordScreen }) },
            ],
          },
          {
            lazy: async () => ({ Component: (await import('./route-guards.tsx')).RequireToken }),
            children: [
              {
                lazy: async () => ({ Component: (await import('./app-layout.tsx')).AppLayout }),
                children: (Object.keys(tokenRequiredRoutes) as TokenRequiredPath[]).map((path) => ({ path, lazy: screens[path] })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('../screens/not-found/not-found-screen.tsx')).NotFoundScreen }) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
