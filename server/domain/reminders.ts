import { formatDateTime, formatTime, zoneLabel } from '../../contract/date-format.ts';
import type { Database, Queryable } from '../db/database.ts';
import { type CalendarLesson, lessonCalendar, manageBookingUrl, readCalendarLesson } from './lesson-calendar.ts';
import { type MailAttachment, sendMail } from './outbox.ts';

/**
 * Lesson reminders (issue 19): a mail to the client REMINDER_LEAD_HOURS before each planned lesson, with the
 * lesson's calendar file. Exactly once per (lesson, start) however many instances scan: a reminder is claimed
 * by inserting its lesson_reminders row, whose primary key lets one transaction win, and the mail is written
 * in that same transaction. Nothing is kept in memory, so a restart or a second instance changes nothing.
 */

export interface ReminderSettings {
  leadHours: number;
  scanSeconds: number;
}

const hourMs = 60 * 60 * 1000;

/** The instant a lesson's reminder becomes due: `leadHours` before it starts. */
export const reminderDueFrom = (start: Date, leadHours: number): Date => new Date(start.getTime() - leadHours * hourMs);

export interface ReminderCandidate {
  status: CalendarLesson['status'];
  start: Date;
  /** The starts this lesson was reminded at already (a moved lesson's earlier ones are for other starts). */
  remindedStarts: readonly Date[];
}

/**
 * Whether a lesson's reminder is due at `now`: a planned lesson, from `leadHours` before its start until it
 * starts, and not reminded at this start yet. A lesson that started gets none, so a server that was down for
 * a day sends no stale reminders; a moved lesson is due again at its new start only.
 */
export function reminderDue(lesson: ReminderCandidate, now: Date, leadHours: number): boolean {
  const start = lesson.start.getTime();
  return (
    lesson.status === 'planned' &&
    reminderDueFrom(lesson.start, leadHours).getTime() <= now.getTime() &&
    now.getTime() < start &&
    !lesson.remindedStarts.some((reminded) => reminded.getTime() === start)
  );
}

export interface ReminderMail {
  subject: string;
  body: string;
  attachments: MailAttachment[];
}

const names = (people: readonly string[], one: string, many: string, none: string) =>
  people.length === 0 ? `${one}: ${none}` : `${people.length === 1 ? one : many}: ${people.join(', ')}`;

/** The reminder of one lesson: its time in the branch's zone, said so, and the lesson's calendar file attached. */
export function reminderMail(lesson: CalendarLesson, greeting: string, options: { publicUrl: string; now: Date }): ReminderMail {
  const zone = lesson.timeZone;
  const when = `${formatDateTime(lesson.start, zone)} (${zoneLabel(zone)})`;
  const hours = `${formatDateTime(lesson.start, zone)}–${formatTime(lesson.finish, zone)} (${zoneLabel(zone)})`;
  const filename = `lesson-${lesson.id}.ics`;
  const subject = `Reminder: ${lesson.subject} on ${when}`;
  const body = [
    `Hello ${greeting},`,
    '',
    `This is a reminder of your ${lesson.subject} lesson on ${hours}.`,
    '',
    names(lesson.tutors, 'Tutor', 'Tutors', 'to be confirmed'),
    names(lesson.students, 'Student', 'Students', 'to be confirmed'),
    '',
    `To see, reschedule or cancel it, open Manage Booking: ${manageBookingUrl(options.publicUrl)}`,
    `The lesson is attached as a calendar file (${filename}) to add it to your calendar.`,
  ].join('\n');
  return {
    subject,
    body,
    attachments: [{ filename, content_type: 'text/calendar', content: lessonCalendar([lesson], options) }],
  };
}

export interface ScanOptions {
  publicUrl: string;
  leadHours: number;
  now: Date;
}

export interface ScanResult {
  /** Lessons reminded by this scan. */
  sent: number[];
  /** Lessons whose reminder failed: claimed by no one, so a later scan tries again. */
  failed: { lessonId: number; error: unknown }[];
}

/** How many due lessons one scan takes on; the rest wait for the next scan. */
const scanLimit = 500;

interface CandidateRow {
  id: number;
  start: Date | string;
  status: CalendarLesson['status'];
  reminded: string[];
}

const toCandidate = (row: { start: Date | string; status: CalendarLesson['status']; reminded: string[] }): ReminderCandidate => ({
  status: row.status,
  start: new Date(row.start),
  remindedStarts: row.reminded.map((at) => new Date(at)),
});

/** One pass: every lesson due at `options.now` is reminded once, each in a transaction of its own. */
export async function scanReminders(db: Database, options: ScanOptions): Promise<ScanResult> {
  const { now, leadHours } = options;
  // The SQL narrows to the lessons the rule can find due (so the limit is not used up by ones reminded
  // already); the rule decides.
  const rows = await db.query<CandidateRow>(
    `select a.id, a.start, a.status,
            coalesce((select json_agg(r.starts_at) from lesson_reminders r where r.appointment_id = a.id), '[]') as reminded
       from appointments a
      where a.status = 'planned' and a.start > $1 and a.start <= $2
        and not exists (select 1 from lesson_reminders r where r.appointment_id = a.id and r.starts_at = a.start)
      order by a.start, a.id
      limit ${scanLimit}`,
    [now.toISOString(), new Date(now.getTime() + leadHours * hourMs).toISOString()],
  );
  const result: ScanResult = { sent: [], failed: [] };
  for (const row of rows.filter((r) => reminderDue(toCandidate(r), now, leadHours))) {
    try {
      if (await db.transaction((tx) => remind(tx, row.id, options))) result.sent.push(row.id);
    } catch (error) {
      result.failed.push({ lessonId: row.id, error });
    }
  }
  return result;
}

/**
 * Claims and writes one lesson's reminder; false when it is not due any more or another scan claimed it. The
 * lesson's row is read FOR SHARE, so a reschedule or cancellation waits for this transaction and the mail
 * shows the start the claim is for.
 */
async function remind(tx: Queryable, lessonId: number, options: ScanOptions): Promise<boolean> {
  const [current] = await tx.query<{ start: Date | string; status: CalendarLesson['status']; reminded: string[] }>(
    `select a.start, a.status,
            coalesce((select json_agg(r.starts_at) from lesson_reminders r where r.appointment_id = a.id), '[]') as reminded
       from appointments a where a.id = $1 for share of a`,
    [lessonId],
  );
  if (!current || !reminderDue(toCandidate(current), options.now, options.leadHours)) return false;
  const [claimed] = await tx.query<{ appointment_id: number }>(
    `insert into lesson_reminders (appointment_id, starts_at) values ($1, $2)
     on conflict (appointment_id, starts_at) do nothing returning appointment_id`,
    [lessonId, new Date(current.start).toISOString()],
  );
  if (!claimed) return false;
  const lesson = await readCalendarLesson(tx, lessonId);
  if (!lesson) return false;
  const [client] = await tx.query<{ email: string; firstname: string }>('select email, firstname from clients where id = $1', [lesson.clientId]);
  if (!client) return false;
  const mail = reminderMail(lesson, client.firstname, options);
  await sendMail(tx, client.email, mail.subject, mail.body, mail.attachments);
  return true;
}

/** What the loop reports a failure to (the server's logger). */
export interface ReminderLog {
  error(details: object, message: string): void;
}

export interface ReminderLoop {
  /** Stops scanning; resolves once a scan under way has finished, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Scans now and then every `scanSeconds` after the previous scan ends, so two scans of one instance never
 * overlap. A failure is logged and the next scan tries again; the timer never keeps the process alive.
 */
export function startReminderLoop(db: Database, settings: ReminderSettings & { publicUrl: string; log: ReminderLog }): ReminderLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const scan = async () => {
    try {
      const { failed } = await scanReminders(db, { publicUrl: settings.publicUrl, leadHours: settings.leadHours, now: new Date() });
      for (const { lessonId, error } of failed) settings.log.error({ err: error, lessonId }, 'lesson reminder failed; the next scan tries again');
    } catch (error) {
      settings.log.error({ err: error }, 'reminder scan failed; the next scan tries again');
    }
  };
  const tick = () => {
    running = scan().finally(() => {
      running = undefined;
      if (!stopped) {
        timer = setTimeout(tick, settings.scanSeconds * 1000);
        timer.unref();
      }
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
