import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PaymentSummaryView } from '../src/screens/payment/payment-summary-view.tsx';

// /payment-summary: the end of the free assessment (no machine).

const meta = {
  title: 'Payment/Payment summary',
  component: PaymentSummaryView,
  args: {
    blocked: {
      '1st Week': [{ key: 'Mathematics-2026-12-06-16:00', subject: 'Mathematics', date: '2026-12-06', time: '16:00', tutorId: 1, tutorPrice: 0, apt_id: 1, weekIndex: 0, name: 'Amira Haddad' }],
    },
    onBack: fn(),
  },
} satisfies Meta<typeof PaymentSummaryView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Summary: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Blocked Classes' })).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: '1st Week' })).getByRole('listitem')).toHaveTextContent('Amira Haddad');
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Dashboard' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const NothingBlocked: Story = {
  args: { blocked: {} },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No classes to show.')).toBeVisible();
  },
};
