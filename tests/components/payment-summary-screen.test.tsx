import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, RouterProvider, createBrowserRouter, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../machines/booking/booking-draft.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { serviceFailedText } from '../../src/api/calls/services.ts';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { FreeBookingSummaryScreen } from '../../src/screens/booking-summary/free-booking-summary-screen.tsx';
import { PaymentSummaryScreen } from '../../src/screens/payment/payment-summary-screen.tsx';
import { noFreeClassText, noFreeClassTitle } from '../../src/screens/payment/payment-summary-view.tsx';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /payment-summary, the end of the free assessment: the class it lists is the client's free class as the
// server holds it, so a reload, another tab or a bookmark shows it without this browser's storage, or says
// there is none; a success shows only for a class the client booked. Back goes to the dashboard.

const fetchMock = stubNetwork();

const appointment = (id: number, pkgId: number | null, status = 'planned') => ({
  id,
  start: '2026-12-06T12:00:00Z',
  finish: '2026-12-06T13:00:00Z',
  topic: id === 5 ? 'English' : 'Mathematics',
  status,
  service: { id: 30 + id, name: 'Mathematics - Adam Ahmed' },
  db: { pkg_id: pkgId },
});

const service = (id: number) => ({
  id,
  name: 'Mathematics - Adam Ahmed',
  dft_charge_type: 'hourly',
  dft_charge_rate: '0.00',
  dft_contractor_rate: '100.00',
  branch_id: 1,
  conjobs: [{ name: 'Amira Haddad', contractor: 1 }],
  rcrs: [{ recipient_name: 'Adam Ahmed', recipient: 11 }],
});

/** The server: the client's students, their lessons as given, and services. */
function serve(lessons: unknown[], { serviceAnswer }: { serviceAnswer?: () => Response } = {}) {
  fetchMock.mockImplementation(async (request) => {
    const pathname = decodeURIComponent(new URL(request.url).pathname);
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname === '/api/appointmentstwo/11,12') return json({ data: lessons });
    const serviceId = /^\/api\/services\/(\d+)$/.exec(pathname)?.[1];
    if (serviceId) return serviceAnswer ? serviceAnswer() : json(service(Number(serviceId)));
    return json({ message: `not served: ${pathname}` }, 500);
  });
}

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/payment-summary', element: <PaymentSummaryScreen /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/freebooking-summary', element: <h1>Free summary page</h1> },
    ],
  },
];

/** The summary as the free booking leaves for it: the free summary behind it in history. */
function renderSummary({ withDraft = true }: { withDraft?: boolean } = {}) {
  if (withDraft) writeDraft({ ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } });
  const router = createMemoryRouter(routes, { initialEntries: ['/freebooking-summary', '/payment-summary'], initialIndex: 1 });
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

describe('/payment-summary lists the free class the client booked, as the server holds it', () => {
  it('thanks the client and lists the class: weekday, date, time, subject, student and tutor', async () => {
    serve([appointment(4, 3), appointment(9, null)]);
    renderSummary();
    expect(screen.getByRole('status', { name: 'Loading your class' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Thank you for your payment' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    expect(screen.getByText('Congratulations! You have successfully purchased a package, and your classes have been scheduled for the next two weeks.')).toBeVisible();
    const blocked = within(screen.getByRole('region', { name: 'Blocked Classes' }));
    expect(blocked.getByRole('listitem')).toHaveTextContent('✓MathematicsSun 6 Dec 2026 · 16:00 Dubai timeFor Adam Ahmed · Tutor: Amira Haddad');
    expect(blocked.getByRole('img', { name: 'Blocked' })).toBeVisible();
    // The free class's own service: not the package lesson's.
    expect(fetchMock.mock.calls.map(([request]) => decodeURIComponent(new URL(request.url).pathname))).toEqual([`/api/clientsdata/${testUser.clientid}`, '/api/appointmentstwo/11,12', '/api/services/39']);
  });

  it('a reload (nothing left in this browser’s storage) still shows the class', async () => {
    serve([appointment(9, null)]);
    renderSummary({ withDraft: false });
    expect(await screen.findByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Blocked Classes' })).getByRole('listitem')).toHaveTextContent('Sun 6 Dec 2026 · 16:00 Dubai time');
  });

  it.each([
    ['no free class at all (a bookmark)', [appointment(4, 3)]],
    ['a cancelled free class', [appointment(9, null, 'cancelled')]],
    ['no lessons', []],
  ])('%s: says there is nothing to confirm and leads to the dashboard, never a thanks', async (_, lessons) => {
    serve(lessons);
    renderSummary({ withDraft: false });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: noFreeClassTitle })).toBeVisible();
    expect(alert).toHaveTextContent(noFreeClassText);
    expect(screen.queryByRole('heading', { name: 'Thank you for your payment' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Back to Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
  });

  it('a failed read says so with Retry, which reads again', async () => {
    let fail = true;
    serve([appointment(9, null)], { serviceAnswer: () => (fail ? json({ message: 'down' }, 503) : json(service(39))) });
    renderSummary();
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(serviceFailedText);
    expect(screen.queryByRole('heading', { name: 'Thank you for your payment' })).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
  });
});

describe('/payment-summary: back clears the working keys and goes to the dashboard', () => {
  it.each([['the header’s back arrow', 'Back'], ['its own button', 'Back to Dashboard']])('%s', async (_, name) => {
    serve([appointment(9, null)]);
    const router = renderSummary();
    await screen.findByRole('heading', { name: 'Thank you for your payment' });
    expect(localStorage.getItem('lessonData')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('lessonData')).toBeNull();
    expect(localStorage.getItem('groupedByWeek')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('userdata')).not.toBeNull();
  });

  it('the browser’s back button goes to the dashboard, not back to the free summary', async () => {
    serve([appointment(9, null)]);
    const router = renderSummary();
    await screen.findByRole('heading', { name: 'Thank you for your payment' });
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Free summary page' })).toBeNull();
    expect(localStorage.getItem('lessonData')).toBeNull();
  });

  it('opened as the first page of the visit (a bookmark): back lands on the dashboard', async () => {
    serve([appointment(9, null)]);
    window.history.replaceState(null, '', '/payment-summary');
    const router = createBrowserRouter(routes);
    renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
    expect(await screen.findByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    router.dispose();
  });
});

describe('the hand-over from /freebooking-summary', () => {
  it('Confirm Booking leads to the summary of the class just booked, read from the server; the draft is gone, and back goes to the dashboard', async () => {
    const lessons: unknown[] = [];
    fetchMock.mockImplementation(async (request) => {
      const route = `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`;
      if (route === `GET /api/freeassismentstatus/${testUser.clientid}`) return json({ success: lessons.length > 0, message: '' });
      if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
      if (route === 'POST /api/bookings') {
        lessons.push(appointment(9, null));
        return json({ success: true, data: lessons }, 201);
      }
      if (route === 'GET /api/appointmentstwo/11,12') return json({ data: lessons });
      if (route === 'GET /api/services/39') return json(service(39));
      return json({ message: `not served: ${route}` }, 500);
    });
    writeDraft({ ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } });
    const router = createMemoryRouter(
      [
        {
          element: <AppLayout />,
          children: [
            { path: '/freebooking-summary', element: <FreeBookingSummaryScreen /> },
            { path: '/payment-summary', element: <PaymentSummaryScreen /> },
            { path: '/dashboard', element: <h1>Dashboard page</h1> },
          ],
        },
      ],
      { initialEntries: ['/dashboard', '/freebooking-summary'], initialIndex: 1 },
    );
    renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/payment-summary');
    expect(within(screen.getByRole('region', { name: 'Blocked Classes' })).getByRole('listitem')).toHaveTextContent('MathematicsSun 6 Dec 2026 · 16:00 Dubai timeFor Adam Ahmed · Tutor: Amira Haddad');
    expect(readDraft()).toBeNull();
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).toBeNull();
  });
});
