import type { components } from '../../contract/schema.d.ts';
import { addCalendarDays, rescheduleNoticeDays } from '../../contract/reschedule-notice.ts';
import { type WeeklyPackage, validWeeklyLessons } from '../../contract/weekly-lessons.ts';
import type { Queryable } from '../db/database.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { branchDay, hourMs } from './branch-time.ts';

/**
 * The hours an order books, checked and held at Pay Now (docs/architecture.md, "Paid means booked"). What the body
 * alone can tell (an hour long, the students of one line, the line's classes and weekly rule) is bad input,
 * 400; what the clock and the database tell (past, before the first bookable day, outside the tutor's hours,
 * booked or held by someone else) is a clash, 409 with every such hour named, so that the portal drops
 * them and the client chooses again.
 */

export type LessonRequest = components['schemas']['OrderLessonRequest'];
export type TakenHour = components['schemas']['TakenHour'];

/** A line of the order as the lessons are checked against it. */
export interface HoldLine {
  pkg_id: number;
  student_ids: number[];
  classes: number;
  /** Missing: a 400 naming `weeklyField`; null: no weekly rule (the free assessment is one lesson). */
  weekly_lessons: Record<string, number> | undefined | null;
  /** Where the line's weekly lessons came from, for the 400's field. */
  weeklyField: string;
}

/** A lesson checked against its line: the branch's spelling of its subject, its instants and its line. */
export interface PlannedLesson {
  index: number;
  line: number;
  subject: string;
  start: Date;
  finish: Date;
  tutor: number;
  students: number[];
}

const packageNames: Record<number, WeeklyPackage> = { 2: 'SILVER', 3: 'GOLD', 4: 'PLATINUM' };

/** The answer to an order some of whose hours cannot be held. */
export class HoursTakenError extends HttpError {
  constructor(readonly taken: TakenHour[]) {
    super(409, hoursTakenText(taken), 'lessons', { taken });
  }
}

function hoursTakenText(taken: readonly TakenHour[]): string {
  const hours = (n: number) => (n === 1 ? 'An hour' : `${n} hours`);
  if (taken.every((hour) => hour.reason === 'student_busy')) {
    // The family's own clash: another tutor at the same hour would not help, so it is not said to be someone else's.
    const names = [...new Set(taken.map((hour) => hour.student ?? 'A student'))];
    const who = names.length === 1 ? `${names[0]} already has` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} already have`;
    return `${who} a lesson at that time${taken.length === 1 ? '' : ` (${taken.length} hours of this booking)`}. Please choose another time.`;
  }
  if (taken.every((hour) => hour.reason === 'taken')) {
    return `${hours(taken.length)} of this booking ${taken.length === 1 ? 'was' : 'were'} just booked by someone else. Please choose another time.`;
  }
  return `${hours(taken.length)} of this booking can no longer be booked. Please choose another time.`;
}

const takenHour = (lesson: PlannedLesson, reason: TakenHour['reason'], student?: string): TakenHour => ({
  subject: lesson.subject,
  start: lesson.start.toISOString(),
  finish: lesson.finish.toISOString(),
  tutor: lesson.tutor,
  reason,
  ...(student === undefined ? {} : { student }),
});

/** The Sunday of the branch-zone week of `day` (weeks run Sunday to Saturday, as the grid shows them). */
function sundayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addCalendarDays(day, -weekday);
}

/**
 * The lessons checked against the order's lines (400 naming the first field that is wrong): each an hour
 * long, for all the students of exactly one line, in a subject the line's weekly lessons name, no two of
 * one line or one tutor overlapping, no line over its classes, and no week over the subject's weekly
 * lessons; each line's weekly lessons allowed by its package. `subjects` maps the branch's subject names,
 * lower-cased, to their spelling.
 */
export function planLessons(lessons: readonly LessonRequest[], lines: readonly HoldLine[], subjects: ReadonlyMap<string, string>, timeZone: string): PlannedLesson[] {
  const planned = lessons.map((lesson, index): PlannedLesson => {
    const field = `lessons[${index}]`;
    const start = new Date(lesson.start);
    const finish = new Date(lesson.finish);
    if (finish.getTime() - start.getTime() !== hourMs) throw badRequest(`${field}.finish`, 'must be one hour after start');
    const subject = subjects.get(lesson.subject.trim().toLowerCase());
    if (subject === undefined) throw badRequest(`${field}.subject`, `unknown subject "${lesson.subject}"`);
    const line = lines.findIndex((l) => l.student_ids.length === lesson.students.length && lesson.students.every((id) => l.student_ids.includes(id)));
    if (line < 0) throw badRequest(`${field}.students`, 'must be the students of one line of the order');
    return { index, line, subject, start, finish, tutor: lesson.tutor, students: [...lesson.students] };
  });
  for (const [i, a] of planned.entries()) {
    const clash = planned.slice(i + 1).find((b) => a.start < b.finish && b.start < a.finish && (a.line === b.line || a.tutor === b.tutor));
    if (clash) throw badRequest(`lessons[${clash.index}].start`, `overlaps lessons[${a.index}]`);
  }
  for (const [n, line] of lines.entries()) {
    const own = planned.filter((lesson) => lesson.line === n);
    if (own.length === 0) continue;
    if (own.length > line.classes) throw badRequest('lessons', `line ${n} has ${line.classes} classes, not ${own.length}`);
    if (line.weekly_lessons === null) continue;
    const weekly = new Map(Object.entries(line.weekly_lessons ?? {}).map(([subject, count]) => [subjects.get(subject.trim().toLowerCase()) ?? subject, count]));
    if (weekly.size === 0) throw badRequest(line.weeklyField, 'is required with lessons');
    const name = packageNames[line.pkg_id];
    if (!name || !validWeeklyLessons(name, line.student_ids.length > 1 ? 'yes' : null, [...weekly.values()])) {
      throw badRequest(line.weeklyField, 'is not a weekly choice this package allows');
    }
    const perWeek = new Map<string, number>();
    for (const lesson of own) {
      const limit = weekly.get(lesson.subject);
      if (limit === undefined) throw badRequest(`lessons[${lesson.index}].subject`, `is not one of the line's weekly lessons (${[...weekly.keys()].join(', ')})`);
      const key = `${lesson.subject} ${sundayOf(branchDay(lesson.start, timeZone))}`;
      const count = (perWeek.get(key) ?? 0) + 1;
      if (count > limit) throw badRequest(`lessons[${lesson.index}].start`, `is more than ${limit} ${lesson.subject} lesson${limit === 1 ? '' : 's'} in one week`);
      perWeek.set(key, count);
    }
  }
  return planned;
}

/** The lessons as JSON rows for SQL's jsonb_to_recordset. */
const rows = (lessons: readonly PlannedLesson[]) =>
  JSON.stringify(lessons.map((l) => ({ i: l.index, start: l.start.toISOString(), finish: l.finish.toISOString(), tutor: l.tutor, students: l.students })));
const recordset = `jsonb_to_recordset($1::jsonb) as l(i int, start timestamptz, finish timestamptz, tutor int, students int[])`;

/**
 * The lessons that cannot be booked whatever anyone else does: past or before the first bookable day (the
 * branch's today + 2, the grids' first day), or outside the tutor's availability, or with a tutor who does
 * not teach the subject at the line's year.
 */
export async function unavailableHours(db: Queryable, lessons: readonly PlannedLesson[], levels: readonly number[], timeZone: string, now: Date): Promise<TakenHour[]> {
  const firstDay = addCalendarDays(branchDay(now, timeZone), rescheduleNoticeDays);
  const covered = await db.query<{ i: number }>(
    `select l.i from ${recordset}
      where exists (select 1 from availability a where a.contractor_id = l.tutor and a.start <= l.start and a.finish >= l.finish)`,
    [rows(lessons)],
  );
  const teachers = await db.query<{ id: number; subjects: string[]; quallevel: number }>('select id, subjects, quallevel from contractors where id = any($1::int[])', [
    [...new Set(lessons.map((l) => l.tutor))],
  ]);
  return lessons.flatMap((lesson) => {
    const tutor = teachers.find((t) => t.id === lesson.tutor);
    if (!tutor || !tutor.subjects.includes(lesson.subject) || tutor.quallevel < (levels[lesson.line] ?? 1)) {
      throw badRequest(`lessons[${lesson.index}].tutor`, `does not teach ${lesson.subject} at this year`);
    }
    const bookable = lesson.start > now && branchDay(lesson.start, timeZone) >= firstDay && covered.some((c) => c.i === lesson.index);
    return bookable ? [] : [takenHour(lesson, 'unavailable')];
  });
}

/**
 * The lessons whose tutor or a student is busy then: in a lesson, or held by a live hold (any overlap). A student
 * busy then is the family's own clash (`student_busy`, naming the student), said before a tutor busy then.
 */
export async function takenHours(db: Queryable, lessons: readonly PlannedLesson[]): Promise<TakenHour[]> {
  const busy = await db.query<{ i: number; student: string | null }>(
    `select l.i, min(s.first_name) filter (where b.who = 'student') as student
       from ${recordset}
       join busy_hours b on b.during && tstzrange(l.start, l.finish)
        and ((b.who = 'tutor' and b.person_id = l.tutor) or (b.who = 'student' and b.person_id = any(l.students)))
       left join students s on b.who = 'student' and s.id = b.person_id
      where b.expires_at is null or b.expires_at > now()
      group by l.i`,
    [rows(lessons)],
  );
  return lessons.flatMap((lesson) => {
    const row = busy.find((b) => b.i === lesson.index);
    if (!row) return [];
    return [row.student === null ? takenHour(lesson, 'taken') : takenHour(lesson, 'student_busy', row.student)];
  });
}

/** Every hour of the lessons that cannot be booked: no longer bookable (`unavailable`, checked before), or taken by someone else. */
export async function hoursNotFree(db: Queryable, lessons: readonly PlannedLesson[], unavailable: readonly TakenHour[]): Promise<TakenHour[]> {
  const taken = (await takenHours(db, lessons)).filter((hour) => !unavailable.some((u) => u.start === hour.start && u.tutor === hour.tutor && u.subject === hour.subject));
  return [...unavailable, ...taken].sort((a, b) => a.start.localeCompare(b.start));
}

/** Every lesson named as taken: the answer to a clash the database refused when no hour is seen taken afterwards (the other write rolled back). */
export const allTaken = (lessons: readonly PlannedLesson[]): TakenHour[] => lessons.map((lesson) => takenHour(lesson, 'taken'));

/**
 * The client's earlier unpaid orders give up their holds on the hours these lessons take: a client who
 * went back from the payment page and pays again is never refused by their own hold.
 */
export async function releaseOwnHolds(tx: Queryable, clientId: number, orderId: number, lessons: readonly PlannedLesson[]): Promise<void> {
  await tx.query(
    `delete from busy_hours b using order_lessons ol, orders o
      where b.order_lesson_id = ol.id and ol.order_id = o.id and o.client_id = $2 and o.id <> $3 and o.status = 'created'
        and exists (select 1 from ${recordset}
                     where b.during && tstzrange(l.start, l.finish)
                       and ((b.who = 'tutor' and b.person_id = l.tutor) or (b.who = 'student' and b.person_id = any(l.students))))`,
    [rows(lessons), clientId, orderId],
  );
}

/**
 * Records the order's lessons and holds every one of their tutor-hours and student-hours until
 * `expiresAt`, in one statement: the exclusion constraints of busy_hours refuse it whole when another
 * booking or live hold overlaps (an expired one gives way, by trigger).
 */
export async function holdLessons(tx: Queryable, orderId: number, lineIds: readonly number[], lessons: readonly PlannedLesson[], expiresAt: Date): Promise<void> {
  await tx.query(
    `with planned as (
       select l.i, l.start, l.finish, l.tutor, l.students, l.subject, (($2::int[])[l.line + 1]) as line_id
         from jsonb_to_recordset($1::jsonb) as l(i int, line int, subject text, start timestamptz, finish timestamptz, tutor int, students int[])
     ), lessons as (
       insert into order_lessons (order_id, line_id, subject, start, finish, contractor_id, student_ids)
       select $3, line_id, subject, start, finish, tutor, students from planned order by i
       returning id, start, finish, contractor_id, student_ids
     )
     insert into busy_hours (who, person_id, during, order_lesson_id, expires_at)
     select 'tutor', contractor_id, tstzrange(start, finish), id, $4::timestamptz from lessons
     union all
     select 'student', student, tstzrange(start, finish), id, $4::timestamptz from lessons, unnest(student_ids) as student`,
    [
      JSON.stringify(lessons.map((l) => ({ i: l.index, line: l.line, subject: l.subject, start: l.start.toISOString(), finish: l.finish.toISOString(), tutor: l.tutor, students: l.students }))),
      [...lineIds],
      orderId,
      expiresAt,
    ],
  );
}

/** An order closed unpaid (failed, cancelled) gives its hours back at once. */
export async function releaseOrderHolds(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('delete from busy_hours where order_lesson_id in (select id from order_lessons where order_id = $1)', [orderId]);
}
