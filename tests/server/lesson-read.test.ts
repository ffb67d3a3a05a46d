import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { appointmentsOfStudents } from '../../server/domain/appointments.ts';
import { staffLesson } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

// The lessons read (GET /appointmentstwo, issue 20): it writes only when a lesson it reads is due to complete.
// A write on every read cost the embedded database a p99 of 205 ms at 50 connections; most reads find none due.

let server: TestServer;
let tutor: number;

beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.db.query<{ id: number }>(`select id from contractors where first_name = 'Michael' and last_name = 'Chen'`);
  tutor = row?.id ?? 0;
});
afterAll(() => server?.close());

const hourMs = 3_600_000;

/** The database, recording each statement it is given (its remembered answers are the server's). */
function recording(): { db: Database; statements: string[] } {
  const statements: string[] = [];
  return {
    statements,
    db: {
      ...server.db,
      query: (sql, params) => {
        statements.push(sql.trim().split(/\s+/)[0]?.toLowerCase() ?? '');
        return server.db.query(sql, params);
      },
      exec: (sql) => server.db.exec(sql),
    },
  };
}

/** A lesson of the session's first student with `tutor`, an hour from `start`. */
const lessonAt = (session: Session, start: Date) => staffLesson(server, session, tutor, start, new Date(start.getTime() + hourMs));

const stored = async (id: number) => (await server.db.query<{ status: string }>('select status from appointments where id = $1', [id]))[0]?.status;

describe('reading lessons', () => {
  it('with none due to complete: one select, no write', async () => {
    const client = await server.newClient(1);
    // 06:00 in Dubai three weeks ahead: a future lesson, apart from every other of this file.
    const future = await lessonAt(client, new Date((Math.floor(Date.now() / (24 * hourMs)) + 21) * 24 * hourMs + 2 * hourMs));
    const { db, statements } = recording();

    const lessons = await appointmentsOfStudents(db, client.studentIds);

    expect(lessons.map((l) => [l.id, l.status])).toEqual([[future, 'planned']]);
    expect(statements).toEqual(['select']);
    expect(await stored(future)).toBe('planned');
  });

  it('with one due: it reads completed, and one conditional write stores it; the next read writes nothing', async () => {
    const client = await server.newClient(1);
    const past = await lessonAt(client, new Date((Math.floor(Date.now() / hourMs) - 24 * 9) * hourMs));
    const first = recording();

    const lessons = await appointmentsOfStudents(first.db, client.studentIds);

    expect(lessons.map((l) => [l.id, l.status])).toEqual([[past, 'completed']]);
    expect(first.statements).toEqual(['select', 'update']);
    expect(await stored(past)).toBe('completed');

    const again = recording();
    expect((await appointmentsOfStudents(again.db, client.studentIds)).map((l) => l.status)).toEqual(['completed']);
    expect(again.statements).toEqual(['select']);

    // With no write since, the embedded database's process answers from memory (remembered-reads.ts);
    // PostgreSQL, which other instances write to, reads again.
    const third = recording();
    expect((await appointmentsOfStudents(third.db, client.studentIds)).map((l) => l.status)).toEqual(['completed']);
    expect(third.statements).toEqual(server.db.kind === 'pglite' ? [] : ['select']);
  });
});
