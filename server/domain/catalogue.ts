import type { components } from '../../contract/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { branchInstant, branchTimeZone, hourMs } from './branch-time.ts';
import { type TutorBusy, type TutorWindow, freeWindows } from './free-windows.ts';
import { levelGroup } from './pricing.ts';

type Schemas = components['schemas'];
type Package = Schemas['Package'];

/*
 * The branch's catalogue as a client books from it: locations, subjects, packages priced for a number of
 * students and a year's band, and tutors with the hours they can still be booked for (less every hour a
 * lesson or another client's hold takes).
 */

interface PackageRow {
  id: number;
  name: string;
  description: string;
  numberofclass: number;
  offers: string;
  duration_days: number;
  most_popular: boolean;
  types: string;
  total: string;
  students: number;
  level_group: number;
}

const toPackage = (row: PackageRow): Package => ({
  id: row.id as Package['id'],
  name: row.name as Package['name'],
  description: row.description,
  numberofclass: row.numberofclass,
  types: row.types,
  offers: row.offers,
  total: Number(row.total),
  duration_days: row.duration_days,
  mostPopular: row.most_popular,
  students: row.students,
  level_group: row.level_group,
});

/** The catalogue's packages priced for `students` students in the band of `year` (contract/programs.ts), cheapest first. */
export async function pricedPackages(db: Queryable, students: number, year: number): Promise<Package[]> {
  const rows = await db.query<PackageRow>(
    `select p.*, pp.types, pp.total, pp.students, pp.level_group
       from packages p join package_prices pp on pp.package_id = p.id
      where pp.students = $1 and pp.level_group = $2
      order by pp.total, p.id`,
    [students, levelGroup(year)],
  );
  return rows.map(toPackage);
}

/** The branch's own spelling of each subject asked for; an unknown subject is bad input. */
async function canonicalSubjects(db: Queryable, branchId: number, names: readonly string[], field: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>('select name from subjects where branch_id = $1', [branchId]);
  return names.map((asked) => {
    const match = rows.find((r) => r.name.toLowerCase() === asked.trim().toLowerCase());
    if (!match) throw badRequest(field, `unknown subject "${asked}"`);
    return match.name;
  });
}

interface ContractorRow {
  id: number;
  first_name: string;
  last_name: string;
  photo: string | null;
  subjects: string[];
  quallevel: number;
  town: string;
  country: string;
  qualifications: string;
  speciality: string;
  bio: string | null;
  tutorprice: string;
}

/**
 * Whether the busy_hours row `b` takes its hour from the client whose id is the parameter `client` (`$n`):
 * a lesson (planned or completed) does, and so does a live hold of another client's order. The client's own
 * holds do not: its next Pay Now gives them up. An expired hold is no hold, whether or not it is deleted yet.
 */
const takesHourFrom = (client: string) =>
  `(b.appointment_id is not null
    or (b.expires_at > now()
        and not exists (select 1 from order_lessons ol join orders o on o.id = ol.order_id where ol.id = b.order_lesson_id and o.client_id = ${client})))`;

/**
 * The availability windows as client `clientId` may book them: without the hours their tutors are busy
 * (any overlap, by `takesHourFrom`), earliest first. One statement for all the windows' tutors over the
 * windows' span.
 */
async function bookableWindows(db: Queryable, windows: readonly TutorWindow[], clientId: number): Promise<TutorWindow[]> {
  if (windows.length === 0) return [];
  const from = new Date(windows.reduce((min, w) => Math.min(min, w.start.getTime()), Infinity));
  const to = new Date(windows.reduce((max, w) => Math.max(max, w.finish.getTime()), -Infinity));
  const busy = await db.query<TutorBusy>(
    `select b.person_id as contractor_id, lower(b.during) as start, upper(b.during) as finish
       from busy_hours b
      where b.who = 'tutor' and b.person_id = any($1::int[]) and b.during && tstzrange($2, $3) and ${takesHourFrom('$4')}`,
    [[...new Set(windows.map((w) => w.contractor_id))], from, to, clientId],
  );
  // A window's later piece may start after the next window does.
  return freeWindows(windows, busy).sort((a, b) => a.start.getTime() - b.start.getTime() || a.contractor_id - b.contractor_id);
}

/**
 * Tutors with their future availability windows (up to eight weeks ahead), less the hours they are busy for
 * client `clientId` (bookableWindows), so that a grid built on them offers only hours that can be booked.
 */
async function contractorsWhere(db: Queryable, where: string, params: readonly unknown[], clientId: number): Promise<Schemas['Contractor'][]> {
  const tutors = await db.query<ContractorRow>(`select * from contractors c where ${where} order by c.last_name, c.first_name, c.id`, params);
  if (tutors.length === 0) return [];
  const stored = await db.query<TutorWindow>(
    `select id, contractor_id, start, finish from availability
      where contractor_id = any($1::int[]) and finish > now() and start < now() + interval '56 days'
      order by start`,
    [tutors.map((t) => t.id)],
  );
  const windows = await bookableWindows(db, stored, clientId);
  return tutors.map((t) => ({
    id: t.id,
    first_name: t.first_name,
    last_name: t.last_name,
    photo: t.photo,
    subject: t.subjects.map((name) => ({ name })),
    quallevel: t.quallevel,
    town: t.town,
    country: t.country,
    qualifications: t.qualifications,
    speciality: t.speciality,
    bio: t.bio,
    tutorprice: Number(t.tutorprice),
    availability: windows
      .filter((w) => w.contractor_id === t.id)
      .map((w) => ({ start: w.start.toISOString(), finish: w.finish.toISOString(), apt_id: w.id, contractor_id: t.id })),
  }));
}

/** The branch's spelling of each of its subjects, by its lower case: how a lesson's subject is matched. */
export async function subjectSpellings(db: Queryable, branchId: number): Promise<Map<string, string>> {
  return new Map((await db.query<{ name: string }>('select name from subjects where branch_id = $1', [branchId])).map((r) => [r.name.toLowerCase(), r.name]));
}

export const locationsOf = (db: Queryable, branchId: number) =>
  db.query<{ id: number; town: string }>('select id, town from locations where branch_id = $1 order by town', [branchId]);

export const subjectsOf = (db: Queryable, branchId: number) =>
  db.query<{ id: number; name: string; level_category: number[] }>('select id, name, level_category from subjects where branch_id = $1 order by name', [branchId]);

/** The branch's tutors by name, without their hours. */
export const tutorNamesOf = (db: Queryable, branchId: number) =>
  db.query<{ id: number; first_name: string; last_name: string }>('select id, first_name, last_name from contractors where branch_id = $1 order by last_name, first_name, id', [branchId]);

/** The branch's tutors with the hours client `clientId` can book them for. */
export const tutorsOf = (db: Queryable, branchId: number, clientId: number) => contractorsWhere(db, 'c.branch_id = $1', [branchId], clientId);

/**
 * The hours client `clientId` can book, of the branch's tutors who teach all of `subjects` (the branch's
 * spelling of each) up to the highest of `yearLevels`, within the eight weeks ahead.
 */
export async function hoursForSubjects(db: Queryable, branchId: number, clientId: number, subjectNames: readonly string[], yearLevels: readonly number[]): Promise<Schemas['AvailabilityEntry'][]> {
  const subjects = await canonicalSubjects(db, branchId, subjectNames, 'subjectNames');
  const stored = await db.query<{ id: number; contractor_id: number; start: Date; finish: Date }>(
    `select a.id, a.contractor_id, a.start, a.finish
       from availability a join contractors c on c.id = a.contractor_id
      where c.branch_id = $1 and c.subjects ?| $2::text[] and c.quallevel >= $3
        and a.finish > now() and a.start < now() + interval '56 days'
      order by a.start, a.contractor_id`,
    [branchId, subjects, Math.max(...yearLevels)],
  );
  // Only the hours that can be booked: a booked or held hour offered here would be refused at Pay Now.
  const windows = await bookableWindows(db, stored, clientId);
  return windows.map((r) => ({ start: r.start.toISOString(), finish: r.finish.toISOString(), apt_id: r.id, contractor_id: r.contractor_id }));
}

/**
 * The branch's tutors of `asked.subject` up to year `asked.quallevel` who are available and free for client
 * `clientId` for the hour from `asked.date` `asked.time` (branch time); none for an hour already begun.
 */
export async function tutorsFreeAt(db: Queryable, branchId: number, clientId: number, asked: { subject: string; quallevel: number; date: string; time: string }): Promise<Schemas['Contractor'][]> {
  const [subject] = await canonicalSubjects(db, branchId, [asked.subject], 'subject');
  const start = branchInstant(asked.date, asked.time, await branchTimeZone(db, branchId));
  if (start.getTime() <= Date.now()) return [];
  const finish = new Date(start.getTime() + hourMs);
  return contractorsWhere(
    db,
    `c.branch_id = $1 and c.subjects ? $2 and c.quallevel >= $3
      and exists (select 1 from availability a where a.contractor_id = c.id and a.start <= $4 and a.finish >= $5)
      and not exists (select 1 from busy_hours b where b.who = 'tutor' and b.person_id = c.id and b.during && tstzrange($4, $5) and ${takesHourFrom('$6')})`,
    [branchId, subject, asked.quallevel, start, finish, clientId],
    clientId,
  );
}
