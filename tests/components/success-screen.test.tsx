import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, RouterProvider, createBrowserRouter, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SuccessSequenceMachine } from '../../machines/booking/success-sequence.machine.ts';
import { type OrderProgress, orderUnavailableTexts } from '../../machines/rules/order-progress.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { fulfilFailedText, orderFailedText } from '../../src/api/calls/payment.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { browserSuccessSequenceMachine } from '../../src/actors/success-sequence.ts';
import { SuccessScreen } from '../../src/screens/payment/success-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { sampleForm, sampleLessons, sampleSlot, sampleTutors } from '../support/draft-fixtures.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { orderStages } from '../support/order-fixtures.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /success over the app's real API calls (the network stubbed): what is sent, in which order. The server
// books a paid order itself; the page books nothing from this browser's storage, and asks the server to
// book the order only when its notification has not done it yet.

const fetchMock = stubNetwork();
const ref = 'ord_abcdefgh';
const orders = orderStages(ref);
const delays = { paymentStart: 3000, paymentRecord: 8000, paymentAlert: 2000 };
const machine = browserSuccessSequenceMachine.provide({ delays }) as SuccessSequenceMachine;

/** What the checkout left in this browser for a pending payment: the flag dashboard=1 among the working keys. */
const pendingPayment: BookingDraft = {
  ...emptyDraft('pendingPayment'),
  form: sampleForm,
  lessons: sampleLessons,
  slots: { '1st Week': [sampleSlot] },
  tutors: sampleTutors,
  clientPackageId: 9,
};

interface Server {
  /** What GET /orders/{ref} answers. */
  order: OrderProgress;
  /** What POST /orders/{ref}/fulfilment answers. */
  fulfilment?: Response;
}

/** The server: the order as `server` says, the rest as the reference server answers. */
function serve(server: Server) {
  fetchMock.mockImplementation(async (request) => {
    const { pathname } = new URL(request.url);
    const route = `${request.method} ${pathname}`;
    if (route === `GET /api/orders/${ref}`) return json(server.order);
    if (route === `POST /api/orders/${ref}/fulfilment`) return server.fulfilment ?? json(orders.booked);
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route === 'POST /api/order_status') return json({ success: true, message: 'Recorded', status: 'confirmed' });
    if (route === `DELETE /api/client-packagesfree/${testUser.clientid}`) return json({ success: true, deleted: 1 });
    return json({ message: `not served: ${route}` }, 500);
  });
}

/** Method and path of every request, in the order sent. */
const sent = () => fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
const bodiesTo = async (pathname: string) =>
  Promise.all(fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === pathname).map((request) => request.clone().json() as Promise<unknown>));

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/success', element: <SuccessScreen machine={machine} /> },
      { path: '/payment-successfull', element: <Where /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/checkout', element: <h1>Checkout page</h1> },
    ],
  },
];

/** /success in the app's layout, in a data router (blockers run); `before` are the pages behind it in history. */
function renderAt(at: string, before: string[] = ['/checkout']) {
  const router = createMemoryRouter(routes, { initialEntries: [...before, at], initialIndex: before.length });
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

/** Lets the calls in flight settle (the network answers at once). */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));

/** The rest of the sequence after the first wait: 8 s, the confirmation, (the free package), 2 s. */
async function runToTheEnd() {
  await act(async () => vi.advanceTimersByTimeAsync(delays.paymentRecord));
  await settle();
  await act(async () => vi.advanceTimersByTimeAsync(delays.paymentAlert));
}

const checklist = () => within(screen.getByRole('list', { name: 'Your order' })).getAllByRole('listitem').map((item) => item.textContent);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/success', () => {
  it('an order the provider’s notification booked: no write but POST /order_status, with the spec’s waits, then the success', async () => {
    writeDraft({ ...pendingPayment, entry: 'new' });
    serve({ order: orders.booked });
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByRole('status', { name: 'Verifying payment…' })).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`]);
    // What the server has done shows as done.
    expect(checklist()).toEqual(['✓Payment received: done', '✓Lessons booked: done', '✓Invoice settled: done']);

    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await settle();
    expect(screen.getByRole('status', { name: 'Recording your payment…' })).toBeVisible();
    expect(sent()).toHaveLength(2);

    // Each wait holds for its time (give or take the real time the test takes: timers also advance with it).
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentRecord - 500));
    expect(sent()).toHaveLength(2);
    await act(async () => vi.advanceTimersByTimeAsync(500));
    await settle();
    expect(sent().slice(2)).toEqual(['POST /api/order_status']);
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();

    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentAlert));
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(screen.getByText('You will receive order confirmation by email shortly')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/manage-booking');
    expect(toasts().getByText('Payment Successful')).toBeVisible();
    expect(await bodiesTo('/api/order_status')).toEqual([{ ref, status: 'success' }]);
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`, 'POST /api/order_status']);
    // Paid and booked: the working keys go.
    expect(localStorage.getItem('lessonData')).toBeNull();

    // The receipt: what was paid, how, its reference, and each booked lesson with its day, hour, subject, student and tutor.
    const facts = within(screen.getByRole('region', { name: 'Receipt' }));
    expect(facts.getByText('Amount paid').nextElementSibling).toHaveTextContent('AED 684');
    expect(facts.getByText('Payment method').nextElementSibling).toHaveTextContent('VISA');
    expect(facts.getByText('Order reference').nextElementSibling).toHaveTextContent(ref);
    expect(within(screen.getByRole('region', { name: '1st Week' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓MathematicsSun 6 Dec 2026 · 16:00For Adam Ahmed · Tutor: Amira Haddad',
      '✓EnglishMon 7 Dec 2026 · 09:00For Adam Ahmed · Tutor: Omar Khalil',
    ]);
    expect(within(screen.getByRole('region', { name: '2nd Week' })).getByRole('listitem')).toHaveTextContent('Sun 13 Dec 2026 · 16:00');
    expect(within(screen.getByRole('region', { name: 'Your classes' })).getByText('Times in Dubai time')).toBeVisible();
    // The confetti is decoration inside the success card only: never over the receipt.
    const card = screen.getByRole('region', { name: 'Successful!' });
    const confetti = card.querySelector('[aria-hidden="true"] > span')?.parentElement;
    expect(confetti).toHaveAttribute('aria-hidden', 'true');
    expect(within(card).queryByRole('region', { name: 'Receipt' })).toBeNull();
    expect(within(card).queryByRole('region', { name: 'Your classes' })).toBeNull();
  });

  it('an order not booked yet (a late notification): exactly one POST /orders/{ref}/fulfilment after 3 s, then the rest', async () => {
    serve({ order: orders.created });
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(checklist()).toEqual(['…Payment received: not yet', '…Lessons booked: not yet', '…Invoice settled: not yet']);
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart - 500));
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`]);
    await act(async () => vi.advanceTimersByTimeAsync(500));
    await settle();
    expect(sent().slice(2)).toEqual([`POST /api/orders/${ref}/fulfilment`]);
    // The server's answer is the order as booked.
    expect(screen.getByRole('status', { name: 'Recording your payment…' })).toBeVisible();
    expect(checklist()).toEqual(['✓Payment received: done', '✓Lessons booked: done', '✓Invoice settled: done']);

    await runToTheEnd();
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(sent().filter((route) => route.endsWith('/fulfilment'))).toHaveLength(1);
    expect(sent().slice(3)).toEqual(['POST /api/order_status']);
  });

  it('a paid order made before the server booked orders itself (no invoice yet) is fulfilled too', async () => {
    serve({ order: orders.paidNotBooked });
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(checklist()).toEqual(['✓Payment received: done', '…Lessons booked: not yet', '…Invoice settled: not yet']);
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await settle();
    expect(sent().slice(2)).toEqual([`POST /api/orders/${ref}/fulfilment`]);
  });

  it('the provider has no payment for the order (409): the unpaid text, nothing confirmed; Retry reads the order again', async () => {
    serve({ order: orders.created, fulfilment: json({ success: false, message: 'No payment for this order.' }, 409) });
    renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('This payment has not been completed, so no classes were booked.');
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentRecord + delays.paymentAlert));
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`, `POST /api/orders/${ref}/fulfilment`]);

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(sent().slice(3)).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`]);
  });

  it('with no draft in storage at all, a paid pending payment still ends the same (its flag deletes the free package)', async () => {
    // The checkout in another browser; here only the pending-payment card's flag, or nothing at all.
    localStorage.setItem('dashboard', '1');
    serve({ order: orders.created });
    renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await settle();
    await runToTheEnd();
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(sent()).toEqual([
      `GET /api/orders/${ref}`,
      `GET /api/clientsdata/${testUser.clientid}`,
      `POST /api/orders/${ref}/fulfilment`,
      'POST /api/order_status',
      `DELETE /api/client-packagesfree/${testUser.clientid}`,
    ]);
    expect(localStorage.getItem('dashboard')).toBeNull();
  });

  it('with nothing in storage but the session, the free package stays', async () => {
    serve({ order: orders.booked });
    renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await runToTheEnd();
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`, 'POST /api/order_status']);
  });

  it('a pending payment from this browser deletes the free package after the confirmation', async () => {
    writeDraft(pendingPayment);
    serve({ order: orders.booked });
    renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await runToTheEnd();
    expect(sent().slice(2)).toEqual(['POST /api/order_status', `DELETE /api/client-packagesfree/${testUser.clientid}`]);
    expect(localStorage.getItem('dashboard')).toBeNull();
  });

  it.each([
    ['failed', orders.failed],
    ['cancelled', orders.cancelled],
  ])('a %s order: the unpaid text, and nothing else is asked', async (_, order) => {
    serve({ order });
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('This payment has not been completed, so no classes were booked.');
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart + delays.paymentRecord + delays.paymentAlert));
    expect(sent()).toEqual([`GET /api/orders/${ref}`]);
  });

  it('an order confirmed before is shown as its receipt, replacing /success', async () => {
    serve({ order: orders.confirmed });
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByText(`/payment-successfull?ref=${ref}`)).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`]);
  });

  it('a fulfilment that fails otherwise (a server failure) says so for a client with Retry, and is logged', async () => {
    expectConsole('error', `Payment step failed: ${fulfilFailedText}`);
    serve({ order: orders.created, fulfilment: json({ message: 'upstream 502 from provider' }, 502) });
    renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(fulfilFailedText);
    expect(screen.queryByText(/upstream/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('an order that cannot be read (a server failure) says so for a client with Retry (and the dashboard), which reads it again', async () => {
    expectConsole('error', 'Payment step failed');
    fetchMock.mockImplementation(async () => json({ message: 'The order service is unavailable.' }, 503));
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(orderFailedText);
    expect(screen.queryByText(/order service/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/orders/${ref}`]);
  });

  it('without a ref: the alert, the way to the dashboard, and no call', async () => {
    renderAt('/success');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment reference missing');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot verify payment.');
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['another client’s ref (403)', 403, orderUnavailableTexts.notYours],
    ['an unknown ref (404)', 404, orderUnavailableTexts.notFound],
    ['a ref that cannot be one (400)', 400, orderUnavailableTexts.notFound],
  ])('%s: says so in a sentence and leads to the dashboard; nothing else is asked, nothing succeeds', async (_, status, notice) => {
    fetchMock.mockImplementation(async () => json({ message: 'raw server text' }, status));
    renderAt(`/success?ref=${ref}`);
    await settle();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: notice.title })).toBeVisible();
    expect(alert).toHaveTextContent(notice.text);
    expect(within(alert).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText('raw server text')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart + delays.paymentRecord + delays.paymentAlert));
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();
    expect(sent()).toEqual([`GET /api/orders/${ref}`]);
  });
});

describe('/success: back goes to the dashboard, never to the payment page', () => {
  it('the header’s back arrow, while the payment is verified', async () => {
    serve({ order: orders.booked });
    const router = renderAt(`/success?ref=${ref}`);
    await settle();
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('the browser’s back button, once it succeeded', async () => {
    serve({ order: orders.booked });
    const router = renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await runToTheEnd();
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    await act(async () => router.navigate(-1));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Checkout page' })).toBeNull();
  });

  it('back from the provider’s page (the first page of the visit): the dashboard is put under it, the receipt replaces it, and back lands on the dashboard', async () => {
    // The pending payment's flag must survive the underlay: the dashboard is never mounted on the way.
    localStorage.setItem('dashboard', '1');
    serve({ order: orders.booked });
    window.history.replaceState(null, '', `/success?ref=${ref}`);
    const router = createBrowserRouter(routes);
    renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
    await settle();
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await runToTheEnd();
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`, 'POST /api/order_status', `DELETE /api/client-packagesfree/${testUser.clientid}`]);
    act(() => window.history.back());
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(window.location.pathname).toBe('/dashboard');
    router.dispose();
  });

  it('a confirmed order opened from outside the app: its receipt replaces /success, with the dashboard under it', async () => {
    serve({ order: orders.confirmed });
    window.history.replaceState(null, '', `/success?ref=${ref}`);
    const router = createBrowserRouter(routes);
    renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
    await settle();
    expect(screen.getByText(`/payment-successfull?ref=${ref}`)).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`]);
    act(() => window.history.back());
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    router.dispose();
  });
});
