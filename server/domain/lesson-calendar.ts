import icalGenerator, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { formatDateTime, zoneLabel } from '../../contract/date-format.ts';
import type { Queryable } from '../db/database.ts';

/** A lesson as a calendar shows it. */
export interface CalendarLesson {
  id: number;
  start: Date;
  finish: Date;
  subject: string;
  status: 'planned' | 'completed' | 'cancelled' | 'pending';
  /** Goes up by 1 with each move or cancellation (a trigger counts it). */
  sequence: number;
  tutors: string[];
  students: string[];
  timeZone: string;
}

// Every tutor of the lesson, released or not: a cancelled lesson releases its tutors' hours (002_integrity.sql),
// and its cancelled event still names who was to teach it.
const lessonColumns = `
  a.id, a.start, a.finish, a.topic as subject, a.status, a.calendar_sequence as sequence, b.time_zone,
  coalesce((select array_agg(c.first_name || ' ' || c.last_name order by c.id)
              from appointment_contractors ac join contractors c on c.id = ac.contractor_id
             where ac.appointment_id = a.id), '{}') as tutors,
  coalesce((select array_agg(s.first_name || ' ' || s.last_name order by s.id)
              from appointment_recipients ar join students s on s.id = ar.student_id
             where ar.appointment_id = a.id), '{}') as students`;

interface LessonRow {
  id: number;
  start: Date | string;
  finish: Date | string;
  subject: string;
  status: CalendarLesson['status'];
  sequence: number;
  time_zone: string;
  tutors: string[];
  students: string[];
}

const toLesson = (row: LessonRow): CalendarLesson => ({
  id: row.id,
  start: new Date(row.start),
  finish: new Date(row.finish),
  subject: row.subject,
  status: row.status,
  sequence: row.sequence,
  tutors: row.tutors,
  students: row.students,
  timeZone: row.time_zone,
});

/** One lesson with its client, or undefined when there is no such lesson. */
export async function readCalendarLesson(db: Queryable, id: number): Promise<(CalendarLesson & { clientId: number }) | undefined> {
  const [row] = await db.query<LessonRow & { client_id: number }>(
    `select a.client_id, ${lessonColumns} from appointments a join branches b on b.id = a.branch_id where a.id = $1`,
    [id],
  );
  return row ? { ...toLesson(row), clientId: row.client_id } : undefined;
}

/** A client's lessons starting in [from, to), cancelled ones included (a feed says they are cancelled). */
export async function readCalendarLessons(db: Queryable, clientId: number, from: Date, to: Date): Promise<CalendarLesson[]> {
  const rows = await db.query<LessonRow>(
    `select ${lessonColumns} from appointments a join branches b on b.id = a.branch_id
      where a.client_id = $1 and a.start >= $2 and a.start < $3 and a.status <> 'pending'
      order by a.start, a.id`,
    [clientId, from.toISOString(), to.toISOString()],
  );
  return rows.map(toLesson);
}

/**
 * The lesson's UID: the same in the one-lesson file, the feed and the reminder's attachment, for the
 * lesson's whole life, and nothing in it about a person (the host names the portal, not the client).
 */
export function lessonUid(lessonId: number, publicUrl: string): string {
  return `lesson-${lessonId}@${new URL(publicUrl).hostname}`;
}

export const manageBookingUrl = (publicUrl: string) => `${publicUrl}/manage-booking`;

/** Minutes before the lesson the calendar app alerts. */
export const calendarAlarmMinutes = 60;

export interface CalendarOptions {
  publicUrl: string;
  /** DTSTAMP: when this copy of the calendar was written. */
  now: Date;
  /** X-WR-CALNAME of a feed. */
  name?: string;
  /** How often a subscribed app should fetch the feed again (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshSeconds?: number;
}

/**
 * An RFC 5545 calendar of the lessons: CRLF lines folded at 75 octets by the library, and the last line ended
 * with CRLF too (RFC 5545 §3.1: every content line ends with one; the library leaves the last one bare).
 */
export function lessonCalendar(lessons: readonly CalendarLesson[], options: CalendarOptions): string {
  const calendar = icalGenerator({ prodId: { company: 'Tutoring client portal', product: 'lessons', language: 'EN' } });
  if (options.name) calendar.name(options.name);
  if (options.refreshSeconds) calendar.ttl(options.refreshSeconds);
  for (const lesson of lessons) {
    const tutor = lesson.tutors.length > 0 ? lesson.tutors.join(', ') : 'Tutor to be confirmed';
    const when = `${formatDateTime(lesson.start, lesson.timeZone)} (${zoneLabel(lesson.timeZone)})`;
    const manage = manageBookingUrl(options.publicUrl);
    calendar.createEvent({
      id: lessonUid(lesson.id, options.publicUrl),
      sequence: lesson.sequence,
      stamp: options.now,
      start: lesson.start,
      end: lesson.finish,
      summary: `${lesson.subject} lesson with ${tutor}`,
      description: [
        `${lesson.subject} with ${tutor}`,
        lesson.students.length > 0 ? `For ${lesson.students.join(' and ')}` : null,
        when,
        `Manage Booking: ${manage}`,
      ]
        .filter((line) => line !== null)
        .join('\n'),
      url: manage,
      status: lesson.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      alarms: lesson.status === 'cancelled' ? [] : [{ type: ICalAlarmType.display, trigger: calendarAlarmMinutes * 60, description: `${lesson.subject} in 1 hour` }],
    });
  }
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
