import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type BookingDraft, emptyDraft } from '../machines/booking/booking-draft.ts';
import { backWarning } from '../machines/booking/booking-steps.ts';
import { bookingSummaryMachine } from '../machines/booking/booking-summary.machine.ts';
import { BookingSummaryView } from '../src/screens/booking-summary/booking-summary-view.tsx';
import { selectBookingSummaryView } from '../src/screens/booking-summary/booking-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot, sampleTutors } from '../tests/support/draft-fixtures.ts';
import { type MachineStories, storyAt } from './machine-story.ts';

/** Adam's GOLD booking: Mathematics with Amira Haddad on two Sundays at 16:00. */
const draft: BookingDraft = {
  ...emptyDraft('new'),
  form: sampleForm,
  lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, description: '<p>12 classes</p><p>45 minutes per class</p>' } },
  totalLessonsLabel: '2 lessons per week · 12 classes',
  slots: {
    '1st Week': [sampleSlot],
    '2nd Week': [{ ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', weekIndex: 1 }],
  },
  tutors: sampleTutors,
};

const stories: MachineStories<typeof bookingSummaryMachine, ReturnType<typeof selectBookingSummaryView>> = {
  machine: bookingSummaryMachine,
  input: { draft, today: '2026-11-23' },
  select: selectBookingSummaryView,
  events: [{ type: 'summary.confirmed' }, { type: 'back.requested' }, { type: 'back.confirmed' }, { type: 'back.cancelled' }],
};

const meta = {
  title: 'Booking/Booking summary',
  component: BookingSummaryView,
  parameters: { machine: stories },
  // The zone is the signed-in client's branch's (the container adds it), not the machine's.
  args: { ...storyAt(stories).args, timesIn: 'Times in Dubai time', onConfirm: fn(), onConfirmBack: fn(), onCancelBack: fn() },
} satisfies Meta<typeof BookingSummaryView>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Viewing: Story = {
  ...storyAt(stories),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText('Adam Ahmed')).toBeVisible();
    await expect(canvas.getByText('GOLD (12 classes)')).toBeVisible();
    await expect(canvas.getByText('45 minutes')).toBeVisible();
    await expect(canvas.getByText('AED 684.00')).toBeVisible();
    const second = within(canvas.getByRole('region', { name: '2nd Week' }));
    await expect(canvas.getByText('Times in Dubai time')).toBeVisible();
    await expect(second.getByText('Sun 13 Dec 2026 · 16:00')).toBeVisible();
    await expect(second.getByText('Mathematics with Amira Haddad')).toBeVisible();
    // Two of the package's 12 classes chosen: the rest wait on the package.
    await expect(canvas.getByText('You have chosen 2 of 12 classes. The other 10 can be booked later from Remaining Classes.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm Booking' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const ConfirmingBack: Story = {
  ...storyAt(stories, [{ type: 'back.requested' }]),
  play: async ({ canvasElement, args }) => {
    const dialog = within(page(canvasElement).getByRole('alertdialog', { name: 'Go back?' }));
    await expect(dialog.getByText(backWarning)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Stay' }));
    await expect(args.onCancelBack).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Go back' }));
    await expect(args.onConfirmBack).toHaveBeenCalledTimes(1);
  },
};

/** Confirmed: on the way to checkout. */
export const Confirmed: Story = {
  ...storyAt(stories, [{ type: 'summary.confirmed' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Left: back confirmed, on the way to the slots. */
export const Left: Story = {
  ...storyAt(stories, [{ type: 'back.requested' }, { type: 'back.confirmed' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};
