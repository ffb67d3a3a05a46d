import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { paymentFailedMachine } from '../machines/booking/payment-failed.machine.ts';
import { PaymentFailedView } from '../src/screens/payment/payment-failed-view.tsx';
import { selectPaymentFailedView } from '../src/screens/payment/payment-failed-screen.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';

const failedStories: MachineStories<typeof paymentFailedMachine, ReturnType<typeof selectPaymentFailedView>> = {
  machine: paymentFailedMachine,
  input: undefined,
  select: selectPaymentFailedView,
  events: [{ type: 'xstate.after.failedRedirect.paymentFailed.showing' }],
};

const meta = {
  title: 'Payment/Failed and cancelled',
  component: PaymentFailedView,
  parameters: { machine: failedStories },
  args: { ...storyAt(failedStories).args, title: 'Payment Failed' },
} satisfies Meta<typeof PaymentFailedView>;
export default meta;
type Story = StoryObj<typeof meta>;

const expectAlert = async (canvasElement: HTMLElement) => {
  const alert = within(canvasElement).getByRole('alert');
  await expect(alert).toHaveTextContent('Payment Failed');
  await expect(alert).toHaveTextContent('Your payment could not be processed.');
};

export const Failed: Story = {
  ...storyAt(failedStories),
  play: async ({ canvasElement }) => {
    await expectAlert(canvasElement);
    await expect(within(canvasElement).getByText('You will be taken to the dashboard in a moment.')).toBeVisible();
  },
};

export const Cancelled: Story = {
  ...storyAt(failedStories),
  args: { title: 'Payment Cancelled' },
  play: async ({ canvasElement }) => {
    await expectAlert(canvasElement);
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
  },
};

export const Leaving: Story = {
  ...storyAt(failedStories, [{ type: 'xstate.after.failedRedirect.paymentFailed.showing' }]),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Going to the dashboard…')).toBeVisible();
  },
};
