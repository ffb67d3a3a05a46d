import { describe, expect, it } from 'vitest';
import { lostHourLine } from '../../server/domain/fulfilment.ts';
import { type CalendarLesson, lessonUid } from '../../server/domain/lesson-calendar.ts';
import { mailDateTime } from '../../server/domain/mail-dates.ts';
import { reminderMail } from '../../server/domain/reminders.ts';
import { lineProblems, parseCalendar } from '../support/calendar-files.ts';

// Every mail that states a lesson's time writes it one way: the portal's format, in the branch's zone, saying
// which zone ('Sat 28 Nov 2026 · 09:00 (Dubai time)').

const publicUrl = 'https://portal.example';
const now = new Date('2026-11-27T05:00:00Z');

const lesson = (overrides: Partial<CalendarLesson> = {}): CalendarLesson => ({
  id: 42,
  start: new Date('2026-11-28T05:00:00Z'),
  finish: new Date('2026-11-28T06:00:00Z'),
  subject: 'Mathematics',
  status: 'planned',
  sequence: 0,
  tutors: ['Amira Haddad'],
  students: ['Kid1 Client1'],
  timeZone: 'Asia/Dubai',
  ...overrides,
});

describe('mailDateTime', () => {
  it.each([
    ['Asia/Dubai', '2026-11-28T05:00:00Z', 'Sat 28 Nov 2026 · 09:00 (Dubai time)'],
    ['Europe/London', '2026-03-29T00:30:00Z', 'Sun 29 Mar 2026 · 00:30 (London time)'],
    ['Europe/London', '2026-03-29T01:30:00Z', 'Sun 29 Mar 2026 · 02:30 (London time)'],
    ['America/New_York', '2026-11-28T03:00:00Z', 'Fri 27 Nov 2026 · 22:00 (New York time)'],
    ['Australia/Sydney', '2026-11-28T05:00:00Z', 'Sat 28 Nov 2026 · 16:00 (Sydney time)'],
  ])('in %s, %s reads %s', (zone, instant, text) => {
    expect(mailDateTime(new Date(instant), zone)).toBe(text);
  });
});

describe('the reminder mail', () => {
  it('says the subject, the time in the branch zone with its label, tutor, student and Manage Booking', () => {
    const mail = reminderMail(lesson(), 'Test', { publicUrl, now });
    expect(mail.subject).toBe('Reminder: Mathematics on Sat 28 Nov 2026 · 09:00 (Dubai time)');
    expect(mail.body.split('\n')).toEqual([
      'Hello Test,',
      '',
      'This is a reminder of your Mathematics lesson on Sat 28 Nov 2026 · 09:00–10:00 (Dubai time).',
      '',
      'Tutor: Amira Haddad',
      'Student: Kid1 Client1',
      '',
      'To see, reschedule or cancel it, open Manage Booking: https://portal.example/manage-booking',
      'The lesson is attached as a calendar file (lesson-42.ics) to add it to your calendar.',
    ]);
  });

  it.each([
    ['two tutors and two students', { tutors: ['A One', 'B Two'], students: ['C Three', 'D Four'] }, ['Tutors: A One, B Two', 'Students: C Three, D Four']],
    ['no tutor yet', { tutors: [] }, ['Tutor: to be confirmed', 'Student: Kid1 Client1']],
  ])('names %s', (_label, overrides, lines) => {
    const body = reminderMail(lesson(overrides), 'Test', { publicUrl, now }).body.split('\n');
    for (const line of lines) expect(body).toContain(line);
  });

  it('writes the time in the branch zone, whatever zone the server runs in', () => {
    const mail = reminderMail(lesson({ timeZone: 'America/New_York' }), 'Test', { publicUrl, now });
    expect(mail.subject).toBe('Reminder: Mathematics on Sat 28 Nov 2026 · 00:00 (New York time)');
    expect(mail.body).toContain('on Sat 28 Nov 2026 · 00:00–01:00 (New York time).');
  });

  it('attaches the lesson’s calendar file: one event, the lesson’s UID, start and end, CRLF lines of 75 octets at most', () => {
    const [file, ...more] = reminderMail(lesson({ sequence: 2 }), 'Test', { publicUrl, now }).attachments;
    expect(more).toEqual([]);
    expect(file).toMatchObject({ filename: 'lesson-42.ics', content_type: 'text/calendar' });
    const content = file?.content ?? '';
    expect(lineProblems(content)).toEqual([]);
    const { events } = parseCalendar(content);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: lessonUid(42, publicUrl),
      sequence: 2,
      start: new Date('2026-11-28T05:00:00Z'),
      end: new Date('2026-11-28T06:00:00Z'),
      stamp: now,
    });
  });
});

describe('the staff mail of hours lost after a hold expired', () => {
  it('lists each hour in the one format, with its zone', () => {
    expect(lostHourLine({ subject: 'Physics', start: new Date('2026-11-28T05:00:00Z'), contractor_id: 7 }, 'Asia/Dubai')).toBe(
      'Physics, Sat 28 Nov 2026 · 09:00 (Dubai time), tutor 7',
    );
  });
});
