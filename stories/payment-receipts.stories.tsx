import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { orderUnpaidText, refMissingText, refMissingTitle } from '../machines/booking/success-sequence.machine.ts';
import { orderUnavailableTexts } from '../machines/rules/order-progress.ts';
import { ApiError } from '../src/api/client.ts';
import { orderFailedText } from '../src/api/calls/payment.ts';
import { type OrderRead, orderUnpaidTitle, selectReceiptView } from '../src/screens/payment/receipt-screen.tsx';
import { ReceiptView } from '../src/screens/payment/receipt-view.tsx';
import { orderStages } from '../tests/support/order-fixtures.ts';

// /payment-successfull: a paid order's receipt (no machine: one read). Args are the screen's selector of the
// read as the query gives it, so the stories show what the screen shows.

const ref = 'ord_12345678';
const orders = orderStages(ref);
const zone = 'Asia/Dubai';
const read = (more: Partial<OrderRead>): OrderRead => ({ data: undefined, error: null, isFetching: false, ...more });
const at = (orderRef: string | null, more: Partial<OrderRead>) => ({ ...selectReceiptView(orderRef, read(more), zone), onRetry: fn() });

const meta = {
  title: 'Payment/Receipt',
  component: ReceiptView,
  args: at(ref, { data: { ...orders.confirmed, paid_at: '2026-11-23T08:00:00Z' } }),
} satisfies Meta<typeof ReceiptView>;
export default meta;
type Story = StoryObj<typeof meta>;

const expectNoSuccess = async (canvasElement: HTMLElement) => expect(within(canvasElement).queryByRole('heading', { name: 'Successful!' })).toBeNull();

export const Paid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/dashboard');
    const facts = within(canvas.getByRole('region', { name: 'Receipt' }));
    await expect(facts.getByText('AED 684')).toBeVisible();
    await expect(facts.getByText('VISA')).toBeVisible();
    await expect(facts.getByText('Mon 23 Nov 2026')).toBeVisible();
    await expect(facts.getByText(ref)).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: '1st Week' })).getAllByRole('img', { name: 'Booked' })).toHaveLength(2);
    await expect(within(canvas.getByRole('region', { name: '1st Week' })).getAllByRole('listitem')[0]).toHaveTextContent('Tutor: Amira Haddad');
    await expect(within(canvas.getByRole('region', { name: 'Your classes' })).getByText('Times in Dubai time')).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: '1st Week' })).getAllByRole('listitem')[0]).toHaveTextContent('Sun 6 Dec 2026 · 16:00');
  },
};

/** Paid after its hold expired: one class waits to be placed. */
export const PaidWithClassesToPlace: Story = {
  args: at(ref, { data: orders.partlyLost }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/1 paid class could not be booked/)).toBeVisible();
  },
};

export const Loading: Story = {
  args: at(ref, { isFetching: true }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your receipt' })).toBeVisible();
    await expectNoSuccess(canvasElement);
  },
};

export const LoadFailed: Story = {
  args: at(ref, { error: new Error(orderFailedText) }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(orderFailedText);
    await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const MissingRef: Story = {
  args: at(null, {}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(`${refMissingTitle}${refMissingText}`);
    await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expectNoSuccess(canvasElement);
  },
};

/** An unknown ref (404). */
export const NotFound: Story = {
  args: at(ref, { error: new ApiError(404, 'Order not found.') }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(orderUnavailableTexts.notFound.text);
    await expectNoSuccess(canvasElement);
  },
};

/** Another client's order (403). */
export const NotYours: Story = {
  args: at(ref, { error: new ApiError(403, 'This order is not yours.') }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(orderUnavailableTexts.notYours.text);
    await expectNoSuccess(canvasElement);
  },
};

/** An order not paid (a bookmark taken on the payment page, a failed or cancelled payment). */
export const Unpaid: Story = {
  args: at(ref, { data: orders.created }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: orderUnpaidTitle })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(orderUnpaidText);
    await expectNoSuccess(canvasElement);
  },
};
