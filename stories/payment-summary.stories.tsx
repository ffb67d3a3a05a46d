import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { serviceFailedText } from '../src/api/calls/services.ts';
import { type FreeClassRead, selectPaymentSummaryView } from '../src/screens/payment/payment-summary-screen.tsx';
import { PaymentSummaryView, noFreeClassText, thankYouText } from '../src/screens/payment/payment-summary-view.tsx';

// /payment-summary: the end of the free assessment (no machine: one read of the client's free class). Args
// are the screen's selector of the read as the query gives it.

const freeClass = { id: 9, start: '2026-12-06T12:00:00Z', subject: 'Mathematics', students: ['Adam Ahmed'], tutors: ['Amira Haddad'] };
const at = (more: Partial<FreeClassRead>) => ({
  ...selectPaymentSummaryView({ data: undefined, error: null, isFetching: false, ...more }, 'Asia/Dubai'),
  onBack: fn(),
  onRetry: fn(),
});

const meta = {
  title: 'Payment/Payment summary',
  component: PaymentSummaryView,
  args: at({ data: freeClass }),
} satisfies Meta<typeof PaymentSummaryView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Booked: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: thankYouText })).toBeVisible();
    const blocked = within(canvas.getByRole('region', { name: 'Blocked Classes' }));
    await expect(blocked.getByRole('listitem')).toHaveTextContent('MathematicsSun 6 Dec 2026 · 16:00 Dubai timeFor Adam Ahmed · Tutor: Amira Haddad');
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Dashboard' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: at({ isFetching: true }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading your class' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: thankYouText })).toBeNull();
  },
};

/** No free class on the account (a bookmark, a cancelled class): nothing to confirm. */
export const NoFreeClass: Story = {
  args: at({ data: null }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(noFreeClassText);
    await expect(canvas.queryByRole('heading', { name: thankYouText })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Back to Dashboard' }));
    await expect(args.onBack).toHaveBeenCalledTimes(1);
  },
};

export const LoadFailed: Story = {
  args: at({ error: new Error(serviceFailedText) }),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(serviceFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
