import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProformaInvoice } from '../../machines/rules/invoices.ts';
import { invoicesFailedText } from '../../src/api/calls/invoices.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { TransactionHistoryScreen } from '../../src/screens/transaction-history/transaction-history-screen.tsx';
import { noTransactionsText } from '../../src/screens/transaction-history/transaction-history-view.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

const invoice = (id: number, date_sent: string, more: Partial<ProformaInvoice> = {}): ProformaInvoice => ({
  id,
  date_sent,
  status: 'paid',
  description: `Invoice ${id}`,
  amount: 100,
  client: { id: testUser.clientid },
  ...more,
});

function serve(answer: () => Response) {
  fetchMock.mockImplementation(async (request: Request) => {
    if (new URL(request.url).pathname === '/api/proformainvoice') return answer();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

const listing = (results: ProformaInvoice[]) => json({ data: { count: results.length, results } });

function renderTransactionHistory(openPaymentPage: (url: string) => void = () => {}) {
  return renderWithSession(
    <MemoryRouter initialEntries={['/transaction-history']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/transaction-history" element={<TransactionHistoryScreen openPaymentPage={openPaymentPage} />} />
          <Route path="/new-booking" element={<h1>New booking page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

const row = (description: string) => within(screen.getByRole('article', { name: description }));
const statusOf = (description: string, status: string) => row(description).getByText(status);

describe('transaction history', () => {
  it("lists only the client's invoices, newest first, with the branch-zone date, the amount and the status", async () => {
    serve(() =>
      listing([
        invoice(1, '2026-10-20T08:00:00Z', { description: 'SILVER package - Lina Ahmed', amount: 342 }),
        invoice(2, '2026-12-02T21:30:00Z', { description: 'Extra class - Adam Ahmed', amount: 57.5, status: 'unpaid' }),
        invoice(3, '2026-12-04T08:00:00Z', { description: 'Someone else', client: { id: 99 } }),
        invoice(4, '2026-11-12T06:00:00Z', { description: 'GOLD package - Adam Ahmed', amount: 1026 }),
        invoice(5, '2026-11-20T06:00:00Z', { description: 'Refund request', amount: 60, status: 'partially_paid' }),
      ]),
    );
    renderTransactionHistory();
    expect(screen.getByRole('status', { name: 'Loading transactions' })).toBeVisible();
    expect(await screen.findByRole('article', { name: 'GOLD package - Adam Ahmed' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeInTheDocument();

    const listed = within(screen.getByRole('list', { name: 'Transactions' }))
      .getAllByRole('article')
      .map((article) => within(article).getByRole('heading').textContent);
    expect(listed).toEqual(['Extra class - Adam Ahmed', 'Refund request', 'GOLD package - Adam Ahmed', 'SILVER package - Lina Ahmed']);
    expect(screen.queryByText('Someone else')).toBeNull();

    // 21:30 UTC on the 2nd is the 3rd in Dubai, the branch's zone.
    expect(row('Extra class - Adam Ahmed').getByText('Thu 3 Dec 2026')).toHaveAttribute('datetime', '2026-12-02T21:30:00Z');
    expect(row('Extra class - Adam Ahmed').getByText('AED 57.50')).toBeVisible();
    expect(row('GOLD package - Adam Ahmed').getByText('Thu 12 Nov 2026')).toBeVisible();
    expect(row('GOLD package - Adam Ahmed').getByText('AED 1,026')).toBeVisible();
    expect(row('SILVER package - Lina Ahmed').getByText('AED 342')).toBeVisible();

    expect(statusOf('GOLD package - Adam Ahmed', 'Paid')).toHaveTextContent('Status: Paid');
    expect(statusOf('GOLD package - Adam Ahmed', 'Paid')).toHaveAttribute('data-tone', 'paid');
    expect(statusOf('Extra class - Adam Ahmed', 'Unpaid')).toHaveTextContent('Status: Unpaid');
    expect(statusOf('Extra class - Adam Ahmed', 'Unpaid')).toHaveAttribute('data-tone', 'unpaid');
    expect(statusOf('Refund request', 'Partially paid')).toHaveTextContent('Status: Partially paid');
    expect(statusOf('Refund request', 'Partially paid')).toHaveAttribute('data-tone', 'other');
  });

  it('Renew opens /new-booking', async () => {
    serve(() => listing([invoice(1, '2026-11-12T06:00:00Z', { description: 'GOLD package - Adam Ahmed' })]));
    renderTransactionHistory();
    await screen.findByRole('article', { name: 'GOLD package - Adam Ahmed' });
    await userEvent.click(screen.getByRole('link', { name: 'Renew' }));
    expect(await screen.findByRole('heading', { name: 'New booking page' })).toBeVisible();
  });

  it('with no invoice of the client, says there are no transactions yet and still offers Renew', async () => {
    serve(() => listing([invoice(3, '2026-12-04T08:00:00Z', { client: { id: 99 } })]));
    renderTransactionHistory();
    expect(await screen.findByText(noTransactionsText)).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/new-booking');
  });

  it('a failed load shows why with Retry, and retrying loads', async () => {
    let fail = true;
    serve(() => (fail ? new Response('', { status: 500 }) : listing([invoice(1, '2026-11-12T06:00:00Z', { description: 'GOLD package - Adam Ahmed' })])));
    renderTransactionHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent(invoicesFailedText);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'GOLD package - Adam Ahmed' })).toBeVisible();
    expect(sentTo(fetchMock, '/api/proformainvoice')).toHaveLength(2);
  });
});

describe('transaction history names what each payment bought', () => {
  const gold = { package_name: 'GOLD', classes: 12, student_names: ['Adam Ahmed'], subjects: ['Mathematics', 'English'] };
  const silver = { package_name: 'SILVER', classes: 6, student_names: ['Lina Ahmed'], subjects: ['Science'] };

  it('an order’s invoice reads as its package, classes, students and subjects, with the payment method; never the provider’s “Credit Request”', async () => {
    serve(() =>
      listing([
        invoice(1, '2026-11-12T06:00:00Z', { description: 'Credit Request', amount: 684, purchase: { order_ref: 'ord_12345678', payment_method: 'visa', lines: [gold] } }),
        invoice(2, '2026-11-20T06:00:00Z', { description: 'Credit Request', amount: 1026, purchase: { order_ref: 'ord_87654321', payment_method: 'paypal', lines: [gold, silver] } }),
        invoice(3, '2026-10-01T06:00:00Z', { description: 'Registration fee', amount: 50, purchase: null }),
      ]),
    );
    renderTransactionHistory();
    const one = within(await screen.findByRole('article', { name: 'GOLD · 12 classes · Adam Ahmed · Mathematics, English' }));
    expect(one.getByText('VISA')).toHaveTextContent('Payment method: VISA');
    expect(one.getByText('Thu 12 Nov 2026')).toBeVisible();
    expect(one.getByText('AED 684')).toBeVisible();
    // Two students studying individually: a line each.
    const two = within(screen.getByRole('article', { name: 'GOLD · 12 classes · Adam Ahmed · Mathematics, English + SILVER · 6 classes · Lina Ahmed · Science' }));
    expect(two.getByText('SILVER · 6 classes')).toBeVisible();
    expect(two.getByText('Lina Ahmed · Science')).toBeVisible();
    expect(two.getByText('PayPal')).toHaveTextContent('Payment method: PayPal');
    // An invoice raised without an order keeps its own description, and names no method.
    const fee = within(screen.getByRole('article', { name: 'Registration fee' }));
    expect(fee.queryByText(/Payment method/)).toBeNull();
    expect(screen.queryByText('Credit Request')).toBeNull();
  });

  it('an unpaid invoice offers Pay, which opens its payment page; a paid one does not', async () => {
    const openPaymentPage = vi.fn<(url: string) => void>();
    serve(() =>
      listing([
        invoice(1, '2026-11-12T06:00:00Z', { status: 'unpaid', purchase: { order_ref: 'ord_12345678', payment_method: 'mastercard', lines: [gold] }, payment_link: 'https://pay.example/sandbox/pay/ord_12345678' }),
        invoice(2, '2026-11-01T06:00:00Z', { description: 'SILVER', status: 'paid', payment_link: null }),
      ]),
    );
    renderTransactionHistory(openPaymentPage);
    const unpaid = within(await screen.findByRole('article', { name: 'GOLD · 12 classes · Adam Ahmed · Mathematics, English' }));
    expect(unpaid.getByText('Unpaid')).toHaveAttribute('data-tone', 'unpaid');
    const pay = unpaid.getByRole('button', { name: 'Pay' });
    expect(pay).toHaveAccessibleDescription('AED 100: GOLD · 12 classes · Adam Ahmed · Mathematics, English');
    await userEvent.click(pay);
    expect(openPaymentPage).toHaveBeenCalledExactlyOnceWith('https://pay.example/sandbox/pay/ord_12345678');
    expect(within(screen.getByRole('article', { name: 'SILVER' })).queryByRole('button', { name: 'Pay' })).toBeNull();
  });
});
