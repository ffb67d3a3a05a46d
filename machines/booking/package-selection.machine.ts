import { and, assign, fromPromise, setup } from 'xstate';
import { offeredPackages } from '../rules/packages.ts';
import { type BookingDraft, type BookingInput, withLessons } from './booking-draft.ts';
import { type Learners, learnersOf } from './booking-learners.ts';
import { type BookingOutput, nextStep, previousStep, stepOutput } from './booking-steps.ts';
import {
  type Offer,
  type OfferInput,
  type Package,
  type WeeklyCounts,
  draftWithOffer,
  isWeeklyCount,
  lessonDataOf,
  lessonsLabelOf,
  packagePrice,
  priceOf,
  restoredChoice,
  stepOfEntry,
  validLessons,
} from './package-offer.ts';
import { errorText } from '../rules/error-text.ts';

/**
 * Package selection (spec §2 "Package selection", "Renew / change package", "Remaining classes…"; §4
 * "Package card"; §5 "Package filtering", "Lessons per week"), one machine for its three screens: the entry
 * of the draft says which (new → /manage-packages, renewal → /renew-change-packages, remaining →
 * /remaining-package).
 *
 * It starts with a read (loadOffer): the packages priced for the learners, and on a renewal first the paid
 * package renewed. A card expands and collapses on click; the expanded card takes the lessons per week of
 * each subject; Select checks them (invalid: the banner for 3 s, while editing goes on), asks first on a
 * renewal whose package still has classes, stores the lessonData and the total-lessons label, and goes to
 * the slots. Back leaves for the previous step. Coming back, the saved choice is expanded again.
 */

export interface PackageSelectionInput extends BookingInput {
  currency: string;
  /** The price shown on /remaining-package ('AED 60' by default: docs/decisions/002-one-money-formatter.md). */
  renewalPrice: number;
  clientid: number;
}

export interface PackageSelectionContext extends PackageSelectionInput {
  /** The packages offered to the learners (filtered), in the server's order. */
  packages: Package[];
  /** Who the packages are for, read from the draft's form once the offer is in. */
  learners: Learners | null;
  /** The renewed package's remaining classes (renewal only; 0 otherwise). */
  remainingClasses: number;
  /** The id of the expanded card; null when every card is collapsed. */
  expanded: number | null;
  /** Lessons per week chosen, by subject. */
  counts: WeeklyCounts;
  /** Why the offer could not be read. */
  error: string | null;
}

export type PackageSelectionEvent =
  | { type: 'package.toggled'; id: number }
  | { type: 'lessons.changed'; subject: string; count: number }
  | { type: 'package.closed' }
  | { type: 'package.selected' }
  | { type: 'renewal.confirmed' }
  | { type: 'renewal.cancelled' }
  | { type: 'load.retried' }
  | { type: 'back.requested' };

/** loading and busy: the offer is being read. banner: the weekly-lessons banner shows. confirming: the renewal question is open. */
export type PackageSelectionTag = 'loading' | 'busy' | 'banner' | 'confirming';

const expandedPackage = (context: PackageSelectionContext): Package | undefined => context.packages.find((pkg) => pkg.id === context.expanded);

/** A count the expanded card takes: 1-5 lessons a week of one of the learners' subjects. */
function countable(context: PackageSelectionContext, subject: string, count: number): boolean {
  return expandedPackage(context) !== undefined && (context.learners?.subjects.includes(subject) ?? false) && isWeeklyCount(count);
}

/** The expanded card's lessons per week are allowed for its package. */
function selectionValid(context: PackageSelectionContext): boolean {
  const pkg = expandedPackage(context);
  return pkg !== undefined && context.learners !== null && validLessons(pkg.name, context.learners, context.counts);
}

/** The context once the offer is in: the draft (a renewal's form), who it is for, the packages offered, a saved choice restored. */
function withOffer(context: PackageSelectionContext, offer: Offer): Partial<PackageSelectionContext> {
  const draft = draftWithOffer(context.draft, offer);
  const learners = draft.form ? learnersOf(draft.form, draft.split.studentType) : null;
  const packages = learners ? offeredPackages(offer.packages, learners.studyType, learners.subjectCounts) : [];
  const restored = restoredChoice(draft.lessons, packages, learners);
  return { draft, learners, packages, remainingClasses: offer.renewal?.remaining ?? 0, expanded: restored?.expanded ?? null, counts: restored?.counts ?? {}, error: null };
}

/** The draft after Select: the earlier lessonData is replaced by the expanded card's, with its total-lessons label. */
function withChoice(context: PackageSelectionContext): BookingDraft {
  const pkg = expandedPackage(context);
  const { learners, counts, draft, currency, renewalPrice } = context;
  if (!pkg || !learners) return draft;
  const lessons = lessonDataOf(pkg, learners, counts, priceOf(pkg, draft.entry, currency, renewalPrice));
  return withLessons(draft, lessons, lessonsLabelOf(pkg.name, learners, counts), packagePrice(pkg, draft.entry, renewalPrice));
}

export const packageSelectionMachine = setup({
  types: {
    input: {} as PackageSelectionInput,
    context: {} as PackageSelectionContext,
    events: {} as PackageSelectionEvent,
    output: {} as BookingOutput,
    tags: {} as PackageSelectionTag,
  },
  actors: {
    loadOffer: fromPromise<Offer, OfferInput>(async () => {
      throw new Error('loadOffer is provided at the React boundary');
    }),
  },
  actions: {
    receiveOffer: assign(({ context }, params: { offer: Offer }) => withOffer(context, params.offer)),
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    toggle: assign({
      expanded: ({ context }, params: { id: number }) => (context.expanded === params.id ? null : params.id),
    }),
    setCount: assign({
      counts: ({ context }, params: { subject: string; count: number }) => ({ ...context.counts, [params.subject]: params.count }),
    }),
    collapse: assign({ expanded: null }),
    storeChoice: assign({ draft: ({ context }) => withChoice(context) }),
  },
  guards: {
    nothingToRenew: ({ context }, params: { offer: Offer }) => context.draft.entry === 'renewal' && params.offer.renewal === undefined,
    isOffered: ({ context }, params: { id: number }) => context.packages.some((pkg) => pkg.id === params.id),
    isCountOfExpandedCard: ({ context }, params: { subject: string; count: number }) => countable(context, params.subject, params.count),
    cardExpanded: ({ context }) => expandedPackage(context) !== undefined,
    selectionValid: ({ context }) => selectionValid(context),
    renewsRemaining: ({ context }) => context.draft.entry === 'renewal' && context.remainingClasses > 0,
  },
  delays: {
    banner: 3000,
  },
}).createMachine({
  id: 'packageSelection',
  context: ({ input }) => ({ ...input, packages: [], learners: null, remainingClasses: 0, expanded: null, counts: {}, error: null }),
  // The machine's output is its final state's: where the client goes next.
  output: stepOutput,
  initial: 'loading',
  // The header's back arrow works whatever the screen shows.
  on: { 'back.requested': { target: '.left' } },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }): OfferInput => ({ entry: context.draft.entry, clientid: context.clientid, form: context.draft.form, studentType: context.draft.split.studentType }),
        onDone: [
          { guard: { type: 'nothingToRenew', params: ({ event }) => ({ offer: event.output }) }, target: 'nothingToRenew' },
          { target: 'choosing', actions: { type: 'receiveOffer', params: ({ event }) => ({ offer: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'load.retried': { target: 'loading' } },
    },
    nothingToRenew: {},
    choosing: {
      initial: 'editing',
      on: {
        'package.toggled': { guard: { type: 'isOffered', params: ({ event }) => ({ id: event.id }) }, actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
        'lessons.changed': {
          guard: { type: 'isCountOfExpandedCard', params: ({ event }) => ({ subject: event.subject, count: event.count }) },
          actions: { type: 'setCount', params: ({ event }) => ({ subject: event.subject, count: event.count }) },
        },
        'package.closed': { guard: 'cardExpanded', actions: 'collapse' },
        'package.selected': [
          { guard: and(['selectionValid', 'renewsRemaining']), target: 'confirmingRenewal' },
          { guard: 'selectionValid', target: 'selected', actions: 'storeChoice' },
          // Invalid: the banner shows (again, for the full time) and the client goes on editing.
          { guard: 'cardExpanded', target: '.invalid' },
        ],
      },
      states: {
        editing: {},
        invalid: {
          tags: ['banner'],
          after: { banner: { target: 'editing' } },
        },
      },
    },
    confirmingRenewal: {
      tags: ['confirming'],
      on: {
        'renewal.confirmed': { target: 'selected', actions: 'storeChoice' },
        'renewal.cancelled': { target: 'choosing' },
      },
    },
    selected: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: nextStep(stepOfEntry(context.draft.entry), context.draft.entry) as BookingOutput['next'] }),
    },
    left: {
      type: 'final',
      // Back to the dashboard leaves the flow: its draft goes (the dashboard clears it too).
      output: ({ context }): BookingOutput => {
        const next = previousStep(stepOfEntry(context.draft.entry), context.draft.entry) as BookingOutput['next'];
        return next === 'dashboard' ? { next, clearDraft: true } : { next };
      },
    },
  },
});

export type PackageSelectionMachine = typeof packageSelectionMachine;
