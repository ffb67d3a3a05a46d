import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays } from '../../contract/reschedule-notice.ts';
import { branchDay } from '../../server/domain/branch-time.ts';
import { constraintConflicts, unknownConflict } from '../../server/http/constraint-conflicts.ts';
import { type Slot, type TwoInstances, clientPackageBody, startTwoInstances } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type ApiAnswer, type Session, type TestServer } from '../support/test-server.ts';

// Every unique or exclusion violation answers 409 with a message a person can act on, never 500: each
// constraint of the schema has its words in server/http/constraint-conflicts.ts (this file fails when the
// schema has a name the table does not), the app's error handler answers any violation no handler did, and
// the races handlers meet (twenty reschedules onto one tutor-hour, across two instances) answer 409.

let server: TestServer;
let hours: TwoInstances['hours'];
let viaEither: TwoInstances['viaEither'];

beforeAll(async () => ({ server, hours, viaEither } = await startTwoInstances()));
afterAll(() => server?.close());

const zone = 'Asia/Dubai';

interface Named {
  name: string;
  /** The SQLSTATE its violation raises: 23505 unique, 23P01 exclusion. */
  code: '23505' | '23P01';
}

/** Every unique constraint, unique index and exclusion constraint of the public schema, primary keys aside. */
async function schemaConstraints(): Promise<Named[]> {
  return server.db.query<Named>(
    `select con.conname::text as name, case con.contype when 'x' then '23P01' else '23505' end as code
       from pg_constraint con join pg_namespace n on n.oid = con.connamespace
      where n.nspname = 'public' and con.contype in ('u', 'x')
     union
     select i.relname::text, '23505'
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = 'public' and x.indisunique and not x.indisprimary
     order by 1`,
  );
}

describe('every unique or exclusion constraint of the schema has a message', () => {
  it('each name in pg_catalog is in server/http/constraint-conflicts.ts, and each name there is in the schema', async () => {
    const names = (await schemaConstraints()).map((c) => c.name);
    // The ones this issue is about, so that the catalogue query itself is known to find them.
    expect(names).toEqual(expect.arrayContaining(['tutor_in_one_place_at_a_time', 'student_in_one_place_at_a_time', 'appointments_one_per_order_lesson', 'clients_email_key']));

    expect(names.filter((name) => !(name in constraintConflicts))).toEqual([]);
    expect(Object.keys(constraintConflicts).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('each message is words for a person, with a field', () => {
    for (const [name, { message, field }] of Object.entries(constraintConflicts)) {
      expect({ name, sentence: /^[A-Z].*\.$/.test(message), mentionsName: message.includes(name) || message.includes('_') }).toEqual({ name, sentence: true, mentionsName: false });
      expect({ name, field: field.length > 0 }).toEqual({ name, field: true });
    }
  });
});

describe('a violation no handler answers reaches the error handler: 409 with its message and field', () => {
  // The database raises the violation itself, as under a race no handler foresaw: a trigger of this test's
  // database refuses the next client package with the code and constraint name in force_violation.
  beforeAll(async () => {
    await server.db.exec(`
      create table force_violation (code text not null, name text not null);
      create function force_violation() returns trigger language plpgsql as $$
      declare
        forced force_violation%rowtype;
      begin
        select * into forced from force_violation limit 1;
        if found then
          raise exception 'forced by the test' using errcode = forced.code, constraint = forced.name;
        end if;
        return new;
      end
      $$;
      create trigger force_violation before insert on client_packages for each row execute function force_violation();
    `);
  });
  afterAll(async () => {
    await server.db.exec('drop trigger force_violation on client_packages; drop function force_violation(); drop table force_violation;');
  });

  let client: Session;
  beforeAll(async () => {
    client = await server.newClient(1);
  });

  async function refusedUnder(code: string, name: string): Promise<ApiAnswer> {
    await server.db.query('delete from force_violation');
    await server.db.query('insert into force_violation (code, name) values ($1, $2)', [code, name]);
    try {
      return await server.api('POST', '/client-packages/', { token: client.token, body: clientPackageBody(client.clientid) });
    } finally {
      await server.db.query('delete from force_violation');
    }
  }

  it('every constraint of the schema', async () => {
    const constraints = await schemaConstraints();
    expect(constraints.length).toBeGreaterThan(10);
    for (const { name, code } of constraints) {
      const answer = await refusedUnder(code, name);
      const known = constraintConflicts[name as keyof typeof constraintConflicts];
      expect({ name, status: answer.status, body: answer.body }).toEqual({
        name,
        status: 409,
        body: { success: false, message: known?.message, error: known?.message, field: known?.field },
      });
    }
  });

  it('a name the table does not know: 409 with the general message', async () => {
    for (const code of ['23505', '23P01']) {
      const answer = await refusedUnder(code, 'a_constraint_added_without_its_message');
      expect({ code, status: answer.status, body: answer.body }).toEqual({ code, status: 409, body: { success: false, message: unknownConflict, error: unknownConflict } });
    }
  });

  it('the client package is saved once nothing is forced (the trigger is the only refusal)', async () => {
    const answer = await server.api('POST', '/client-packages/', { token: client.token, body: clientPackageBody(client.clientid) });
    expect(answer.status).toBe(201);
  });
});

/** A service of the client, as POST /services/ makes one for a subject. */
async function serviceOf(client: Session): Promise<number> {
  const [row] = await server.db.query<{ id: number }>(
    `insert into services (branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate) values (1, $1, 'Mathematics', 'hourly', 100, 40) returning id`,
    [client.clientid],
  );
  return row?.id as number;
}

/**
 * A lesson of the client's first student at `slot` on `serviceId`, written straight into the database (staff's
 * basis, or an order's when `orderId` is given), so that these tests rest on no payment flow.
 */
async function lessonAt(client: Session, slot: Slot, serviceId: number, orderId?: number): Promise<{ appointmentId: number; serviceId: number }> {
  return server.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, basis, order_id)
       values ($1, 1, $2, 2, $3, $4, 'Mathematics', 'planned', $5, $6) returning id`,
      [client.clientid, serviceId, slot.start, slot.finish, orderId === undefined ? 'staff' : 'order', orderId ?? null],
    );
    await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, 60)', [row?.id, client.studentIds[0]]);
    await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, 40)', [row?.id, slot.contractorId]);
    return { appointmentId: row?.id as number, serviceId };
  });
}

const move = (client: Session, lesson: { appointmentId: number; serviceId: number }, to: Slot, api: TestServer['api'] = server.api) =>
  api('PUT', `/appointments/${lesson.appointmentId}`, {
    token: client.token,
    body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: lesson.serviceId, branch_id: 1 },
  });

/** The hours the slot fixtures hand out start 3 days ahead: past the reschedule notice, onto a day a lesson may move to. */
const outsideNotice = (slot: Slot) => branchDay(slot.start, zone) > addCalendarDays(branchDay(new Date(), zone), 2);

describe('rescheduling races and clashes answer 409, never 500', () => {
  it('twenty lessons of twenty students rescheduled at once onto one tutor-hour, across two instances: one 200, nineteen 409', async () => {
    const tutor = (await hours.next()).contractorId;
    const [target, ...from] = (await hours.sameTutor(tutor, 21)) as [Slot, ...Slot[]];
    expect([target, ...from].every(outsideNotice)).toBe(true);
    const movers = [];
    for (const slot of from) {
      const client = await server.newClient(1);
      movers.push({ client, lesson: await lessonAt(client, slot, await serviceOf(client)) });
    }

    const answers = await Promise.all(movers.map((m, i) => move(m.client, m.lesson, target, viaEither(i))));

    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({ success: false, field: 'start', message: constraintConflicts.tutor_in_one_place_at_a_time.message });
      expect(responseErrors('rescheduleAppointment', 409, answer.body)).toEqual([]);
    }
    const [held] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from busy_hours where who = 'tutor' and person_id = $1 and during && tstzrange($2, $3)`,
      [tutor, target.start, target.finish],
    );
    expect(held?.n).toBe(1);
  });

  it('onto the very hour of another lesson of the same order and subject: 409 naming start, and nothing moves', async () => {
    const tutor = (await hours.next()).contractorId;
    const [first, second] = (await hours.sameTutor(tutor, 2)) as [Slot, Slot];
    const client = await server.newClient(1);
    const [order] = await server.db.query<{ id: number }>(
      `insert into orders (ref, client_id, email, student_ids, appoint_ids, pkg_id, level, amount, classes, status, paid_at)
       values ($1, $2, $3, $4::jsonb, '[]', 2, 5, 300, 6, 'paid', now()) returning id`,
      [`same-order-${client.clientid}-${Date.now()}`, client.clientid, client.email, JSON.stringify(client.studentIds.slice(0, 1))],
    );
    // The order's lessons of one subject share its service.
    const serviceId = await serviceOf(client);
    const lessonOne = await lessonAt(client, first, serviceId, order?.id);
    const lessonTwo = await lessonAt(client, second, serviceId, order?.id);

    const answer = await move(client, lessonOne, second);

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 409, field: 'start' });
    expect(answer.body.message).toBe('This package has another lesson at that time already. Please choose another slot.');
    expect(responseErrors('rescheduleAppointment', 409, answer.body)).toEqual([]);
    const starts = await server.db.query<{ id: number; start: Date }>('select id, start from appointments where id = any($1::int[]) order by id', [[lessonOne.appointmentId, lessonTwo.appointmentId]]);
    expect(starts.map((row) => row.start.getTime())).toEqual([first.start.getTime(), second.start.getTime()]);
  });
});

