import type { components } from '../../contract/schema.d.ts';
import type { Database, Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { bookingPaused } from './access.ts';
import { sendMail } from './outbox.ts';
import type { ClientRow, StudentRow } from './records.ts';

type Schemas = components['schemas'];

/* A client and its students: the account the portal shows, what staff are asked about, the students it adds. */

const toStudent = (row: StudentRow): Schemas['Student'] => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  paying_client: row.client_id,
});

export async function loadUser(db: Queryable, clientId: number): Promise<Schemas['User']> {
  const [client] = await db.query<ClientRow & { time_zone: string }>(
    'select c.*, b.time_zone from clients c join branches b on b.id = c.branch_id where c.id = $1',
    [clientId],
  );
  if (!client) throw notFound('Client');
  const students = await db.query<StudentRow>('select * from students where client_id = $1 order by id', [clientId]);
  return {
    firstname: client.firstname,
    lastname: client.lastname,
    clientid: client.id,
    branch_id: client.branch_id,
    email: client.email,
    studentdetails: students.map(toStudent),
    branch_time_zone: client.time_zone,
  };
}

/** GET /clientsdata: the client, and whether it may book (`status`: staff have not paused its booking). */
export async function clientData(db: Queryable, clientId: number): Promise<{ status: boolean; client: Schemas['User'] }> {
  return { status: !(await bookingPaused(db, clientId)), client: await loadUser(db, clientId) };
}

/** Whether the client has a paid package (the spec's price status). */
export async function hasPaidPackage(db: Queryable, clientId: number): Promise<boolean> {
  const [row] = await db.query<{ paid: boolean }>(
    'select exists (select 1 from client_packages where client_id = $1 and purches_status = 1) as paid',
    [clientId],
  );
  return row?.paid ?? false;
}

/** Whether the client has booked its one free assessment (whatever became of the lesson). */
export async function freeAssessmentUsed(db: Queryable, clientId: number): Promise<boolean> {
  const [row] = await db.query<{ used: boolean }>(
    `select exists (select 1 from appointments where client_id = $1 and basis = 'free') as used`,
    [clientId],
  );
  return row?.used ?? false;
}

/** Tells staff that the client asks to be contacted at `email` (about more students or subjects than the portal allows). */
export async function askToBeContacted(db: Queryable, staffEmail: string, clientId: number, email: string): Promise<void> {
  const user = await loadUser(db, clientId);
  await sendMail(
    db,
    staffEmail,
    'A client asks to be contacted',
    `${user.firstname} ${user.lastname} (client ${user.clientid}) asks to be contacted at ${email} about booking more students or subjects than the portal allows.`,
  );
}

/** Adds the students to the client, in one transaction: a student it has already is answered, not added again. */
export async function saveStudents(db: Database, clientId: number, students: readonly { first_name: string; last_name: string }[]): Promise<Schemas['Student'][]> {
  const saved = await db.transaction(async (tx) => {
    const rows: StudentRow[] = [];
    for (const student of students) {
      const first = student.first_name.trim();
      const last = student.last_name.trim();
      // Existing students are matched by case-insensitive first and last name, as the portal does.
      const [existing] = await tx.query<StudentRow>(
        'select * from students where client_id = $1 and lower(first_name) = lower($2) and lower(last_name) = lower($3)',
        [clientId, first, last],
      );
      const [row] = existing
        ? [existing]
        : await tx.query<StudentRow>('insert into students (client_id, first_name, last_name) values ($1, $2, $3) returning *', [clientId, first, last]);
      if (row) rows.push(row);
    }
    return rows;
  });
  return saved.map(toStudent);
}
