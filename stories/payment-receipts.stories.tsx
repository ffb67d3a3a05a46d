import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { lessonsByWeek } from '../machines/rules/lesson-weeks.ts';
import { ReceiptView } from '../src/screens/payment/receipt-view.tsx';

// /payment-successfull: a completed order's receipt (no machine: two reads).

const weeks = lessonsByWeek(
  [
    { id: 1, start: '2026-12-06T12:00:00Z', topic: 'Mathematics' },
    { id: 2, start: '2026-12-07T05:00:00Z', topic: 'English' },
    { id: 3, start: '2026-12-13T12:00:00Z', topic: 'Mathematics' },
  ],
  'Asia/Dubai',
);

const meta = {
  title: 'Payment/Receipt',
  component: ReceiptView,
  args: { loading: false, error: null, weeks, onRetry: fn() },
} satisfies Meta<typeof ReceiptView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/dashboard');
    await expect(within(canvas.getByRole('region', { name: '1st Week' })).getAllByRole('img', { name: 'Booked' })).toHaveLength(2);
  },
};

export const Loading: Story = {
  args: { loading: true, weeks: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your classes' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  args: { error: 'Cannot verify payment.', weeks: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Cannot verify payment.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
