import type { components } from '../../contract/schema.d.ts';
import { classesOf, packageNameOf, totalLessonsLabel } from '../rules/packages.ts';
import { groupOfYear, yearLabel } from '../rules/programs.ts';
import { type BookingDraft, type LessonData, type PackageForm, emptyDraft } from './booking-draft.ts';
import { type KnownStudent, fullName } from './booking-form.ts';

/**
 * The classes to place of a paid order (docs/architecture.md, "Paid means booked"): a payment confirmed after its hold
 * expired books what is still free and leaves the rest as classes to place on the order (`to_place`). The
 * dashboard lists such orders (GET /orders-to-place/{clientid}); tapping one opens the remaining-classes grid
 * (/remainingbookclass) for it, with a draft made here from the order, and Book Now books the classes on the
 * order (POST /bookings, `basis.order_ref`): nothing is paid again. Pure, table-tested
 * (tests/unit/classes-to-place.test.ts).
 */

export type OrderProgress = components['schemas']['OrderProgress'];
type OrderLine = OrderProgress['lines'][number];
type OrderLesson = OrderProgress['lessons'][number];

/** The dashboard card's text: the words with the order's number of classes to place ('1 class' for one). */
export const classesToPlaceText = (toPlace: number): string => `Your payment was received. Choose new times for ${toPlace} ${toPlace === 1 ? 'class' : 'classes'}.`;

/** The card of an order that cannot be opened (its students are no longer the client's, or it says too little). */
export const unreadableOrderText = 'These classes could not be opened. Please contact us to have them scheduled.';

const sameStudents = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The line of the order a lesson (or a set of students) is for: its students are the line's. */
const lineFor = (order: OrderProgress, students: readonly number[]): OrderLine | undefined =>
  order.lines.length === 1 ? order.lines[0] : order.lines.find((line) => sameStudents(line.student_ids, students));

/** The order's line whose classes are placed now: the one of its first lost lesson (the only one, for most orders). */
function lineToPlace(order: OrderProgress): OrderLine | undefined {
  const lost = order.lessons.find((lesson) => lesson.lost);
  return lost ? lineFor(order, lost.students) : order.lines.length === 1 ? order.lines[0] : undefined;
}

/**
 * How many classes the grid may choose for the students booked now: the order's `to_place`; with a line per
 * student (two studying individually), no more than that line's classes not booked yet.
 */
export function placeableClasses(order: OrderProgress, studentIds: readonly number[]): number {
  const line = order.lines.length > 1 ? order.lines.find((l) => sameStudents(l.student_ids, studentIds)) : undefined;
  if (!line) return order.to_place;
  return Math.max(0, Math.min(order.to_place, line.classes - line.booked_classes));
}

const unique = (values: readonly string[]) => values.filter((value, index) => values.indexOf(value) === index);

/**
 * The draft that places the order's classes on /remainingbookclass (entry 'remaining', the order's ref):
 * the line's students by name (and their ids), its year and package, the subjects of its lost lessons (all
 * its subjects when none is marked lost) with its lessons per week for them. Null when the order cannot be opened so: a
 * student who is not the client's, no line to place on, or no lessons per week for a subject.
 */
export function draftFromOrder(order: OrderProgress, students: readonly KnownStudent[]): BookingDraft | null {
  const line = lineToPlace(order);
  if (!line || line.weekly_lessons === null) return null;
  const names = line.student_ids.map((id) => students.find((student) => student.id === id));
  if (names.length === 0 || names.length > 2 || names.some((student) => student === undefined)) return null;
  const lineStudents = names.flatMap((student) => (student ? [student] : []));
  const [name1 = '', name2] = lineStudents.map(fullName);
  const lost = order.lessons.filter((lesson: OrderLesson) => lesson.lost && sameStudents(lesson.students, line.student_ids));
  const weekly = line.weekly_lessons;
  const subjects = unique(lost.length > 0 ? lost.map((lesson) => lesson.subject) : Object.keys(weekly));
  if (subjects.length === 0 || subjects.some((subject) => !((weekly[subject] ?? 0) > 0))) return null;
  const lessonCounts = Object.fromEntries(subjects.map((subject) => [subject, weekly[subject] ?? 0]));
  const packageName = packageNameOf(line.pkg_id);
  if (packageName === 'Unknown Package') return null;
  const form: PackageForm = {
    students: name2 === undefined ? 1 : 2,
    name1,
    name2: name2 ?? '',
    programOne: groupOfYear(line.level),
    program: yearLabel(line.level),
    subject: subjects,
    studyType: name2 === undefined ? null : 'yes',
  };
  const lessons: LessonData = {
    packageNames: { id: line.pkg_id, name: packageName, subjects, lessons: classesOf[packageName], description: '', total: '', duration_days: 0 },
    packageName,
    studentName: name2 === undefined ? { name1 } : { name1, name2 },
    lessonCounts,
  };
  const weeklyTotal = Object.values(lessonCounts).reduce((sum, n) => sum + n, 0);
  return {
    ...emptyDraft('remaining'),
    form,
    lessons,
    totalLessonsLabel: totalLessonsLabel(weeklyTotal, classesOf[packageName]),
    orderRef: order.ref,
    // The order's own students: the ids it was paid for, by the names the form gives them. Its classes are paid: no price.
    studentIds: Object.fromEntries(lineStudents.map((student) => [fullName(student).trim(), student.id])),
  };
}
