import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { type LostHour, branchHourText, lostHoursNotice, lostHoursOf, takenHoursNotice, takenHoursOf, withoutLostHours, withoutTakenHours } from '../../machines/booking/taken-hours.ts';
import { HoursTakenError, type TakenHour, takenHoursIn } from '../../contract/taken-hours.ts';
import { type AvailabilityWindow, hourlyAvailability } from '../../machines/rules/slots.ts';
import { individualCheckoutDraft, sampleForm, sampleLessons, sampleSlot, sampleTutors } from '../support/draft-fixtures.ts';

// POST /create-order's 409 (HoursTaken): the hours named, read from the body; dropped from the draft by
// subject and start instant; said one line each on the branch's wall clock.

/** Adam's Mathematics with Amira Haddad on Sundays 16:00 (Dubai), and English with Omar Khalil on Monday 7 December 09:00. */
const sunday6 = sampleSlot;
const sunday13: SelectedSlot = { ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', apt_id: 8, weekIndex: 1 };
const english: SelectedSlot = { ...sampleSlot, key: 'English-2026-12-07-09:00', subject: 'English', date: '2026-12-07', time: '09:00', tutorId: 2, apt_id: 7, name: 'Omar Khalil' };
const draft: BookingDraft = {
  ...emptyDraft('new'),
  form: sampleForm,
  lessons: sampleLessons,
  slots: { '1st Week': [sunday6, english], '2nd Week': [sunday13] },
  tutors: [...sampleTutors, { id: 2, name: 'Omar Khalil', subject: 'English' }],
  bookingData: { bookdata: [sunday6, english, sunday13] },
  clientPackageId: 30,
};

const hour = (subject: string, start: string, more: Partial<TakenHour> = {}): TakenHour => ({
  subject,
  start,
  finish: new Date(Date.parse(start) + 3_600_000).toISOString(),
  tutor: 1,
  reason: 'taken',
  ...more,
});

describe('the taken hours of a 409', () => {
  const taken = [hour('Mathematics', '2026-12-06T16:00:00+04:00')];
  it.each([
    ['HoursTaken', { success: false, message: 'Hours taken', taken }, taken],
    ['HoursTaken with an unavailable hour', { success: false, message: 'm', taken: [hour('English', '2026-12-07T05:00:00Z', { reason: 'unavailable' })] }, [hour('English', '2026-12-07T05:00:00Z', { reason: 'unavailable' })]],
    ['HoursTaken with the family\'s own student busy', { success: false, message: 'm', taken: [hour('English', '2026-12-07T05:00:00Z', { reason: 'student_busy', student: 'Adam' })] }, [hour('English', '2026-12-07T05:00:00Z', { reason: 'student_busy', student: 'Adam' })]],
    ['a student named by something not a name', { success: false, message: 'm', taken: [hour('English', '2026-12-07T05:00:00Z', { reason: 'student_busy', student: 7 as unknown as string })] }, null],
    ['a plain conflict', { success: false, message: 'That slot is taken' }, null],
    ['an empty list', { success: false, message: 'm', taken: [] }, null],
    ['a list that is not of hours', { success: false, message: 'm', taken: ['2026-12-06T16:00:00+04:00'] }, null],
    ['an hour with a reason not known', { success: false, message: 'm', taken: [hour('Mathematics', '2026-12-06T16:00:00+04:00', { reason: 'gone' as TakenHour['reason'] })] }, null],
    ['an hour whose start is not a time', { success: false, message: 'm', taken: [{ ...taken[0], start: 'soon' }] }, null],
    ['no body', undefined, null],
    ['a list', taken, null],
  ])('%s', (_, body, expected) => {
    expect(takenHoursIn(body)).toEqual(expected);
  });

  it('are what a HoursTakenError carries; any other failure names none', () => {
    expect(takenHoursOf(new HoursTakenError('Hours taken', taken))).toEqual(taken);
    expect(new HoursTakenError('Hours taken', taken)).toMatchObject({ status: 409, message: 'Hours taken' });
    expect(takenHoursOf(new Error('The payment could not be started. Please try again.'))).toBeNull();
    expect(takenHoursOf({ status: 409, taken })).toBeNull();
  });
});

const slotsOf = (d: BookingDraft) => Object.values(d.slots ?? {}).flat();

describe('the draft without the taken hours', () => {
  it.each([
    ['the hour, written in the branch offset', [hour('Mathematics', '2026-12-06T16:00:00+04:00')], [english, sunday13]],
    ['the same instant written in UTC', [hour('Mathematics', '2026-12-06T12:00:00Z')], [english, sunday13]],
    ['two hours, one of each subject', [hour('Mathematics', '2026-12-13T16:00:00+04:00'), hour('English', '2026-12-07T09:00:00+04:00', { reason: 'unavailable' })], [sunday6]],
    ['another subject at that hour (kept)', [hour('English', '2026-12-06T16:00:00+04:00')], [sunday6, english, sunday13]],
    ['the subject an hour later (kept)', [hour('Mathematics', '2026-12-06T17:00:00+04:00')], [sunday6, english, sunday13]],
  ])('%s', (_, taken, left) => {
    expect(slotsOf(withoutTakenHours(draft, taken, 'Asia/Dubai'))).toEqual(left);
  });

  it('drops a week left empty, a tutor with no slot left for the subject, and the stored booking', () => {
    const after = withoutTakenHours(draft, [hour('English', '2026-12-07T09:00:00+04:00'), hour('Mathematics', '2026-12-13T16:00:00+04:00')], 'Asia/Dubai');
    expect(after.slots).toEqual({ '1st Week': [sunday6] });
    expect(after.tutors).toEqual(sampleTutors);
    expect(after.bookingData).toBeNull();
    // What was chosen before the slots stays: the grid opens on the same package.
    expect(after).toMatchObject({ form: sampleForm, lessons: sampleLessons, clientPackageId: 30, entry: 'new' });
  });

  it('keeps a tutor who still has a slot of the subject', () => {
    expect(withoutTakenHours(draft, [hour('Mathematics', '2026-12-06T16:00:00+04:00')], 'Asia/Dubai').tutors).toEqual(draft.tutors);
  });

  it('is the same draft when none of its hours is named', () => {
    expect(withoutTakenHours(draft, [hour('Physics', '2026-12-06T16:00:00+04:00')], 'Asia/Dubai')).toBe(draft);
  });

  it('drops the hours of both students of the individual split (the first student’s kept in studentsData)', () => {
    const both = individualCheckoutDraft(true);
    const after = withoutTakenHours(both, [hour('Mathematics', '2026-12-06T16:00:00+04:00'), hour('English', '2026-12-07T17:00:00+04:00', { tutor: 2 })], 'Asia/Dubai');
    expect(after.slots).toEqual({});
    expect(after.tutors).toEqual([]);
    expect(after.split).toEqual({ ...both.split, done: [{ ...both.split.done[0], slots: {} }] });
    // Only the first student's hour: the second student's slots stay.
    const first = withoutTakenHours(both, [hour('Mathematics', '2026-12-06T16:00:00+04:00')], 'Asia/Dubai');
    expect(first.slots).toEqual(both.slots);
    expect(first.split.done[0]?.slots).toEqual({});
  });

  it('matches a slot by its instant in a zone with summer time', () => {
    // London: Saturday 28 March 2026 is winter time (+00:00), Monday 30 March summer time (+01:00).
    const london: BookingDraft = { ...draft, slots: { '1st Week': [{ ...sunday6, date: '2026-03-28' }, { ...sunday6, date: '2026-03-30' }] } };
    const taken = [hour('Mathematics', '2026-03-28T16:00:00Z'), hour('Mathematics', '2026-03-30T16:00:00Z')];
    expect(slotsOf(withoutTakenHours(london, taken, 'Europe/London'))).toEqual([{ ...sunday6, date: '2026-03-30' }]);
  });
});

describe('what the grid says of them', () => {
  it.each([
    ['taken', hour('Mathematics', '2026-11-28T09:00:00+04:00'), 'Asia/Dubai', ['Sat 28 Nov 2026 · 09:00 Dubai time was just booked by someone else. Please choose another time.']],
    ['unavailable', hour('Mathematics', '2026-11-28T09:00:00+04:00', { reason: 'unavailable' }), 'Asia/Dubai', ['Sat 28 Nov 2026 · 09:00 Dubai time is no longer available. Please choose another time.']],
    ['a student of the family busy then', hour('Mathematics', '2026-11-28T09:00:00+04:00', { reason: 'student_busy', student: 'Adam' }), 'Asia/Dubai', ['Sat 28 Nov 2026 · 09:00 Dubai time: Adam already has a lesson at that time. Please choose another time.']],
    ['given in UTC, said in the branch zone', hour('English', '2026-11-27T22:00:00Z'), 'Asia/Dubai', ['Sat 28 Nov 2026 · 02:00 Dubai time was just booked by someone else. Please choose another time.']],
    ['in a zone west of UTC', hour('English', '2026-11-28T03:00:00Z'), 'America/New_York', ['Fri 27 Nov 2026 · 22:00 New York time was just booked by someone else. Please choose another time.']],
    ['in a half-hour zone', hour('English', '2026-12-06T10:30:00Z'), 'Asia/Kolkata', ['Sun 6 Dec 2026 · 16:00 Kolkata time was just booked by someone else. Please choose another time.']],
  ])('%s', (_, taken, timeZone, lines) => {
    expect(takenHoursNotice([taken], timeZone)).toEqual(lines);
  });

  it('says each hour once, earliest first', () => {
    const later = hour('Mathematics', '2026-12-13T16:00:00+04:00');
    const earlier = hour('Mathematics', '2026-12-06T16:00:00+04:00', { reason: 'unavailable' });
    // Two students' lessons at the same hour are one hour to choose again.
    const alsoEarlier = hour('English', '2026-12-06T16:00:00+04:00', { reason: 'unavailable', tutor: 2 });
    expect(takenHoursNotice([later, earlier, alsoEarlier], 'Asia/Dubai')).toEqual([
      'Sun 6 Dec 2026 · 16:00 Dubai time is no longer available. Please choose another time.',
      'Sun 13 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.',
    ]);
  });

  it.each([
    ['2026-03-29T00:30:00Z', 'Europe/London', 'Sun 29 Mar 2026 · 00:30 London time'],
    ['2026-03-29T01:30:00Z', 'Europe/London', 'Sun 29 Mar 2026 · 02:30 London time'],
    ['2026-01-01T03:59:00Z', 'Asia/Dubai', 'Thu 1 Jan 2026 · 07:59 Dubai time'],
  ])('%s in %s is %s', (start, timeZone, expected) => {
    expect(branchHourText(Date.parse(start), timeZone)).toBe(expected);
  });
});

// A booking saved a while ago (the pending payment): its hours are checked against what the grid offers now,
// the branch's day and the instant now. Dubai is UTC+4.
describe('the hours of a saved booking that can no longer be booked', () => {
  const offeredBy = (tutor: number, start: string): AvailabilityWindow => ({ start, finish: new Date(Date.parse(start) + 3_600_000).toISOString(), apt_id: 1, contractor_id: tutor });
  const all = [offeredBy(1, '2026-12-06T12:00:00Z'), offeredBy(2, '2026-12-07T05:00:00Z'), offeredBy(1, '2026-12-13T12:00:00Z')];
  const slots = [sunday6, english, sunday13];
  const check = (windows: AvailabilityWindow[], today: string, now: string) => ({ availability: hourlyAvailability(windows, 'Asia/Dubai'), today, now: Date.parse(now), timeZone: 'Asia/Dubai' });

  it.each<[string, AvailabilityWindow[], string, string, [SelectedSlot, LostHour['reason']][]]>([
    ['every hour still offered: none', all, '2026-11-23', '2026-11-23T08:00:00Z', []],
    ['an hour no longer offered (someone else booked or holds it): taken', [all[0]!, all[2]!], '2026-11-23', '2026-11-23T08:00:00Z', [[english, 'taken']]],
    ['its hour offered by another tutor only: taken', [all[0]!, offeredBy(9, '2026-12-07T05:00:00Z'), all[2]!], '2026-11-23', '2026-11-23T08:00:00Z', [[english, 'taken']]],
    // The first bookable day is today + 2: on Saturday 5 December, Sunday 6 is too soon, Monday 7 is not.
    ['an hour now within the two days’ notice: too soon', all, '2026-12-05', '2026-12-05T08:00:00Z', [[sunday6, 'tooSoon']]],
    // Monday 7 December 10:00 in Dubai: Sunday's and Monday 09:00's hours are gone; the 13th is not.
    ['hours whose start has passed: past', all, '2026-12-07', '2026-12-07T06:00:00Z', [[sunday6, 'past'], [english, 'past']]],
  ])('%s', (_, windows, today, now, expected) => {
    expect(lostHoursOf(slots, check(windows, today, now))).toEqual(expected.map(([slot, reason]) => ({ slot, reason })));
  });

  it('says each lost hour once, earliest first: a taken one in checkout’s words, a past or too near one as such', () => {
    const lost: LostHour[] = [
      { slot: sunday13, reason: 'taken' },
      { slot: english, reason: 'tooSoon' },
      { slot: sunday6, reason: 'past' },
      { slot: { ...sunday13, subject: 'English' }, reason: 'taken' },
    ];
    expect(lostHoursNotice(lost, 'Asia/Dubai')).toEqual([
      'Sun 6 Dec 2026 · 16:00 Dubai time has already passed. Please choose another time.',
      'Mon 7 Dec 2026 · 09:00 Dubai time is too soon to book now: classes are booked at least 2 days ahead. Please choose another time.',
      'Sun 13 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.',
    ]);
  });

  it('drops the lost hours from the draft (a tutor with no hour left goes, the stored booking goes); none lost: the same draft', () => {
    expect(withoutLostHours(draft, [], 'Asia/Dubai')).toBe(draft);
    expect(withoutLostHours(draft, [{ slot: english, reason: 'taken' }], 'Asia/Dubai')).toEqual({
      ...draft,
      slots: { '1st Week': [sunday6], '2nd Week': [sunday13] },
      tutors: sampleTutors,
      bookingData: null,
    });
  });
});
