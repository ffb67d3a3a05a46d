import type { components } from '../../contract/schema.d.ts';
import { type BookingDraft, type BookingEntry, type ChosenTutor, type LessonData, type PackageForm, emptyDraft, withForm, withLessons, withOtherStudent } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';

type ClientPackage = components['schemas']['ClientPackage'];

// One booking, as the draft holds it and as the portal saves it in a package's packageForm: Adam Ahmed,
// Year 5, Mathematics, GOLD with two lessons a week, one slot with Amira Haddad.

export const sampleForm: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };

export const sampleLessons: LessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed' },
  lessonCounts: { Mathematics: 2 },
};

/** The price of the GOLD package above (and of goldLessons), the catalogue's number the draft keeps beside the total shown. */
export const samplePrice = 684;

export const sampleSlot: SelectedSlot = { key: 'Mathematics-2026-12-06-16:00', subject: 'Mathematics', date: '2026-12-06', time: '16:00', tutorId: 1, tutorPrice: 120, apt_id: 1, weekIndex: 0, name: 'Amira Haddad' };

export const sampleSlots = { '1st Week': [sampleSlot] };

export const sampleTutors: ChosenTutor[] = [{ id: 1, name: 'Amira Haddad', subject: 'Mathematics' }];

/** Two students studying individually: Adam Ahmed in Year 5 and Lina Ahmed in Year 8, with the subjects given. */
export const individualForm = (first: string[] = ['Mathematics'], second: string[] = ['English']): PackageForm => ({
  students: 2,
  name1: '',
  name2: '',
  programOne: null,
  program: '',
  subject: [],
  studyType: 'no',
  student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: first },
  student2: { name: 'Lina Ahmed', programOne: 2, program: 'Year 8 / Grade 7', subject: second },
});

/** A paid GOLD package of 12 classes for Adam Ahmed (sampleForm) with `remaining` of them still to book. */
export const paidClientPackage = (remaining: number, more: Partial<ClientPackage> = {}): ClientPackage => ({
  id: 9,
  clientid: 7,
  packageForm: JSON.stringify({ lessonData: { packageName: 'GOLD', studentName: { name1: 'Adam Ahmed' } }, packageFormData: sampleForm }),
  bookingdata: { bookdata: [] },
  purches_status: 1,
  booked_classess: 12 - remaining,
  total_classess: 12,
  remaining_classess: remaining,
  completed_classess: 0,
  created_at: '2026-11-01T10:00:00Z',
  ...more,
});

// Appended by issue 10's checkout (this file is only appended to while several helpers add fixtures).

/**
 * The individual two-student booking at checkout (issue 10): Adam Ahmed's GOLD booked first, Lina Ahmed
 * still to come (hidebutton on); with `second`, Lina Ahmed's GOLD (English with Omar Khalil) booked after
 * it, Adam's part kept in studentsData: that checkout pays for both.
 */
export function individualCheckoutDraft(second: boolean): BookingDraft {
  const first: BookingDraft = {
    ...emptyDraft('new'),
    form: individualForm(),
    lessons: { ...sampleLessons, lessonCounts: { 'Adam Ahmed': { Mathematics: 2 } } },
    price: samplePrice,
    totalLessonsLabel: '2 lessons per week · 12 classes',
    slots: sampleSlots,
    tutors: sampleTutors,
    split: { studentType: 1, otherStudentPending: true, done: [] },
  };
  const switched = second ? withOtherStudent(first) : first;
  if (!switched || !second) return first;
  const english: SelectedSlot = { ...sampleSlot, key: 'English-2026-12-07-17:00', subject: 'English', date: '2026-12-07', time: '17:00', tutorId: 2, apt_id: 2, name: 'Omar Khalil' };
  return {
    ...switched,
    lessons: { packageNames: { ...sampleLessons.packageNames, subjects: ['English'] }, packageName: 'GOLD', studentName: { name1: 'Lina Ahmed' }, lessonCounts: { 'Lina Ahmed': { English: 1 } } },
    price: samplePrice,
    totalLessonsLabel: '1 lesson per week · 12 classes',
    slots: { '1st Week': [english] },
    tutors: [{ id: 2, name: 'Omar Khalil', subject: 'English' }],
  };
}

// What the slot grid books in its tests: Adam Ahmed, Year 5, GOLD with Mathematics and English once a week each.

export const goldForm: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics', 'English'], studyType: null };

export const goldLessons: LessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics', 'English'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed' },
  lessonCounts: { Mathematics: 1, English: 1 },
};

/** The GOLD booking at the slot grid, for the flow `entry` (a new booking by default). */
export const goldDraft = (entry: BookingEntry = 'new'): BookingDraft => withLessons(withForm(emptyDraft(entry), goldForm), goldLessons, '2 lessons per week · 12 lessons', samplePrice);
