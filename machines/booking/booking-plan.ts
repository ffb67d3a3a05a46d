import type { components } from '../../contract/schema.d.ts';
import { branchTimestamp } from '../rules/booking-payloads.ts';
import type { BookingDraft, LessonCounts, LessonData, PackageForm } from './booking-draft.ts';
import type { SelectedSlot } from '../rules/draft-types.ts';
import { type KnownStudent, knownStudentNamed, namesOn } from './booking-form.ts';
import { learnersOf } from './booking-learners.ts';

/**
 * The one booking plan of the draft, whatever it is booked on (docs/architecture.md, "Paid means booked"): a paid
 * order (checkout's POST /create-order, checkout-order.ts), the free assessment, the remaining classes of
 * a paid package, and the classes to place of a paid order (POST /bookings, book-lessons.ts). From the
 * draft and the branch's time zone: the lines of the booking (who, which package and year, the lessons per
 * week by subject, and every lesson an hour from its slot's branch-zone day and hour), or why it cannot be
 * made. Who is the draft's student ids (recorded by withStudentIds); the names are only a check. Pure,
 * table-tested (tests/unit/booking-plan.test.ts).
 */

export type PackageId = components['schemas']['PackageId'];
export type WeeklyLessons = components['schemas']['WeeklyLessons'];
/** One lesson as the server books or holds it: an hour with its tutor, for the line's students. */
export type PlannedLesson = components['schemas']['OrderLessonRequest'];

/** The signed-in client a booking is for (and, at checkout, who pays). */
export interface Payer {
  clientid: number;
  email: string;
  branch_id: number;
  /** The branch's IANA zone: the slots' days and hours are wall-clock times there. */
  timeZone: string;
  /** The client's students as the session knows them: each id the draft books must be one of them, by its name. */
  students: readonly KnownStudent[];
}

/**
 * What a plan is made with besides the draft: the branch's zone, and where the caller has them (checkout, from
 * the session) the client's students to check the draft's ids against. Without them the server checks the ids.
 */
export type PlanContext = Pick<Payer, 'timeZone'> & Partial<Pick<Payer, 'students'>>;

/**
 * A part of the draft: the student(s) booked now, and in the individual two-student split the other
 * student's part kept in studentsData. In student order.
 */
export interface DraftPart {
  /** Empty when the part's form does not say who, which year and which subjects (a corrupt form). */
  names: string[];
  /** A student's part of the individual split: its lessonCounts are under the student's name. */
  split: boolean;
  year: number | null;
  /** The package and lessons per week chosen; null where none is (the free assessment). */
  lessons: LessonData | null;
  /** The package's price (BookingDraft.price); null where none is chosen or none is paid for. */
  price: number | null;
  slots: SelectedSlot[];
}

const slotsOf = (grouped: BookingDraft['slots']): SelectedSlot[] => Object.values(grouped ?? {}).flat();

function partOf(form: PackageForm, studentType: 1 | 2 | null, lessons: LessonData | null, price: number | null, slots: BookingDraft['slots']): DraftPart {
  const learners = learnersOf(form, studentType);
  return { names: learners?.names ?? [], split: (learners?.studentType ?? null) !== null, year: learners?.year ?? null, lessons, price, slots: slotsOf(slots) };
}

/** The draft's parts, in student order: the parts kept in studentsData, and the one booked now when a form says who. */
export function draftParts(draft: BookingDraft): DraftPart[] {
  const parts: (DraftPart & { order: number })[] = draft.split.done.map((done) => ({ ...partOf(done.form, done.studentType, done.lessons, done.price, done.slots), order: done.studentType }));
  if (draft.form) parts.push({ ...partOf(draft.form, draft.split.studentType, draft.lessons, draft.price, draft.slots), order: draft.split.studentType ?? 0 });
  return parts.sort((a, b) => a.order - b.order).map(({ order: _order, ...part }) => part);
}

/**
 * The draft with the ids of the students its forms name (its own, and those of the parts kept in studentsData),
 * among `known`, the client's students, for every name it has no id for yet; the ids it has are kept. Made
 * where the students are at hand: the students step once new ones are saved, and every booking screen from the
 * signed-in client's students (a draft made from a saved package, or stored before the draft kept ids).
 */
export function withStudentIds(draft: BookingDraft, known: readonly KnownStudent[]): BookingDraft {
  const forms = [...(draft.form ? [draft.form] : []), ...draft.split.done.map((part) => part.form)];
  const missing = forms.flatMap(namesOn).map((name) => name.trim()).filter((name) => draft.studentIds[name] === undefined);
  const found = missing.flatMap((name) => {
    const student = knownStudentNamed(name, known);
    return student ? [[name, student.id] as const] : [];
  });
  return found.length === 0 ? draft : { ...draft, studentIds: { ...draft.studentIds, ...Object.fromEntries(found) } };
}

/**
 * The id the draft books for a name; undefined when it has none, or when `students` (the client's, where the
 * caller has them) has no student of that id by that name.
 */
function studentIdOf(draft: BookingDraft, name: string, students: readonly KnownStudent[] | undefined): number | undefined {
  const id = draft.studentIds[name];
  if (id === undefined || !students) return id;
  const student = students.find((s) => s.id === id);
  return student && knownStudentNamed(name, [student]) ? id : undefined;
}

/**
 * A part's lessons per week by subject (the choice made on its package card): lessonCounts by subject, or in
 * the individual split those under the student's name (package-offer.ts, lessonCountsOf). A subject without
 * lessons is left out.
 */
export function weeklyLessonsOf(counts: LessonCounts, student: string | null): WeeklyLessons {
  const own = student === null ? undefined : counts[student];
  // As the slot grid reads them (slot-selection.machine.ts, lessonsPerWeekOf): counts saved by subject count as the student's.
  const bySubject: Record<string, unknown> = typeof own === 'object' ? own : counts;
  return Object.fromEntries(Object.entries(bySubject).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0));
}

/** Slots as lessons: one hour each from the slot's branch-zone day and hour, for all the line's students. */
export const lessonsOfSlots = (slots: readonly SelectedSlot[], students: readonly number[], timeZone: string): PlannedLesson[] =>
  slots.map((slot) => ({
    subject: slot.subject,
    start: branchTimestamp(slot.date, slot.time, timeZone),
    finish: branchTimestamp(slot.date, slot.time, timeZone, 1),
    tutor: slot.tutorId,
    students: [...students],
  }));

/** One line of the booking: a student, or two studying together, on one package. */
export interface PlanLine {
  names: string[];
  studentIds: number[];
  /** The catalogue package (2 SILVER, 3 GOLD, 4 PLATINUM); null where none is chosen (the free assessment). */
  pkgId: PackageId | null;
  year: number;
  weeklyLessons: WeeklyLessons;
  lessons: PlannedLesson[];
  /** The slots the lessons are made of, in the draft's week order. */
  slots: SelectedSlot[];
}

/**
 * Why a draft cannot be planned: it names no one (or no form says who), a name it has no id of the client's
 * students for (or one the client's students give another name), or a package the server does not sell.
 */
export type PlanProblem = 'noStudents' | 'unknownStudent' | 'unknownPackage';

export type BookingPlan = { lines: PlanLine[] } | { problem: PlanProblem };

export const isPlanned = (plan: BookingPlan): plan is { lines: PlanLine[] } => 'lines' in plan;

const packageIds: readonly number[] = [2, 3, 4] satisfies PackageId[];
export const isPackageId = (id: number): id is PackageId => packageIds.includes(id);

/** The plan of the draft: a line per part, with its students' ids, its package, year, weekly lessons and lessons. */
export function bookingPlan(draft: BookingDraft, { students, timeZone }: PlanContext): BookingPlan {
  const parts = draftParts(draft);
  if (parts.length === 0) return { problem: 'noStudents' };
  const lines: PlanLine[] = [];
  for (const part of parts) {
    const ids = part.names.map((name) => studentIdOf(draft, name, students));
    if (ids.length === 0 || part.year === null) return { problem: 'noStudents' };
    if (ids.some((id) => id === undefined)) return { problem: 'unknownStudent' };
    const pkgId = part.lessons?.packageNames.id ?? null;
    if (pkgId !== null && !isPackageId(pkgId)) return { problem: 'unknownPackage' };
    const studentIds = [...new Set(ids.filter((id) => id !== undefined))];
    lines.push({
      names: part.names,
      studentIds,
      pkgId,
      year: part.year,
      weeklyLessons: part.lessons ? weeklyLessonsOf(part.lessons.lessonCounts, part.split ? (part.names[0] ?? '') : null) : {},
      lessons: lessonsOfSlots(part.slots, studentIds, timeZone),
      slots: part.slots,
    });
  }
  return { lines };
}
