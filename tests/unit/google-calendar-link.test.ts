import { describe, expect, it } from 'vitest';
import { type GoogleCalendarLesson, googleCalendarLink, lessonDetails, lessonTitle, utcStamp } from '../../machines/rules/google-calendar-link.ts';

const origin = 'https://portal.example';

const lesson = (more: Partial<GoogleCalendarLesson> = {}): GoogleCalendarLesson => ({
  subject: 'Mathematics',
  tutor: 'Noor Haddad',
  students: 'Adam Ahmed',
  start: '2026-11-28T09:00:00+04:00',
  finish: '2026-11-28T10:00:00+04:00',
  timeZone: 'Asia/Dubai',
  ...more,
});

/** The link's query as Google reads it (decoded). */
const fieldsOf = (link: string | null) => {
  if (link === null) throw new Error('no link');
  return Object.fromEntries(new URL(link).searchParams);
};

describe('utcStamp', () => {
  it.each([
    ['2026-11-28T09:00:00+04:00', '20261128T050000Z'],
    ['2026-11-28T05:00:00Z', '20261128T050000Z'],
    ['2026-11-28T05:00:00.000Z', '20261128T050000Z'],
    // The branch's wall clock past midnight is the day before in UTC.
    ['2026-11-28T02:30:00+04:00', '20261127T223000Z'],
    // New York in summer (EDT, -04:00) and in winter (EST, -05:00).
    ['2026-07-01T09:00:00-04:00', '20260701T130000Z'],
    ['2026-12-01T09:00:00-05:00', '20261201T140000Z'],
    ['not a date', null],
    ['', null],
  ])('%s → %s', (instant, stamp) => {
    expect(utcStamp(instant)).toBe(stamp);
  });
});

describe('lessonTitle', () => {
  it.each([
    ['Noor Haddad', 'Mathematics lesson with Noor Haddad'],
    ['Noor Haddad, Omar Saleh', 'Mathematics lesson with Noor Haddad, Omar Saleh'],
    ['  Noor Haddad ', 'Mathematics lesson with Noor Haddad'],
    [null, 'Mathematics lesson'],
    ['', 'Mathematics lesson'],
    ['   ', 'Mathematics lesson'],
  ])('tutor %j → %s', (tutor, title) => {
    expect(lessonTitle({ subject: 'Mathematics', tutor })).toBe(title);
  });
});

describe('lessonDetails', () => {
  const manage = `${origin}/manage-booking`;
  it.each([
    [
      'tutor and student known',
      lesson(),
      ['Mathematics with Noor Haddad', 'For Adam Ahmed', 'Sat 28 Nov 2026 · 09:00 (Dubai time)', `Manage Booking: ${manage}`],
    ],
    [
      'two students',
      lesson({ students: 'Adam Ahmed, Lina Ahmed' }),
      ['Mathematics with Noor Haddad', 'For Adam Ahmed, Lina Ahmed', 'Sat 28 Nov 2026 · 09:00 (Dubai time)', `Manage Booking: ${manage}`],
    ],
    ['nobody known', lesson({ tutor: null, students: null }), ['Mathematics', 'Sat 28 Nov 2026 · 09:00 (Dubai time)', `Manage Booking: ${manage}`]],
    [
      'the time in the branch zone, whatever instant form',
      lesson({ start: '2026-06-15T13:00:00Z', finish: '2026-06-15T14:00:00Z', timeZone: 'Europe/London' }),
      ['Mathematics with Noor Haddad', 'For Adam Ahmed', 'Mon 15 Jun 2026 · 14:00 (London time)', `Manage Booking: ${manage}`],
    ],
  ])('%s', (_case, given, lines) => {
    expect(lessonDetails(given, manage).split('\n')).toEqual(lines);
  });
});

describe('googleCalendarLink', () => {
  it("is Google's event template with UTC times, the title, the details and the branch zone", () => {
    const link = googleCalendarLink(lesson(), { origin });
    expect(link).toBe(
      'https://calendar.google.com/calendar/render?action=TEMPLATE' +
        '&text=Mathematics%20lesson%20with%20Noor%20Haddad' +
        '&dates=20261128T050000Z/20261128T060000Z' +
        '&details=Mathematics%20with%20Noor%20Haddad%0AFor%20Adam%20Ahmed%0ASat%2028%20Nov%202026%20%C2%B7%2009%3A00%20(Dubai%20time)%0AManage%20Booking%3A%20https%3A//portal.example/manage-booking' +
        '&ctz=Asia/Dubai',
    );
  });

  it.each([
    ['Dubai', lesson(), { dates: '20261128T050000Z/20261128T060000Z', ctz: 'Asia/Dubai' }],
    [
      'London in summer time (BST)',
      lesson({ start: '2026-06-15T14:00:00+01:00', finish: '2026-06-15T15:00:00+01:00', timeZone: 'Europe/London' }),
      { dates: '20260615T130000Z/20260615T140000Z', ctz: 'Europe/London' },
    ],
    [
      'Sydney, across the day line in UTC',
      lesson({ start: '2026-11-28T09:00:00+11:00', finish: '2026-11-28T10:00:00+11:00', timeZone: 'Australia/Sydney' }),
      { dates: '20261127T220000Z/20261127T230000Z', ctz: 'Australia/Sydney' },
    ],
    [
      'New York, on the night the clocks go back (the hour after 01:00 EDT)',
      lesson({ start: '2026-11-01T01:30:00-04:00', finish: '2026-11-01T01:30:00-05:00', timeZone: 'America/New_York' }),
      { dates: '20261101T053000Z/20261101T063000Z', ctz: 'America/New_York' },
    ],
  ])('%s: dates in UTC, ctz the branch zone', (_case, given, expected) => {
    expect(fieldsOf(googleCalendarLink(given, { origin }))).toMatchObject({ action: 'TEMPLATE', ...expected });
  });

  it.each([
    ['names with & = ? # + and non-ASCII', lesson({ subject: 'Art & Design', tutor: 'Zoë O’Neil + Co #1?', students: 'Ahmad=Ali' })],
    ['a subject with a slash and a percent sign', lesson({ subject: 'English 100% / Writing' })],
  ])('%s survive the round trip through the URL', (_case, given) => {
    const link = googleCalendarLink(given, { origin });
    expect(link).not.toMatch(/[ \n]/);
    const fields = fieldsOf(link);
    expect(fields.text).toBe(lessonTitle(given));
    expect(fields.details).toBe(lessonDetails(given, `${origin}/manage-booking`));
    // Nothing leaks into a parameter of its own.
    expect(Object.keys(fields)).toEqual(['action', 'text', 'dates', 'details', 'ctz']);
  });

  it.each([
    ['https://portal.example', 'https://portal.example/manage-booking'],
    ['https://portal.example/', 'https://portal.example/manage-booking'],
    ['http://localhost:5173', 'http://localhost:5173/manage-booking'],
  ])('origin %s → Manage Booking at %s', (given, manage) => {
    expect(fieldsOf(googleCalendarLink(lesson(), { origin: given })).details).toContain(`Manage Booking: ${manage}`);
  });

  it.each([
    ['an invalid start', lesson({ start: 'soon' })],
    ['an invalid finish', lesson({ finish: '' })],
    ['a finish before the start', lesson({ finish: '2026-11-28T08:00:00+04:00' })],
    ['a finish equal to the start', lesson({ finish: '2026-11-28T09:00:00+04:00' })],
  ])('no link for %s', (_case, given) => {
    expect(googleCalendarLink(given, { origin })).toBeNull();
  });
});
