import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type ProformaInvoice, invoiceRows } from '../machines/rules/invoices.ts';
import { invoicesFailedText } from '../src/api/calls/invoices.ts';
import { TransactionHistoryView, noTransactionsText } from '../src/screens/transaction-history/transaction-history-view.tsx';

const invoice = (id: number, date_sent: string, description: string, amount: number, status: string, more: Partial<ProformaInvoice> = {}): ProformaInvoice => ({
  id,
  date_sent,
  description,
  amount,
  status,
  client: { id: 7 },
  ...more,
});

const gold = { package_name: 'GOLD', classes: 12, student_names: ['Adam Ahmed'], subjects: ['Mathematics', 'English'] };
const silver = { package_name: 'SILVER', classes: 6, student_names: ['Lina Ahmed'], subjects: ['Science'] };

/** Rows as the screen makes them, from invoices as the server answers them. */
const rows = (invoices: ProformaInvoice[]) => invoiceRows(invoices, { clientId: 7, timeZone: 'Asia/Dubai', currency: 'AED' });

const meta = {
  title: 'Home/Transaction history',
  component: TransactionHistoryView,
  args: {
    loading: false,
    error: null,
    retrying: false,
    invoices: [],
    onRetry: fn(),
    onPay: fn(),
  },
} satisfies Meta<typeof TransactionHistoryView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading transactions' })).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Renew' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { error: invoicesFailedText },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(invoicesFailedText);
    await expect(canvas.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/new-booking');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(noTransactionsText)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/new-booking');
  },
};

export const OneInvoice: Story = {
  args: { invoices: rows([invoice(1, '2026-11-12T06:00:00Z', 'GOLD package - Adam Ahmed', 684, 'paid')]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = within(canvas.getByRole('article', { name: 'GOLD package - Adam Ahmed' }));
    await expect(row.getByText('Thu 12 Nov 2026')).toBeVisible();
    await expect(row.getByText('AED 684')).toBeVisible();
    await expect(row.getByText('Paid')).toHaveAttribute('data-tone', 'paid');
    await expect(canvas.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/new-booking');
  },
};

export const ManyInvoices: Story = {
  args: {
    invoices: rows([
      invoice(1, '2026-09-01T06:00:00Z', 'SILVER package - Lina Ahmed', 342, 'paid'),
      invoice(2, '2026-12-02T21:30:00Z', 'Extra class - Adam Ahmed', 60, 'unpaid'),
      invoice(3, '2026-11-12T06:00:00Z', 'PLATINUM package for two students - Adam Ahmed and Lina Ahmed', 2052.5, 'partially_paid'),
      invoice(4, '2026-10-03T06:00:00Z', 'GOLD package - Adam Ahmed', 1026, 'paid'),
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const headings = canvas.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
    await expect(headings).toEqual(['Extra class - Adam Ahmed', 'PLATINUM package for two students - Adam Ahmed and Lina Ahmed', 'GOLD package - Adam Ahmed', 'SILVER package - Lina Ahmed']);
    const extra = within(canvas.getByRole('article', { name: 'Extra class - Adam Ahmed' }));
    await expect(extra.getByText('Thu 3 Dec 2026')).toBeVisible();
    await expect(extra.getByText('Unpaid')).toHaveAttribute('data-tone', 'unpaid');
    const platinum = within(canvas.getByRole('article', { name: /^PLATINUM/ }));
    await expect(platinum.getByText('AED 2,052.50')).toBeVisible();
    await expect(platinum.getByText('Partially paid')).toHaveAttribute('data-tone', 'other');
  },
};

/** Invoices of orders: named by what they bought, with the method chosen at checkout; the unpaid one offers Pay. */
export const OrdersWithPay: Story = {
  args: {
    invoices: rows([
      invoice(1, '2026-11-12T06:00:00Z', 'Credit Request', 684, 'paid', { purchase: { order_ref: 'ord_12345678', payment_method: 'visa', lines: [gold] }, payment_link: null }),
      invoice(2, '2026-12-02T06:00:00Z', 'Credit Request', 1026, 'unpaid', {
        purchase: { order_ref: 'ord_87654321', payment_method: 'paypal', lines: [gold, silver] },
        payment_link: 'https://pay.example/sandbox/pay/ord_87654321',
      }),
      invoice(3, '2026-10-01T06:00:00Z', 'Registration fee', 50, 'paid', { purchase: null }),
    ]),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('Credit Request')).toBeNull();
    const paid = within(canvas.getByRole('article', { name: 'GOLD · 12 classes · Adam Ahmed · Mathematics, English' }));
    await expect(paid.getByText('VISA')).toBeVisible();
    await expect(paid.queryByRole('button', { name: 'Pay' })).toBeNull();
    const unpaid = within(canvas.getByRole('article', { name: /SILVER · 6 classes · Lina Ahmed · Science$/ }));
    await expect(unpaid.getByText('PayPal')).toBeVisible();
    await userEvent.click(unpaid.getByRole('button', { name: 'Pay' }));
    await expect(args.onPay).toHaveBeenCalledWith('https://pay.example/sandbox/pay/ord_87654321');
    await expect(canvas.getByRole('article', { name: 'Registration fee' })).toBeVisible();
  },
};
