import { classesOf, weeksShown, weeksShownFor } from '../rules/packages.ts';
import { isChosen, slotRefusal } from '../rules/slot-limits.ts';
import { type AvailabilityWindow, hoursOfDay, weekLabels } from '../rules/slots.ts';
import { type BookingDraft, type BookingInput, type ChosenTutor, type GroupedByWeek, withSlots } from './booking-draft.ts';
import type { SelectedSlot } from '../rules/draft-types.ts';
import { type Learners, learnersOf } from './booking-learners.ts';
import { type WeekGridContext, type WeekGridEvent, initialWeekGrid, weekGrid } from './week-grid.ts';

/**
 * The model of the slot-selection chart (slot-selection.machine.ts): its input, context and events, the reads and
 * the write it asks for, and the pure helpers its guards, actions and the screen's selectors share (the
 * validation the chart and the view agree on: which hours a tap would ask tutors for, what Book Now records).
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
  /**
   * The students' ids the draft holds, by name (booking-plan.ts `withStudentIds`): when every name booked now is
   * among them, GET /clientsdata is not asked for them, and the students' lessons are read one round trip sooner.
   */
  knownStudentIds: Readonly<Record<string, number>>;
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

export interface SlotSelectionContext extends SlotSelectionInput, WeekGridContext {
  notice: string[];
  learners: Learners | null;
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
  chosen: SelectedSlot[];
  pending: PendingSlot | null;
  tutors: TutorOffer[];
  tutorError: string | null;
  error: string | null;
}

export type SlotSelectionEvent =
  | { type: 'load.retried' }
  | { type: 'subject.chosen'; subject: string }
  | WeekGridEvent
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

export const weeklyTotal = (context: SlotSelectionContext) => Object.values(lessonsPerWeekOf(context.draft, context.learners)).reduce((sum, n) => sum + n, 0);
export const totalLessons = (context: SlotSelectionContext) => {
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

/** The grid of this chart: any tutor's hours; a month opens on its first week. */
export const slotWeekGrid = weekGrid<SlotSelectionContext, SlotSelectionEvent>({ weekCount: weekCountOf });

export const rulesOf = (context: SlotSelectionContext) => ({
  // The free assessment is one class of any of the form's subjects, whatever package was chosen (if any).
  lessonsPerWeek: context.freeAssessment ? Object.fromEntries((context.learners?.subjects ?? []).map((subject) => [subject, 1])) : lessonsPerWeekOf(context.draft, context.learners),
  free: context.freeAssessment,
  // The remaining classes of a paid package, or the classes to place of a paid order: no more in all.
  maxSlots: context.draft.entry === 'remaining' ? context.remainingClasses : null,
});

export const refusalOf = (context: SlotSelectionContext, date: string, time: string) => slotRefusal(context.chosen, { subject: context.subject, date, time }, rulesOf(context));

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
  const bookable = (slotWeekGrid.weekAt(context, context.weekIndex)?.days ?? []).filter((day) => day.bookable);
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

export const draftWith = (context: SlotSelectionContext, chosen: SelectedSlot[]): BookingDraft => withSlots(context.draft, groupedByWeek(chosen), chosenTutors(chosen));

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

export function initialContext(input: SlotSelectionInput): SlotSelectionContext {
  const learners = input.draft.form ? learnersOf(input.draft.form, input.draft.split.studentType) : null;
  const chosen = Object.values(input.draft.slots ?? {}).flat();
  return {
    ...input,
    notice: input.notice ?? [],
    learners,
    ...initialWeekGrid(input.today),
    loaded: false,
    freeAssessmentOffered: false,
    freeAssessment: input.draft.entry === 'free',
    freeAssessmentUsed: false,
    remainingClasses: null,
    subject: learners?.subjects[0] ?? '',
    chosen,
    pending: null,
    tutors: [],
    tutorError: null,
    error: null,
  };
}
