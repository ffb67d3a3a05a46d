import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentPayload,
  startTwoInstances,
  type TwoInstances,
  type Basis,
  createService,
  openOrder,
  paidOrder,
  perClass,
  sandbox,
  type Slot,
  clientPackageBody,
} from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type Session, type TestServer, storedState } from '../support/test-server.ts';

// What was paid is what is booked (an order, a paid package or the free assessment books exactly what
// it covers, under concurrency), and no state change is lost to a concurrent one.

let server: TestServer;
let demo: Session;
let hours: TwoInstances['hours'];
let viaEither: TwoInstances['viaEither'];

beforeAll(async () => ({ server, demo, hours, viaEither } = await startTwoInstances()));
afterAll(() => server?.close());

const book = (session: Session, items: unknown[], i = 0) => viaEither(i)('POST', '/appointments/', { token: session.token, body: items });


/** A SILVER package of the client's, paid (through the sandbox) for `studentIds` only. */
async function paidPackage(session: Session, studentIds: number[]): Promise<{ id: number; ref: string; charge: string }> {
  const made = await server.api('POST', '/client-packages/', { token: session.token, body: clientPackageBody(session.clientid) });
  const id = made.body.data.id as number;
  const order = await openOrder(server, session, { pkgId: 2, studentIds, clientPackageId: id });
  expect((await sandbox(server, order.ref, 'pay')).status).toBe(303);
  return { id, ref: order.ref, charge: perClass(order.amount, 6) };
}

async function packageRow(id: number) {
  const [row] = await server.db.query<{ booked_classess: number; remaining_classess: number; total_classess: number; student_ids: number[] | null }>(
    'select booked_classess, remaining_classess, total_classess, student_ids from client_packages where id = $1',
    [id],
  );
  return row;
}

async function lessonsOn(column: 'client_package_id' | 'order_id', id: number): Promise<number> {
  const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from appointments where ${column} = $1`, [id]);
  return row?.n ?? 0;
}

describe('a package bought for one student books lessons for that student only', () => {
  let client: Session;
  let pkg: Awaited<ReturnType<typeof paidPackage>>;
  let both: number;
  let slot: Slot;

  beforeAll(async () => {
    client = await server.newClient(2);
    pkg = await paidPackage(client, [client.studentIds[0] as number]);
    slot = await hours.next();
    both = await createService(server, client, slot.contractorId, client.studentIds);
  });

  it('the paid package records the one student it was priced for (360, not the 648 of two)', async () => {
    expect(await packageRow(pkg.id)).toMatchObject({ student_ids: [client.studentIds[0]], total_classess: 6, remaining_classess: 6 });
    const [order] = await server.db.query<{ amount: string }>('select amount from orders where ref = $1', [pkg.ref]);
    expect(Number(order?.amount)).toBe(360);
  });

  it.each([
    ['both students', () => client.studentIds],
    ['the other student', () => [client.studentIds[1] as number]],
  ])('a lesson for %s through client_package_id: 400 naming rcras, nothing written', async (_label, recipients) => {
    const item = appointmentPayload(client, slot, both, { client_package_id: pkg.id }, { charge: pkg.charge });
    const before = await storedState(server.db);

    const answer = await book(client, [{ ...item, rcras: recipients().map((recipient) => ({ recipient, charge_rate: pkg.charge })) }]);

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field: '[0].rcras' });
    expect(answer.body.message).toContain('is not one this was paid for');
    expect(responseErrors('createAppointments', 400, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('the student it was paid for books (201), and the class comes off the package', async () => {
    const item = appointmentPayload(client, slot, both, { client_package_id: pkg.id }, { charge: pkg.charge, studentId: client.studentIds[0] });

    expect((await book(client, [item])).status).toBe(201);
    expect(await packageRow(pkg.id)).toMatchObject({ booked_classess: 1, remaining_classess: 5 });
  });
});

describe('the free assessment is one lesson for one student', () => {
  it('one request for two students: 400 naming rcras, nothing written, and the free class still unused', async () => {
    const client = await server.newClient(2);
    const slot = await hours.next();
    const serviceId = await createService(server, client, slot.contractorId, client.studentIds);
    const item = appointmentPayload(client, slot, serviceId, { free_assessment: true }, { pkgId: null });
    const before = await storedState(server.db);

    const answer = await book(client, [{ ...item, rcras: client.studentIds.map((recipient) => ({ recipient, charge_rate: '0.00' })) }]);

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field: '[0].rcras' });
    expect(answer.body.message).toContain('one lesson for one student');
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    const status = await server.api('GET', `/freeassismentstatus/${client.clientid}`, { token: client.token });
    expect(status.body.success).toBe(false);
  });
});

describe('the class count of a paid order or package bounds the lessons booked on it, under concurrency', () => {
  async function racingSingles(session: Session, serviceId: number, contractorId: number, basis: Basis, charge: string) {
    const free = await hours.sameTutor(contractorId, 20);
    return Promise.all(free.map((hour, i) => book(session, [appointmentPayload(session, hour, serviceId, basis, { charge })], i)));
  }

  it('twenty one-lesson batches on a 6-class order across two instances: six 201, fourteen 409, six lessons', async () => {
    const client = await server.newClient(1);
    const tutor = (await hours.next()).contractorId;
    const serviceId = await createService(server, client, tutor);
    const order = await paidOrder(server, client);

    const answers = await racingSingles(client, serviceId, tutor, { order_ref: order.ref }, perClass(order.amount, 6));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(14);
    for (const answer of refused) expect(answer.body).toMatchObject({ field: 'order_ref', message: "Only 0 of this order's classes are left to book." });
    const [row] = await server.db.query<{ id: number; booked_classes: number }>('select id, booked_classes from orders where ref = $1', [order.ref]);
    expect(row?.booked_classes).toBe(6);
    expect(await lessonsOn('order_id', row?.id as number)).toBe(6);
  });

  it('twenty one-lesson batches on a paid 6-class package across two instances: six 201, six lessons, 0 remaining', async () => {
    const client = await server.newClient(1);
    const pkg = await paidPackage(client, client.studentIds);
    const tutor = (await hours.next()).contractorId;
    const serviceId = await createService(server, client, tutor);

    const answers = await racingSingles(client, serviceId, tutor, { client_package_id: pkg.id }, pkg.charge);

    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(14);
    expect(await packageRow(pkg.id)).toMatchObject({ booked_classess: 6, remaining_classess: 0 });
    expect(await lessonsOn('client_package_id', pkg.id)).toBe(6);
  });
});

describe('no lost updates', () => {
  it('PUT /client-packagesupdate racing bookings on a paid package loses no booking: booked = lessons, never past the total', async () => {
    const client = await server.newClient(1);
    const pkg = await paidPackage(client, client.studentIds);
    const tutor = (await hours.next()).contractorId;
    const serviceId = await createService(server, client, tutor);
    const free = await hours.sameTutor(tutor, 10);
    // What a renewal screen read before the bookings: nothing booked, six remaining.
    const stale = clientPackageBody(client.clientid, { packageForm: JSON.stringify({ renewed: true }) });

    const answers = await Promise.all([
      ...free.slice(0, 4).map((hour, i) => book(client, [appointmentPayload(client, hour, serviceId, { client_package_id: pkg.id }, { charge: pkg.charge })], i)),
      ...[0, 1, 2, 3].map((i) => viaEither(i)('PUT', `/client-packagesupdate/${pkg.id}`, { token: client.token, body: stale })),
    ]);

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 200, 200, 200, 200]);
    expect(await packageRow(pkg.id)).toMatchObject({ booked_classess: 4, remaining_classess: 2, total_classess: 6 });
    expect(await lessonsOn('client_package_id', pkg.id)).toBe(4);
    // The package's own form was updated all the same.
    const [form] = await server.db.query<{ package_form: string }>('select package_form from client_packages where id = $1', [pkg.id]);
    expect(form?.package_form).toBe(stale.packageForm);

    // And what remains is all that can still be booked.
    const more = await book(client, free.slice(4, 10).map((hour) => appointmentPayload(client, hour, serviceId, { client_package_id: pkg.id }, { charge: pkg.charge })));
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('Only 2 classes remain in this package.');
    expect(await lessonsOn('client_package_id', pkg.id)).toBe(4);
  });

  it("a paid package's size cannot be changed by PUT: 400 naming total_classess, nothing written", async () => {
    const client = await server.newClient(1);
    const pkg = await paidPackage(client, client.studentIds);
    const before = await storedState(server.db);

    const answer = await server.api('PUT', `/client-packagesupdate/${pkg.id}`, { token: client.token, body: clientPackageBody(client.clientid, { total: 24 }) });

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field: 'total_classess' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it("racing the sandbox's Pay against order_status 'cancelled' on twenty orders: no paid order ends cancelled", async () => {
    const client = await server.newClient(1);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await openOrder(server, client));

    const outcomes = await Promise.all(
      orders.map(async (order, i) => {
        const [pay, cancel] = await Promise.all([
          sandbox(server, order.ref, 'pay'),
          viaEither(i)('POST', '/order_status', { token: client.token, body: { ref: order.ref, status: 'cancelled' } }),
        ]);
        const [row] = await server.db.query<{ status: string }>('select status from orders where ref = $1', [order.ref]);
        return { pay: pay.status, cancel: cancel.status, stored: row?.status };
      }),
    );

    // Exactly one of the two won each order, and the stored status is the winner's.
    for (const { pay, cancel, stored } of outcomes) {
      const won = pay === 303 ? { pay, cancel: 409, stored: 'paid' } : { pay: 409, cancel: 200, stored: 'cancelled' };
      expect({ pay, cancel, stored }).toEqual(won);
    }
  });

  it('the database refuses to turn a paid order into anything else, whatever a handler does', async () => {
    const order = await paidOrder(server, demo);
    for (const status of ['cancelled', 'failed', 'created']) {
      await expect(server.db.query('update orders set status = $2 where ref = $1', [order.ref, status])).rejects.toMatchObject({ code: '23514' });
    }
    await server.db.query(`update orders set status = 'confirmed' where ref = $1`, [order.ref]);
    await expect(server.db.query(`update orders set status = 'paid' where ref = $1`, [order.ref])).rejects.toMatchObject({ code: '23514' });
  });
});
