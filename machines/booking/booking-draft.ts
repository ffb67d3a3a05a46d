import type { components } from '../../contract/schema.d.ts';
import type { PackageName, RescheduleData, SelectedSlot, StudyType } from '../rules/draft-types.ts';

/**
 * What a client has chosen so far in a booking flow, across its routes. The URL is the step, the draft is
 * what has been chosen, the machine of each screen is what happens there now (docs/architecture.md, "Booking flows
 * across routes"). Pure data and pure transforms: src/booking/booking-draft-storage.ts maps it to the
 * spec's working keys (packageFormData, lessonData, ...) and back.
 */
export const bookingDraftVersion = 2;

// The draft's parts the rules read are defined under them (rules/draft-types.ts); its readers keep importing them from here.

/** How the flow was entered, which decides its steps (booking-steps.ts). */
export const bookingEntries = ['new', 'renewal', 'remaining', 'pendingPayment', 'free'] as const;
export type BookingEntry = (typeof bookingEntries)[number];

/** One student's choice in the individual (study type 'no') flow. */
export interface StudentChoice {
  name: string;
  /** Program group id, 1-4. */
  programOne: number | null;
  /** Year text, 'Year N / Grade N-1'. */
  program: string;
  subject: string[];
}

/** The spec's packageFormData: students, names, program, year and subjects. */
export interface PackageForm {
  students: number;
  name1: string;
  name2: string;
  programOne: number | null;
  program: string;
  subject: string[];
  student1?: StudentChoice;
  student2?: StudentChoice;
  studyType: StudyType;
}

/** The package card chosen (lessonData.packageNames). */
export interface ChosenPackage {
  id: number;
  name: string;
  subjects: string[];
  lessons: number;
  description: string;
  /** The price as shown, a formatted string. */
  total: string;
  duration_days: number;
}

/** Lessons per week by subject, or by student then subject in the individual flow. */
export type LessonCounts = Record<string, number> | Record<string, Record<string, number>>;

/** The spec's lessonData: the package and the weekly lessons chosen. */
export interface LessonData {
  packageNames: ChosenPackage;
  packageName: PackageName;
  studentName: { name1: string; name2?: string };
  lessonCounts: LessonCounts;
}

/** How the client chose to pay on /checkout (PayPal, VISA, Mastercard; sent with the order). */
export type PaymentMethod = components['schemas']['PaymentMethod'];
export const paymentMethods = ['paypal', 'visa', 'mastercard'] as const satisfies readonly PaymentMethod[];

/** The chosen slots, by week label ('1st Week' ...). */
export type GroupedByWeek = Record<string, SelectedSlot[]>;

/** A tutor chosen for a subject (selectedTeacher; selectedTeachers for the second student). */
export interface ChosenTutor {
  id: number;
  name: string;
  subject: string;
}

/** One student's part of an individual (two-student) booking, kept while the other is booked. */
export interface StudentPart {
  studentType: 1 | 2;
  form: PackageForm;
  lessons: LessonData;
  slots: GroupedByWeek;
  /** The part's package price (BookingDraft.price); kept out of studentsData, which the spec's part shape is. */
  price: number | null;
}

export interface BookingDraft {
  version: typeof bookingDraftVersion;
  entry: BookingEntry;
  /** packageFormData */
  form: PackageForm | null;
  /** lessonData */
  lessons: LessonData | null;
  /**
   * The price of the package in `lessons`, the catalogue's number: lessonData shows it as text ('AED 1,026'),
   * and checkout orders with this. Null while no package is chosen, and where none is paid for (an order's
   * classes to place).
   */
  price: number | null;
  /** totalLession: the total-lessons label shown with the package. */
  totalLessonsLabel: string | null;
  /** groupedByWeek */
  slots: GroupedByWeek | null;
  /** bookingdata: the booking as the provider stores it on a client package ({ bookdata }). */
  bookingData: Record<string, unknown> | null;
  /** selectedTeacher / selectedTeachers */
  tutors: ChosenTutor[];
  secondTutors: ChosenTutor[];
  /** The two-student split: which student is being booked (studentType), whether the other is still to come (hidebutton), the parts done (studentsData). */
  split: { studentType: 1 | 2 | null; otherStudentPending: boolean; done: StudentPart[] };
  /** The client package a renewal, a remaining-classes booking or a pending payment is about. */
  clientPackageId: number | null;
  /**
   * The paid order whose classes are placed (entry 'remaining' from the dashboard's card): its hours were
   * lost because the payment was confirmed after the hold expired; the classes are booked on the order.
   */
  orderRef: string | null;
  /** rescheduleData */
  reschedule: RescheduleData | null;
  /** The payment method chosen on /checkout; null until the client picks one (checkout then shows its default). */
  paymentMethod: PaymentMethod | null;
  /**
   * The client's students the draft books, by the name its forms give them (trimmed): the ids a booking is
   * made for (booking-plan.ts), so that no step reads the client's students again to find them.
   */
  studentIds: Record<string, number>;
}

/** What every booking step's machine takes: the draft so far and the branch-zone day. */
export interface BookingInput {
  draft: BookingDraft;
  /** YYYY-MM-DD in the branch's time zone. */
  today: string;
}

const noSplit: BookingDraft['split'] = { studentType: null, otherStudentPending: false, done: [] };

/** What is chosen after the students: the package and its price, the weekly lessons, the slots and their tutors. */
const nothingChosenYet = { lessons: null, price: null, totalLessonsLabel: null, slots: null, tutors: [], secondTutors: [] } satisfies Partial<BookingDraft>;

export function emptyDraft(entry: BookingEntry): BookingDraft {
  return {
    version: bookingDraftVersion,
    entry,
    form: null,
    ...nothingChosenYet,
    bookingData: null,
    split: noSplit,
    clientPackageId: null,
    orderRef: null,
    reschedule: null,
    paymentMethod: null,
    studentIds: {},
  };
}

/**
 * A new form clears what was chosen after it: the split, the package and the slots were for the old students,
 * and so were the ids (the students step records them again, booking-plan.ts withStudentIds).
 */
export const withForm = (draft: BookingDraft, form: PackageForm): BookingDraft => ({ ...draft, form, split: noSplit, ...nothingChosenYet, studentIds: {} });

/**
 * The individual two-student booking starts with the student the client chose (the student-choice dialog):
 * studentType, and hidebutton on, for the other student is still to come.
 */
export const withStudentChosen = (draft: BookingDraft, studentType: 1 | 2): BookingDraft => ({
  ...draft,
  split: { studentType, otherStudentPending: true, done: [] },
  ...nothingChosenYet,
});

/** The student the split books after the current one. */
export const otherStudent = (studentType: 1 | 2): 1 | 2 => (studentType === 1 ? 2 : 1);

/**
 * 'Go For First' / 'Go For Second': the current student's package and slots are kept in studentsData, and the
 * other student is booked next (hidebutton off: the second student's checkout pays for both). Null when the
 * draft has no student pending or nothing chosen for the current one.
 */
export function withOtherStudent(draft: BookingDraft): BookingDraft | null {
  const { studentType, otherStudentPending, done } = draft.split;
  if (!otherStudentPending || studentType === null || !draft.form || !draft.lessons) return null;
  const part: StudentPart = { studentType, form: draft.form, lessons: draft.lessons, slots: draft.slots ?? {}, price: draft.price };
  return {
    ...draft,
    split: { studentType: otherStudent(studentType), otherStudentPending: false, done: [...done.filter((d) => d.studentType !== studentType), part] },
    ...nothingChosenYet,
    bookingData: null,
  };
}

/**
 * A new package or weekly lessons clear the slots chosen for the old ones. `price` is the package's, the
 * catalogue's number (null: nothing to pay for it).
 */
export const withLessons = (draft: BookingDraft, lessons: LessonData, totalLessonsLabel: string, price: number | null = null): BookingDraft => ({
  ...draft,
  lessons,
  price,
  totalLessonsLabel,
  slots: null,
  tutors: [],
  secondTutors: [],
});

export const withSlots = (draft: BookingDraft, slots: GroupedByWeek, tutors: ChosenTutor[], secondTutors: ChosenTutor[] = draft.secondTutors): BookingDraft => ({ ...draft, slots, tutors, secondTutors });

/** Back with confirmation from the summary: the slots go, the package and form stay. */
export const withoutSlots = (draft: BookingDraft): BookingDraft => ({ ...draft, slots: null, bookingData: null, tutors: [], secondTutors: [] });

/** The number of slots chosen, over all weeks. */
export const slotCount = (draft: BookingDraft): number => Object.values(draft.slots ?? {}).reduce((n, week) => n + week.length, 0);
