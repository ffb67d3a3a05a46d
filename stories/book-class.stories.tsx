import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactElement } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import type { BookedLessons } from '../machines/booking/book-lessons.ts';
import { type BookingDraft, type LessonData, type PackageForm, emptyDraft, withForm, withLessons } from '../machines/booking/booking-draft.ts';
import { takenHoursNotice } from '../machines/booking/taken-hours.ts';
import { HoursTakenError } from '../contract/taken-hours.ts';
import { slotSelectionMachine } from '../machines/booking/slot-selection.machine.ts';
import type { GridData, SlotSelectionEvent, TutorOffer } from '../machines/booking/slot-selection.model.ts';
import { availabilityFailedText, tutorInfoFailedText } from '../src/api/calls/slots.ts';
import { AppShell } from '../src/app/app-layout.tsx';
import { BookClassView } from '../src/screens/book-class/book-class-view.tsx';
import { freeOneClassText, selectBookClassView } from '../src/screens/book-class/book-class-screen.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';
import { freeAssessmentUsedText } from '../contract/refusals.ts';

const form: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics', 'English'], studyType: null };
const lessons: LessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics', 'English'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed' },
  lessonCounts: { Mathematics: 1, English: 1 },
};
const draft: BookingDraft = withLessons(withForm(emptyDraft('new'), form), lessons, '2 lessons per week · 12 lessons');

// Three tutors' afternoons on the weekdays of the first weeks, in Dubai.
const days = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'];
const grid: GridData = {
  windows: days.map((day, i) => ({ start: `${day}T15:00:00+04:00`, finish: `${day}T19:00:00+04:00`, apt_id: i + 1, contractor_id: 5 })),
  freeAssessmentUsed: false,
};
const tutors: TutorOffer[] = [
  { id: 5, name: 'Amira Haddad', price: 120 },
  { id: null, name: 'Omar Khalil', price: 100 },
];

/** The machine as stories run it: its calls are on their way and stay there. */
const storyMachine = slotSelectionMachine.provide({
  actors: {
    loadGrid: fromPromise(() => new Promise<GridData>(() => {})),
    fetchTutors: fromPromise(() => new Promise<TutorOffer[]>(() => {})),
    createClientPackage: fromPromise(() => new Promise<{ id: number }>(() => {})),
    bookRemaining: fromPromise(() => new Promise<BookedLessons>(() => {})),
  },
});

const wednesday = { date: '2026-11-25', time: '15:00' };

const stories: MachineStories<typeof slotSelectionMachine, ReturnType<typeof selectBookClassView>> = {
  machine: storyMachine,
  input: { draft, today: '2026-11-23', branchId: 1, timeZone: 'Asia/Dubai', clientid: 7 },
  select: selectBookClassView,
  events: [
    { type: 'xstate.done.actor.loadGrid', output: grid },
    { type: 'xstate.error.actor.loadGrid', error: new Error(availabilityFailedText) },
    { type: 'load.retried' },
    { type: 'slot.clicked', ...wednesday },
    { type: 'xstate.done.actor.fetchTutors', output: tutors },
    { type: 'tutor.chosen', index: 0 },
    { type: 'tutors.closed' },
    { type: 'freeAssessment.toggled' },
    { type: 'book.requested' },
    { type: 'xstate.done.actor.createClientPackage', output: { id: 41 } },
    { type: 'back.requested' },
    { type: 'back.confirmed' },
    { type: 'back.cancelled' },
  ],
};

const loaded: AnyEventObject[] = [{ type: 'xstate.done.actor.loadGrid', output: grid }];
const clicked: AnyEventObject[] = [...loaded, { type: 'slot.clicked', ...wednesday } satisfies SlotSelectionEvent];
const offered: AnyEventObject[] = [...clicked, { type: 'xstate.done.actor.fetchTutors', output: tutors }];
const chosen: AnyEventObject[] = [...offered, { type: 'tutor.chosen', index: 0 } satisfies SlotSelectionEvent];

const meta = {
  title: 'Booking/Book classes',
  component: BookClassView,
  parameters: { machine: stories },
  args: {
    ...storyAt(stories).args,
    onRetry: fn(),
    onSubject: fn(),
    onMonth: fn(),
    onWeek: fn(),
    onPreviousWeeks: fn(),
    onNextWeeks: fn(),
    onShowWeek: fn(),
    onSlot: fn(),
    onRemove: fn(),
    onTutor: fn(),
    onCloseTutors: fn(),
    onFreeAssessment: fn(),
    onBook: fn(),
    onConfirmBack: fn(),
    onCancelBack: fn(),
  },
} satisfies Meta<typeof BookClassView>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Loading: Story = {
  ...storyAt(stories),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading free hours' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  ...storyAt(stories, [{ type: 'xstate.error.actor.loadGrid', error: new Error(availabilityFailedText) }]),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(availabilityFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Choosing: Story = {
  ...storyAt(stories, loaded),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Mathematics 0' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('combobox', { name: 'Month' })).toHaveValue('2026-11');
    await expect(canvas.getByRole('option', { name: 'October 2026' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: '1st Week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.queryByRole('button', { name: '4th Week' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Previous weeks' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'Free Assessment' })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
    await expect(args.onSlot).toHaveBeenCalledWith('2026-11-25', '15:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Next weeks' }));
    await expect(args.onNextWeeks).toHaveBeenCalledTimes(1);
  },
};

// The window sizes the layout stories run at (the Vitest addon sizes the browser to the story's viewport).
const viewports = {
  phone: { name: 'Phone 390 × 844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
  wide: { name: 'Desktop 1280 × 800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;
const at = (viewport: keyof typeof viewports) => ({ parameters: { viewport: { options: viewports } }, globals: { viewport: { value: viewport, isRotated: false } } });

/** The grid as the app draws it: in the signed-in shell (its header bar, and its wide column from 1024 px). */
const inTheShell = (Story: () => ReactElement) => (
  <AppShell title="Book Classes" firstName="Amira" lastName="Haddad" contactPhone="+971 4 123 4567" contactEmail="hello@tutoring.example" socialLinks={[]} onBack={fn()} onFreshStart={fn()} onLogout={fn()}>
    <Story />
  </AppShell>
);

/** Each element's rendered size, at least 44 × 44 CSS px (issue 19; WCAG 2.5.8 asks 24). */
async function expectTapTargets(elements: readonly Element[]) {
  await expect(elements.length).toBeGreaterThan(0);
  const sizes = elements.map((element) => {
    const box = element.getBoundingClientRect();
    return { name: element.getAttribute('aria-label') ?? element.textContent, wide: box.width >= 44, tall: box.height >= 44 };
  });
  await expect(sizes).toEqual(sizes.map(({ name }) => ({ name, wide: true, tall: true })));
}

/** A 390 px phone: seven day columns fit, every tap target is 44 × 44 at least, and the days without hours say why. */
export const ChoosingOnAPhone: Story = {
  ...storyAt(stories, loaded),
  ...at('phone'),
  decorators: [inTheShell],
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(window.innerWidth).toBe(390);
    const grid = canvas.getByRole('grid', { name: 'Hours of the week' });
    await expect(canvas.getByText('Times are Dubai time')).toBeVisible();
    await expect(within(grid).getAllByRole('columnheader')).toHaveLength(7);
    // Before today + 2 (Monday the 23rd): too soon; Saturday the 28th: no tutor free.
    await expect(within(grid).getByRole('columnheader', { name: 'Sun 22 Nov 2026 Too soon' })).toHaveAccessibleDescription('Too soon: lessons are booked at least 2 days ahead.');
    await expect(within(grid).getAllByText('Too soon')).toHaveLength(3);
    await expect(within(grid).getByRole('columnheader', { name: 'Sat 28 Nov 2026 No tutor' })).toBeVisible();
    // Nothing wider than the phone.
    await expect(grid.getBoundingClientRect().right).toBeLessThanOrEqual(390);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    await expectTapTargets([
      ...within(grid).getAllByRole('button'),
      ...canvas.getAllByRole('button', { name: /Week$/ }),
      canvas.getByRole('button', { name: 'Previous weeks' }),
      canvas.getByRole('button', { name: 'Next weeks' }),
      canvas.getByRole('button', { name: 'Mathematics 0' }),
      canvas.getByRole('button', { name: 'English 0' }),
      // The checkbox's hit area is its label.
      canvas.getByText('Free Assessment').closest('label') ?? canvasElement,
      canvas.getByRole('button', { name: 'Menu' }),
      canvas.getByRole('button', { name: 'Back' }),
    ]);
  },
};

/** The page scrolls a long way below the grid (a long list of chosen slots, a small phone). */
const withRoomBelow = (Story: () => ReactElement) => (
  <>
    <Story />
    <div style={{ height: '1500px' }} />
  </>
);

/** An hour the arrow keys move to never ends up under the sticky header bar (the page's scroll padding). */
export const FocusBelowTheHeader: Story = {
  ...storyAt(stories, loaded),
  ...at('phone'),
  decorators: [withRoomBelow, inTheShell],
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    const header = canvas.getByRole('banner');
    const grid = within(canvas.getByRole('grid', { name: 'Hours of the week' }));
    const fifteen = grid.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    grid.getByRole('button', { name: 'Wed 25 Nov 2026 · 16:00 Dubai time, free' }).focus();
    // Scrolled until the 15:00 hour is behind the header bar.
    window.scrollBy(0, fifteen.getBoundingClientRect().top - 10);
    await expect(fifteen.getBoundingClientRect().top).toBeLessThan(header.getBoundingClientRect().bottom);
    await userEvent.keyboard('{ArrowUp}');
    await expect(fifteen).toHaveFocus();
    await waitFor(() => expect(fifteen.getBoundingClientRect().top).toBeGreaterThanOrEqual(header.getBoundingClientRect().bottom));
    window.scrollTo(0, 0);
  },
};

/** 1280 px: the grid uses the wide column, seven even columns. */
export const ChoosingOnAWideWindow: Story = {
  ...storyAt(stories, loaded),
  ...at('wide'),
  decorators: [inTheShell],
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(window.innerWidth).toBe(1280);
    const grid = canvas.getByRole('grid', { name: 'Hours of the week' });
    await expect(grid.getBoundingClientRect().width).toBeGreaterThan(900);
    const widths = within(grid).getAllByRole('columnheader').map((header) => Math.round(header.getBoundingClientRect().width));
    await expect(new Set(widths).size).toBe(1);
    await expectTapTargets(within(grid).getAllByRole('button'));
  },
};

// The same tutors without the 2nd week's hours (29 November to 5 December).
const gapGrid: GridData = { ...grid, windows: grid.windows.filter((window) => window.start < '2026-11-29' || window.start >= '2026-12-06') };

/** A week without a free hour: said, with the next week that has one offered. */
export const EmptyWeekWithNextWeek: Story = {
  ...storyAt(stories, [{ type: 'xstate.done.actor.loadGrid', output: gapGrid }, { type: 'week.chosen', index: 1 } satisfies SlotSelectionEvent]),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: '2nd Week' })).toHaveAttribute('aria-pressed', 'true');
    const grid = canvas.getByRole('grid', { name: 'Hours of the week' });
    await expect(within(grid).queryAllByRole('button')).toEqual([]);
    await expect(grid).toHaveAccessibleDescription('Times are Dubai time No free hours this week.');
    await expect(within(grid).getAllByRole('columnheader', { name: / No tutor$/ })).toHaveLength(7);
    await userEvent.click(canvas.getByRole('button', { name: 'Show week of Sun 6 Dec 2026' }));
    await expect(args.onShowWeek).toHaveBeenCalledWith('2026-11', 2);
  },
};

export const FetchingTutors: Story = {
  ...storyAt(stories, clicked),
  play: async ({ canvasElement }) => {
    const dialog = within(page(canvasElement).getByRole('dialog', { name: 'Available Tutors' }));
    await expect(dialog.getByText('Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics')).toBeVisible();
    await expect(dialog.getByRole('status', { name: 'Loading tutors' })).toBeVisible();
  },
};

export const PickingTutor: Story = {
  ...storyAt(stories, offered),
  play: async ({ canvasElement, args }) => {
    const dialog = within(page(canvasElement).getByRole('dialog', { name: 'Available Tutors' }));
    await expect(dialog.getByText('Omar Khalil')).toBeVisible();
    // No tutor id: no Select.
    await expect(dialog.queryByRole('button', { name: 'Select Omar Khalil' })).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Select Amira Haddad' }));
    await expect(args.onTutor).toHaveBeenCalledWith(0);
  },
};

export const TutorsFailed: Story = {
  args: storyAt(stories, [...clicked, { type: 'xstate.error.actor.fetchTutors', error: new Error(tutorInfoFailedText) }]).args,
  play: async ({ canvasElement }) => {
    await expect(within(page(canvasElement).getByRole('dialog', { name: 'Available Tutors' })).getByRole('alert')).toHaveTextContent(tutorInfoFailedText);
  },
};

export const NoTutors: Story = {
  args: storyAt(stories, [...clicked, { type: 'xstate.done.actor.fetchTutors', output: [] }]).args,
  play: async ({ canvasElement }) => {
    await expect(within(page(canvasElement).getByRole('dialog', { name: 'Available Tutors' })).getByText('No available Tutors')).toBeVisible();
  },
};

/** A tutor chosen: the hour and the same hour of the following weeks are selected. */
export const SlotsChosen: Story = {
  args: storyAt(stories, chosen).args,
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Mathematics 6' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, selected' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('heading', { name: '6th Week' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Wed 2 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' }));
    await expect(args.onRemove).toHaveBeenCalledWith('Mathematics-2026-12-02-15:00');
    await userEvent.click(canvas.getByRole('button', { name: 'Book Now' }));
    await expect(args.onBook).toHaveBeenCalledTimes(1);
  },
};

export const Booking: Story = {
  ...storyAt(stories, [...chosen, { type: 'book.requested' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('button', { name: 'Booking…' })).toBeDisabled();
  },
};

export const ConfirmingBack: Story = {
  ...storyAt(stories, [...chosen, { type: 'back.requested' }]),
  play: async ({ canvasElement, args }) => {
    const dialog = within(page(canvasElement).getByRole('alertdialog', { name: 'Go back?' }));
    await expect(dialog.getByText('If you go back, your appointment data will be cleared.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Stay' }));
    await expect(args.onCancelBack).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Go back' }));
    await expect(args.onConfirmBack).toHaveBeenCalledTimes(1);
  },
};

/** Booked: on the way to the summary (the container renders the redirect). */
export const Booked: Story = {
  ...storyAt(stories, [...chosen, { type: 'book.requested' }, { type: 'xstate.done.actor.createClientPackage', output: { id: 41 } }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Left: back confirmed, on the way to the packages with the slots cleared. */
export const Left: Story = {
  ...storyAt(stories, [{ type: 'back.requested' }, { type: 'back.confirmed' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** The Free Assessment box ticked: on the way to /free-book with the form kept (the container renders the redirect). */
export const FreeAssessmentAsked: Story = {
  ...storyAt(stories, [...loaded, { type: 'freeAssessment.toggled' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

// /free-book: the free assessment's own grid (entry 'free'), with and without the free class still to have.
const freeStories: MachineStories<typeof slotSelectionMachine, ReturnType<typeof selectBookClassView>> = {
  ...stories,
  input: { ...stories.input, draft: { ...draft, entry: 'free' } },
  events: [...stories.events.filter((event) => !event.type.includes('createClientPackage') && event.type !== 'freeAssessment.toggled'), { type: 'xstate.done.actor.loadGrid', output: { ...grid, freeAssessmentUsed: true } }],
};

function freeAt(events: AnyEventObject[]) {
  const at = storyAt(freeStories, events);
  return { ...at, parameters: { ...at.parameters, machine: freeStories } };
}

export const FreeBook: Story = {
  ...freeAt([...chosen]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Free Assessment' })).toBeInTheDocument();
    // Whom the free class is for, the program as the free flow names it.
    await expect(canvas.getByText('For Adam Ahmed · Primary · Year 5 / Grade 4')).toBeVisible();
    // One class, not the package's weeks of classes.
    await expect(canvas.getByRole('button', { name: 'Mathematics 1' })).toBeVisible();
    await expect(canvas.getByText(freeOneClassText)).toBeVisible();
    // The free flow is the free assessment: no box to tick.
    await expect(canvas.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  },
};

/** The free assessment chosen: on the way to its summary (the container renders the redirect). */
export const FreeAssessmentChosen: Story = {
  ...freeAt([...chosen, { type: 'book.requested' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** /free-book for a client who has had the free assessment: said plainly, and nothing can be booked. */
export const FreeBookAlreadyHad: Story = {
  ...freeAt([{ type: 'xstate.done.actor.loadGrid', output: { ...grid, freeAssessmentUsed: true } }, ...chosen.slice(1)]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(freeAssessmentUsedText);
    await expect(canvas.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  },
};

// The remaining classes of paid package 88 (5 left: 4 weeks shown, no Free Assessment), booked on it.
const booked: BookedLessons = { success: true, data: [] };
// POST /bookings refused: someone else booked Amira on Wednesday 2 December at 15:00 meanwhile.
const taken = new HoursTakenError('Some of these hours were just taken.', [{ subject: 'Mathematics', start: '2026-12-02T11:00:00Z', finish: '2026-12-02T12:00:00Z', tutor: 5, reason: 'taken' }]);
const remainingStories: MachineStories<typeof slotSelectionMachine, ReturnType<typeof selectBookClassView>> = {
  ...stories,
  input: { ...stories.input, draft: { ...withLessons(withForm(emptyDraft('remaining'), form), lessons, '2 lessons per week · 12 lessons'), clientPackageId: 88 } },
  events: [
    ...stories.events.filter((event) => !event.type.includes('loadGrid') && !event.type.includes('createClientPackage')),
    { type: 'xstate.done.actor.loadGrid', output: { ...grid, remainingClasses: 5 } },
    { type: 'xstate.error.actor.loadGrid', error: new Error(availabilityFailedText) },
    { type: 'xstate.done.actor.bookRemaining', output: booked },
    { type: 'xstate.error.actor.bookRemaining', error: taken },
  ],
};
const remainingChosen: AnyEventObject[] = [{ type: 'xstate.done.actor.loadGrid', output: { ...grid, remainingClasses: 5 } }, ...chosen.slice(1)];
const bookedRemaining: AnyEventObject[] = [...remainingChosen, { type: 'book.requested' }, { type: 'xstate.done.actor.bookRemaining', output: booked }];

/** A story of the remaining-classes flow: its own machine parameters (the paid package's input). */
function remainingAt(events: AnyEventObject[]) {
  const at = storyAt(remainingStories, events);
  return { ...at, parameters: { ...at.parameters, machine: remainingStories } };
}

/** Remaining classes: the slots chosen on the paid package (auto-filled up to the 5 classes left). */
export const RemainingSlotsChosen: Story = {
  ...remainingAt(remainingChosen),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^Remove / })).toHaveLength(3);
    // 6 or fewer classes left: a 4th week, behind the next arrow.
    await expect(canvas.getByRole('button', { name: 'Next weeks' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  },
};

/** Remaining classes: Book Now booking the lessons on the paid package. */
export const BookingRemaining: Story = {
  ...remainingAt([...remainingChosen, { type: 'book.requested' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('button', { name: 'Booking…' })).toBeDisabled();
  },
};

/** Remaining classes booked: on the way to the dashboard (the container renders the redirect). */
export const BookedRemaining: Story = {
  ...remainingAt(bookedRemaining),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Remaining classes refused because someone else took an hour meanwhile: its slot goes, the grid says which, the rest stay chosen. */
export const RemainingHoursTaken: Story = {
  ...remainingAt([...remainingChosen, { type: 'book.requested' }, { type: 'xstate.error.actor.bookRemaining', error: taken }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    const alert = within(canvas.getByRole('alert'));
    await expect(alert.getAllByRole('paragraph').map((line) => line.textContent)).toEqual(takenHoursNotice(taken.taken, 'Asia/Dubai'));
    await expect(canvas.queryByRole('button', { name: 'Remove Wed 2 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  },
};

// The classes to place of paid order ORD-7-1 (2 to place), opened from the dashboard's card: booked on the order.
const orderStories: MachineStories<typeof slotSelectionMachine, ReturnType<typeof selectBookClassView>> = {
  ...remainingStories,
  // As the card's draft is (classes-to-place.ts): the lost lessons' subject, with its lessons per week.
  input: {
    ...remainingStories.input,
    draft: {
      ...withLessons(withForm(emptyDraft('remaining'), { ...form, subject: ['Mathematics'] }), { ...lessons, packageNames: { ...lessons.packageNames, subjects: ['Mathematics'] }, lessonCounts: { Mathematics: 1 } }, '1 lesson per week · 12 lessons'),
      orderRef: 'ORD-7-1',
    },
  },
  events: remainingStories.events.map((event) => (event.type === 'xstate.done.actor.loadGrid' ? { ...event, output: { ...grid, remainingClasses: 2 } } : event)),
};
const orderAt = storyAt(orderStories, [{ type: 'xstate.done.actor.loadGrid', output: { ...grid, remainingClasses: 2 } }, ...chosen.slice(1)]);

/** A paid order's classes to place: as many slots as the order has classes to place. */
export const OrderClassesChosen: Story = {
  ...orderAt,
  parameters: { ...orderAt.parameters, machine: orderStories },
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Book Classes' })).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    await expect(canvas.getAllByRole('button', { name: /^Remove / })).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  },
};

// Back from checkout: someone else took two of the hours first (POST /create-order's 409). They are out of
// the draft, and the grid says which until the client chooses a slot.
const takenNotice = [
  'Wed 25 Nov 2026 15:00 was just booked by someone else. Please choose another time.',
  'Wed 2 Dec 2026 15:00 is no longer available. Please choose another time.',
];
const backFromCheckoutStories: MachineStories<typeof slotSelectionMachine, ReturnType<typeof selectBookClassView>> = {
  ...stories,
  input: { ...stories.input, notice: takenNotice },
};

const backFromCheckout = storyAt(backFromCheckoutStories, loaded);

/** Back from checkout with the hours someone else took: said above Book Now, in the refused style. */
export const HoursTakenNotice: Story = {
  ...backFromCheckout,
  parameters: { ...backFromCheckout.parameters, machine: backFromCheckoutStories },
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    const alert = within(canvas.getByRole('alert'));
    await expect(alert.getAllByRole('paragraph').map((line) => line.textContent)).toEqual(takenNotice);
    await userEvent.click(canvas.getByRole('button', { name: 'Wed 25 Nov 2026 · 16:00 Dubai time, free' }));
    await expect(args.onSlot).toHaveBeenCalledWith('2026-11-25', '16:00');
  },
};
