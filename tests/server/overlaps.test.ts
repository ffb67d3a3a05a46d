import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentPayload,
  startTwoInstances,
  type TwoInstances,
  bookedLesson,
  consecutiveHours,
  createService,
  paidOrder,
  perClass,
  shifted,
  type Slot,
} from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type ApiAnswer, type Session, type TestServer, storedState } from '../support/test-server.ts';

// No one is in two lessons at once: a tutor and a student each hold a lesson's whole hour, enforced by
// exclusion constraints on busy_hours (tutor_in_one_place_at_a_time, student_in_one_place_at_a_time), whose
// lesson rows triggers keep from the lesson's participants, for booking and for rescheduling, under races,
// with the racers split across two server instances on one database.

let server: TestServer;
let demo: Session;
let hours: TwoInstances['hours'];
let viaEither: TwoInstances['viaEither'];

beforeAll(async () => ({ server, demo, hours, viaEither } = await startTwoInstances()));
afterAll(() => server?.close());

const minute = 60 * 1000;
const hourMs = 60 * minute;

/** A client of one student with a paid order and a service of `tutor`, ready to book `slot`. */
async function bookingFor(slot: Slot) {
  const session = await server.newClient(1);
  const serviceId = await createService(server, session, slot.contractorId);
  const order = await paidOrder(server, session);
  return { session, serviceId, items: [appointmentPayload(session, slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })] };
}

/** Half the requests go to the first instance, half to the second. */

function expectRefused(answer: ApiAnswer, operationId: string, field: string, message: string) {
  expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 409, field });
  expect(answer.body.message).toContain(message);
  expect(responseErrors(operationId, 409, answer.body)).toEqual([]);
}

const tutorTaken = 'That tutor is already booked at that time';
const studentTaken = 'The student already has a lesson at that time';

async function heldBy(contractorId: number, from: Date, to: Date): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(
    `select count(*)::int as n from appointment_contractors where contractor_id = $1 and not released and tstzrange(start, finish) && tstzrange($2, $3)`,
    [contractorId, from, to],
  );
  return row?.n ?? 0;
}

describe('a tutor is never booked into overlapping lessons', () => {
  it.each([
    ['the taken hour + 30 minutes', 30 * minute],
    ['the taken hour + 1 ms', 1],
    ['the taken hour - 59 minutes', -59 * minute],
  ])('%s: 409 naming cjas, and nothing written', async (_label, offset) => {
    // Three free hours in one window, so that the shifted hour lies inside the tutor's availability too.
    const run = await consecutiveHours(hours, (await hours.next()).contractorId, 3);
    const taken = (offset < 0 ? run[1] : run[0]) as Slot;
    await bookedLesson(server, await server.newClient(1), taken);
    const late = await bookingFor(shifted(taken, offset));
    const before = await storedState(server.db);

    const answer = await server.api('POST', '/appointments/', { token: late.session.token, body: late.items });

    expectRefused(answer, 'createAppointments', 'cjas', tutorTaken);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('the hour right after a taken one books (touching is not overlapping)', async () => {
    const [taken, after] = (await consecutiveHours(hours, (await hours.next()).contractorId, 2)) as [Slot, Slot];
    await bookedLesson(server, await server.newClient(1), taken);
    const next = await bookingFor(after);

    const answer = await server.api('POST', '/appointments/', { token: next.session.token, body: next.items });

    expect(answer.status).toBe(201);
  });

  it('a reschedule onto the taken hour + 30 minutes: 409 naming start, and the lesson stays where it was', async () => {
    const [taken, , spare] = (await consecutiveHours(hours, (await hours.next()).contractorId, 3)) as [Slot, Slot, Slot];
    await bookedLesson(server, await server.newClient(1), taken);
    const mover = await server.newClient(1);
    const lesson = await bookedLesson(server, mover, spare);
    const target = shifted(taken, 30 * minute);
    const before = await storedState(server.db);

    const answer = await server.api('PUT', `/appointments/${lesson.appointmentId}`, {
      token: mover.token,
      body: { start: target.start.toISOString(), finish: target.finish.toISOString(), topic: 'Mathematics', service: lesson.serviceId, branch_id: 1 },
    });

    expectRefused(answer, 'rescheduleAppointment', 'start', tutorTaken);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    const [row] = await server.db.query<{ start: Date }>('select start from appointments where id = $1', [lesson.appointmentId]);
    expect(row?.start.toISOString()).toBe(spare.start.toISOString());
  });

  it('a rescheduled lesson frees its old hour for another booking', async () => {
    const [from, to] = (await consecutiveHours(hours, (await hours.next()).contractorId, 2)) as [Slot, Slot];
    const mover = await server.newClient(1);
    const lesson = await bookedLesson(server, mover, from);

    const moved = await server.api('PUT', `/appointments/${lesson.appointmentId}`, {
      token: mover.token,
      body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: lesson.serviceId, branch_id: 1 },
    });
    expect(moved.status).toBe(200);
    const other = await bookingFor(from);
    expect((await server.api('POST', '/appointments/', { token: other.session.token, body: other.items })).status).toBe(201);
    expect(await heldBy(from.contractorId, from.start, to.finish)).toBe(2);
  });

  it('twenty clients booking overlapping starts of one tutor across two instances: one 201, nineteen 409, one lesson held', async () => {
    const [first] = (await consecutiveHours(hours, (await hours.next()).contractorId, 2)) as [Slot, Slot];
    // Starts 0, 3, 6 … 57 minutes after the hour: every pair overlaps.
    const racers = [];
    for (let i = 0; i < 20; i++) racers.push(await bookingFor(shifted(first, i * 3 * minute)));

    const answers = await Promise.all(racers.map((r, i) => viaEither(i)('POST', '/appointments/', { token: r.session.token, body: r.items })));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expectRefused(answer, 'createAppointments', 'cjas', tutorTaken);
    expect(await heldBy(first.contractorId, first.start, new Date(first.start.getTime() + 2 * hourMs))).toBe(1);
  });

  it('twenty lessons of one tutor rescheduled at once onto overlapping hours across two instances: one moves', async () => {
    const tutor = (await hours.next()).contractorId;
    const [target] = (await consecutiveHours(hours, tutor, 2)) as [Slot, Slot];
    const lessonHours = await hours.sameTutor(tutor, 20);
    const movers = [];
    for (const hour of lessonHours) {
      const session = await server.newClient(1);
      movers.push({ session, ...(await bookedLesson(server, session, hour)) });
    }

    const answers = await Promise.all(
      movers.map((m, i) => {
        const to = shifted(target, i * 2 * minute);
        return viaEither(i)('PUT', `/appointments/${m.appointmentId}`, {
          token: m.session.token,
          body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: m.serviceId, branch_id: 1 },
        });
      }),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expectRefused(answer, 'rescheduleAppointment', 'start', tutorTaken);
    expect(await heldBy(tutor, target.start, new Date(target.start.getTime() + 2 * hourMs))).toBe(1);
    const [row] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from appointments where id = any($1::int[]) and start = any($2::timestamptz[])',
      [movers.map((m) => m.appointmentId), lessonHours.map((h) => h.start)],
    );
    expect(row?.n).toBe(19);
  });
});

describe('a student is never in two lessons at once', () => {
  /**
   * An hour at which two different tutors (of two subjects) are free, the Science tutor for half an hour past it as
   * well (the lessons below start there): one window of theirs covers it and nothing of theirs overlaps it. Which
   * hours those are depends on the weekday (the seed books tutors on fixed weekdays), so it is looked up.
   */
  async function twoTutorsAtOnce(): Promise<{ maths: Slot; science: Slot }> {
    for (let tries = 0; tries < 40; tries++) {
      const maths = await hours.next();
      const other = await server.api('GET', '/filter_tutor', { token: demo.token, query: { subject: 'Science', date: maths.date, time: maths.time, quallevel: 5 } });
      const late = shifted(maths, 30 * minute);
      for (const tutor of (other.body.data as { id: number }[]).filter((t) => t.id !== maths.contractorId)) {
        const [free] = await server.db.query<{ ok: boolean }>(
          `select exists (select 1 from availability where contractor_id = $1 and start <= $2 and finish >= $3)
              and not exists (select 1 from busy_hours where who = 'tutor' and person_id = $1 and during && tstzrange($4, $3)
                                and (expires_at is null or expires_at > now())) as ok`,
          [tutor.id, late.start, late.finish, maths.start],
        );
        if (free?.ok) return { maths, science: { ...maths, contractorId: tutor.id } };
      }
    }
    throw new Error('no hour with two free tutors');
  }

  it('two subjects at the same hour with two tutors: the second is refused with 409 naming rcras', async () => {
    const { maths, science } = await twoTutorsAtOnce();
    const client = await server.newClient(1);
    await bookedLesson(server, client, maths);
    const serviceId = await createService(server, client, science.contractorId);
    const order = await paidOrder(server, client);
    const before = await storedState(server.db);

    const answer = await server.api('POST', '/appointments/', {
      token: client.token,
      body: [{ ...appointmentPayload(client, shifted(science, 30 * minute), serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) }), topic: 'Science' }],
    });

    expectRefused(answer, 'createAppointments', 'rcras', studentTaken);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('twenty bookings of one student at the same hour with different orders, racing across two instances: one 201', async () => {
    const { maths } = await twoTutorsAtOnce();
    const client = await server.newClient(1);
    const serviceId = await createService(server, client, maths.contractorId);
    const racers = [];
    for (let i = 0; i < 20; i++) {
      const order = await paidOrder(server, client);
      racers.push([appointmentPayload(client, shifted(maths, i * minute), serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })]);
    }

    const answers = await Promise.all(racers.map((items, i) => viaEither(i)('POST', '/appointments/', { token: client.token, body: items })));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const [row] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from appointment_recipients where student_id = $1 and not released`,
      [client.studentIds[0]],
    );
    expect(row?.n).toBe(1);
  });
});

describe('the database itself refuses an overlap, whatever a handler does', () => {
  it('inserting a second tutor row over a booked hour fails on the exclusion constraint of busy_hours', async () => {
    const slot = await hours.next();
    const lesson = await bookedLesson(server, await server.newClient(1), slot);
    const [copy] = await server.db.query<{ service_id: number; client_id: number }>('select service_id, client_id from appointments where id = $1', [lesson.appointmentId]);
    const insert = server.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, basis)
         values ($1, 1, $2, 2, $3, $4, 'Mathematics', 'planned', 'staff') returning id`,
        [copy?.client_id, copy?.service_id, new Date(slot.start.getTime() + 10 * minute), new Date(slot.finish.getTime() + 10 * minute)],
      );
      await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, 40)', [row?.id, slot.contractorId]);
    });
    await expect(insert).rejects.toMatchObject({ code: '23P01', constraint: 'tutor_in_one_place_at_a_time' });
  });
});
