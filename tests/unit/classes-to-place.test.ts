import { describe, expect, it } from 'vitest';
import { bookingRequestOf } from '../../machines/booking/book-lessons.ts';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { type OrderProgress, classesToPlaceText, draftFromOrder, placeableClasses } from '../../machines/booking/classes-to-place.ts';
import { missingStep, stepBack } from '../../machines/booking/booking-steps.ts';
import { orderStages } from '../support/order-fixtures.ts';

// A paid order whose held hours were lost (its payment confirmed after the hold expired): the dashboard's
// card, and the draft that opens the remaining-classes grid to place its classes on the order.

const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];

/** Adam's GOLD order: the English hour on Monday 7 December was lost; one class to place. */
const partlyLost = orderStages('ORD-7-1').partlyLost;
type Lesson = OrderProgress['lessons'][number];
type Line = OrderProgress['lines'][number];

const lost = (lesson: Lesson): Lesson => ({ ...lesson, appointment_id: null, lost: true });
const maths: Lesson = { subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, tutor_name: 'Amira Haddad', students: [11], student_names: ['Adam Ahmed'], appointment_id: 1, lost: false };

/** Two studying together: one line for both, two Mathematics hours lost. */
const together: OrderProgress = {
  ...partlyLost,
  student_ids: [11, 12],
  lines: [{ pkg_id: 2, package_name: 'SILVER', level: 8, student_ids: [11, 12], student_names: ['Adam Ahmed', 'Lina Ahmed'], amount: 400, classes: 6, booked_classes: 4, weekly_lessons: { Mathematics: 1 } }],
  lessons: [lost({ ...maths, students: [11, 12], student_names: ['Adam Ahmed', 'Lina Ahmed'] }), lost({ ...maths, start: '2026-12-13T12:00:00Z', finish: '2026-12-13T13:00:00Z', students: [11, 12], student_names: ['Adam Ahmed', 'Lina Ahmed'] })],
  to_place: 2,
};

/** Two studying individually: a line each; Lina's English hour lost. */
const adamsLine: Line = { pkg_id: 3, package_name: 'GOLD', level: 5, student_ids: [11], student_names: ['Adam Ahmed'], amount: 684, classes: 12, booked_classes: 12, weekly_lessons: { Mathematics: 2 } };
const linasLine: Line = { pkg_id: 2, package_name: 'SILVER', level: 8, student_ids: [12], student_names: ['Lina Ahmed'], amount: 400, classes: 6, booked_classes: 5, weekly_lessons: { English: 1, Science: 1 } };
const individual: OrderProgress = {
  ...partlyLost,
  student_ids: [11, 12],
  lines: [adamsLine, linasLine],
  lessons: [maths, lost({ ...maths, subject: 'English', tutor: 2, tutor_name: 'Omar Khalil', students: [12], student_names: ['Lina Ahmed'] })],
  to_place: 3,
};

const remaining = (draft: Partial<BookingDraft>): BookingDraft => ({ ...emptyDraft('remaining'), ...draft });

describe('the draft that places a paid order’s classes', () => {
  it.each<[string, OrderProgress, BookingDraft | null]>([
    [
      'one student: the line’s year and package, the lost lesson’s subject with its weekly lessons, the order’s ref',
      partlyLost,
      remaining({
        form: { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['English'], studyType: null },
        lessons: {
          packageNames: { id: 3, name: 'GOLD', subjects: ['English'], lessons: 12, description: '', total: '', duration_days: 0 },
          packageName: 'GOLD',
          studentName: { name1: 'Adam Ahmed' },
          lessonCounts: { English: 1 },
        },
        totalLessonsLabel: '1 lesson per week · 12 lessons',
        orderRef: 'ORD-7-1',
        studentIds: { 'Adam Ahmed': 11 },
      }),
    ],
    [
      'two together: both names, studying together, the subject once',
      together,
      remaining({
        form: { students: 2, name1: 'Adam Ahmed', name2: 'Lina Ahmed', programOne: 2, program: 'Year 8 / Grade 7', subject: ['Mathematics'], studyType: 'yes' },
        lessons: {
          packageNames: { id: 2, name: 'SILVER', subjects: ['Mathematics'], lessons: 6, description: '', total: '', duration_days: 0 },
          packageName: 'SILVER',
          studentName: { name1: 'Adam Ahmed', name2: 'Lina Ahmed' },
          lessonCounts: { Mathematics: 1 },
        },
        totalLessonsLabel: '1 lesson per week · 6 lessons',
        orderRef: 'ORD-7-1',
        studentIds: { 'Adam Ahmed': 11, 'Lina Ahmed': 12 },
      }),
    ],
    [
      'two individually: the line of the lost lesson (Lina’s), only its lost subject',
      individual,
      remaining({
        form: { students: 1, name1: 'Lina Ahmed', name2: '', programOne: 2, program: 'Year 8 / Grade 7', subject: ['English'], studyType: null },
        lessons: {
          packageNames: { id: 2, name: 'SILVER', subjects: ['English'], lessons: 6, description: '', total: '', duration_days: 0 },
          packageName: 'SILVER',
          studentName: { name1: 'Lina Ahmed' },
          lessonCounts: { English: 1 },
        },
        totalLessonsLabel: '1 lesson per week · 6 lessons',
        orderRef: 'ORD-7-1',
        studentIds: { 'Lina Ahmed': 12 },
      }),
    ],
  ])('%s', (_, order, draft) => {
    expect(draftFromOrder(order, students)).toEqual(draft);
  });

  it.each<[string, OrderProgress, typeof students]>([
    ['a student who is not the client’s', partlyLost, students.slice(1)],
    ['a line without weekly lessons (an order opened without lessons)', { ...partlyLost, lines: [{ ...partlyLost.lines[0]!, weekly_lessons: null }] }, students],
    ['a lost subject without weekly lessons', { ...partlyLost, lines: [{ ...partlyLost.lines[0]!, weekly_lessons: { Mathematics: 1 } }] }, students],
    ['lost lessons of students no line has', { ...individual, lessons: [lost({ ...maths, students: [11, 12], student_names: ['Adam Ahmed', 'Lina Ahmed'] })] }, students],
  ])('none when it cannot be opened: %s', (_, order, known) => {
    expect(draftFromOrder(order, known)).toBeNull();
  });

  it('with no lesson marked lost, the line’s subjects are placed', () => {
    const draft = draftFromOrder({ ...partlyLost, lessons: partlyLost.lessons.map((lesson) => ({ ...lesson, lost: false })) }, students);
    expect(draft?.form?.subject).toEqual(['Mathematics', 'English']);
    expect(draft?.lessons?.lessonCounts).toEqual({ Mathematics: 1, English: 1 });
  });

  it('opens the remaining grid, books on the order (for the ids it was paid for), and goes back to the dashboard', () => {
    const draft = draftFromOrder(partlyLost, students) as BookingDraft;
    expect(missingStep('slots', draft, 'remaining')).toBeNull();
    expect(stepBack('slots', draft)).toBe('dashboard');
    expect(stepBack('slots', { ...draft, orderRef: null })).toBe('remainingPackage');
    const slot = { key: 'English-2026-12-09-15:00', subject: 'English', date: '2026-12-09', time: '15:00', tutorId: 2, tutorPrice: 100, apt_id: 3, weekIndex: 0, name: 'Omar Khalil' };
    expect(bookingRequestOf({ ...draft, slots: { '1st Week': [slot] } }, { clientid: 7, branch_id: 1, timeZone: 'Asia/Dubai' })).toEqual({
      client_id: 7,
      branch_id: 1,
      basis: { order_ref: 'ORD-7-1' },
      lessons: [{ subject: 'English', start: '2026-12-09T15:00:00+04:00', finish: '2026-12-09T16:00:00+04:00', tutor: 2, students: [11] }],
      weekly_lessons: { English: 1 },
    });
  });
});

describe('how many classes the grid may choose', () => {
  it.each<[string, OrderProgress, number[], number]>([
    ['one line: the order’s classes to place', partlyLost, [11], 1],
    ['together: the order’s', together, [11, 12], 2],
    ['individually: no more than the line’s classes not booked yet', individual, [12], 1],
    ['individually, the other line: none left on it', individual, [11], 0],
    ['students no line is for: the order’s', individual, [11, 12], 3],
  ])('%s', (_, order, ids, placeable) => {
    expect(placeableClasses(order, ids)).toBe(placeable);
  });
});

describe('the dashboard card', () => {
  it.each([
    [3, 'Your payment was received. Choose new times for 3 classes.'],
    // The words with N; one class reads as English does.
    [1, 'Your payment was received. Choose new times for 1 class.'],
  ])('%i to place', (n, text) => {
    expect(classesToPlaceText(n)).toBe(text);
  });
});
