import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { classesToPlaceText } from '../machines/booking/classes-to-place.ts';
import { DashboardView } from '../src/screens/dashboard/dashboard-view.tsx';

const meta = {
  title: 'Home/Dashboard',
  component: DashboardView,
  args: {
    scheduled: { all: 3, current: 3, past: 0 },
    scheduledLoading: false,
    loading: false,
    pendingPayment: false,
    openingPayment: false,
    ordersToPlace: [],
    loadError: null,
    retrying: false,
    onOpenPendingPayment: fn(),
    onOpenOrder: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof DashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

const tiles = [
  ['New Booking', '/new-booking'],
  ['CR Tutors', '/crtutors'],
  ['Renew/change Package', '/renew-change-packages'],
] as const;

export const Loading: Story = {
  args: { scheduled: null, scheduledLoading: true, loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeVisible();
    // The cards that may still come would move the tiles: the screen says it is changing.
    await expect(canvas.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    const manageBooking = canvas.getByRole('link', { name: /Manage Booking/ });
    // A spinner, not a number, while the count loads.
    await expect(within(manageBooking).getByRole('status', { name: 'Loading scheduled classes' })).toBeInTheDocument();
    await expect(within(manageBooking).queryByText(/scheduled class/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Complete Your Pending Payment/ })).toBeNull();
  },
};

export const WithPendingPayment: Story = {
  args: { pendingPayment: true },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Manage Booking 3 scheduled classes' })).toHaveAttribute('href', '/manage-booking');
    const card = canvas.getByRole('button', { name: 'Complete Your Pending Payment' });
    await userEvent.click(card);
    await expect(args.onOpenPendingPayment).toHaveBeenCalledTimes(1);
  },
};

/** Paid orders whose hours were lost to a late payment: a card each, which opens the grid for that order. */
export const WithClassesToPlace: Story = {
  args: {
    ordersToPlace: [
      { ref: 'ORD-7-2', text: classesToPlaceText(3) },
      { ref: 'ORD-7-1', text: classesToPlaceText(1) },
    ],
    pendingPayment: true,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('button', { name: 'Your payment was received. Choose new times for 3 classes.' });
    await expect(canvas.getByRole('button', { name: 'Your payment was received. Choose new times for 1 class.' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Complete Your Pending Payment' })).toBeVisible();
    await userEvent.click(card);
    await expect(args.onOpenOrder).toHaveBeenCalledWith('ORD-7-2');
  },
};

export const OpeningPendingPayment: Story = {
  args: { pendingPayment: true, openingPayment: true },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: 'Complete Your Pending Payment' });
    await expect(card).toBeDisabled();
    await expect(card).toHaveAttribute('aria-busy', 'true');
  },
};

export const NoPendingPayment: Story = {
  args: { scheduled: { all: 1, current: 1, past: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Complete Your Pending Payment/ })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'Shortcuts' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage Booking 1 scheduled class' })).toBeVisible();
    for (const [name, href] of tiles) await expect(canvas.getByRole('link', { name })).toHaveAttribute('href', href);
  },
};

/** The count is every lesson of the list, past ones too (spec §2): the tile says how many are still to come. */
export const WithPastLessons: Story = {
  args: { scheduled: { all: 36, current: 26, past: 10 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Manage Booking 36 scheduled classes 26 current, 10 past' })).toHaveAttribute('href', '/manage-booking');
  },
};

export const LoadFailed: Story = {
  args: { scheduled: null, loadError: 'Your scheduled classes could not be loaded.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your scheduled classes could not be loaded.');
    // No count rather than a wrong one.
    await expect(canvas.getByRole('link', { name: 'Manage Booking' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
