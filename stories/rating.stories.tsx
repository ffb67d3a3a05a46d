import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { type RatedLesson, type RatingEvent, ratingMachine } from '../machines/rating.machine.ts';
import { RatingDialogView } from '../src/screens/manage-booking/rating-dialog-view.tsx';
import { selectRatingView } from '../src/screens/manage-booking/rating-dialog.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';

const lesson: RatedLesson = { id: 41, name: 'Mathematics, Sun 1 Nov 2026 · 16:00' };
const notSent = 'Your rating could not be sent. Please try again.';

/** The rating machine as stories run it: the review is on its way and stays there. */
const ratingStories: MachineStories<typeof ratingMachine, ReturnType<typeof selectRatingView>> = {
  machine: ratingMachine.provide({ actors: { sendReview: fromPromise(() => new Promise<{ message: string }>(() => {})) } }),
  input: { reviewer: { clientid: 1, email: 'parent@example.com' } },
  select: selectRatingView,
  events: [
    { type: 'rating.opened', lesson },
    { type: 'rating.starHovered', stars: 4 },
    { type: 'rating.hoverEnded' },
    { type: 'rating.starChosen', stars: 3 },
    { type: 'rating.feedbackChanged', text: 'Lovely, patient tutor.' },
    { type: 'rating.submitted' },
    { type: 'rating.cancelled' },
    { type: 'xstate.error.actor.sendReview', error: new Error(notSent) },
  ],
};

const opened: RatingEvent[] = [{ type: 'rating.opened', lesson }];
const rated: RatingEvent[] = [...opened, { type: 'rating.starChosen', stars: 3 }, { type: 'rating.feedbackChanged', text: 'Lovely, patient tutor.' }];

const meta = {
  title: 'Lessons/Rate Us',
  component: RatingDialogView,
  parameters: { machine: ratingStories, layout: 'centered' },
  args: {
    ...storyAt(ratingStories).args,
    onHover: fn(),
    onHoverEnd: fn(),
    onChoose: fn(),
    onFeedbackChange: fn(),
    onSubmit: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof RatingDialogView>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Rate Us' });

/** Closed: nothing is shown until a past booking's Comment opens it. */
export const Closed: Story = {
  ...storyAt(ratingStories),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull();
  },
};

export const NoStarYet: Story = {
  ...storyAt(ratingStories, opened),
  play: async ({ canvasElement, args }) => {
    const open = within(dialog(canvasElement));
    // The dialog names the one lesson it rates.
    await expect(open.getByText('Mathematics, Sun 1 Nov 2026 · 16:00')).toBeVisible();
    await expect(open.getByText('Tap a star to rate')).toBeVisible();
    await expect(open.getByPlaceholderText('Write your feedback...')).toBeVisible();
    await expect(open.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.click(open.getByRole('radio', { name: '4 stars' }));
    await expect(args.onChoose).toHaveBeenCalledWith(4);
  },
};

export const Hovering: Story = {
  ...storyAt(ratingStories, [...opened, { type: 'rating.starHovered', stars: 4 }]),
  play: async ({ canvasElement }) => {
    const lit = [...dialog(canvasElement).querySelectorAll('label[data-lit="true"]')];
    await expect(lit).toHaveLength(4);
  },
};

export const Rated: Story = {
  ...storyAt(ratingStories, rated),
  play: async ({ canvasElement }) => {
    const open = within(dialog(canvasElement));
    await expect(open.getByText('You rated 3 star(s)')).toBeVisible();
    await expect(open.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(open.getByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};

export const Sending: Story = {
  ...storyAt(ratingStories, [...rated, { type: 'rating.submitted' }]),
  play: async ({ canvasElement }) => {
    const open = within(dialog(canvasElement));
    await expect(open.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(open.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** Back in editing after a failed submit: why, inside the dialog (the modal hides the toasts behind it). */
export const NotSent: Story = {
  ...storyAt(ratingStories, [...rated, { type: 'rating.submitted' }, { type: 'xstate.error.actor.sendReview', error: new Error(notSent) }]),
  play: async ({ canvasElement }) => {
    const open = within(dialog(canvasElement));
    await expect(open.getByRole('alert')).toHaveTextContent(notSent);
    await expect(open.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(open.getByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};
