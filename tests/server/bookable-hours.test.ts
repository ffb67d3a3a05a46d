import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../contract/reschedule-notice.ts';
import { hourlyAvailability } from '../../machines/rules/slots.ts';
import { branchDay } from '../../server/domain/branch-time.ts';
import type { Slot } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { heldOrder } from '../support/hold-fixtures.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

// The availability reads offer only hours that can be booked (issue "Paid means booked"): a tutor's windows
// less every hour the tutor is busy, by any overlap, in busy_hours: lessons, and live holds of other clients'
// orders. The asking client's own holds stay offered to it (its next Pay Now gives them up); an expired hold
// and a cancelled lesson take nothing. POST /subjectFilter/ and GET /contractorsalldata answer the pieces of a
// window under its apt_id; GET /filter_tutor leaves the tutor out of an hour any of it overlaps.

const zone = 'Asia/Dubai';
const minute = 60 * 1000;

let server: TestServer;
/** The client asking; `rival` is another client, whose lessons and holds take hours from it. */
let me: Session;
let rival: Session;
/** A tutor of this file alone, so that no other lesson or window of the seed is in its hours. */
let tutor: number;

beforeAll(async () => {
  server = await startTestServer();
  me = await server.newClient(1);
  rival = await server.newClient(1);
  const [row] = await server.db.query<{ id: number }>(
    `insert into contractors (branch_id, first_name, last_name, subjects, quallevel, town, country, qualifications, speciality, tutorprice)
     values (1, 'Bea', 'Bookable', '["Mathematics"]', 13, 'Dubai', 'UAE', 'BSc', 'Mathematics', 50) returning id`,
  );
  tutor = row?.id as number;
});
afterAll(() => server?.close());

/** Each test has a branch day of its own, 10 days ahead and on, inside the reads' eight weeks. */
let days = 9;
const nextDay = () => addCalendarDays(branchDay(new Date(), zone), ++days);
/** An instant at a branch day and HH:MM (Dubai keeps +04:00 all year). */
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+04:00`);

/** The tutor's window 16:00-20:00 on a day of its own; answers the day and the window's id. */
async function windowOfFour(): Promise<{ day: string; aptId: number }> {
  const day = nextDay();
  const [row] = await server.db.query<{ id: number }>('insert into availability (contractor_id, start, finish) values ($1, $2, $3) returning id', [tutor, at(day, '16:00'), at(day, '20:00')]);
  return { day, aptId: row?.id as number };
}

/** A lesson of the client's student with the tutor, written the way staff record one (basis 'staff'). */
async function lesson(client: Session, start: Date, finish: Date, status: 'planned' | 'cancelled' = 'planned'): Promise<number> {
  return server.db.transaction(async (tx) => {
    const [service] = await tx.query<{ id: number }>(
      `insert into services (branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate) values (1, $1, 'Mathematics', 'hourly', 100, 40) returning id`,
      [client.clientid],
    );
    const [row] = await tx.query<{ id: number }>(
      `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, basis)
       values ($1, 1, $2, 2, $3, $4, 'Mathematics', $5, 'staff') returning id`,
      [client.clientid, service?.id, start, finish, status],
    );
    await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, 60)', [row?.id, client.studentIds[0]]);
    await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, 40)', [row?.id, tutor]);
    return row?.id as number;
  });
}

/** An unpaid order of the client holding the tutor and its student for start-finish until `expiresAt`. */
async function hold(client: Session, start: Date, finish: Date, expiresAt: Date): Promise<void> {
  await server.db.transaction(async (tx) => {
    const students = JSON.stringify(client.studentIds.slice(0, 1));
    const [order] = await tx.query<{ id: number }>(
      `insert into orders (ref, client_id, email, student_ids, appoint_ids, pkg_id, level, amount, classes, hold_expires_at)
       values ($1, $2, $3, $4::jsonb, '[]', 2, 5, 300, 6, $5) returning id`,
      [`held-${randomBytes(8).toString('hex')}`, client.clientid, client.email, students, expiresAt],
    );
    const [line] = await tx.query<{ id: number }>(
      `insert into order_lines (order_id, line, pkg_id, level, student_ids, amount, classes) values ($1, 0, 2, 5, $2::jsonb, 300, 6) returning id`,
      [order?.id, students],
    );
    const [held] = await tx.query<{ id: number }>(
      `insert into order_lessons (order_id, line_id, subject, start, finish, contractor_id, student_ids) values ($1, $2, 'Mathematics', $3, $4, $5, $6::int[]) returning id`,
      [order?.id, line?.id, start, finish, tutor, client.studentIds.slice(0, 1)],
    );
    await tx.query(
      `insert into busy_hours (who, person_id, during, order_lesson_id, expires_at)
       values ('tutor', $1, tstzrange($3, $4), $5, $6), ('student', $2, tstzrange($3, $4), $5, $6)`,
      [tutor, client.studentIds[0], start, finish, held?.id, expiresAt],
    );
  });
}

const inHalfAnHour = () => new Date(Date.now() + 30 * minute);
const aMinuteAgo = () => new Date(Date.now() - minute);

interface Window {
  start: string;
  finish: string;
  apt_id: number;
  contractor_id: number;
}

/** The tutor's windows on `day` as POST /subjectFilter/ answers them to `client`, as 'HH:MM-HH:MM apt_id'. */
async function subjectFilter(client: Session, day: string): Promise<{ shown: string[]; windows: Window[] }> {
  const answer = await server.api('POST', '/subjectFilter/', { token: client.token, body: { subjectNames: ['Mathematics'], yearLevels: [5], branch_id: 1 } });
  expect(answer.status).toBe(200);
  expect(responseErrors('filterAvailabilityBySubject', 200, answer.body)).toEqual([]);
  const windows = (answer.body as Window[]).filter((w) => w.contractor_id === tutor && branchDay(new Date(w.start), zone) === day);
  return { shown: windows.map(shown), windows };
}

/** The tutor's availability on `day` as GET /contractorsalldata answers it to `client`. */
async function contractorsAllData(client: Session, day: string): Promise<string[]> {
  const answer = await server.api('GET', '/contractorsalldata', { token: client.token, query: { branch_id: 1 } });
  expect(answer.status).toBe(200);
  expect(responseErrors('listContractorsWithAvailability', 200, answer.body)).toEqual([]);
  const ours = (answer.body as { id: number; availability: Window[] }[]).find((c) => c.id === tutor);
  return (ours?.availability ?? []).filter((w) => branchDay(new Date(w.start), zone) === day).map(shown);
}

/** Whether GET /filter_tutor offers the tutor to `client` for the hour at `time` on `day`. */
async function offersTutor(client: Session, day: string, time: string): Promise<boolean> {
  const answer = await server.api('GET', '/filter_tutor', { token: client.token, query: { subject: 'Mathematics', date: day, time, quallevel: 5, branch_id: 1 } });
  expect(answer.status).toBe(200);
  expect(responseErrors('filterTutors', 200, answer.body)).toEqual([]);
  return (answer.body.data as { id: number }[]).some((t) => t.id === tutor);
}

const hhmm = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const shown = (w: Window) => `${hhmm(w.start)}-${hhmm(w.finish)} #${w.apt_id}`;

describe('POST /subjectFilter/ answers each window less the hours its tutor is busy', () => {
  it('a lesson 17:00-18:00 in a window 16:00-20:00 leaves 16:00-17:00 and 18:00-20:00, under the window’s apt_id', async () => {
    const { day, aptId } = await windowOfFour();
    await lesson(rival, at(day, '17:00'), at(day, '18:00'));

    expect((await subjectFilter(me, day)).shown).toEqual([`16:00-17:00 #${aptId}`, `18:00-20:00 #${aptId}`]);
  });

  it('a lesson 17:30-18:30 takes 17:30-18:30: the grid, of whole hours, offers 16:00 and 19:00 only', async () => {
    const { day, aptId } = await windowOfFour();
    await lesson(rival, at(day, '17:30'), at(day, '18:30'));

    const { shown: pieces, windows } = await subjectFilter(me, day);

    expect(pieces).toEqual([`16:00-17:30 #${aptId}`, `18:30-20:00 #${aptId}`]);
    const grid = hourlyAvailability(windows, zone);
    expect([...grid.keys()].filter((key) => key.startsWith(day))).toEqual([`${day} 16:00`, `${day} 19:00`]);
  });

  it('the asking client’s own lesson takes its hour too', async () => {
    const { day, aptId } = await windowOfFour();
    await lesson(me, at(day, '19:00'), at(day, '20:00'));

    expect((await subjectFilter(me, day)).shown).toEqual([`16:00-19:00 #${aptId}`]);
  });

  it('a live hold of another client’s unpaid order takes its hour', async () => {
    const { day, aptId } = await windowOfFour();
    await hold(rival, at(day, '16:00'), at(day, '17:00'), inHalfAnHour());

    expect((await subjectFilter(me, day)).shown).toEqual([`17:00-20:00 #${aptId}`]);
  });

  it('the asking client’s own live hold does not: its next Pay Now gives it up', async () => {
    const { day, aptId } = await windowOfFour();
    await hold(me, at(day, '16:00'), at(day, '17:00'), inHalfAnHour());

    expect((await subjectFilter(me, day)).shown).toEqual([`16:00-20:00 #${aptId}`]);
    expect((await subjectFilter(rival, day)).shown).toEqual([`17:00-20:00 #${aptId}`]);
  });

  it('an expired hold and a cancelled lesson take nothing', async () => {
    const { day, aptId } = await windowOfFour();
    await hold(rival, at(day, '16:00'), at(day, '17:00'), aMinuteAgo());
    await lesson(rival, at(day, '18:00'), at(day, '19:00'), 'cancelled');

    expect((await subjectFilter(me, day)).shown).toEqual([`16:00-20:00 #${aptId}`]);
  });

  it('lessons and holds together: only the hours between them are left', async () => {
    const { day, aptId } = await windowOfFour();
    await lesson(rival, at(day, '15:30'), at(day, '16:30'));
    await hold(rival, at(day, '17:00'), at(day, '18:00'), inHalfAnHour());
    await lesson(rival, at(day, '19:00'), at(day, '20:00'));

    expect((await subjectFilter(me, day)).shown).toEqual([`16:30-17:00 #${aptId}`, `18:00-19:00 #${aptId}`]);
  });

  it('a hold made by POST /create-order: left out for other clients, offered to its own', async () => {
    const { day, aptId } = await windowOfFour();
    const slot: Slot = { start: at(day, '17:00'), finish: at(day, '18:00'), contractorId: tutor, aptId, date: day, time: '17:00' };
    await heldOrder(server, rival, [slot]);

    expect((await subjectFilter(me, day)).shown).toEqual([`16:00-17:00 #${aptId}`, `18:00-20:00 #${aptId}`]);
    expect((await subjectFilter(rival, day)).shown).toEqual([`16:00-20:00 #${aptId}`]);
  });

  it('a window wholly taken is not offered at all', async () => {
    const { day } = await windowOfFour();
    await lesson(rival, at(day, '16:00'), at(day, '18:00'));
    await hold(rival, at(day, '18:00'), at(day, '20:00'), inHalfAnHour());

    expect((await subjectFilter(me, day)).shown).toEqual([]);
  });
});

describe('GET /filter_tutor leaves a tutor out of an hour any busy stretch overlaps', () => {
  it('a lesson 17:30-18:30: out at 17:00 and 18:00, in at 16:00 and 19:00', async () => {
    const { day } = await windowOfFour();
    await lesson(rival, at(day, '17:30'), at(day, '18:30'));

    const offered = await Promise.all(['16:00', '17:00', '18:00', '19:00'].map((time) => offersTutor(me, day, time)));

    expect(offered).toEqual([true, false, false, true]);
  });

  it('a lesson starting on the hour: out at that hour', async () => {
    const { day } = await windowOfFour();
    await lesson(rival, at(day, '18:00'), at(day, '19:00'));

    expect([await offersTutor(me, day, '18:00'), await offersTutor(me, day, '19:00')]).toEqual([false, true]);
  });

  it('another client’s live hold: out; the client’s own hold and an expired hold: in', async () => {
    const { day } = await windowOfFour();
    await hold(rival, at(day, '16:00'), at(day, '17:00'), inHalfAnHour());
    await hold(me, at(day, '17:00'), at(day, '18:00'), inHalfAnHour());
    await hold(rival, at(day, '18:00'), at(day, '19:00'), aMinuteAgo());

    const offered = await Promise.all(['16:00', '17:00', '18:00'].map((time) => offersTutor(me, day, time)));

    expect(offered).toEqual([false, true, true]);
    expect(await offersTutor(rival, day, '17:00')).toBe(false);
  });
});

describe('GET /contractorsalldata (the reschedule grid’s tutor) answers the tutor’s windows less its busy hours', () => {
  it('lessons and other clients’ live holds are left out, each client’s own holds are not', async () => {
    const { day, aptId } = await windowOfFour();
    await lesson(rival, at(day, '16:30'), at(day, '17:30'));
    await hold(rival, at(day, '18:00'), at(day, '19:00'), inHalfAnHour());
    await hold(me, at(day, '19:00'), at(day, '20:00'), inHalfAnHour());

    expect(await contractorsAllData(me, day)).toEqual([`16:00-16:30 #${aptId}`, `17:30-18:00 #${aptId}`, `19:00-20:00 #${aptId}`]);
    expect(await contractorsAllData(rival, day)).toEqual([`16:00-16:30 #${aptId}`, `17:30-19:00 #${aptId}`]);
  });
});
