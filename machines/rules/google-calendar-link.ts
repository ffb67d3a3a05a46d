import { formatDateTime, zoneLabel } from '../../contract/date-format.ts';

/**
 * The 'Add to Google Calendar' address of a lesson: Google's event template, filled as the server fills the
 * lesson's .ics (server/domain/lesson-calendar.ts), so both read alike. Times go in UTC, so Google places the
 * lesson right whatever zone the reader's calendar is in; `ctz` names the branch's zone for its display.
 * Pure: the portal's origin comes in (the container reads it), never from window.
 */

export interface GoogleCalendarLesson {
  subject: string;
  /** The tutor's name(s) as shown ('A, B'), or null when not known. */
  tutor: string | null;
  /** The students' names as shown ('Adam Ahmed, Lina Ahmed'), or null when not known. */
  students: string | null;
  /** ISO instants. */
  start: string;
  finish: string;
  /** The branch's IANA zone ('Asia/Dubai'). */
  timeZone: string;
}

export const googleCalendarBase = 'https://calendar.google.com/calendar/render';

const known = (names: string | null): string | null => (names !== null && names.trim() !== '' ? names.trim() : null);

/** '20261128T050000Z': an instant in the basic UTC form of RFC 5545, which Google's `dates` takes. */
export function utcStamp(instant: string): string | null {
  const millis = Date.parse(instant);
  if (!Number.isFinite(millis)) return null;
  return new Date(millis).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** 'Mathematics lesson with Ms Noor', or 'Mathematics lesson' while the tutor is not known. */
export function lessonTitle({ subject, tutor }: Pick<GoogleCalendarLesson, 'subject' | 'tutor'>): string {
  const who = known(tutor);
  return who ? `${subject} lesson with ${who}` : `${subject} lesson`;
}

/** The event's description: who, for whom, when (with the zone said), and where to manage it. */
export function lessonDetails(lesson: GoogleCalendarLesson, manageBookingUrl: string): string {
  const tutor = known(lesson.tutor);
  const students = known(lesson.students);
  return [
    tutor ? `${lesson.subject} with ${tutor}` : lesson.subject,
    students ? `For ${students}` : null,
    `${formatDateTime(lesson.start, lesson.timeZone)} (${zoneLabel(lesson.timeZone)})`,
    `Manage Booking: ${manageBookingUrl}`,
  ]
    .filter((line) => line !== null)
    .join('\n');
}

// Every value is percent-encoded; '/' is left as it is, as a query may carry it (RFC 3986) and Google's
// own links do ('dates=…Z/…Z', 'ctz=Asia/Dubai').
const encode = (value: string) => encodeURIComponent(value).replace(/%2F/g, '/');

/**
 * The link for one lesson, or null when its start or finish is not a valid instant or it does not end after
 * it starts (no link rather than one that opens a wrong event). `origin` is the portal's ('https://…').
 */
export function googleCalendarLink(lesson: GoogleCalendarLesson, { origin }: { origin: string }): string | null {
  const start = utcStamp(lesson.start);
  const finish = utcStamp(lesson.finish);
  if (!start || !finish || Date.parse(lesson.finish) <= Date.parse(lesson.start)) return null;
  const manageBookingUrl = `${origin.replace(/\/+$/, '')}/manage-booking`;
  const fields: [string, string][] = [
    ['action', 'TEMPLATE'],
    ['text', lessonTitle(lesson)],
    ['dates', `${start}/${finish}`],
    ['details', lessonDetails(lesson, manageBookingUrl)],
    ['ctz', lesson.timeZone],
  ];
  return `${googleCalendarBase}?${fields.map(([name, value]) => `${name}=${encode(value)}`).join('&')}`;
}
