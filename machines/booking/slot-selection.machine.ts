import { and, assign, fromPromise, not, setup } from 'xstate';
import { classesOf, weeksShown, weeksShownFor } from '../rules/packages.ts';
import { isChosen, slotKey, slotRefusal, withAutoFill, withoutSlot } from '../rules/slot-limits.ts';
import { type AvailabilityIndex, type AvailabilityWindow, type GridWeek, aptIdFor, hourlyAvailability, hoursOfDay, isAvailable, monthChoices, monthWeeks, openingMonth, pageOfWeek, weekLabels, weekTabPage } from '../rules/slots.ts';
import { type BookLessonsInput, type BookedLessons, remainingBookedText } from './book-lessons.ts';
import { type BookingDraft, type BookingInput, type ChosenTutor, type GroupedByWeek, type SelectedSlot, withSlots, withoutSlots } from './booking-draft.ts';
import { type Learners, learnersOf } from './booking-learners.ts';
import { type BookingOutput, type BookingStep, nextStep, stepBack, stepOutput } from './booking-steps.ts';
import { takenFrom, takenHoursNotice, takenHoursOf } from './taken-hours.ts';
import { type TakenHour } from '../../contract/taken-hours.ts';

/**
 * Slot selection on /book-class (spec §2 "Book Classes"; §4 "Slot"; §5 "Slot selection", "Free
 * assessment"; §9). It starts with a read (loadGrid: the tutors' availability and the free-assessment
 * status). The client picks a subject tab, a month, a week tab (three at a time), then an hour of the 7-day
 * grid: the tutors free then are read into the Available Tutors dialog; choosing one selects the hour and
 * the same weekday and hour of the following weeks. A chosen hour, clicked again or removed from 'Selected
 * Slots', is unselected. Book Now records the package unpaid (new and renewal) and goes to the summary; on
 * /remainingbookclass (entry 'remaining') it books the slots on the paid package, or on the paid order whose
 * classes are placed (the dashboard's card), in one POST /bookings (the "two paths" of docs/decisions/023-remaining-classes-and-renewal.md: no payment), and
 * goes to the dashboard with the draft cleared. Ticking the Free Assessment box makes the draft a free
 * assessment, the form (and an hour chosen) kept, and goes to /free-book (docs/decisions/015-free-book.md); there
 * (entry 'free': one slot in all, 6 weeks) Book Now goes to the free summary: nothing is written before the
 * client confirms there. A booking refused
 * because someone else took hours meanwhile (a 409 naming them) drops those slots and says which, as
 * checkout does (taken-hours.ts); the client stays on the grid. Back asks first, then leaves with the slots
 * cleared (from an order's classes, to the dashboard; from /free-book, to its form). A notice brought to the grid (checkout's hours that
 * someone else took first) shows until the client chooses a slot.
 */

export interface SlotSelectionInput extends BookingInput {
  branchId: number;
  /** The branch's IANA time zone: every day and hour of the grid is its wall clock. */
  timeZone: string;
  clientid: number;
  /** What the grid tells the client on arrival until a slot is chosen (checkout's taken hours), one line each. */
  notice?: string[];
}

/** What the grid is read for. */
export interface GridQuery {
  subjectNames: string[];
  yearLevels: number[];
  branch_id: number;
  clientid: number;
  /** The students booked now: the hours at which one of them already has a lesson are not offered. */
  studentNames: string[];
  /** The paid package whose remaining classes are booked (remaining only): its remaining count is read too. */
  clientPackageId: number | null;
  /** The paid order whose classes are placed (remaining only): its classes to place are read too. */
  orderRef: string | null;
}

export interface GridData {
  windows: AvailabilityWindow[];
  /** Whether the client has had the free assessment (GET /freeassismentstatus success). */
  freeAssessmentUsed: boolean;
  /** The classes that may be chosen: the paid package's remaining ones, or the paid order's to place; null when neither is read. */
  remainingClasses?: number | null;
}

/** A tutor of the Available Tutors dialog (GET /filter_tutor). */
export interface TutorOffer {
  id: number | null;
  name: string;
  price: number;
}

export interface TutorQuery {
  subject: string;
  date: string;
  time: string;
  quallevel: number;
  branch_id: number;
}

/** The hour whose tutors are being read or chosen. */
export interface PendingSlot {
  subject: string;
  date: string;
  time: string;
  weekIndex: number;
}

/** POST /client-packages/ as this step sends it. */
export interface ClientPackageBody {
  clientid: number;
  packageForm: string;
  bookingdata: { bookdata: SelectedSlot[] };
  purches_status: 0;
  booked_classess: number;
  total_classess: number;
  remaining_classess: number;
  completed_classess: 0;
}

export interface SlotSelectionContext extends SlotSelectionInput {
  notice: string[];
  learners: Learners | null;
  /** Hourly availability in the branch zone; empty until the read is in. */
  availability: AvailabilityIndex;
  loaded: boolean;
  /** The Free Assessment checkbox shows only when the client has not had it (and not on /free-book, which is the free assessment). */
  freeAssessmentOffered: boolean;
  /** One slot in all, booked as the free assessment. */
  freeAssessment: boolean;
  /** The client has had the free assessment already: on /free-book nothing can be booked. */
  freeAssessmentUsed: boolean;
  /** The paid package's remaining classes, or the paid order's classes to place (remaining only): the most that can be chosen, and the weeks shown. */
  remainingClasses: number | null;
  subject: string;
  /** YYYY-MM */
  month: string;
  weekIndex: number;
  page: number;
  chosen: SelectedSlot[];
  pending: PendingSlot | null;
  tutors: TutorOffer[];
  tutorError: string | null;
  error: string | null;
}

export type SlotSelectionEvent =
  | { type: 'load.retried' }
  | { type: 'subject.chosen'; subject: string }
  | { type: 'month.chosen'; month: string }
  | { type: 'week.chosen'; index: number }
  | { type: 'weeks.previous' }
  | { type: 'weeks.next' }
  | { type: 'slot.clicked'; date: string; time: string }
  | { type: 'slot.removed'; key: string }
  | { type: 'tutor.chosen'; index: number }
  | { type: 'tutors.closed' }
  | { type: 'freeAssessment.toggled' }
  | { type: 'book.requested' }
  | { type: 'back.requested' }
  | { type: 'back.confirmed' }
  | { type: 'back.cancelled' };

/** loading: the grid is read. busy: a call is in flight (Book Now is disabled). tutors: the Available Tutors dialog is open. confirmingBack: the back question is open. */
export type SlotSelectionTag = 'loading' | 'busy' | 'tutors' | 'confirmingBack';

/** Lessons per week by subject for the learners booked now (by student name first in the individual split). */
export function lessonsPerWeekOf(draft: BookingDraft, learners: Learners | null): Record<string, number> {
  const counts = draft.lessons?.lessonCounts ?? {};
  const name = learners?.studentType !== null ? learners?.names[0] : undefined;
  const nested = name !== undefined ? counts[name] : undefined;
  const flat = typeof nested === 'object' ? nested : counts;
  return Object.fromEntries(Object.entries(flat).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

const weeklyTotal = (context: SlotSelectionContext) => Object.values(lessonsPerWeekOf(context.draft, context.learners)).reduce((sum, n) => sum + n, 0);
const totalLessons = (context: SlotSelectionContext) => {
  if (context.draft.entry === 'remaining' && context.remainingClasses !== null) return context.remainingClasses;
  return context.draft.lessons ? classesOf[context.draft.lessons.packageName] : 0;
};

/** The weeks a month's grid shows: by package and weekly lessons; renewal 3; remaining 3, or 4 when 6 or fewer classes remain (spec §9, docs/decisions/022-renewal-and-remaining-weeks.md). */
export function weekCountOf(context: SlotSelectionContext): number {
  const { draft } = context;
  if (context.freeAssessment) return weeksShownFor('free');
  if (draft.entry === 'remaining') return weeksShownFor('remaining', context.remainingClasses ?? Number.POSITIVE_INFINITY);
  if (draft.entry === 'renewal') return weeksShownFor(draft.entry, Number.POSITIVE_INFINITY);
  return draft.lessons ? weeksShown(draft.lessons.packageName, weeklyTotal(context)) : 6;
}

export const weeksOf = (context: SlotSelectionContext): readonly GridWeek[] => monthWeeks(context.today, context.month, weekCountOf(context));

const weekAt = (context: SlotSelectionContext, index: number) => weeksOf(context).find((week) => week.index === index);

const rulesOf = (context: SlotSelectionContext) => ({
  // The free assessment is one class of any of the form's subjects, whatever package was chosen (if any).
  lessonsPerWeek: context.freeAssessment ? Object.fromEntries((context.learners?.subjects ?? []).map((subject) => [subject, 1])) : lessonsPerWeekOf(context.draft, context.learners),
  free: context.freeAssessment,
  // The remaining classes of a paid package, or the classes to place of a paid order: no more in all.
  maxSlots: context.draft.entry === 'remaining' ? context.remainingClasses : null,
});

/** An hour of the week shown that can be booked: a bookable day the availability holds. */
function openHour(context: SlotSelectionContext, date: string, time: string): boolean {
  const day = weekAt(context, context.weekIndex)?.days.find((d) => d.date === date);
  return day?.bookable === true && isAvailable(context.availability, date, time);
}

const refusalOf = (context: SlotSelectionContext, date: string, time: string) => slotRefusal(context.chosen, { subject: context.subject, date, time }, rulesOf(context));

/** GET /filter_tutor's query for an hour of a subject: one builder, so the grid's reads ahead and a tap's read share their cache entry. */
export const tutorQueryOf = (context: SlotSelectionContext, hour: { subject: string; date: string; time: string }): TutorQuery => ({
  subject: hour.subject,
  date: hour.date,
  time: hour.time,
  quallevel: context.learners?.year ?? 1,
  branch_id: context.branchId,
});

/**
 * The tutor queries of the week shown that a tap would send, in the grid's order: the hours 'slot.clicked' takes to
 * fetchingTutors (open, not chosen, not refused). The screen asks them ahead so that a tap finds its tutors at once.
 */
export function tutorQueriesOfWeek(context: SlotSelectionContext): TutorQuery[] {
  if (!context.loaded) return [];
  // The guards of 'slot.clicked' for each hour, with the week and the rules built once: this runs on every
  // snapshot of the screen, a tap's included.
  const { chosen, subject } = context;
  const bookable = (weekAt(context, context.weekIndex)?.days ?? []).filter((day) => day.bookable);
  const rules = rulesOf(context);
  return bookable.flatMap((day) =>
    hoursOfDay(context.availability, day.date)
      .filter((time) => !isChosen(chosen, subject, day.date, time) && slotRefusal(chosen, { subject, date: day.date, time }, rules) === null)
      .map((time) => tutorQueryOf(context, { subject, date: day.date, time })),
  );
}

/** The chosen slots by week label, as the draft keeps them (groupedByWeek). */
export function groupedByWeek(chosen: readonly SelectedSlot[]): GroupedByWeek {
  const grouped: GroupedByWeek = {};
  for (const slot of [...chosen].sort((a, b) => a.weekIndex - b.weekIndex || `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))) {
    const label: string = weekLabels[slot.weekIndex] ?? '6th Week';
    (grouped[label] ??= []).push(slot);
  }
  return grouped;
}

/** The tutors chosen, one per subject and tutor (selectedTeacher). */
export function chosenTutors(chosen: readonly SelectedSlot[]): ChosenTutor[] {
  const seen = new Map<string, ChosenTutor>();
  for (const slot of chosen) seen.set(`${slot.subject}-${slot.tutorId}`, { id: slot.tutorId, name: slot.name, subject: slot.subject });
  return [...seen.values()];
}

const draftWith = (context: SlotSelectionContext, chosen: SelectedSlot[]): BookingDraft => withSlots(context.draft, groupedByWeek(chosen), chosenTutors(chosen));

/** POST /client-packages/ for the chosen slots: recorded unpaid (purches_status 0). */
export function clientPackageBody(context: SlotSelectionContext): ClientPackageBody {
  const { draft, chosen, clientid } = context;
  const total = Math.max(1, totalLessons(context));
  const grouped = groupedByWeek(chosen);
  const storedTeacher = chosenTutors(chosen);
  return {
    clientid,
    packageForm: JSON.stringify({ lessonData: draft.lessons, packageFormData: draft.form, groupedByWeek: grouped, storedTeacher }),
    bookingdata: { bookdata: chosen.map((slot) => ({ ...slot })) },
    purches_status: 0,
    booked_classess: chosen.length,
    total_classess: total,
    remaining_classess: Math.max(0, total - chosen.length),
    completed_classess: 0,
  };
}

function initialContext(input: SlotSelectionInput): SlotSelectionContext {
  const learners = input.draft.form ? learnersOf(input.draft.form, input.draft.split.studentType) : null;
  const chosen = Object.values(input.draft.slots ?? {}).flat();
  return {
    ...input,
    notice: input.notice ?? [],
    learners,
    availability: new Map(),
    loaded: false,
    freeAssessmentOffered: false,
    freeAssessment: input.draft.entry === 'free',
    freeAssessmentUsed: false,
    remainingClasses: null,
    subject: learners?.subjects[0] ?? '',
    month: openingMonth(input.today),
    weekIndex: 0,
    page: 0,
    chosen,
    pending: null,
    tutors: [],
    tutorError: null,
    error: null,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const slotSelectionMachine = setup({
  types: {
    input: {} as SlotSelectionInput,
    context: {} as SlotSelectionContext,
    events: {} as SlotSelectionEvent,
    output: {} as BookingOutput,
    tags: {} as SlotSelectionTag,
  },
  actors: {
    loadGrid: fromPromise<GridData, GridQuery>(async () => {
      throw new Error('loadGrid is provided at the React boundary');
    }),
    fetchTutors: fromPromise<TutorOffer[], TutorQuery>(async () => {
      throw new Error('fetchTutors is provided at the React boundary');
    }),
    createClientPackage: fromPromise<{ id: number }, ClientPackageBody>(async () => {
      throw new Error('createClientPackage is provided at the React boundary');
    }),
    bookRemaining: fromPromise<BookedLessons, BookLessonsInput>(async () => {
      throw new Error('bookRemaining is provided at the React boundary');
    }),
  },
  actions: {
    receiveGrid: assign(({ context }, params: { data: GridData }) => ({
      availability: hourlyAvailability(params.data.windows, context.timeZone),
      loaded: true,
      // The free assessment is a booking of its own, not a way to book a paid package's classes.
      freeAssessmentOffered: !params.data.freeAssessmentUsed && context.draft.entry !== 'remaining' && context.draft.entry !== 'free',
      freeAssessmentUsed: params.data.freeAssessmentUsed,
      remainingClasses: params.data.remainingClasses ?? context.remainingClasses,
      error: null,
    })),
    // The hours someone else took: their slots go, and the grid says which, one line each (as checkout does).
    dropTakenHours: assign(({ context }, params: { taken: readonly TakenHour[] }) => {
      const gone = takenFrom(params.taken, context.timeZone);
      const chosen = context.chosen.filter((slot) => !gone(slot));
      return { chosen, draft: draftWith(context, chosen), notice: takenHoursNotice(params.taken, context.timeZone) };
    }),
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    chooseSubject: assign({ subject: (_, params: { subject: string }) => params.subject }),
    chooseMonth: assign({ month: (_, params: { month: string }) => params.month, weekIndex: 0, page: 0 }),
    chooseWeek: assign({ weekIndex: (_, params: { index: number }) => params.index, page: (_, params: { index: number }) => pageOfWeek(params.index) }),
    showPage: assign(({ context }, params: { page: number }) => {
      const page = weekTabPage(weeksOf(context).length, params.page);
      return { page: params.page, weekIndex: page.weeks[0] ?? 0 };
    }),
    holdSlot: assign({
      pending: ({ context }, params: { date: string; time: string }): PendingSlot => ({ subject: context.subject, date: params.date, time: params.time, weekIndex: context.weekIndex }),
      tutors: [],
      tutorError: null,
    }),
    receiveTutors: assign({ tutors: (_, params: { tutors: TutorOffer[] }) => params.tutors }),
    keepTutorError: assign({ tutorError: (_, params: { message: string }) => params.message }),
    dropPending: assign({ pending: null, tutors: [], tutorError: null }),
    chooseTutor: assign(({ context }, params: { index: number }) => {
      const tutor = context.tutors[params.index];
      const { pending } = context;
      if (!tutor || tutor.id === null || !pending) return {};
      const apt_id = aptIdFor(context.availability, pending.date, pending.time, tutor.id);
      const slot: SelectedSlot = { key: slotKey(pending.subject, pending.date, pending.time), ...pending, tutorId: tutor.id, tutorPrice: tutor.price, apt_id, name: tutor.name };
      const chosen = withAutoFill(context.chosen, slot, { weeks: weeksOf(context), availability: context.availability, rules: rulesOf(context), totalLessons: totalLessons(context), weeklyLessons: weeklyTotal(context) });
      // The notice brought to the grid has been read: the client chose another hour.
      return { chosen, draft: draftWith(context, chosen), pending: null, tutors: [], tutorError: null, notice: [] };
    }),
    unselect: assign(({ context }, params: { key: string }) => {
      const chosen = withoutSlot(context.chosen, params.key);
      return { chosen, draft: draftWith(context, chosen) };
    }),
    // A free assessment of the students on the form (with the one hour chosen, if any): what /free-book opens on and its summary books.
    makeFreeAssessment: assign({ draft: ({ context }) => ({ ...context.draft, entry: 'free' as const, clientPackageId: null, bookingData: null }) }),
    keepClientPackage: assign({ draft: ({ context }, params: { id: number }) => ({ ...context.draft, clientPackageId: params.id }) }),
    clearSlots: assign({ chosen: [], draft: ({ context }) => withoutSlots(context.draft) }),
    notifyProblem: (_, _params: { message: string }) => {},
    notifyBooked: (_, _params: { message: string }) => {},
  },
  guards: {
    isSubject: ({ context }, params: { subject: string }) => context.learners?.subjects.includes(params.subject) ?? false,
    monthOpen: ({ context }, params: { month: string }) => monthChoices(context.today).some((m) => m.value === params.month && !m.disabled),
    weekShown: ({ context }, params: { index: number }) => weekAt(context, params.index) !== undefined,
    hasPreviousWeeks: ({ context }) => weekTabPage(weeksOf(context).length, context.page).hasPrevious,
    hasNextWeeks: ({ context }) => weekTabPage(weeksOf(context).length, context.page).hasNext,
    isChosenHour: ({ context }, params: { date: string; time: string }) => isChosen(context.chosen, context.subject, params.date, params.time),
    isRefusedHour: ({ context }, params: { date: string; time: string }) => openHour(context, params.date, params.time) && refusalOf(context, params.date, params.time) !== null,
    isOpenHour: ({ context }, params: { date: string; time: string }) => openHour(context, params.date, params.time),
    isChosenKey: ({ context }, params: { key: string }) => context.chosen.some((slot) => slot.key === params.key),
    tutorHasId: ({ context }, params: { index: number }) => typeof context.tutors[params.index]?.id === 'number',
    // More hours chosen than the free assessment's one would be lost without a word: the box is off then.
    freeAssessmentSwitchable: ({ context }) => context.freeAssessmentOffered && context.chosen.length <= 1,
    hasSlots: ({ context }) => context.chosen.length > 0,
    booksRemaining: ({ context }) => context.draft.entry === 'remaining',
    booksFreeAssessment: ({ context }) => context.freeAssessment,
    freeAssessmentUsed: ({ context }) => context.freeAssessmentUsed,
    hoursTaken: (_, params: { error: unknown }) => takenHoursOf(params.error) !== null,
    gridLoaded: ({ context }) => context.loaded,
  },
}).createMachine({
  id: 'slotSelection',
  context: ({ input }) => initialContext(input),
  output: stepOutput,
  initial: 'loading',
  // The header's back arrow works whatever the screen shows; it asks first.
  on: { 'back.requested': { target: '.confirmingBack' } },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadGrid',
        src: 'loadGrid',
        input: ({ context }): GridQuery => ({
          subjectNames: context.learners?.subjects ?? [],
          yearLevels: context.learners ? [context.learners.year] : [],
          branch_id: context.branchId,
          clientid: context.clientid,
          studentNames: context.learners?.names ?? [],
          clientPackageId: context.draft.entry === 'remaining' && context.draft.orderRef === null ? context.draft.clientPackageId : null,
          orderRef: context.draft.entry === 'remaining' ? context.draft.orderRef : null,
        }),
        onDone: { target: 'choosing', actions: { type: 'receiveGrid', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ message: messageOf(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'load.retried': { target: 'loading', actions: 'clearError' } },
    },
    choosing: {
      on: {
        'subject.chosen': { guard: { type: 'isSubject', params: ({ event }) => ({ subject: event.subject }) }, actions: { type: 'chooseSubject', params: ({ event }) => ({ subject: event.subject }) } },
        'month.chosen': { guard: { type: 'monthOpen', params: ({ event }) => ({ month: event.month }) }, actions: { type: 'chooseMonth', params: ({ event }) => ({ month: event.month }) } },
        'week.chosen': { guard: { type: 'weekShown', params: ({ event }) => ({ index: event.index }) }, actions: { type: 'chooseWeek', params: ({ event }) => ({ index: event.index }) } },
        'weeks.previous': { guard: 'hasPreviousWeeks', actions: { type: 'showPage', params: ({ context }) => ({ page: context.page - 1 }) } },
        'weeks.next': { guard: 'hasNextWeeks', actions: { type: 'showPage', params: ({ context }) => ({ page: context.page + 1 }) } },
        'slot.clicked': [
          { guard: { type: 'isChosenHour', params: ({ event }) => event }, actions: { type: 'unselect', params: ({ context, event }) => ({ key: slotKey(context.subject, event.date, event.time) }) } },
          {
            guard: { type: 'isRefusedHour', params: ({ event }) => event },
            actions: { type: 'notifyProblem', params: ({ context, event }) => ({ message: refusalOf(context, event.date, event.time)?.text ?? '' }) },
          },
          { guard: { type: 'isOpenHour', params: ({ event }) => event }, target: 'fetchingTutors', actions: { type: 'holdSlot', params: ({ event }) => event } },
        ],
        'slot.removed': { guard: { type: 'isChosenKey', params: ({ event }) => ({ key: event.key }) }, actions: { type: 'unselect', params: ({ event }) => ({ key: event.key }) } },
        'freeAssessment.toggled': { guard: 'freeAssessmentSwitchable', target: 'freeAssessmentAsked', actions: 'makeFreeAssessment' },
        // The free assessment goes to its own summary (the client confirms it there); the remaining classes of a
        // paid package, or of a paid order, are booked on it; any other booking is recorded as a package to pay.
        'book.requested': [
          { guard: and(['hasSlots', 'booksFreeAssessment', not('freeAssessmentUsed')]), target: 'freeAssessmentChosen', actions: 'makeFreeAssessment' },
          { guard: and(['hasSlots', not('booksFreeAssessment'), 'booksRemaining']), target: 'bookingRemaining' },
          { guard: and(['hasSlots', not('booksFreeAssessment'), not('booksRemaining')]), target: 'booking' },
        ],
      },
    },
    fetchingTutors: {
      tags: ['busy', 'tutors'],
      invoke: {
        id: 'fetchTutors',
        src: 'fetchTutors',
        input: ({ context }): TutorQuery => tutorQueryOf(context, context.pending ?? { subject: '', date: '', time: '' }),
        onDone: { target: 'pickingTutor', actions: { type: 'receiveTutors', params: ({ event }) => ({ tutors: event.output }) } },
        onError: { target: 'pickingTutor', actions: { type: 'keepTutorError', params: ({ event }) => ({ message: messageOf(event.error) }) } },
      },
      on: { 'tutors.closed': { target: 'choosing', actions: 'dropPending' } },
    },
    pickingTutor: {
      tags: ['tutors'],
      on: {
        'tutor.chosen': { guard: { type: 'tutorHasId', params: ({ event }) => ({ index: event.index }) }, target: 'choosing', actions: { type: 'chooseTutor', params: ({ event }) => ({ index: event.index }) } },
        'tutors.closed': { target: 'choosing', actions: 'dropPending' },
      },
    },
    booking: {
      tags: ['busy'],
      invoke: {
        id: 'createClientPackage',
        src: 'createClientPackage',
        input: ({ context }) => clientPackageBody(context),
        onDone: { target: 'booked', actions: { type: 'keepClientPackage', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'choosing', actions: { type: 'notifyProblem', params: ({ event }) => ({ message: messageOf(event.error) }) } },
      },
    },
    bookingRemaining: {
      tags: ['busy'],
      invoke: {
        id: 'bookRemaining',
        src: 'bookRemaining',
        input: ({ context }): BookLessonsInput => ({ draft: context.draft, clientid: context.clientid, branchId: context.branchId, timeZone: context.timeZone }),
        onDone: { target: 'bookedRemaining', actions: { type: 'notifyBooked', params: { message: remainingBookedText } } },
        onError: [
          // Someone else took hours meanwhile: the server booked none of them; their slots go and the grid
          // says which, the rest stay chosen.
          {
            guard: { type: 'hoursTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: { type: 'dropTakenHours', params: ({ event }) => ({ taken: takenHoursOf(event.error) ?? [] }) },
          },
          { target: 'choosing', actions: { type: 'notifyProblem', params: ({ event }) => ({ message: messageOf(event.error) }) } },
        ],
      },
    },
    confirmingBack: {
      tags: ['confirmingBack'],
      on: {
        'back.confirmed': { target: 'left', actions: 'clearSlots' },
        'back.cancelled': [{ guard: 'gridLoaded', target: 'choosing' }, { target: 'loading' }],
      },
    },
    booked: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: nextStep('slots', context.draft.entry) as BookingOutput['next'] }),
    },
    bookedRemaining: {
      type: 'final',
      output: (): BookingOutput => ({ next: 'dashboard', clearDraft: true }),
    },
    freeAssessmentChosen: {
      type: 'final',
      output: (): BookingOutput => ({ next: 'freeSummary' }),
    },
    freeAssessmentAsked: {
      type: 'final',
      output: (): BookingOutput => ({ next: 'freeSlot' }),
    },
    left: {
      type: 'final',
      output: ({ context }): BookingOutput => {
        const step: BookingStep = context.draft.entry === 'free' ? 'freeSlot' : 'slots';
        const next = stepBack(step, context.draft) as BookingOutput['next'];
        return next === 'dashboard' ? { next, clearDraft: true } : { next };
      },
    },
  },
});

export type SlotSelectionMachine = typeof slotSelectionMachine;
