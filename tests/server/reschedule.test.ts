import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, rescheduleNoticeText, rescheduleTargetText } from '../../contract/reschedule-notice.ts';
import { branchDay } from '../../server/domain/branch-time.ts';
import { appointmentPayload, bookedLesson, createService, paidOrder, perClass, type Slot } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type ApiAnswer, type Session, type TestServer, startTestServer, storedState } from '../support/test-server.ts';

// PUT /appointments/{id} keeps the reschedule notice (contract/reschedule-notice.ts, the rule the portal hides
// its Reschedule button with): a lesson on a branch day at most 2 days after today stays put, and a lesson
// moves only onto a day from today + 2 on. Days are the branch's (Asia/Dubai), whatever the server's zone.

let server: TestServer;
let second: Awaited<ReturnType<TestServer['secondInstance']>>;
const zone = 'Asia/Dubai';
const hourMs = 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  second = await server.secondInstance();
  const [branch] = await server.db.query<{ time_zone: string }>('select time_zone from branches where id = 1');
  if (branch?.time_zone !== zone) throw new Error(`the seeded branch is in ${branch?.time_zone}, not ${zone}`);
});
afterAll(() => server?.close());

const today = () => branchDay(new Date(), zone);

function slotOf(row: { contractor_id: number; apt_id: number; start: Date }): Slot {
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(row.start);
  return { start: row.start, finish: new Date(row.start.getTime() + hourMs), contractorId: row.contractor_id, aptId: row.apt_id, date: branchDay(row.start, zone), time: local };
}

/**
 * The first `count` whole hours on branch days from `from` to `to` (YYYY-MM-DD, inclusive), an hour ahead at
 * least, inside a tutor's availability, at which neither the tutor nor the session's students have a lesson:
 * from the stored availability and bookings. Of `tutor` when given.
 */
async function freeHours(session: Session, from: string, to: string, tutor: number | undefined, count: number): Promise<Slot[]> {
  const rows = await server.db.query<{ contractor_id: number; apt_id: number; start: Date }>(
    `select w.contractor_id, w.id as apt_id, h as start
       from availability w, generate_series(w.start, w.finish - interval '1 hour', interval '1 hour') h
      where ($4::int is null or w.contractor_id = $4)
        and (h at time zone $5)::date between $1::date and $2::date and h > now() + interval '1 hour'
        and not exists (select 1 from appointment_contractors ac where ac.contractor_id = w.contractor_id and not ac.released
                          and tstzrange(ac.start, ac.finish) && tstzrange(h, h + interval '1 hour'))
        and not exists (select 1 from appointment_recipients ar where ar.student_id = any($3::int[]) and not ar.released
                          and tstzrange(ar.start, ar.finish) && tstzrange(h, h + interval '1 hour'))
      order by h, w.contractor_id limit $6`,
    [from, to, session.studentIds, tutor ?? null, zone, count],
  );
  if (rows.length < count) throw new Error(`only ${rows.length} free hours${tutor ? ` of tutor ${tutor}` : ''} from ${from} to ${to}`);
  return rows.map(slotOf);
}

const freeHour = async (session: Session, from: string, to: string, tutor?: number): Promise<Slot> => (await freeHours(session, from, to, tutor, 1))[0] as Slot;

/** A client of one student with a lesson booked (paid SILVER order) on a branch day from `from` to `to`. */
async function lessonOn(from: string, to: string) {
  const session = await server.newClient(1);
  const slot = await freeHour(session, from, to);
  const lesson = await bookedLesson(server, session, slot);
  return { session, slot, ...lesson };
}

const move = (lesson: { session: Session; appointmentId: number; serviceId: number }, to: Slot, api: TestServer['api'] = server.api) =>
  api('PUT', `/appointments/${lesson.appointmentId}`, {
    token: lesson.session.token,
    body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Geometry', service: lesson.serviceId, branch_id: 1 },
  });

function expectRefused(answer: ApiAnswer, status: number, expected: { field?: string; message: string }) {
  expect({ status: answer.status, success: answer.body.success, message: answer.body.message }).toEqual({ status, success: false, message: expected.message });
  if (expected.field !== undefined) expect(answer.body.field).toBe(expected.field);
  expect(responseErrors('rescheduleAppointment', status, answer.body)).toEqual([]);
}

async function startOf(id: number): Promise<Date | undefined> {
  const [row] = await server.db.query<{ start: Date }>('select start from appointments where id = $1', [id]);
  return row?.start;
}

/** The appointments holding the tutor at `start`. */
async function tutorHolders(contractorId: number, start: Date): Promise<number[]> {
  const rows = await server.db.query<{ appointment_id: number }>(
    'select appointment_id from appointment_contractors where contractor_id = $1 and start = $2 and not released order by appointment_id',
    [contractorId, start],
  );
  return rows.map((r) => r.appointment_id);
}

describe('a lesson inside the reschedule notice stays put', () => {
  it.each([
    ['tomorrow', 1],
    ['the day after tomorrow (the notice includes it)', 2],
  ])('a lesson %s: 409 with the notice text, and nothing is written', async (_, days) => {
    const day = addCalendarDays(today(), days);
    const lesson = await lessonOn(day, day);
    const to = await freeHour(lesson.session, addCalendarDays(today(), 4), addCalendarDays(today(), 20), lesson.slot.contractorId);
    const before = await storedState(server.db);

    const answer = await move(lesson, to);

    expectRefused(answer, 409, { field: 'id', message: rescheduleNoticeText });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    expect(await startOf(lesson.appointmentId)).toEqual(lesson.slot.start);
  });

  it('a lesson 3 days ahead, just outside the notice, moves', async () => {
    const day = addCalendarDays(today(), 3);
    const lesson = await lessonOn(day, day);
    const to = await freeHour(lesson.session, addCalendarDays(today(), 4), addCalendarDays(today(), 20), lesson.slot.contractorId);

    const answer = await move(lesson, to);

    expect(answer.status).toBe(200);
    expect(await startOf(lesson.appointmentId)).toEqual(to.start);
  });

  it('a start in the past still answers 400 naming start, inside the notice too', async () => {
    const day = addCalendarDays(today(), 1);
    const lesson = await lessonOn(day, day);
    const past = new Date((Math.floor(Date.now() / hourMs) - 24) * hourMs);
    const before = await storedState(server.db);

    const answer = await move(lesson, { ...lesson.slot, start: past, finish: new Date(past.getTime() + hourMs) });

    expectRefused(answer, 400, { field: 'start', message: 'Please choose a future date and time.' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});

describe('a lesson moves onto a day from today + 2 on', () => {
  it('onto tomorrow: 409 with the target text naming start, and nothing is written', async () => {
    const lesson = await lessonOn(addCalendarDays(today(), 5), addCalendarDays(today(), 20));
    const tomorrow = addCalendarDays(today(), 1);
    const to = await freeHour(lesson.session, tomorrow, tomorrow);
    const before = await storedState(server.db);

    const answer = await move(lesson, to);

    expectRefused(answer, 409, { field: 'start', message: rescheduleTargetText });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    expect(await startOf(lesson.appointmentId)).toEqual(lesson.slot.start);
  });

  it('onto today + 2, the first bookable day: moved, and GET shows the new start', async () => {
    const first = addCalendarDays(today(), 2);
    const lesson = await lessonWithTutorFreeOn(first);

    const answer = await move(lesson, lesson.to);

    expect(answer.status).toBe(200);
    const listed = await server.api('GET', `/appointmentstwo/${lesson.session.studentIds.join(',')}`, { token: lesson.session.token });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: lesson.appointmentId, start: lesson.to.start.toISOString(), topic: 'Geometry', status: 'planned' })]);
  });
});

/** A lesson 5 to 20 days ahead whose tutor also has a free hour (`to`) on `day`. */
async function lessonWithTutorFreeOn(day: string) {
  const session = await server.newClient(1);
  const to = await freeHour(session, day, day);
  const slot = await freeHour(session, addCalendarDays(today(), 5), addCalendarDays(today(), 20), to.contractorId);
  const lesson = await bookedLesson(server, session, slot);
  return { session, slot, to, ...lesson };
}

describe('a move frees the old hour and takes the new one', () => {
  it('moves a lesson: 200 with it at its new hour, GET shows the new start, the old hour books for another client, the new one refuses', async () => {
    const lesson = await lessonOn(addCalendarDays(today(), 5), addCalendarDays(today(), 20));
    const to = await freeHour(lesson.session, addCalendarDays(today(), 3), addCalendarDays(today(), 20), lesson.slot.contractorId);

    const answer = await move(lesson, to);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Appointment rescheduled successfully',
      data: { id: lesson.appointmentId, start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Geometry', status: 'planned' },
    });
    expect(responseErrors('rescheduleAppointment', 200, answer.body)).toEqual([]);
    const listed = await server.api('GET', `/appointmentstwo/${lesson.session.studentIds.join(',')}`, { token: lesson.session.token });
    expect(listed.body.data.map((a: { id: number; start: string }) => [a.id, a.start])).toEqual([[lesson.appointmentId, to.start.toISOString()]]);
    expect(await tutorHolders(to.contractorId, to.start)).toEqual([lesson.appointmentId]);
    expect(await tutorHolders(lesson.slot.contractorId, lesson.slot.start)).toEqual([]);

    // The old hour is free: another client books the tutor then.
    const other = await server.newClient(1);
    const oldHour = await bookedLesson(server, other, lesson.slot);
    expect(await tutorHolders(lesson.slot.contractorId, lesson.slot.start)).toEqual([oldHour.appointmentId]);

    // The new hour is taken: another client's booking of the tutor then is refused.
    const late = await server.newClient(1);
    const serviceId = await createService(server, late, to.contractorId);
    const order = await paidOrder(server, late);
    const refused = await server.api('POST', '/appointments/', {
      token: late.token,
      body: [appointmentPayload(late, to, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })],
    });
    expect({ status: refused.status, field: refused.body.field }).toEqual({ status: 409, field: 'cjas' });
    expect(await tutorHolders(to.contractorId, to.start)).toEqual([lesson.appointmentId]);
  });

  it('onto an hour at which the tutor has another lesson: 409 naming start, nothing moved', async () => {
    const lesson = await lessonOn(addCalendarDays(today(), 5), addCalendarDays(today(), 20));
    const taken = await freeHour(lesson.session, addCalendarDays(today(), 3), addCalendarDays(today(), 20), lesson.slot.contractorId);
    const holder = await bookedLesson(server, await server.newClient(1), taken);
    const before = await storedState(server.db);

    const answer = await move(lesson, taken);

    expectRefused(answer, 409, { field: 'start', message: 'That tutor is already booked at that time. Please choose another slot.' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    expect(await tutorHolders(taken.contractorId, taken.start)).toEqual([holder.appointmentId]);
    expect(await startOf(lesson.appointmentId)).toEqual(lesson.slot.start);
  });

  it('onto an hour at which the student has a lesson with another tutor: 409 naming start, nothing moved', async () => {
    const lesson = await lessonOn(addCalendarDays(today(), 5), addCalendarDays(today(), 20));
    // The student's other lesson, with another tutor, at an hour the lesson's tutor is free.
    let other: Slot | undefined;
    for (let from = 3; !other && from <= 20; from++) {
      const day = addCalendarDays(today(), from);
      const mine = await freeHour(lesson.session, day, day, lesson.slot.contractorId).catch(() => undefined);
      if (!mine) continue;
      const [row] = await server.db.query<{ contractor_id: number; apt_id: number; start: Date }>(
        `select w.contractor_id, w.id as apt_id, $2::timestamptz as start from availability w
          where w.contractor_id <> $1 and w.start <= $2 and w.finish >= $2::timestamptz + interval '1 hour'
            and not exists (select 1 from appointment_contractors ac where ac.contractor_id = w.contractor_id and not ac.released
                              and tstzrange(ac.start, ac.finish) && tstzrange($2, $2::timestamptz + interval '1 hour'))
          order by w.contractor_id limit 1`,
        [lesson.slot.contractorId, mine.start],
      );
      if (row) other = slotOf(row);
    }
    if (!other) throw new Error('no hour with two free tutors');
    const serviceId = await createService(server, lesson.session, other.contractorId);
    const order = await paidOrder(server, lesson.session);
    const booked = await server.api('POST', '/appointments/', {
      token: lesson.session.token,
      body: [appointmentPayload(lesson.session, other, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })],
    });
    expect(booked.status).toBe(201);
    const before = await storedState(server.db);

    const answer = await move(lesson, { ...other, contractorId: lesson.slot.contractorId });

    expectRefused(answer, 409, { field: 'start', message: 'The student already has a lesson at that time. Please choose another slot.' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    expect(await startOf(lesson.appointmentId)).toEqual(lesson.slot.start);
  });

  it('onto an hour outside the lesson’s tutor’s availability: 409 naming cjas, nothing moved', async () => {
    const lesson = await lessonOn(addCalendarDays(today(), 5), addCalendarDays(today(), 20));
    // 05:00 in Dubai, a week ahead: no tutor teaches then.
    const start = new Date(`${addCalendarDays(today(), 7)}T05:00:00+04:00`);
    const before = await storedState(server.db);

    const answer = await move(lesson, { ...lesson.slot, start, finish: new Date(start.getTime() + hourMs), date: branchDay(start, zone), time: '05:00' });

    expectRefused(answer, 409, { field: 'cjas', message: `Tutor ${lesson.slot.contractorId} is not available at ${start.toISOString()}.` });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});

describe('moves racing on one lesson, across two instances', () => {
  it('once a move into the notice window lands, no move read before it lands after it', async () => {
    const lesson = await lessonWithTutorFreeOn(addCalendarDays(today(), 2));
    const later = await freeHours(lesson.session, addCalendarDays(today(), 3), addCalendarDays(today(), 20), lesson.slot.contractorId, 9);
    // Into the notice: today + 2 is a day a lesson may move onto, and then may no longer leave.
    const targets = [...later.slice(0, 4), lesson.to, ...later.slice(4)];

    const answers = await Promise.all(targets.map((to, i) => move(lesson, to, i % 2 === 0 ? server.api : second.api)));

    const moved = targets.filter((_, i) => answers[i]?.status === 200);
    expect(moved.length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(['This appointment was changed meanwhile. Please reload and try again.', rescheduleNoticeText]).toContain(answer.body.message);
    }
    const final = await startOf(lesson.appointmentId);
    if (answers[4]?.status === 200) expect(final).toEqual(lesson.to.start);
    expect(moved.map((to) => to.start.getTime())).toContain(final?.getTime());
    const [held] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from appointment_contractors where appointment_id = $1 and start = $2 and not released',
      [lesson.appointmentId, final],
    );
    expect(held?.n).toBe(1);
  });
});
