import { type BookingDraft, type BookingEntry, emptyDraft } from './booking-draft.ts';
import { learnersOf } from './booking-learners.ts';

/**
 * The steps of the booking flows and how they follow each other (spec §2 and §4, docs/decisions/):
 * - new: students → packages → slots → summary → checkout → payment; in the individual two-student flow
 *   checkout's 'Go For First' / 'Go For Second' goes back to packages for the other student;
 * - renewal (Renew / change package): renewPackages → slots → summary → checkout → payment;
 * - pendingPayment (the dashboard card): summary → checkout → payment (its slots, reached back from the
 *   summary or from a checkout whose hour was taken, lead on to the summary);
 * - remaining (remaining classes of a paid package): remainingClasses → remainingPackage → slots → dashboard
 *   (booked on the package, nothing to pay); the classes to place of a paid order (the dashboard's card) open
 *   its slots straight from the dashboard, and go back there (stepBack);
 * - free (the free assessment): students → freeSlot → freeSummary → paymentSummary; /free-book (freeSlot) opens on
 *   the form of a free draft (ticking 'Free Assessment' on the grid makes one), and without one the students
 *   are chosen first on /new-booking, whose Next returns to /free-book (docs/decisions/015-free-book.md).
 * Every flow's back from its first step, and every exit, is the dashboard. src/booking/booking-paths.ts maps a
 * step to its URL.
 */
export const bookingSteps = [
  'dashboard',
  'students',
  'packages',
  'renewPackages',
  'remainingClasses',
  'remainingPackage',
  'slots',
  'freeSlot',
  'summary',
  'freeSummary',
  'checkout',
  'payment',
  'paymentSummary',
] as const;
export type BookingStep = (typeof bookingSteps)[number];
/** A step with a screen of its own: every step but the payment, which is the provider's page. */
export type RoutedStep = Exclude<BookingStep, 'payment'>;
const isRouted = (step: BookingStep): step is RoutedStep => step !== 'payment';

/** A step a screen goes to: any but the payment, which only checkout reaches (by the payment link). */
export function routed(step: BookingStep): RoutedStep {
  if (!isRouted(step)) throw new Error('The payment step is reached by its payment link, not by a route');
  return step;
}

/**
 * What every booking step's machine ends with: where the client goes, and whether the draft goes. Each
 * final state names it in its `output`; the machine's root passes it on with `output: stepOutput`.
 */
export interface BookingOutput {
  next: RoutedStep;
  clearDraft?: boolean;
  /** What the next step's screen tells the client on arrival, one line each (checkout's taken hours on the grid). */
  notice?: string[];
}

const isNotice = (value: unknown): value is string[] | undefined => value === undefined || (Array.isArray(value) && value.every((line) => typeof line === 'string'));

const isBookingOutput = (value: unknown): value is BookingOutput =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { next?: unknown }).next === 'string' &&
  (bookingSteps as readonly string[]).includes((value as { next: string }).next) &&
  (value as { next: string }).next !== 'payment' &&
  isNotice((value as { notice?: unknown }).notice);

/** A booking machine's root `output`: its final state's, or the dashboard when a final state names none. */
export const stepOutput = ({ event }: { event: { output?: unknown } }): BookingOutput => (isBookingOutput(event.output) ? event.output : { next: 'dashboard' });

/** Whether the other student of an individual two-student booking is still to be booked (the hidebutton flag). */
export type Split = 'single' | 'otherStudentPending';

type Route = Partial<Record<BookingStep, BookingStep>>;

const forward: Record<BookingEntry, Route> = {
  new: { students: 'packages', packages: 'slots', slots: 'summary', summary: 'checkout', checkout: 'payment' },
  renewal: { renewPackages: 'slots', slots: 'summary', summary: 'checkout', checkout: 'payment' },
  // Checkout sends the client back to the slots when an hour was taken meanwhile; they lead on to the summary.
  pendingPayment: { slots: 'summary', summary: 'checkout', checkout: 'payment' },
  remaining: { remainingClasses: 'remainingPackage', remainingPackage: 'slots', slots: 'dashboard' },
  free: { students: 'freeSlot', freeSlot: 'freeSummary', freeSummary: 'paymentSummary' },
};

const backward: Record<BookingEntry, Route> = {
  new: { students: 'dashboard', packages: 'students', slots: 'packages', summary: 'slots', checkout: 'summary' },
  renewal: { renewPackages: 'dashboard', slots: 'renewPackages', summary: 'slots', checkout: 'summary' },
  // The summary's back goes to the slots (spec: "clears the booking data and goes to /book-class").
  pendingPayment: { summary: 'slots', slots: 'dashboard', checkout: 'summary' },
  remaining: { remainingClasses: 'dashboard', remainingPackage: 'remainingClasses', slots: 'remainingPackage' },
  // Back from /free-book is the form it was opened on (the slot goes, the form stays).
  free: { students: 'dashboard', freeSlot: 'students', freeSummary: 'freeSlot', paymentSummary: 'dashboard' },
};

/** The step after `step` in the flow of `entry`; the dashboard where the flow has none. */
export function nextStep(step: BookingStep, entry: BookingEntry, split: Split = 'single'): BookingStep {
  if (step === 'checkout' && split === 'otherStudentPending') return 'packages';
  return forward[entry][step] ?? 'dashboard';
}

/** The step `step`'s back leads to in the flow of `entry`; the dashboard where the flow has none. */
export function previousStep(step: BookingStep, entry: BookingEntry): BookingStep {
  return backward[entry][step] ?? 'dashboard';
}

/**
 * The step a screen's back leads to for this draft: the step before it in its flow, except that the grid
 * of a paid order's classes to place (opened from the dashboard's card) goes back to the dashboard.
 */
export function stepBack(step: BookingStep, draft: Pick<BookingDraft, 'entry' | 'orderRef'>): BookingStep {
  if (step === 'slots' && draft.entry === 'remaining' && draft.orderRef !== null) return 'dashboard';
  return previousStep(step, draft.entry);
}

/**
 * The first step of a flow: the one no other step of it leads forward to; the pending payment starts at
 * its summary (the card's saved booking), although its slots (reached back from the summary or from a
 * checkout whose hour was taken) lead on to it.
 */
export function firstStep(entry: BookingEntry): RoutedStep {
  if (entry === 'pendingPayment') return 'summary';
  const route = forward[entry];
  const targets = new Set(Object.values(route));
  return (Object.keys(route) as BookingStep[]).filter(isRouted).find((step) => !targets.has(step)) ?? 'dashboard';
}

/** Whether a flow of `entry` passes through `step`, forward or back. */
export function inFlow(step: BookingStep, entry: BookingEntry): boolean {
  return [forward[entry], backward[entry]].some((route) => step in route || Object.values(route).includes(step));
}

/** Where a flow goes back to when a step's draft lacks what an earlier step makes. */
const madeBy: Record<'form' | 'lessons' | 'clientPackage' | 'slots', (entry: BookingEntry) => RoutedStep> = {
  form: () => 'students',
  lessons: (entry) => (entry === 'renewal' ? 'renewPackages' : entry === 'remaining' ? 'remainingPackage' : entry === 'new' ? 'packages' : 'dashboard'),
  clientPackage: () => 'remainingClasses',
  slots: (entry) => (entry === 'free' ? 'freeSlot' : entry === 'pendingPayment' ? 'dashboard' : 'slots'),
};

/** What a step needs from the draft, and what makes it. */
const needs: [BookingStep[], (draft: BookingDraft) => boolean, keyof typeof madeBy][] = [
  // A form that does not say who, which year and which subjects (half-filled, or corrupt) is made again.
  // The free assessment's grid is of the form's student, year and subjects too: without one, it is made first.
  [['packages', 'freeSlot'], (d) => d.form !== null && learnersOf(d.form, d.split.studentType) !== null, 'form'],
  [['slots', 'summary', 'checkout'], (d) => d.lessons !== null, 'lessons'],
  [['remainingPackage'], (d) => d.clientPackageId !== null, 'clientPackage'],
  [['summary', 'checkout', 'freeSummary'], (d) => Object.values(d.slots ?? {}).some((week) => week.length > 0), 'slots'],
];

/**
 * Null when a screen of `step` can open with `draft`; otherwise the step that makes what is missing, where
 * the screen sends the client (a refresh after storage was cleared, a bookmarked URL, a draft of another
 * flow). Without a draft of its flow, a screen other than the first of `entry`'s flow goes to that first step.
 */
export function missingStep(step: BookingStep, draft: BookingDraft | null, entry: BookingEntry): RoutedStep | null {
  const current = draft && inFlow(step, draft.entry) ? draft : null;
  if (!current && firstStep(entry) !== step) return firstStep(entry);
  const checked = current ?? emptyDraft(entry);
  for (const [steps, has, part] of needs) {
    if (steps.includes(step) && !has(checked)) return madeBy[part](checked.entry);
  }
  return null;
}

/** What /new-booking says when a later step sent the client there for want of a booking (every route says why: docs/architecture.md, "Booking flows across routes"). */
export const startBookingText = 'Start a booking here first: choose the students, program, year and subjects.';
/** What /new-booking says when /free-book sent the client there: the free assessment is for a student, year and subject. */
export const startFreeAssessmentText = 'Choose who the free assessment is for first: the student, program, year and subject.';

const missingTexts: Partial<Record<RoutedStep, string>> = {
  packages: 'Choose a package and the lessons per week first.',
  renewPackages: 'Choose a package and the lessons per week first.',
  remainingPackage: 'Choose a package and the lessons per week first.',
  remainingClasses: 'Choose the package whose remaining classes you want to book first.',
  slots: 'Choose the times of your classes first.',
  freeSlot: 'Choose the time of your free assessment first.',
};

/**
 * What the screen of `made` says on arrival when a step opened without what it needs (missingStep) sent the
 * client there: what to do first, one line. Nothing on the dashboard, where the flow is left.
 */
export function missingStepNotice(made: RoutedStep, entry: BookingEntry): string[] {
  if (made === 'students') return [entry === 'free' ? startFreeAssessmentText : startBookingText];
  const text = missingTexts[made];
  return text ? [text] : [];
}

/** Asked before a step's Back clears the draft (Book Classes, the booking summaries): the spec's words. */
export const backWarning = 'If you go back, your appointment data will be cleared.';
