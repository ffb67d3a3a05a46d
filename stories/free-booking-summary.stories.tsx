import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { BookedLessons } from '../machines/booking/book-lessons.ts';
import { type BookingDraft, emptyDraft } from '../machines/booking/booking-draft.ts';
import { backWarning } from '../machines/booking/booking-steps.ts';
import { freeBookingSummaryMachine } from '../machines/booking/free-booking-summary.machine.ts';
import { HoursTakenError } from '../contract/taken-hours.ts';
import { ApiError } from '../src/api/client.ts';
import { bookingFailedText } from '../src/api/calls/booking.ts';
import { BookingSummaryView } from '../src/screens/booking-summary/booking-summary-view.tsx';
import { selectFreeBookingSummaryView } from '../src/screens/booking-summary/free-booking-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot } from '../tests/support/draft-fixtures.ts';
import { type MachineStories, storyAt } from './machine-story.ts';
import { freeAssessmentUsedText } from '../contract/refusals.ts';

/** Adam's free assessment: Mathematics with Amira Haddad on Sunday 6 December at 16:00. */
const draft: BookingDraft = { ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } };

/** The machine as stories run it: the booking call is on its way and stays there. */
const storyMachine = freeBookingSummaryMachine.provide({ actors: { bookFreeAssessment: fromPromise(() => new Promise<BookedLessons>(() => {})) } });

const booked: BookedLessons = { success: true, data: [] };
/** POST /bookings refused: someone else took the class's hour meanwhile. */
const taken = new HoursTakenError('This hour was just taken.', [{ subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, reason: 'taken' }]);

const stories: MachineStories<typeof freeBookingSummaryMachine, ReturnType<typeof selectFreeBookingSummaryView>> = {
  machine: storyMachine,
  input: { draft, today: '2026-11-23', clientid: 7, branchId: 1, timeZone: 'Asia/Dubai' },
  select: selectFreeBookingSummaryView,
  events: [
    { type: 'summary.confirmed' },
    { type: 'xstate.done.actor.bookFreeAssessment', output: booked },
    { type: 'xstate.error.actor.bookFreeAssessment', error: taken },
    { type: 'xstate.error.actor.bookFreeAssessment', error: new ApiError(409, freeAssessmentUsedText) },
    { type: 'back.requested' },
    { type: 'back.confirmed' },
    { type: 'back.cancelled' },
  ],
};

const meta = {
  title: 'Booking/Free assessment summary',
  component: BookingSummaryView,
  parameters: { machine: stories },
  args: { ...storyAt(stories).args, onConfirm: fn(), onConfirmBack: fn(), onCancelBack: fn() },
} satisfies Meta<typeof BookingSummaryView>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Viewing: Story = {
  ...storyAt(stories),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Free Assessment Summary' })).toBeInTheDocument();
    await expect(canvas.getByText('Adam Ahmed')).toBeVisible();
    await expect(canvas.getByText('Free Assessment (1 class)')).toBeVisible();
    await expect(canvas.getByText('60 minutes')).toBeVisible();
    await expect(canvas.getByText('AED 0')).toBeVisible();
    const week = within(canvas.getByRole('region', { name: '1st Week' }));
    await expect(canvas.getByText('Times in Dubai time')).toBeVisible();
    await expect(week.getByText('Sun 6 Dec 2026 · 16:00')).toBeVisible();
    await expect(week.getByText('Mathematics with Amira Haddad')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm Booking' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Booking: Story = {
  ...storyAt(stories, [{ type: 'summary.confirmed' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('button', { name: 'Booking…' })).toBeDisabled();
  },
};

/** A failure other than the free class being had already: the reason, and Confirm Booking again. */
export const Failed: Story = {
  args: storyAt(stories, [{ type: 'summary.confirmed' }, { type: 'xstate.error.actor.bookFreeAssessment', error: new ApiError(500, bookingFailedText) }]).args,
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(bookingFailedText);
    await expect(canvas.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  },
};

/** A second free assessment: refused, said plainly, and it cannot be confirmed again. */
export const Refused: Story = {
  ...storyAt(stories, [{ type: 'summary.confirmed' }, { type: 'xstate.error.actor.bookFreeAssessment', error: new ApiError(409, freeAssessmentUsedText) }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(freeAssessmentUsedText);
    await expect(canvas.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
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

/** Booked: on the way to /payment-summary. */
export const Booked: Story = {
  ...storyAt(stories, [{ type: 'summary.confirmed' }, { type: 'xstate.done.actor.bookFreeAssessment', output: booked }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Left: back confirmed, on the way to /free-book with the slot cleared. */
export const Left: Story = {
  ...storyAt(stories, [{ type: 'back.requested' }, { type: 'back.confirmed' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** The class's hour taken by someone else meanwhile: on the way back to /free-book, which says so. */
export const HoursTaken: Story = {
  ...storyAt(stories, [{ type: 'summary.confirmed' }, { type: 'xstate.error.actor.bookFreeAssessment', error: taken }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};
