import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type BookingDraft, type PackageForm, emptyDraft, withForm, withLessons, withOtherStudent, withSlots, withStudentChosen } from '../machines/booking/booking-draft.ts';
import { type TwoStudentSplitEvent, twoStudentSplitMachine } from '../machines/booking/two-student-split.machine.ts';
import { OtherStudentButtonView } from '../src/screens/checkout/other-student-button-view.tsx';
import { selectOtherStudentView } from '../src/screens/checkout/select-other-student.ts';
import { type MachineStories, storyAt } from './machine-story.ts';
import { individualForm } from '../tests/support/draft-fixtures.ts';

const form: PackageForm = individualForm();

/** Adam (student 1) at checkout with GOLD and one slot; Lina is still to be booked. */
const firstAtCheckout: BookingDraft = withSlots(
  withLessons(
    withStudentChosen(withForm(emptyDraft('new'), form), 1),
    {
      packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
      packageName: 'GOLD',
      studentName: { name1: 'Adam Ahmed' },
      lessonCounts: { Mathematics: 2 },
    },
    '12 Lessons',
  ),
  { '1st Week': [{ key: 'Mathematics-2026-12-06-16:00', subject: 'Mathematics', date: '2026-12-06', time: '16:00', tutorId: 1, tutorPrice: 120, apt_id: 1, weekIndex: 0, name: 'Amira Haddad' }] },
  [{ id: 1, name: 'Amira Haddad', subject: 'Mathematics' }],
);

const events: TwoStudentSplitEvent[] = [{ type: 'split.otherStudentRequested' }];

/** The split as the first student's checkout runs it: the button is shown. */
const pendingStories: MachineStories<typeof twoStudentSplitMachine, ReturnType<typeof selectOtherStudentView>> = {
  machine: twoStudentSplitMachine,
  input: { draft: firstAtCheckout, today: '2026-11-24' },
  select: selectOtherStudentView,
  events,
};

/** The split on a checkout with nobody left to switch to: the second student's, which pays for both. */
const singleStories: typeof pendingStories = { ...pendingStories, input: { draft: withOtherStudent(firstAtCheckout) as BookingDraft, today: '2026-11-24' } };

/** The same when the client chose Student 2 first: Lina at checkout, Adam to come. */
const secondFirstStories: typeof pendingStories = {
  ...pendingStories,
  input: { draft: { ...firstAtCheckout, split: { studentType: 2, otherStudentPending: true, done: [] } }, today: '2026-11-24' },
};

const meta = {
  title: 'Booking/Other student',
  component: OtherStudentButtonView,
  parameters: { machine: pendingStories, layout: 'padded' },
  // As checkout places it: the width of the phone screen, in the column where Pay Now would be.
  decorators: [
    (Story) => (
      <main style={{ maxWidth: 390 }}>
        <h1>Checkout</h1>
        <Story />
      </main>
    ),
  ],
  args: { ...storyAt(pendingStories).args, onRequest: fn() },
} satisfies Meta<typeof OtherStudentButtonView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing to switch: the button is not there, checkout shows Pay Now. (A story with a machine of its own comes before the meta's: the coverage test walks the last one's.) */
export const Single: Story = {
  ...storyAt(singleStories),
  parameters: { ...storyAt(singleStories).parameters, machine: singleStories },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Student 2 was chosen first: 'Go For First'. */
export const FirstStillToCome: Story = {
  ...storyAt(secondFirstStories),
  parameters: { ...storyAt(secondFirstStories).parameters, machine: secondFirstStories },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Go For First' })).toBeEnabled();
  },
};

/** Student 1 at checkout, student 2 to come: 'Go For Second' instead of Pay Now. */
export const OtherStudentPending: Story = {
  ...storyAt(pendingStories),
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Go For Second' });
    await expect(button).toBeEnabled();
    await userEvent.click(button);
    await expect(args.onRequest).toHaveBeenCalledTimes(1);
    // A real button: the keyboard presses it too.
    await userEvent.keyboard('{Enter}');
    await expect(args.onRequest).toHaveBeenCalledTimes(2);
  },
};

/** Pressed: the draft is switched and the screen leaves for the packages, so the button is gone. */
export const Switched: Story = {
  ...storyAt(pendingStories, events),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
