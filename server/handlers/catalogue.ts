import type { components } from '../../contract/schema.d.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { ownBranch } from '../domain/access.ts';
import { branchInstant, branchTimeZone, hourMs } from '../domain/branch-time.ts';
import { levelGroup } from '../domain/pricing.ts';
import { bookableWindows, contractorsWhere, takesHourFrom } from '../domain/records.ts';
import { badRequest } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type Package = components['schemas']['Package'];
type CatalogueOperations =
  | 'listLocations'
  | 'listSubjects'
  | 'listPackagesForStudents'
  | 'listPackages'
  | 'listContractors'
  | 'listContractorsWithAvailability'
  | 'filterAvailabilityBySubject'
  | 'filterTutors';

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

async function pricedPackages(db: Queryable, students: number, year: number): Promise<Package[]> {
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

export function catalogueHandlers(ctx: AppContext): HandlerGroup<CatalogueOperations> {
  const { db } = ctx;
  return {
    async listLocations(call) {
      const branch = ownBranch(requireSession(call), call.query.branch_id);
      return db.query<{ id: number; town: string }>('select id, town from locations where branch_id = $1 order by town', [branch]);
    },

    async listSubjects(call) {
      const branch = ownBranch(requireSession(call), call.query.branch_id);
      return db.query<{ id: number; name: string; level_category: number[] }>(
        'select id, name, level_category from subjects where branch_id = $1 order by name',
        [branch],
      );
    },

    async listPackagesForStudents(call) {
      requireSession(call);
      return { data: { data: await pricedPackages(db, call.query.student, call.query.level) } };
    },

    async listPackages(call) {
      requireSession(call);
      return pricedPackages(db, 1, 1);
    },

    async listContractors(call) {
      const branch = ownBranch(requireSession(call), call.query.branch_id);
      const data = await db.query<{ id: number; first_name: string; last_name: string }>(
        'select id, first_name, last_name from contractors where branch_id = $1 order by last_name, first_name, id',
        [branch],
      );
      return { success: true, data };
    },

    async listContractorsWithAvailability(call) {
      const session = requireSession(call);
      const branch = ownBranch(session, call.query.branch_id);
      return contractorsWhere(db, 'c.branch_id = $1', [branch], session.sub);
    },

    async filterAvailabilityBySubject(call) {
      const session = requireSession(call);
      const branch = ownBranch(session, call.body.branch_id);
      const subjects = await canonicalSubjects(db, branch, call.body.subjectNames, 'subjectNames');
      const stored = await db.query<{ id: number; contractor_id: number; start: Date; finish: Date }>(
        `select a.id, a.contractor_id, a.start, a.finish
           from availability a join contractors c on c.id = a.contractor_id
          where c.branch_id = $1 and c.subjects ?| $2::text[] and c.quallevel >= $3
            and a.finish > now() and a.start < now() + interval '56 days'
          order by a.start, a.contractor_id`,
        [branch, subjects, Math.max(...call.body.yearLevels)],
      );
      // Only the hours that can be booked: a booked or held hour offered here would be refused at Pay Now.
      const windows = await bookableWindows(db, stored, session.sub);
      return windows.map((r) => ({ start: r.start.toISOString(), finish: r.finish.toISOString(), apt_id: r.id, contractor_id: r.contractor_id }));
    },

    async filterTutors(call) {
      const { query } = call;
      const session = requireSession(call);
      const branch = ownBranch(session, query.branch_id);
      const [subject] = await canonicalSubjects(db, branch, [query.subject], 'subject');
      const start = branchInstant(query.date, query.time, await branchTimeZone(db, branch));
      if (start.getTime() <= Date.now()) return { data: [] };
      const finish = new Date(start.getTime() + hourMs);
      const data = await contractorsWhere(
        db,
        `c.branch_id = $1 and c.subjects ? $2 and c.quallevel >= $3
          and exists (select 1 from availability a where a.contractor_id = c.id and a.start <= $4 and a.finish >= $5)
          and not exists (select 1 from busy_hours b where b.who = 'tutor' and b.person_id = c.id and b.during && tstzrange($4, $5) and ${takesHourFrom('$6')})`,
        [branch, subject, query.quallevel, start, finish, session.sub],
        session.sub,
      );
      return { data };
    },
  };
}
