import { describe, expect, it, vi } from 'vitest';
import {
  type BookLessonsBody,
  type BookLessonsCalls,
  type BookedLessons,
  FreeAssessmentUsedError,
  basisOf,
  bookFreeAssessment,
  bookLessons,
  bookingRequestOf,
  freeAssessmentMismatchText,
  packageMismatchText,
} from '../../machines/booking/book-lessons.ts';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { withStudentIds } from '../../machines/booking/booking-plan.ts';
import { HoursTakenError } from '../../contract/taken-hours.ts';
import { sampleForm, sampleLessons, sampleSlot, sampleSlots } from '../support/draft-fixtures.ts';

// POST /bookings of the free assessment, the remaining classes of a paid package and the classes to place
// of a paid order: the body made of the booking plan, and the call sequence with its calls faked.

const students = [
  { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
  { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
];
const payer = { clientid: 7, branch_id: 1, timeZone: 'Asia/Dubai' };
/** The draft with its students' ids, as the students step (or the booking screen, from the session) records them. */
const ided = (draft: BookingDraft): BookingDraft => withStudentIds(draft, students);
const together = { ...sampleForm, students: 2, name2: 'Lina Ahmed', studyType: 'yes' as const };
const adamsHour = { subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, students: [11] };
const nextWeek: SelectedSlot = { ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', apt_id: 8, weekIndex: 1 };

const free: BookingDraft = ided({ ...emptyDraft('free'), form: sampleForm, slots: sampleSlots });
const onPackage: BookingDraft = ided({ ...emptyDraft('remaining'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot], '2nd Week': [nextWeek] }, clientPackageId: 88 });
const onOrder: BookingDraft = { ...onPackage, clientPackageId: null, orderRef: 'ORD-7-1' };

describe('what a draft is booked on', () => {
  it.each<[string, BookingDraft, BookLessonsBody['basis'] | null]>([
    ['the free assessment', free, { free_assessment: true }],
    ['a paid package’s remaining classes', onPackage, { client_package_id: 88 }],
    ['a paid order’s classes to place (the order, even with a package id left over)', { ...onOrder, clientPackageId: 88 }, { order_ref: 'ORD-7-1' }],
    ['remaining classes of nothing', { ...onPackage, clientPackageId: null }, null],
    ['a new booking: paid at checkout, never here', { ...onPackage, entry: 'new' }, null],
  ])('%s', (_, draft, basis) => {
    expect(basisOf(draft)).toEqual(basis);
  });
});

describe('the POST /bookings body', () => {
  const twoLessons = [adamsHour, { ...adamsHour, start: '2026-12-13T16:00:00+04:00', finish: '2026-12-13T17:00:00+04:00' }];
  it.each<[string, BookingDraft, BookLessonsBody | { problem: string }]>([
    ['the free assessment: one lesson, no weekly lessons', free, { client_id: 7, branch_id: 1, basis: { free_assessment: true }, lessons: [adamsHour] }],
    ['the free assessment of two together: for the first student named', ided({ ...free, form: together }), { client_id: 7, branch_id: 1, basis: { free_assessment: true }, lessons: [adamsHour] }],
    ['the free assessment with two slots: not one class', { ...free, slots: { '1st Week': [sampleSlot, nextWeek] } }, { problem: freeAssessmentMismatchText }],
    ['the free assessment of a stranger', { ...free, form: { ...sampleForm, name1: 'Omar Saleh' } }, { problem: freeAssessmentMismatchText }],
    ['the remaining classes of a paid package, with the weekly lessons', onPackage, { client_id: 7, branch_id: 1, basis: { client_package_id: 88 }, lessons: twoLessons, weekly_lessons: { Mathematics: 2 } }],
    ['the classes to place of a paid order', onOrder, { client_id: 7, branch_id: 1, basis: { order_ref: 'ORD-7-1' }, lessons: twoLessons, weekly_lessons: { Mathematics: 2 } }],
    ['two together on a package: each lesson for both', ided({ ...onPackage, form: together }), { client_id: 7, branch_id: 1, basis: { client_package_id: 88 }, lessons: twoLessons.map((l) => ({ ...l, students: [11, 12] })), weekly_lessons: { Mathematics: 2 } }],
    ['no slots chosen', { ...onPackage, slots: null }, { problem: packageMismatchText }],
    ['a name the draft has no id for (not one of the client’s students)', { ...onOrder, form: { ...sampleForm, name1: 'Omar Saleh' } }, { problem: packageMismatchText }],
    ['a draft without its students’ ids (nothing is looked up by name)', { ...onOrder, studentIds: {} }, { problem: packageMismatchText }],
    ['no basis', { ...onPackage, clientPackageId: null }, { problem: packageMismatchText }],
  ])('%s', (_, draft, body) => {
    expect(bookingRequestOf(draft, payer)).toEqual(body);
  });
});

describe('the booking call sequence', () => {
  const booked: BookedLessons = { success: true, data: [] };
  const fakeCalls = (book: BookLessonsCalls['book'] = async () => booked) => {
    const order: string[] = [];
    const calls: BookLessonsCalls = {
      book: vi.fn(async (body: BookLessonsBody) => {
        order.push('book');
        return book(body);
      }),
    };
    return { calls, order };
  };
  const input = (draft: BookingDraft) => ({ draft, clientid: 7, branchId: 1, timeZone: 'Asia/Dubai' });

  it('makes one POST /bookings with the plan’s body (the draft’s ids: the students are not read again), and answers what it booked', async () => {
    const { calls, order } = fakeCalls();
    await expect(bookLessons(input(onOrder), calls)).resolves.toBe(booked);
    expect(order).toEqual(['book']);
    expect(calls.book).toHaveBeenCalledWith(bookingRequestOf(onOrder, payer));
  });

  it('a draft that cannot be matched writes nothing and says why', async () => {
    const { calls, order } = fakeCalls();
    await expect(bookLessons(input({ ...free, form: { ...sampleForm, name1: 'Omar Saleh' } }), calls)).rejects.toThrow(freeAssessmentMismatchText);
    expect(order).toEqual([]);
  });

  it('the call’s refusal (hours taken) is passed on as it came', async () => {
    const taken = new HoursTakenError('Some hours were taken.', [{ subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, reason: 'taken' }]);
    const { calls } = fakeCalls(async () => {
      throw taken;
    });
    await expect(bookLessons(input(onPackage), calls)).rejects.toBe(taken);
  });

  it.each([
    ['not had yet: asks, then books as any booking', false, ['used 7', 'book']],
    ['had already (a second tab): refused with 409 before anything is sent', true, ['used 7']],
  ])('the free assessment, %s', async (_label, used, expected) => {
    const { calls, order } = fakeCalls();
    const freeAssessmentUsed = vi.fn(async (clientid: number) => {
      order.push(`used ${clientid}`);
      return used;
    });
    const booking = bookFreeAssessment(input(free), { ...calls, freeAssessmentUsed });
    if (used) await expect(booking).rejects.toBeInstanceOf(FreeAssessmentUsedError);
    else await expect(booking).resolves.toBe(booked);
    expect(order).toEqual(expected);
  });
});
