import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import type { LessonData, PackageForm } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { DashboardScreen } from '../../src/screens/dashboard/dashboard-screen.tsx';
import { PaymentCancelledScreen, PaymentFailedScreen } from '../../src/screens/payment/payment-failed-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// A cancelled or failed payment keeps the booking (issue 18, item 6): the spec's alert and its return to the
// dashboard stay; the dashboard's pending-payment card offers that same booking again; and a booking whose
// hours went meanwhile (someone else booked them, docs/architecture.md, "Paid means booked") or passed opens the grid
// with those hours dropped and said, instead of failing at checkout.

const fetchMock = stubNetwork();

type ClientPackage = components['schemas']['ClientPackage'];

// Adam Ahmed, Year 5, GOLD with Mathematics once a week: Wednesdays 25 November and 2 December at 15:00 in
// Dubai (11:00 UTC) with Amira Haddad (tutor 5), saved unpaid when Book Now was pressed.
const form: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };
const lessonData: LessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed' },
  lessonCounts: { Mathematics: 1 },
};
const slot = (date: string, weekIndex: number, apt_id: number): SelectedSlot => ({
  key: `Mathematics-${date}-15:00`,
  subject: 'Mathematics',
  date,
  time: '15:00',
  tutorId: 5,
  tutorPrice: 120,
  apt_id,
  weekIndex,
  name: 'Amira Haddad',
});
const nov25 = slot('2026-11-25', 0, 1);
const dec2 = slot('2026-12-02', 1, 2);
const groupedByWeek = { '1st Week': [nov25], '2nd Week': [dec2] };
const unpaid: ClientPackage = {
  id: 5,
  clientid: testUser.clientid,
  packageForm: JSON.stringify({ lessonData, packageFormData: form, groupedByWeek, storedTeacher: [{ id: 5, name: 'Amira Haddad', subject: 'Mathematics' }] }),
  bookingdata: { bookdata: [nov25, dec2] },
  purches_status: 0,
  booked_classess: 2,
  total_classess: 12,
  remaining_classess: 10,
  completed_classess: 0,
  created_at: '2026-11-20T08:00:00Z',
};
const window = (day: string) => ({ start: `${day}T11:00:00Z`, finish: `${day}T12:00:00Z`, apt_id: day === '2026-11-25' ? 1 : 2, contractor_id: 5 });

/** The provider now: the unpaid package, and the hours still offered. */
function serve(offered: string[]) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === `/api/client-packagesfree/${testUser.clientid}`) return json({ success: true, data: [unpaid] });
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname.startsWith('/api/appointmentstwo/')) return json({ data: [] });
    if (pathname === `/api/orders-to-place/${testUser.clientid}`) return json({ data: [] });
    if (pathname === '/api/subjectFilter/') return json(offered.map(window));
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderAt(at: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/cancel', element: <PaymentCancelledScreen /> },
          { path: '/failed', element: <PaymentFailedScreen /> },
          { path: '/dashboard', element: <DashboardScreen /> },
          { path: '/book-class', element: <BookClassScreen /> },
          { path: '/booking-summary', element: <h1>Booking summary page</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

/** The instant the test runs at: the branch's today follows it. */
function runAt(iso: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(iso) });
}

afterEach(() => {
  vi.useRealTimers();
});

const card = () => screen.findByRole('button', { name: 'Complete Your Pending Payment' });

describe('a cancelled or failed payment keeps the booking', () => {
  it.each(['/cancel', '/failed'])('%s: the alert, the dashboard after 2 s, and its card offers the same booking again, on to the summary', async (page) => {
    runAt('2026-11-23T08:00:00Z');
    serve(['2026-11-25', '2026-12-02']);
    const router = renderAt(page);
    expect(screen.getByText('Your payment could not be processed.')).toBeVisible();
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await ui.click(await card());
    expect(await screen.findByRole('heading', { name: 'Booking summary page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/booking-summary');
    expect(readDraft()).toMatchObject({ entry: 'pendingPayment', clientPackageId: 5, form, lessons: lessonData, slots: groupedByWeek });
    // The hours were checked against the grid's, for the booking's student, subject and year.
    const [asked] = sentTo(fetchMock, '/api/subjectFilter/');
    expect(await asked?.json()).toEqual({ subjectNames: ['Mathematics'], yearLevels: [5], branch_id: testUser.branch_id });
  });

  it('an hour someone else booked meanwhile: the grid opens without it and says so in checkout’s words; the other hour stays chosen', async () => {
    runAt('2026-11-23T08:00:00Z');
    serve(['2026-12-02']);
    const router = renderAt('/dashboard');
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await ui.click(await card());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wed 25 Nov 2026 · 15:00 Dubai time was just booked by someone else. Please choose another time.');
    expect(router.state.location.pathname).toBe('/book-class');
    expect(screen.getByRole('button', { name: 'Remove Wed 2 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Remove Wed 25 Nov 2026/ })).toBeNull();
    expect(readDraft()).toMatchObject({ entry: 'pendingPayment', clientPackageId: 5, slots: { '2nd Week': [dec2] } });
    // Nothing was sent to be paid.
    expect(sentTo(fetchMock, '/api/create-order')).toEqual([]);
  });

  it('an hour that has passed: dropped, and said so', async () => {
    // Thursday 26 November: Wednesday's hour is past, 2 December is still bookable.
    runAt('2026-11-26T08:00:00Z');
    serve(['2026-12-02']);
    renderAt('/dashboard');
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await ui.click(await card());
    expect(await screen.findByRole('alert')).toHaveTextContent('Wed 25 Nov 2026 · 15:00 Dubai time has already passed. Please choose another time.');
    expect(within(screen.getByRole('region', { name: 'Selected Slots' })).getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
  });
});
