import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { unreadablePackageText } from '../machines/booking/package-offer.ts';
import { clientPackagesFailedText } from '../src/api/calls/booking.ts';
import { RemainingClassesView } from '../src/screens/remaining-classes/remaining-classes-view.tsx';

const meta = {
  title: 'Booking/Remaining classes',
  component: RemainingClassesView,
  args: {
    loading: false,
    error: null,
    retrying: false,
    packages: [],
    unreadableText: unreadablePackageText,
    onRetry: fn(),
    onBook: fn(),
  },
} satisfies Meta<typeof RemainingClassesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading packages' })).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { error: clientPackagesFailedText },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(clientPackagesFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You have no packages yet.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
  },
};

export const List: Story = {
  args: {
    packages: [
      { id: 3, name: 'GOLD', students: ['Adam Ahmed'], booked: 8, total: 12, remaining: 4, openable: true },
      { id: 2, name: 'Unknown Package', students: [], booked: 2, total: 6, remaining: 4, openable: false },
      { id: 1, name: 'SILVER', students: ['Adam Ahmed', 'Lina Ahmed'], booked: 6, total: 6, remaining: 0, openable: true },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const gold = within(canvas.getByRole('article', { name: 'GOLD' }));
    await userEvent.click(gold.getByRole('button', { name: 'Book remaining classes' }));
    await expect(args.onBook).toHaveBeenCalledWith(3);
    const unknown = within(canvas.getByRole('article', { name: 'Unknown Package' }));
    await expect(unknown.getByRole('button', { name: 'Book remaining classes' })).toBeDisabled();
    await expect(unknown.getByText(unreadablePackageText)).toBeVisible();
    await expect(within(canvas.getByRole('article', { name: 'SILVER' })).queryByRole('button')).toBeNull();
  },
};
