import type pg from 'pg';

export interface FreeHour {
  tutor: number;
  start: Date;
}

/**
 * Free hours of Mathematics tutors (Year 5 and up) a week and more ahead, for a student who is free then too, read
 * straight from the database: what a test or the load bench books through a cluster, where no test server hands out
 * slots.
 */
export async function freeMathematicsHours(db: Pick<pg.Client, 'query'>, studentId: number, limit: number): Promise<FreeHour[]> {
  const { rows } = await db.query<FreeHour>(
    `select a.contractor_id as tutor, h as start
       from availability a join contractors c on c.id = a.contractor_id,
            generate_series(a.start, a.finish - interval '1 hour', interval '1 hour') h
      where c.subjects ? 'Mathematics' and c.quallevel >= 5 and a.start > now() + interval '7 days'
        and not exists (select 1 from busy_hours b where b.during && tstzrange(h, h + interval '1 hour')
                         and ((b.who = 'tutor' and b.person_id = a.contractor_id) or (b.who = 'student' and b.person_id = $1)))
      order by h, a.contractor_id limit $2`,
    [studentId, limit],
  );
  return rows;
}
