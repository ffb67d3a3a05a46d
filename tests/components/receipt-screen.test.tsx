import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject, RouterProvider, createBrowserRouter, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { orderUnpaidText, refMissingText, refMissingTitle } from '../../machines/booking/success-sequence.machine.ts';
import { orderUnavailableTexts } from '../../machines/rules/order-progress.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { orderFailedText } from '../../src/api/calls/payment.ts';
import { ReceiptScreen, orderUnpaidTitle } from '../../src/screens/payment/receipt-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { orderStages } from '../support/order-fixtures.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /payment-successfull?ref=…: the receipt of a paid order, read from GET /orders/{ref} alone. A success shows
// only for a paid order of the client's; anything else says why and leads to the dashboard. Back goes to the
// dashboard, never through history to the payment page. Rendered in a data router, so that blockers run.

const fetchMock = stubNetwork();
const ref = 'ord_abcdefgh';
const orders = orderStages(ref);
const paid = { ...orders.confirmed, paid_at: '2026-11-23T08:00:00Z' };

function serveOrder(answer: () => Response) {
  fetchMock.mockImplementation(async (request) => {
    if (new URL(request.url).pathname === `/api/orders/${ref}`) return answer();
    return json({ message: 'not served' }, 500);
  });
}

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/payment-successfull', element: <ReceiptScreen /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/checkout', element: <h1>Checkout page</h1> },
    ],
  },
];

/** The receipt in the app's layout, in a data router (blockers run); `before` are the pages behind it in history. */
function renderReceipt({ at = `/payment-successfull?ref=${ref}`, before = ['/checkout'] }: { at?: string; before?: string[] } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [...before, at], initialIndex: before.length });
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

const main = () => within(screen.getByRole('main'));

describe('/payment-successfull: the receipt a parent recognises', () => {
  it('says what was paid, how, when, its reference, and each booked lesson with day, hour, subject, student and tutor', async () => {
    serveOrder(() => json(paid));
    renderReceipt();
    expect(screen.getByRole('status', { name: 'Loading your receipt' })).toBeVisible();
    // Nothing claims success before the order is read.
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();

    expect(await screen.findByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(screen.getByText('You will receive order confirmation by email shortly')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/dashboard');

    const facts = within(screen.getByRole('region', { name: 'Receipt' }));
    const term = (name: string) => facts.getByText(name).nextElementSibling?.textContent;
    expect(term('Amount paid')).toBe('AED 684');
    expect(term('Payment method')).toBe('VISA');
    expect(term('Paid on')).toBe('Mon 23 Nov 2026');
    expect(term('Order reference')).toBe(ref);

    // The lessons' times are the branch's wall clock, and the list says so once.
    expect(within(screen.getByRole('region', { name: 'Your classes' })).getByText('Times in Dubai time')).toBeVisible();
    const first = screen.getByRole('region', { name: '1st Week' });
    expect(within(first).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '✓MathematicsSun 6 Dec 2026 · 16:00For Adam Ahmed · Tutor: Amira Haddad',
      '✓EnglishMon 7 Dec 2026 · 09:00For Adam Ahmed · Tutor: Omar Khalil',
    ]);
    expect(within(first).getAllByRole('img', { name: 'Booked' })).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: '2nd Week' })).getAllByRole('listitem')).toHaveLength(1);
    // One read: the order carries its lessons with their students and tutors.
    expect(fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname)).toEqual([`/api/orders/${ref}`]);
  });

  it('a paid order with an hour lost to a late payment lists the booked lessons and the class still to place', async () => {
    serveOrder(() => json(orders.partlyLost));
    renderReceipt();
    expect(await screen.findByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(screen.getByText('1 paid class could not be booked at the chosen time and waits to be placed; our team will be in touch.')).toBeVisible();
    expect(screen.getAllByRole('img', { name: 'Booked' })).toHaveLength(2);
  });
});

describe('/payment-successfull: no false confirmations', () => {
  it.each([
    ['another client’s ref (403)', () => json({ message: 'This order is not yours.' }, 403), orderUnavailableTexts.notYours],
    ['an unknown ref (404)', () => json({ message: 'Order not found.' }, 404), orderUnavailableTexts.notFound],
    ['a ref that cannot be one (400)', () => json({ message: 'ref: must match pattern' }, 400), orderUnavailableTexts.notFound],
    ['an order not paid (a bookmark taken on the payment page)', () => json(orders.created), { title: orderUnpaidTitle, text: orderUnpaidText }],
    ['a failed payment', () => json(orders.failed), { title: orderUnpaidTitle, text: orderUnpaidText }],
    ['a cancelled payment', () => json(orders.cancelled), { title: orderUnpaidTitle, text: orderUnpaidText }],
  ])('%s: says so in a sentence, with the way to the dashboard, never a success', async (_, answer, notice) => {
    serveOrder(answer);
    renderReceipt();
    const alert = await main().findByRole('alert');
    expect(within(alert).getByRole('heading', { name: notice.title })).toBeVisible();
    expect(alert).toHaveTextContent(notice.text);
    expect(within(alert).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // The server's own words are not shown.
    expect(screen.queryByText(/This order is not yours|Order not found|must match pattern/)).toBeNull();
  });

  it.each([
    ['no ref', '/payment-successfull'],
    ['an empty ref', '/payment-successfull?ref='],
  ])('%s: the spec’s texts, the dashboard, and no call', async (_, at) => {
    renderReceipt({ at });
    const alert = main().getByRole('alert');
    expect(alert).toHaveTextContent(`${refMissingTitle}${refMissingText}`);
    expect(within(alert).getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a read that fails otherwise shows a sentence with Retry (and the dashboard), which reads again', async () => {
    expectConsole('error', orderFailedText);
    let calls = 0;
    fetchMock.mockImplementation(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(paid);
    });
    renderReceipt();
    expect(await main().findByRole('alert')).toHaveTextContent(orderFailedText);
    expect(main().getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(sentTo(fetchMock, `/api/orders/${ref}`)).toHaveLength(2);
  });
});

describe('/payment-successfull: back goes to the dashboard, never to the payment page', () => {
  it('the header’s back arrow', async () => {
    serveOrder(() => json(paid));
    const router = renderReceipt({ before: ['/checkout'] });
    await screen.findByRole('heading', { name: 'Successful!' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('the browser’s back button, with the booking behind it in history', async () => {
    serveOrder(() => json(paid));
    const router = renderReceipt({ before: ['/checkout'] });
    await screen.findByRole('heading', { name: 'Successful!' });
    await act(async () => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Checkout page' })).toBeNull();
  });

  it('opened as the first page of the visit (back from the provider’s page): the dashboard is put under it, and back lands there', async () => {
    serveOrder(() => json(paid));
    // The browser's own history: the page before this one is outside the app, out of any blocker's reach.
    window.history.replaceState(null, '', `/payment-successfull?ref=${ref}`);
    const router = createBrowserRouter(routes);
    renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
    expect(await screen.findByRole('heading', { name: 'Successful!' })).toBeVisible();
    // Still the receipt, with the dashboard under it now; nothing was rendered in between.
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/payment-successfull?ref=${ref}`);
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(window.location.pathname).toBe('/dashboard');
    router.dispose();
  });
});
