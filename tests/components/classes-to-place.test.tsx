import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { remainingBookedText } from '../../machines/booking/book-lessons.ts';
import { type OrderProgress, unreadableOrderText } from '../../machines/booking/classes-to-place.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { RequireToken } from '../../src/app/route-guards.tsx';
import { readDraft } from '../../src/booking/booking-draft-storage.ts';
import { RemainingBookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { DashboardScreen } from '../../src/screens/dashboard/dashboard-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { orderProgress } from '../support/order-fixtures.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// Paid classes to place (docs/architecture.md, "Paid means booked"): a payment confirmed after its hold expired booked
// what was still free; the rest wait on the paid order. The dashboard says so on a card per order; the card
// opens the remaining-classes grid for that order, and Book Now books the classes on the order, unpaid again.

const fetchMock = stubNetwork();

// The grid starts on the branch's today + 2, read from the clock: the data below is for Monday 23 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

type Lesson = OrderProgress['lessons'][number];
const hour = (subject: string, start: string, lost: boolean): Lesson => ({
  subject,
  start,
  finish: new Date(Date.parse(start) + 3_600_000).toISOString(),
  tutor: 5,
  tutor_name: 'Amira Haddad',
  students: [11],
  student_names: ['Adam Ahmed'],
  appointment_id: lost ? null : 1,
  lost,
});

/** Adam's GOLD order ORD-7-3: Mathematics and English once a week; two Mathematics hours were lost to a late payment. */
const order: OrderProgress = orderProgress('ORD-7-3', {
  status: 'paid',
  booked_classes: 10,
  lines: [{ pkg_id: 3, package_name: 'GOLD', level: 5, student_ids: [11], student_names: ['Adam Ahmed'], amount: 684, classes: 12, booked_classes: 10, weekly_lessons: { Mathematics: 1, English: 1 } }],
  lessons: [hour('Mathematics', '2026-11-18T11:00:00Z', true), hour('English', '2026-11-19T11:00:00Z', false), hour('Mathematics', '2026-11-20T11:00:00Z', true)],
  invoice_id: 9,
  payment_taken: true,
  hold_expires_at: null,
  to_place: 2,
});
/** An older order of Lina's, one class to place. */
const linasOrder: OrderProgress = {
  ...order,
  ref: 'ORD-7-1',
  student_ids: [12],
  lines: [{ ...order.lines[0]!, student_ids: [12] }],
  lessons: [{ ...hour('English', '2026-11-19T11:00:00Z', true), students: [12] }],
  to_place: 1,
};

// Wednesdays 15:00-16:00 (Dubai) for six weeks, written in UTC, with Amira (tutor 5).
const wednesdays = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'];
const windows = wednesdays.map((day, i) => ({ start: `${day}T11:00:00Z`, finish: `${day}T12:00:00Z`, apt_id: i + 1, contractor_id: 5 }));
const amira = { id: 5, first_name: 'Amira', last_name: 'Haddad', photo: null, subject: [{ name: 'Mathematics' }], quallevel: 13, town: 'Dubai', country: 'UAE', qualifications: '', speciality: '', bio: '', tutorprice: 120, availability: [] };
const appointment = (id: number, start: string) => ({ id, start, finish: start, topic: 'Mathematics', status: 'planned', service: { id: 31, name: 'Mathematics' }, db: { pkg_id: 3 } });

/** The provider: `toPlace` answers GET /orders-to-place (it is emptied once POST /bookings books on the order). */
function serve({ toPlace = [order], ordersToPlace }: { toPlace?: OrderProgress[]; ordersToPlace?: () => Response } = {}) {
  let listed = toPlace;
  fetchMock.mockImplementation(async (request: Request) => {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route.startsWith('GET /api/appointmentstwo/')) return json({ data: [] });
    if (route === `GET /api/client-packagesfree/${testUser.clientid}`) return json({ success: true, data: [] });
    if (route === `GET /api/orders-to-place/${testUser.clientid}`) return ordersToPlace ? ordersToPlace() : json({ data: listed });
    if (route === 'POST /api/subjectFilter/') return json(windows);
    if (route === `GET /api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (route.startsWith('GET /api/orders/')) return json(listed.find((o) => url.pathname.endsWith(`/${o.ref}`)) ?? { success: false, message: 'Not found' }, listed.length > 0 ? 200 : 404);
    if (route === 'GET /api/filter_tutor') return json({ data: [amira] });
    if (route === 'POST /api/bookings') {
      listed = listed.filter((o) => o.ref !== 'ORD-7-3');
      return json({ success: true, data: [appointment(21, '2026-11-25T11:00:00Z'), appointment(22, '2026-12-02T11:00:00Z')] }, 201);
    }
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderDashboard() {
  // A data router: the grid holds the browser's back button (useBlocker).
  const router = createMemoryRouter(
    [
      {
        element: <RequireToken />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardScreen /> },
              { path: '/remainingbookclass', element: <RemainingBookClassScreen /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
}

const cardText = (n: number) => `Your payment was received. Choose new times for ${n} ${n === 1 ? "class" : "classes"}.`;
const bodiesTo = (path: string) => Promise.all(sentTo(fetchMock, path).map((request) => request.clone().json() as Promise<unknown>));
const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove / });

describe('paid classes to place, from the dashboard', () => {
  it('a card per order, newest first, saying how many classes wait for new times', async () => {
    serve({ toPlace: [order, linasOrder] });
    renderDashboard();
    expect(await screen.findByRole('button', { name: cardText(2) })).toBeVisible();
    // One class reads the spec's words with N, word for word.
    expect(screen.getByRole('button', { name: cardText(1) })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Your payment was received\./ }).map((card) => card.textContent)).toEqual([cardText(2), cardText(1)]);
    expect(sentTo(fetchMock, `/api/orders-to-place/${testUser.clientid}`)).toHaveLength(1);
  });

  it('no card when no order has classes to place', async () => {
    serve({ toPlace: [] });
    renderDashboard();
    await waitFor(() => expect(sentTo(fetchMock, `/api/orders-to-place/${testUser.clientid}`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('link', { name: /Manage Booking/ })).toHaveAccessibleName('Manage Booking 0 scheduled classes'));
    expect(screen.queryByRole('button', { name: /^Your payment was received\./ })).toBeNull();
  });

  it('the card opens the grid for that order, limited to its classes to place; Book Now books them on the order; the dashboard then has no card', async () => {
    serve();
    renderDashboard();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: cardText(2) }));

    // The remaining-classes grid of the order: Adam's Year 5 GOLD, the lost subject only, no Free Assessment.
    expect(await screen.findByRole('heading', { name: 'Book Classes' })).toBeVisible();
    expect(readDraft()).toMatchObject({ entry: 'remaining', orderRef: 'ORD-7-3', clientPackageId: null, form: { name1: 'Adam Ahmed', program: 'Year 5 / Grade 4', subject: ['Mathematics'] } });
    expect(readDraft()?.lessons).toMatchObject({ packageName: 'GOLD', lessonCounts: { Mathematics: 1 } });
    await ui.click(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
    await ui.click(await within(screen.getByRole('dialog', { name: 'Available Tutors' })).findByRole('button', { name: 'Select Amira Haddad' }));
    // Two to place at one a week: the 25th and the 2nd, not the 9th.
    expect(removeButtons().map((button) => button.getAttribute('aria-label'))).toEqual(['Remove Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad', 'Remove Wed 2 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad']);
    expect(screen.queryByRole('button', { name: 'Mathematics 2' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^English/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    // No more than the order's classes to place, however many weeks are shown.
    await ui.click(screen.getByRole('button', { name: '3rd Week' }));
    await ui.click(screen.getByRole('button', { name: 'Wed 9 Dec 2026 · 15:00 Dubai time, free' }));
    expect(await toasts().findByText('You can only select 2 slot(s) in all.')).toBeVisible();
    expect(removeButtons()).toHaveLength(2);
    // The order was read for its classes to place; no package was.
    expect(sentTo(fetchMock, '/api/orders/ORD-7-3')).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([request]) => new URL(request.url).pathname.startsWith('/api/client-packagesid/'))).toBe(false);

    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeVisible();
    expect(toasts().getByText(remainingBookedText)).toBeVisible();
    expect(await bodiesTo('/api/bookings')).toEqual([
      {
        client_id: testUser.clientid,
        branch_id: testUser.branch_id,
        basis: { order_ref: 'ORD-7-3' },
        lessons: [
          { subject: 'Mathematics', start: '2026-11-25T15:00:00+04:00', finish: '2026-11-25T16:00:00+04:00', tutor: 5, students: [11] },
          { subject: 'Mathematics', start: '2026-12-02T15:00:00+04:00', finish: '2026-12-02T16:00:00+04:00', tutor: 5, students: [11] },
        ],
        weekly_lessons: { Mathematics: 1 },
      },
    ]);
    // Nothing to pay: no order is opened, no checkout.
    expect(sentTo(fetchMock, '/api/create-order')).toEqual([]);
    // The dashboard reads the orders again: the card is gone, and never shown from before.
    await waitFor(() => expect(sentTo(fetchMock, `/api/orders-to-place/${testUser.clientid}`)).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('link', { name: /Manage Booking/ })).toHaveAccessibleName(/Manage Booking \d+ scheduled class/));
    expect(screen.queryByRole('button', { name: /^Your payment was received\./ })).toBeNull();
    expect(readDraft()).toBeNull();
  });

  it('back from the order’s grid asks first, then goes to the dashboard, where the card still is', async () => {
    serve();
    renderDashboard();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: cardText(2) }));
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeVisible();
    expect(await screen.findByRole('button', { name: cardText(2) })).toBeVisible();
    expect(sentTo(fetchMock, '/api/bookings')).toEqual([]);
    expect(readDraft()).toBeNull();
  });

  it('an order whose students are not the client’s: said, and the dashboard stays', async () => {
    expectConsole('error', 'Unreadable order to place ORD-7-9');
    serve({ toPlace: [{ ...order, ref: 'ORD-7-9', lines: [{ ...order.lines[0]!, student_ids: [99] }], lessons: order.lessons.map((lesson) => ({ ...lesson, students: [99] })) }] });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: cardText(2) }));
    expect(await toasts().findByText(unreadableOrderText)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeVisible();
    expect(readDraft()).toBeNull();
  });

  it('the orders failing to load: said with Retry, no card; Retry shows it', async () => {
    let calls = 0;
    serve({ ordersToPlace: () => (++calls === 1 ? json({ success: false, message: 'Your paid classes to place could not be loaded.' }, 500) : json({ data: [order] })) });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your paid classes to place could not be loaded.');
    expect(screen.queryByRole('button', { name: /^Your payment was received\./ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: cardText(2) })).toBeVisible();
  });
});
