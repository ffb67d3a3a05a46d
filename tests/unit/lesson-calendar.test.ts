import { describe, expect, it } from 'vitest';
import { type CalendarLesson, lessonCalendar, lessonUid, manageBookingUrl } from '../../server/domain/lesson-calendar.ts';
import { continuationLines, lineProblems, parseCalendar } from '../support/calendar-files.ts';

// The calendar fields of a lesson (issue 19, item 1): what a calendar app reads from the file, parsed by a
// real parser (ical.js), and the physical lines RFC 5545 asks for (CRLF, at most 75 octets).

const publicUrl = 'https://portal.example';
const now = new Date('2026-11-20T08:30:00Z');
const manage = 'https://portal.example/manage-booking';

/** Sat 28 Nov 2026, 09:00–10:00 Dubai time (UTC+4). */
const planned: CalendarLesson = {
  id: 12,
  start: new Date('2026-11-28T05:00:00Z'),
  finish: new Date('2026-11-28T06:00:00Z'),
  subject: 'Mathematics',
  status: 'planned',
  sequence: 0,
  tutors: ['Hana Yusuf'],
  students: ['Adam Ahmed'],
  timeZone: 'Asia/Dubai',
};

const only = (lesson: CalendarLesson) => {
  const body = lessonCalendar([lesson], { publicUrl, now });
  const { events } = parseCalendar(body);
  expect(events).toHaveLength(1);
  return { body, event: events[0] as NonNullable<(typeof events)[number]> };
};

interface Case {
  label: string;
  lesson: CalendarLesson;
  summary: string;
  description: string[];
  sequence: number;
  status: string;
  alarms: number;
}

const cases: Case[] = [
  {
    label: 'a planned lesson',
    lesson: planned,
    summary: 'Mathematics lesson with Hana Yusuf',
    description: ['Mathematics with Hana Yusuf', 'For Adam Ahmed', 'Sat 28 Nov 2026 · 09:00 (Dubai time)', `Manage Booking: ${manage}`],
    sequence: 0,
    status: 'CONFIRMED',
    alarms: 1,
  },
  {
    label: 'a lesson rescheduled twice (the trigger counted 2)',
    lesson: { ...planned, start: new Date('2026-12-02T12:00:00Z'), finish: new Date('2026-12-02T13:00:00Z'), sequence: 2 },
    summary: 'Mathematics lesson with Hana Yusuf',
    description: ['Wed 2 Dec 2026 · 16:00 (Dubai time)'],
    sequence: 2,
    status: 'CONFIRMED',
    alarms: 1,
  },
  {
    label: 'a cancelled lesson (kept, marked cancelled, no alarm)',
    lesson: { ...planned, status: 'cancelled', sequence: 1 },
    summary: 'Mathematics lesson with Hana Yusuf',
    description: ['Mathematics with Hana Yusuf'],
    sequence: 1,
    status: 'CANCELLED',
    alarms: 0,
  },
  {
    label: 'a completed lesson',
    lesson: { ...planned, status: 'completed' },
    summary: 'Mathematics lesson with Hana Yusuf',
    description: ['Mathematics with Hana Yusuf'],
    sequence: 0,
    status: 'CONFIRMED',
    alarms: 1,
  },
  {
    label: 'a lesson with two tutors',
    lesson: { ...planned, tutors: ['Hana Yusuf', 'Omar Farouk'] },
    summary: 'Mathematics lesson with Hana Yusuf, Omar Farouk',
    description: ['Mathematics with Hana Yusuf, Omar Farouk'],
    sequence: 0,
    status: 'CONFIRMED',
    alarms: 1,
  },
  {
    label: 'a lesson with no tutor yet',
    lesson: { ...planned, tutors: [] },
    summary: 'Mathematics lesson with Tutor to be confirmed',
    description: ['Mathematics with Tutor to be confirmed'],
    sequence: 0,
    status: 'CONFIRMED',
    alarms: 1,
  },
  {
    label: 'a lesson of two students',
    lesson: { ...planned, students: ['Adam Ahmed', 'Lina Ahmed'] },
    summary: 'Mathematics lesson with Hana Yusuf',
    description: ['For Adam Ahmed and Lina Ahmed'],
    sequence: 0,
    status: 'CONFIRMED',
    alarms: 1,
  },
  {
    label: 'a lesson in London in winter (UTC+0)',
    lesson: { ...planned, timeZone: 'Europe/London' },
    summary: 'Mathematics lesson with Hana Yusuf',
    description: ['Sat 28 Nov 2026 · 05:00 (London time)'],
    sequence: 0,
    status: 'CONFIRMED',
    alarms: 1,
  },
];

describe('one lesson as a calendar file', () => {
  it.each(cases)('$label', ({ lesson, summary, description, sequence, status, alarms }) => {
    const { body, event } = only(lesson);
    expect(lineProblems(body)).toEqual([]);
    expect(event).toMatchObject({
      uid: lessonUid(lesson.id, publicUrl),
      sequence,
      start: lesson.start,
      end: lesson.finish,
      utc: true,
      stamp: now,
      summary,
      url: manage,
      status,
    });
    const lines = event.description.split('\n');
    for (const line of description) expect(lines).toContain(line);
    expect(lines).toContain(`Manage Booking: ${manage}`);
    expect(event.alarms).toEqual(alarms === 1 ? [{ action: 'DISPLAY', trigger: '-PT1H' }] : []);
  });

  it('writes DTSTART and DTEND as UTC instants, and a DTSTAMP of when it was written', () => {
    const { body } = only(planned);
    expect(body).toContain('\r\nDTSTART:20261128T050000Z\r\n');
    expect(body).toContain('\r\nDTEND:20261128T060000Z\r\n');
    expect(body).toContain('\r\nDTSTAMP:20261120T083000Z\r\n');
  });
});

describe('the UID', () => {
  it('is the lesson and the portal host, and nothing about a person', () => {
    const person = { ...planned, tutors: ['Zoë Ḥaddād'], students: ['Adam Ahmed'] };
    const { event } = only(person);
    expect(event.uid).toBe('lesson-12@portal.example');
    for (const word of ['Zoë', 'Ḥaddād', 'Adam', 'Ahmed', 'Mathematics', 'Dubai']) expect(event.uid).not.toContain(word);
  });

  it('does not change when the lesson moves, is cancelled or changes tutor', () => {
    const uids = [
      planned,
      { ...planned, start: new Date('2026-12-05T05:00:00Z'), finish: new Date('2026-12-05T06:00:00Z'), sequence: 1 },
      { ...planned, status: 'cancelled' as const, sequence: 2 },
      { ...planned, tutors: ['Omar Farouk'] },
    ].map((lesson) => only(lesson).event.uid);
    expect(new Set(uids)).toEqual(new Set(['lesson-12@portal.example']));
  });

  it('differs between lessons and names the host without its port', () => {
    expect(lessonUid(12, 'http://127.0.0.1:5100')).toBe('lesson-12@127.0.0.1');
    expect(lessonUid(13, publicUrl)).not.toBe(lessonUid(12, publicUrl));
    expect(manageBookingUrl(publicUrl)).toBe(manage);
  });
});

describe('names in any script fold at 75 octets, never inside a character', () => {
  const names: [string, CalendarLesson][] = [
    ['Latin with diacritics', { ...planned, tutors: ['Zoë Ḥaddād', 'Ḥabīb ʿAbd al-Raḥmān Ṣāliḥ'], students: ['Zoë Ḥaddād Jr'] }],
    ['Arabic', { ...planned, subject: 'الرياضيات', tutors: ['محمد عبد الرحمن الهاشمي', 'فاطمة الزهراء'], students: ['ليلى أحمد', 'يوسف أحمد'] }],
    ['emoji outside the BMP', { ...planned, tutors: ['Hana 🎓 Yusuf 𝔸𝔹ℂ 📐📏✏️ Geometry specialist extraordinaire'] }],
  ];

  it.each(names)('%s', (_label, lesson) => {
    const { body, event } = only(lesson);
    expect(lineProblems(body)).toEqual([]);
    // The case is one that folds, and folds multi-byte text: a line with fewer characters than octets.
    expect(continuationLines(body).length).toBeGreaterThan(0);
    expect(body.split('\r\n').some((line) => Buffer.byteLength(line, 'utf8') > line.length)).toBe(true);
    // Unfolded, the parser reads back every name whole.
    expect(event.summary).toBe(`${lesson.subject} lesson with ${lesson.tutors.join(', ')}`);
    expect(event.description.split('\n')).toContain(`For ${lesson.students.join(' and ')}`);
  });
});

describe('a feed of several lessons', () => {
  const lessons: CalendarLesson[] = [
    planned,
    { ...planned, id: 13, start: new Date('2026-12-05T05:00:00Z'), finish: new Date('2026-12-05T06:00:00Z'), status: 'cancelled', sequence: 1 },
    { ...planned, id: 14, start: new Date('2026-11-10T05:00:00Z'), finish: new Date('2026-11-10T06:00:00Z'), status: 'completed' },
  ];
  const body = lessonCalendar(lessons, { publicUrl, now, name: 'Tutoring lessons', refreshSeconds: 3600 });
  const calendar = parseCalendar(body);

  it('is one calendar with its name and refresh hint, one event per lesson under the same UIDs as the files', () => {
    expect(lineProblems(body)).toEqual([]);
    expect(calendar.name).toBe('Tutoring lessons');
    expect(calendar.properties['X-PUBLISHED-TTL']).toBe('PT1H');
    expect(calendar.events.map((e) => e.uid)).toEqual(lessons.map((l) => only(l).event.uid));
    expect(calendar.events.map((e) => [e.status, e.sequence, e.alarms.length])).toEqual([
      ['CONFIRMED', 0, 1],
      ['CANCELLED', 1, 0],
      ['CONFIRMED', 0, 1],
    ]);
  });

  it('a file of one lesson has no calendar name', () => {
    expect(parseCalendar(only(planned).body).name).toBeUndefined();
  });

  it('an empty feed is still one valid calendar', () => {
    const empty = lessonCalendar([], { publicUrl, now, name: 'Tutoring lessons' });
    expect(lineProblems(empty)).toEqual([]);
    expect(parseCalendar(empty)).toMatchObject({ name: 'Tutoring lessons', events: [] });
  });
});
