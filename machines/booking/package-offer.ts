import type { components } from '../../contract/schema.d.ts';
import { formatMoney } from '../rules/money.ts';
import { validWeeklyLessons } from '../../contract/weekly-lessons.ts';
import { classesOf, totalLessonsLabel, weeklyLessonOptions } from '../rules/packages.ts';
import { type BookingDraft, type BookingEntry, type LessonCounts, type LessonData, type PackageForm, emptyDraft, withForm } from './booking-draft.ts';
import type { PackageName } from '../rules/draft-types.ts';
import { isPackageForm } from './booking-draft-shapes.ts';
import { isRecord } from '../../contract/is-record.ts';
import { type Learners, learnersOf } from './booking-learners.ts';

/**
 * The packages offered on the package-selection screens (/manage-packages, /renew-change-packages,
 * /remaining-package) and what choosing one makes of the draft. Pure, table-tested
 * (tests/unit/package-offer.test.ts); the machine (package-selection.machine.ts) calls them.
 */

export type Package = components['schemas']['Package'];
export type ClientPackage = components['schemas']['ClientPackage'];

/** The three screens of package selection, one per flow that has one. */
export type PackageStep = 'packages' | 'renewPackages' | 'remainingPackage';

export function stepOfEntry(entry: BookingEntry): PackageStep {
  return entry === 'renewal' ? 'renewPackages' : entry === 'remaining' ? 'remainingPackage' : 'packages';
}

export const unreadablePackageText = 'This package could not be opened. Please contact us.';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A client package's packageForm as an object ({ lessonData, packageFormData }); null when it is not JSON of one. */
function savedFormOf(pkg: ClientPackage): Record<string, unknown> | null {
  const saved = parseJson(pkg.packageForm);
  return isRecord(saved) ? saved : null;
}

/**
 * The form of a saved package. A form saved for one student may leave out name2 and studyType (the
 * provider's own packages do): they read as '' and null; anything else must be the form's shape.
 */
function formOf(saved: Record<string, unknown>): PackageForm | null {
  const raw = saved.packageFormData;
  if (!isRecord(raw)) return null;
  const form: unknown = { ...raw, name2: raw.name2 ?? '', studyType: raw.studyType ?? null };
  return isPackageForm(form) ? form : null;
}

/** What a saved package can be opened as: its form, and in the individual flow the student it was for. */
export interface SavedChoice {
  form: PackageForm;
  /** The split's student (study type 'no'): the one lessonData names first; null otherwise. */
  studentType: 1 | 2 | null;
  learners: Learners;
}

/** Null when the package's packageForm does not say who, which year and which subjects it was for. */
export function savedChoiceOf(pkg: ClientPackage): SavedChoice | null {
  const saved = savedFormOf(pkg);
  const form = saved ? formOf(saved) : null;
  if (!saved || !form) return null;
  const lessons = isRecord(saved.lessonData) ? saved.lessonData : {};
  const firstName = isRecord(lessons.studentName) ? text(lessons.studentName.name1) : '';
  const studentType = form.studyType !== 'no' ? null : firstName !== '' && firstName === text(form.student2?.name) ? 2 : 1;
  const learners = learnersOf(form, studentType);
  return learners ? { form, studentType, learners } : null;
}

/** The package a renewal renews: the newest paid one that can be opened, with its remaining classes. */
export interface RenewalSource extends SavedChoice {
  clientPackageId: number;
  remaining: number;
}

const newestFirst = (a: ClientPackage, b: ClientPackage) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

export function renewalSource(packages: readonly ClientPackage[]): RenewalSource | null {
  for (const pkg of packages.filter((p) => p.purches_status === 1).sort(newestFirst)) {
    const choice = savedChoiceOf(pkg);
    if (choice) return { ...choice, clientPackageId: pkg.id, remaining: pkg.remaining_classess };
  }
  return null;
}

/** GET /allpackegastudent's query: two students when two study together, and the year number. */
export function packageQueryOf(learners: Learners): { student: number; level: number } {
  return { student: learners.studyType === 'yes' && learners.names.length === 2 ? 2 : 1, level: learners.year };
}

/** What the loadOffer actor answers: the packages for the learners and, on a renewal, the package renewed. */
export interface Offer {
  packages: Package[];
  renewal?: RenewalSource;
}

export interface OfferInput {
  entry: BookingEntry;
  clientid: number;
  form: PackageForm | null;
  studentType: 1 | 2 | null;
}

export interface OfferCalls {
  clientPackages: (clientid: number) => Promise<ClientPackage[]>;
  packages: (query: { student: number; level: number }) => Promise<Package[]>;
}

/**
 * Reads the offer: a renewal first finds the package it renews (none: no packages, no renewal); every flow
 * then reads the packages priced for its learners. The calls are the screen's.
 */
export async function loadOffer(input: OfferInput, calls: OfferCalls): Promise<Offer> {
  if (input.entry === 'renewal') {
    const renewal = renewalSource(await calls.clientPackages(input.clientid));
    return renewal ? { renewal, packages: await calls.packages(packageQueryOf(renewal.learners)) } : { packages: [] };
  }
  const learners = input.form ? learnersOf(input.form, input.studentType) : null;
  if (!learners) throw new Error(unreadablePackageText);
  return { packages: await calls.packages(packageQueryOf(learners)) };
}

/**
 * The draft once the offer is in. A renewal takes the renewed package's form, unless the draft already
 * holds that package's (the client came back from the slots: the choice made then stays).
 */
export function draftWithOffer(draft: BookingDraft, offer: Offer): BookingDraft {
  const { renewal } = offer;
  if (!renewal || (draft.clientPackageId === renewal.clientPackageId && draft.form)) return draft;
  return { ...withForm(draft, renewal.form), clientPackageId: renewal.clientPackageId, split: { studentType: renewal.studentType, otherStudentPending: false, done: [] } };
}

/** Lessons per week chosen on the expanded card, by subject. */
export type WeeklyCounts = Record<string, number>;

export const isWeeklyCount = (count: number): boolean => (weeklyLessonOptions as readonly number[]).includes(count);

/** The counts in the order of the learners' subjects, 0 for a subject not chosen. */
export const countsInOrder = (subjects: readonly string[], counts: WeeklyCounts): number[] => subjects.map((subject) => counts[subject] ?? 0);

/** Whether Select may go on: every subject has a count, and the counts are allowed for the package (spec §5). */
export function validLessons(packageName: PackageName, learners: Learners, counts: WeeklyCounts): boolean {
  return validWeeklyLessons(packageName, learners.studyType, countsInOrder(learners.subjects, counts));
}

/**
 * A package's price, the number: the catalogue's total, or on the remaining-package screen the configured
 * renewal price. The draft keeps it beside the text lessonData shows (withLessons), and checkout orders with it.
 */
export function packagePrice(pkg: Package, entry: BookingEntry, renewalPrice: number): number {
  return entry === 'remaining' ? renewalPrice : pkg.total;
}

/** The price a card shows, and lessonData keeps as its total: packagePrice in the currency. */
export function priceOf(pkg: Package, entry: BookingEntry, currency: string, renewalPrice: number): string {
  return formatMoney(packagePrice(pkg, entry, renewalPrice), currency);
}

/** lessonCounts: by subject; in the individual split, by the student's name, then subject. */
export function lessonCountsOf(learners: Learners, counts: WeeklyCounts): LessonCounts {
  const bySubject = Object.fromEntries(learners.subjects.map((subject) => [subject, counts[subject] ?? 0]));
  return learners.studentType !== null ? { [learners.names[0] ?? '']: bySubject } : bySubject;
}

/** The lessonData stored on Select. */
export function lessonDataOf(pkg: Package, learners: Learners, counts: WeeklyCounts, total: string): LessonData {
  const [name1 = '', name2] = learners.names;
  return {
    packageNames: { id: pkg.id, name: pkg.name, subjects: learners.subjects, lessons: pkg.numberofclass, description: pkg.description, total, duration_days: pkg.duration_days },
    packageName: pkg.name,
    studentName: name2 === undefined ? { name1 } : { name1, name2 },
    lessonCounts: lessonCountsOf(learners, counts),
  };
}

/** The total-lessons label (totalLession) of a choice: the weekly total and the package's classes. */
export function lessonsLabelOf(packageName: PackageName, learners: Learners, counts: WeeklyCounts): string {
  return totalLessonsLabel(
    countsInOrder(learners.subjects, counts).reduce((sum, n) => sum + n, 0),
    classesOf[packageName],
  );
}

/** A card expanded with the lessons per week chosen on it. */
export interface SelectedChoice {
  expanded: number;
  counts: WeeklyCounts;
}

/** The counts saved for the learners: by subject, or in the split those under the student's name. */
function savedCounts(lessonCounts: LessonCounts, learners: Learners): Record<string, unknown> {
  if (learners.studentType === null) return lessonCounts;
  const own: unknown = (lessonCounts as Record<string, unknown>)[learners.names[0] ?? ''];
  return isRecord(own) ? own : {};
}

/**
 * Returning to the screen: the card saved in lessonData, expanded with its counts, when it is still
 * offered; null otherwise.
 */
export function restoredChoice(lessons: LessonData | null, offered: readonly Package[], learners: Learners | null): SelectedChoice | null {
  if (!lessons || !learners || !offered.some((pkg) => pkg.id === lessons.packageNames.id)) return null;
  const saved = savedCounts(lessons.lessonCounts, learners);
  const counts = Object.fromEntries(learners.subjects.flatMap((subject) => (typeof saved[subject] === 'number' && isWeeklyCount(saved[subject]) ? [[subject, saved[subject]]] : [])));
  return { expanded: lessons.packageNames.id, counts };
}

/** A row of /remaining-classes: a paid package with its counts, and whether it can be opened to book the rest. */
export interface RemainingRow {
  id: number;
  /** lessonData.packageName, else 'Unknown Package'. */
  name: string;
  students: string[];
  booked: number;
  total: number;
  remaining: number;
  /** The packageForm says who, which year and which subjects: the remaining classes can be booked. */
  openable: boolean;
}

const packageNames: readonly string[] = ['SILVER', 'GOLD', 'PLATINUM'] satisfies PackageName[];

/** The students a saved package names: lessonData's, else the form's. */
function studentsOf(saved: Record<string, unknown> | null): string[] {
  const lessons = saved && isRecord(saved.lessonData) ? saved.lessonData : {};
  const form = saved && isRecord(saved.packageFormData) ? saved.packageFormData : {};
  const named = isRecord(lessons.studentName) ? lessons.studentName : form;
  return [text(named.name1), text(named.name2)].filter((name) => name !== '');
}

export function remainingRowOf(pkg: ClientPackage): RemainingRow {
  const saved = savedFormOf(pkg);
  const lessons = saved && isRecord(saved.lessonData) ? saved.lessonData : {};
  const name = typeof lessons.packageName === 'string' && packageNames.includes(lessons.packageName) ? lessons.packageName : 'Unknown Package';
  return {
    id: pkg.id,
    name,
    students: studentsOf(saved),
    booked: pkg.booked_classess,
    total: pkg.total_classess,
    remaining: pkg.remaining_classess,
    openable: savedChoiceOf(pkg) !== null,
  };
}

/** The rows of /remaining-classes: the paid packages, newest first. */
export const remainingRows = (packages: readonly ClientPackage[]): RemainingRow[] => packages.filter((pkg) => pkg.purches_status === 1).sort(newestFirst).map(remainingRowOf);

/** The draft 'Book remaining classes' starts /remaining-package with; null when the package cannot be opened. */
export function remainingDraft(pkg: ClientPackage): BookingDraft | null {
  const choice = savedChoiceOf(pkg);
  if (!choice) return null;
  return {
    ...withForm(emptyDraft('remaining'), choice.form),
    clientPackageId: pkg.id,
    split: { studentType: choice.studentType, otherStudentPending: false, done: [] },
  };
}
