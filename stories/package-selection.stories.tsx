import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import { type BookingDraft, type PackageForm, emptyDraft, withForm, withStudentChosen } from '../machines/booking/booking-draft.ts';
import { type PackageSelectionEvent, packageSelectionMachine } from '../machines/booking/package-selection.machine.ts';
import { type Offer, type Package, renewalSource } from '../machines/booking/package-offer.ts';
import { weeklyLessonsBanner } from '../machines/rules/packages.ts';
import { packagesFailedText } from '../src/api/calls/catalogue.ts';
import { PackageSelectionView } from '../src/screens/package-selection/package-selection-view.tsx';
import { selectPackageSelectionView } from '../src/screens/package-selection/package-selection-screen.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';

const pkg = (id: 2 | 3 | 4, name: Package['name'], total: number, numberofclass: number, offers: string): Package => ({
  id,
  name,
  description: `<p>${numberofclass} one-hour classes with a tutor of your choice</p><p>60 minutes per class</p>`,
  numberofclass,
  types: 'One-to-one',
  offers,
  total,
  duration_days: 45,
  mostPopular: id === 3,
});
const catalogue = [pkg(2, 'SILVER', 360, 6, ''), pkg(3, 'GOLD', 684, 12, 'Save 5%'), pkg(4, 'PLATINUM', 1296, 24, 'Save 10%')];
const goldId = 3;

const adam: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };

/** The client's paid GOLD package with 4 classes still to book: what the renewal renews. */
const renewed = renewalSource([
  {
    id: 9,
    clientid: 7,
    packageForm: JSON.stringify({ lessonData: { packageName: 'GOLD', studentName: { name1: 'Adam Ahmed' } }, packageFormData: adam }),
    bookingdata: { bookdata: [] },
    purches_status: 1,
    booked_classess: 8,
    total_classess: 12,
    remaining_classess: 4,
    completed_classess: 2,
    created_at: '2026-11-01T10:00:00Z',
  },
]);
if (!renewed) throw new Error('the sample package cannot be renewed');

/** The machine as stories run it: the offer is on its way and stays there. */
const storyMachine = packageSelectionMachine.provide({ actors: { loadOffer: fromPromise(() => new Promise<Offer>(() => {})) } });

const storiesFor = (draft: BookingDraft, offer: Offer, subjects: string[]): MachineStories<typeof packageSelectionMachine, ReturnType<typeof selectPackageSelectionView>> => ({
  machine: storyMachine,
  input: { draft, today: '2026-11-23', currency: 'AED', renewalPrice: 60, clientid: 7 },
  select: selectPackageSelectionView,
  events: [
    { type: 'xstate.done.actor.loadOffer', output: offer },
    // A renewal for a client with nothing paid.
    { type: 'xstate.done.actor.loadOffer', output: { packages: [] } },
    { type: 'xstate.error.actor.loadOffer', error: new Error(packagesFailedText) },
    { type: 'load.retried' },
    { type: 'package.toggled', id: goldId },
    ...subjects.map((subject) => ({ type: 'lessons.changed', subject, count: 2 })),
    { type: 'package.closed' },
    { type: 'package.selected' },
    { type: 'renewal.confirmed' },
    { type: 'renewal.cancelled' },
    { type: 'back.requested' },
    { type: 'xstate.after.banner.packageSelection.choosing.invalid' },
  ],
});

/** Every state of the machine, on /renew-change-packages: the one screen that reaches them all. */
const renewalStories = storiesFor(emptyDraft('renewal'), { packages: catalogue, renewal: renewed }, ['Mathematics']);

const loaded: AnyEventObject[] = [{ type: 'xstate.done.actor.loadOffer', output: { packages: catalogue, renewal: renewed } }];
const expanded: AnyEventObject[] = [...loaded, { type: 'package.toggled', id: goldId } satisfies PackageSelectionEvent];
const chosen: AnyEventObject[] = [...expanded, { type: 'lessons.changed', subject: 'Mathematics', count: 2 } satisfies PackageSelectionEvent];
const selected: PackageSelectionEvent = { type: 'package.selected' };

const meta = {
  title: 'Booking/Package selection',
  component: PackageSelectionView,
  parameters: { machine: renewalStories },
  args: {
    ...storyAt(renewalStories).args,
    onRetry: fn(),
    onToggle: fn(),
    onCountChange: fn(),
    onClose: fn(),
    onSelect: fn(),
    onConfirmRenewal: fn(),
    onCancelRenewal: fn(),
  },
} satisfies Meta<typeof PackageSelectionView>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  ...storyAt(renewalStories),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading packages' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'GOLD' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  ...storyAt(renewalStories, [{ type: 'xstate.error.actor.loadOffer', error: new Error(packagesFailedText) }]),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(packagesFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const NothingToRenew: Story = {
  ...storyAt(renewalStories, [{ type: 'xstate.done.actor.loadOffer', output: { packages: [] } }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText('You have no package to renew yet.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
  },
};

export const Choosing: Story = {
  ...storyAt(renewalStories, loaded),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText('Adam Ahmed · Year 5 / Grade 4 · Mathematics')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Book your remaining classes' })).toHaveAttribute('href', '/remaining-classes');
    const gold = canvas.getByRole('button', { name: 'GOLD' });
    await expect(gold).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText('AED 684')).toBeVisible();
    await expect(canvas.getByText('Most popular')).toBeVisible();
    await expect(canvas.queryByRole('combobox')).toBeNull();
    await userEvent.click(gold);
    await expect(args.onToggle).toHaveBeenCalledWith(goldId);
  },
};

export const Expanded: Story = {
  ...storyAt(renewalStories, expanded),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: 'GOLD' })).toHaveAttribute('aria-expanded', 'true');
    const maths = canvas.getByRole('combobox', { name: 'Mathematics lessons per week' });
    await expect(maths).toHaveValue('');
    await userEvent.selectOptions(maths, '2');
    await expect(args.onCountChange).toHaveBeenCalledWith('Mathematics', 2);
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Select' }));
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
  },
};

export const BannerShowing: Story = {
  ...storyAt(renewalStories, [...expanded, selected]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(weeklyLessonsBanner);
    // The client goes on editing while it shows.
    await expect(canvas.getByRole('combobox', { name: 'Mathematics lessons per week' })).toBeEnabled();
  },
};

export const ConfirmingRenewal: Story = {
  ...storyAt(renewalStories, [...chosen, selected]),
  play: async ({ canvasElement, args }) => {
    const dialog = within(page(canvasElement).getByRole('alertdialog', { name: 'Are You Sure You Want to Renew Your Package?' }));
    await expect(dialog.getByText('Your current package still has 4 classes to book.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Yes, renew' }));
    await expect(args.onConfirmRenewal).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancelRenewal).toHaveBeenCalledTimes(1);
  },
};

/** Selected: the screen gives way to the slots (the container renders the redirect). */
export const Selected: Story = {
  ...storyAt(renewalStories, [...chosen, selected, { type: 'renewal.confirmed' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Left: back, on the way to the dashboard. */
export const Left: Story = {
  ...storyAt(renewalStories, [{ type: 'back.requested' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

// The other two screens, as their drafts make them (their states are the renewal's; only what they show differs).

const twoSubjects: PackageForm = { ...adam, subject: ['Mathematics', 'English'] };
const newStories = storiesFor(withForm(emptyDraft('new'), twoSubjects), { packages: catalogue }, twoSubjects.subject);

/** /manage-packages for one student with two subjects: GOLD and PLATINUM only, GOLD expanded and filled in. */
export const ManagePackages: Story = {
  args: storyAt(newStories, [
    { type: 'xstate.done.actor.loadOffer', output: { packages: catalogue } },
    { type: 'package.toggled', id: goldId },
    { type: 'lessons.changed', subject: 'Mathematics', count: 2 },
    { type: 'lessons.changed', subject: 'English', count: 1 },
  ]).args,
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['GOLD', 'PLATINUM']);
    await expect(canvas.getByRole('combobox', { name: 'Mathematics lessons per week' })).toHaveValue('2');
    await expect(canvas.getByRole('combobox', { name: 'English lessons per week' })).toHaveValue('1');
    await expect(canvas.queryByRole('link', { name: 'Book your remaining classes' })).toBeNull();
  },
};

const individual: PackageForm = {
  ...adam,
  students: 2,
  name1: '',
  studyType: 'no',
  student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] },
  student2: { name: 'Lina Ahmed', programOne: 2, program: 'Year 8 / Grade 7', subject: ['English', 'Science'] },
};
const splitStories = storiesFor(withStudentChosen(withForm(emptyDraft('new'), individual), 2), { packages: catalogue }, ['English', 'Science']);

/** The individual split: the selectors are the chosen student's, and say whose. */
export const SplitStudent: Story = {
  args: storyAt(splitStories, [
    { type: 'xstate.done.actor.loadOffer', output: { packages: catalogue } },
    { type: 'package.toggled', id: goldId },
  ]).args,
  play: async ({ canvasElement }) => {
    const group = within(page(canvasElement).getByRole('group', { name: 'Lessons per week for Lina Ahmed' }));
    await expect(group.getByRole('combobox', { name: 'English lessons per week' })).toBeVisible();
    await expect(group.getByRole('combobox', { name: 'Science lessons per week' })).toBeVisible();
  },
};

const remainingStories = storiesFor({ ...withForm(emptyDraft('remaining'), adam), clientPackageId: 9 }, { packages: catalogue }, ['Mathematics']);

/** /remaining-package: every card at the renewal price. */
export const RemainingPackage: Story = {
  args: storyAt(remainingStories, [{ type: 'xstate.done.actor.loadOffer', output: { packages: catalogue } }]).args,
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getAllByText('AED 60')).toHaveLength(3);
    await expect(canvas.queryByText('AED 684')).toBeNull();
  },
};
