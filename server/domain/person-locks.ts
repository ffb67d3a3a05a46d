import type { Queryable } from '../db/database.ts';

/** The people whose hours a writer is about to take: tutors and students, by id. */
export interface People {
  tutors: readonly number[];
  students: readonly number[];
}

const tutorKey = 1;
const studentKey = 2;

/**
 * Takes a transaction-scoped advisory lock per tutor and per student, in one global order, before a writer
 * touches their hours. The exclusion constraints of busy_hours still decide who gets an hour; these locks only
 * queue the writers of one person behind each other. Without them, racing writers each insert their row, each
 * find the other's in progress and wait for it: a deadlock PostgreSQL breaks only after deadlock_timeout, one
 * victim at a time, and under load twenty racers spent longer than a request may take. Queued, the second
 * writer meets the first's committed row and is refused at once. Call it first in the transaction, before any
 * row lock, so that every writer asks for its locks in the same order.
 */
export async function lockPeople(tx: Queryable, people: People): Promise<void> {
  const keys = [
    ...[...new Set(people.tutors)].map((id) => [tutorKey, id] as const),
    ...[...new Set(people.students)].map((id) => [studentKey, id] as const),
  ];
  if (keys.length === 0) return;
  // The subquery's order is the order the locks are taken in (the aggregate reads its rows in turn).
  await tx.query(
    `select count(pg_advisory_xact_lock(kind, id))::int as n
       from (select kind, id from unnest($1::int[], $2::int[]) as k(kind, id) order by kind, id) ordered`,
    [keys.map(([kind]) => kind), keys.map(([, id]) => id)],
  );
}

/** The tutors and students of planned lessons. */
export function peopleOf(lessons: readonly { tutor: number; students: readonly number[] }[]): People {
  return { tutors: lessons.map((l) => l.tutor), students: lessons.flatMap((l) => l.students) };
}
