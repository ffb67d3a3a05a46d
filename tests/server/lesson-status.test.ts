import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { bookedLesson, createService, type Slot, slotSource } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type Session, type TestServer, startTestServer, storedState, testWebhookSecret } from '../support/test-server.ts';

// Lessons complete by themselves (issue 11): a planned lesson whose hour is over reads, and is stored,
// 'completed' on the next read, on any instance; cancelled lessons stay cancelled. The development endpoint
// POST /dev/appointments/{id}/complete completes one now, for tests and demos, to this machine only.

let server: TestServer;
let second: Awaited<ReturnType<TestServer['secondInstance']>>;
/** A tutor the seed gives no lessons, so lessons placed in the past here clash with nothing. */
let tutor: number;

beforeAll(async () => {
  server = await startTestServer();
  second = await server.secondInstance();
  const [row] = await server.db.query<{ id: number }>(`select id from contractors where first_name = 'Michael' and last_name = 'Chen'`);
  tutor = row?.id ?? 0;
});
afterAll(() => server?.close());

const minute = 60 * 1000;
const hourMs = 60 * minute;
const dayMs = 24 * hourMs;
type Status = 'planned' | 'completed' | 'cancelled';

/** Whole hours a week back and more, each handed out once: apart from every other lesson of this file. */
let pastHours = 0;
const nextPastHour = () => new Date((Math.floor(Date.now() / hourMs) - 24 * 7 - ++pastHours) * hourMs);
/** 05:00 in Dubai `days` ahead: outside the tutor's hours, so the slot fixtures never hand out an hour that overlaps it. */
const earlyMorning = (days: number) => new Date(Math.floor(Date.now() / dayMs) * dayMs + days * dayMs + hourMs);

/**
 * A lesson of the session's first student with `tutor`, written straight into the database the way staff
 * record one (basis 'staff'): the API books only future hours, and these tests need lessons in the past.
 */
async function lessonAt(session: Session, start: Date, status: Status = 'planned', finish = new Date(start.getTime() + hourMs)): Promise<number> {
  const serviceId = await createService(server, session, tutor);
  return server.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, basis)
       values ($1, 1, $2, 2, $3, $4, 'Mathematics', $5, 'staff') returning id`,
      [session.clientid, serviceId, start, finish, status],
    );
    const id = row?.id as number;
    await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, 60)', [id, session.studentIds[0]]);
    await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, 40)', [id, tutor]);
    return id;
  });
}

async function storedStatus(id: number): Promise<string | undefined> {
  const [row] = await server.db.query<{ status: string }>('select status from appointments where id = $1', [id]);
  return row?.status;
}

/** The statuses GET /appointmentstwo/{ids} answers for the session's students, by appointment id. */
async function listedStatuses(session: Session, api: TestServer['api'] = server.api): Promise<Map<number, string>> {
  const answer = await api('GET', `/appointmentstwo/${session.studentIds.join(',')}`, { token: session.token, query: { branch_id: 1 } });
  expect(answer.status).toBe(200);
  expect(responseErrors('listAppointmentsForStudents', 200, answer.body)).toEqual([]);
  return new Map((answer.body.data as { id: number; status: string }[]).map((a) => [a.id, a.status]));
}

describe('a planned lesson whose hour is over completes by itself', () => {
  it('reads completed on GET /appointmentstwo/{ids}, and is stored completed', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, nextPastHour());
    expect(await storedStatus(id)).toBe('planned');

    expect((await listedStatuses(client)).get(id)).toBe('completed');
    expect(await storedStatus(id)).toBe('completed');
  });

  it('reads completed on GET /appointments/{studentId}', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, nextPastHour());

    const answer = await server.api('GET', `/appointments/${client.studentIds[0]}`, { token: client.token });

    expect(answer.status).toBe(200);
    expect(responseErrors('listAppointmentsForStudent', 200, answer.body)).toEqual([]);
    expect(answer.body.results).toEqual([expect.objectContaining({ id, status: 'completed' })]);
    expect(await storedStatus(id)).toBe('completed');
  });

  it('completes once its finish has passed, not before: a lesson under way stays planned, one that just ended completes', async () => {
    const client = await server.newClient(1);
    const now = Date.now();
    // Minutes apart from whole hours, so they clash with no other lesson of the tutor.
    const underWay = await lessonAt(client, new Date(now - 30 * minute), 'planned', new Date(now + 30 * minute));
    const justEnded = await lessonAt(client, new Date(now - 121 * minute), 'planned', new Date(now - 61 * minute));

    const listed = await listedStatuses(client);

    expect([listed.get(underWay), listed.get(justEnded)]).toEqual(['planned', 'completed']);
    expect([await storedStatus(underWay), await storedStatus(justEnded)]).toEqual(['planned', 'completed']);
  });

  it('a future lesson stays planned, a cancelled one in the past stays cancelled, a completed one stays completed', async () => {
    const client = await server.newClient(1);
    const [slot] = (await slotSource(server, client).sameTutor(tutor, 1)) as [Slot];
    const future = (await bookedLesson(server, client, slot)).appointmentId;
    const cancelled = await lessonAt(client, nextPastHour(), 'cancelled');
    const completed = await lessonAt(client, nextPastHour(), 'completed');

    const listed = await listedStatuses(client);

    expect([listed.get(future), listed.get(cancelled), listed.get(completed)]).toEqual(['planned', 'cancelled', 'completed']);
    expect([await storedStatus(future), await storedStatus(cancelled), await storedStatus(completed)]).toEqual(['planned', 'cancelled', 'completed']);
  });

  it('a read completes only the lessons it reads: another client’s lesson waits for its own reader', async () => {
    const reader = await server.newClient(1);
    const other = await server.newClient(1);
    const mine = await lessonAt(reader, nextPastHour());
    const theirs = await lessonAt(other, nextPastHour());

    await listedStatuses(reader);

    expect([await storedStatus(mine), await storedStatus(theirs)]).toEqual(['completed', 'planned']);
  });

  it('reads from two instances at once agree: every answer says completed, and the row is completed once', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, nextPastHour());

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => listedStatuses(client, i % 2 === 0 ? server.api : second.api)));

    expect(answers.map((listed) => listed.get(id))).toEqual(Array.from({ length: 10 }, () => 'completed'));
    expect(await storedStatus(id)).toBe('completed');
  });

  it('a lesson that has ended cannot be rescheduled, completed or not yet: 409, nothing written', async () => {
    const client = await server.newClient(1);
    const [to] = (await slotSource(server, client).sameTutor(tutor, 1)) as [Slot];
    const ended = await lessonAt(client, nextPastHour());
    const [{ service_id: serviceId } = { service_id: 0 }] = await server.db.query<{ service_id: number }>('select service_id from appointments where id = $1', [ended]);
    const before = await storedState(server.db);

    const answer = await server.api('PUT', `/appointments/${ended}`, {
      token: client.token,
      body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: serviceId, branch_id: 1 },
    });

    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 409, message: 'Only planned appointments can be rescheduled.' });
    expect(responseErrors('rescheduleAppointment', 409, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});

describe('POST /dev/appointments/{id}/complete', () => {
  const complete = (id: number | string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/dev/appointments/${id}/complete`, { method: 'POST', headers });

  it('completes a planned future lesson now: answers it as { id, status }, and GET /appointmentstwo shows it completed', async () => {
    const client = await server.newClient(1);
    const [slot] = (await slotSource(server, client).sameTutor(tutor, 1)) as [Slot];
    const { appointmentId } = await bookedLesson(server, client, slot);
    expect((await listedStatuses(client)).get(appointmentId)).toBe('planned');

    const answer = await complete(appointmentId);

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: appointmentId, status: 'completed' });
    expect((await listedStatuses(client)).get(appointmentId)).toBe('completed');
    expect(await storedStatus(appointmentId)).toBe('completed');
  });

  it('a lesson completed already: 200 with it, unchanged', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, nextPastHour(), 'completed');
    const before = await storedState(server.db);

    const answer = await complete(id);

    expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 200, body: { id, status: 'completed' } });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('a cancelled lesson: 409 naming id, and it stays cancelled', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, nextPastHour(), 'cancelled');

    const answer = await complete(id);

    expect(answer.status).toBe(409);
    expect(await answer.json()).toMatchObject({ success: false, field: 'id', message: 'This appointment is cancelled; only a planned appointment can be completed.' });
    expect(await storedStatus(id)).toBe('cancelled');
  });

  it('an id that does not exist: 404', async () => {
    const [row] = await server.db.query<{ id: number }>('select coalesce(max(id), 0) + 1000 as id from appointments');

    const answer = await complete(row?.id ?? 0);

    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false, message: 'Appointment not found' });
  });

  it.each(['abc', '0', '007', '2147483648'])('an id that is not one (%s): 400 naming id', async (id) => {
    const answer = await complete(id);

    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, field: 'id', message: expect.stringMatching(/^id: /) });
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=127.0.0.1' }],
    ['X-Real-IP', { 'x-real-ip': '127.0.0.1' }],
  ])('a request a proxy forwarded (%s) is refused with 404, and the lesson stays planned', async (_, headers) => {
    const client = await server.newClient(1);
    const [slot] = (await slotSource(server, client).sameTutor(tutor, 1)) as [Slot];
    const { appointmentId } = await bookedLesson(server, client, slot);

    const answer = await complete(appointmentId, headers);

    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false, message: `No such route: POST /dev/appointments/${appointmentId}/complete` });
    expect(await storedStatus(appointmentId)).toBe('planned');
  });

  it('a request from another machine is refused with 404, even to a server that trusts proxies', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, earlyMorning(30));
    const proxied = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: server.url, devOutbox: true, trustProxy: 1 });
    try {
      const stranger = await proxied.inject({ method: 'POST', url: `/dev/appointments/${id}/complete`, remoteAddress: '203.0.113.9' });
      const claimsLoopback = await proxied.inject({ method: 'POST', url: `/dev/appointments/${id}/complete`, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });

      expect([stranger.statusCode, claimsLoopback.statusCode]).toEqual([404, 404]);
      expect(await storedStatus(id)).toBe('planned');
    } finally {
      await proxied.close();
    }
  });

  it('with the development pages off (as on DATABASE_URL): 404, and nothing completes', async () => {
    const client = await server.newClient(1);
    const id = await lessonAt(client, earlyMorning(31));
    const off = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: server.url });
    try {
      const answer = await off.inject({ method: 'POST', url: `/dev/appointments/${id}/complete`, remoteAddress: '127.0.0.1' });

      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ success: false, message: `No such route: POST /dev/appointments/${id}/complete` });
      expect(await storedStatus(id)).toBe('planned');
    } finally {
      await off.close();
    }
  });
});
