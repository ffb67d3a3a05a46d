import type { Queryable } from '../db/database.ts';

/**
 * The name of a service the portal makes: '<Subject> - <the students' full names>', as the seeded ones are
 * ('Mathematics - Adam Ahmed'), so that a lesson card showing its service says whose lesson it is. Two
 * students of one group lesson are named in the order of their ids ('English - Adam Ahmed, Lina Ahmed'),
 * as 006_receipts_and_ratings.sql renames the services made before with a bare subject.
 */
export async function serviceName(db: Queryable, subject: string, studentIds: readonly number[]): Promise<string> {
  const rows = await db.query<{ name: string }>(
    `select first_name || ' ' || last_name as name from students where id = any($1::int[]) order by id`,
    [[...studentIds]],
  );
  return rows.length === 0 ? subject : `${subject} - ${rows.map((r) => r.name).join(', ')}`;
}

/** The branch's spelling of `name` when it is a bare subject of the branch (any case, spaces around); else undefined. */
export async function bareSubject(db: Queryable, branchId: number, name: string): Promise<string | undefined> {
  const [row] = await db.query<{ name: string }>('select name from subjects where branch_id = $1 and lower(name) = lower($2)', [branchId, name.trim()]);
  return row?.name;
}
