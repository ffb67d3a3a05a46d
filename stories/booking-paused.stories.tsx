import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BookingPausedView, bookingPausedTitle } from '../src/screens/booking-gate/booking-paused-view.tsx';

const meta = {
  title: 'Booking/Booking paused',
  component: BookingPausedView,
  args: { contactPhone: '+971 4 123 4567', contactEmail: 'hello@tutoring.example' },
} satisfies Meta<typeof BookingPausedView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** New Booking and Renew while staff have paused booking for the account. */
export const Paused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: bookingPausedTitle })).toBeVisible();
    await expect(canvas.getByRole('link', { name: '+971 4 123 4567' })).toHaveAttribute('href', 'tel:+97141234567');
    await expect(canvas.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};
