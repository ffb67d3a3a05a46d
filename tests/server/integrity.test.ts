import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountedTotal } from '../../server/domain/pricing.ts';
import {
  appointmentPayload,
  type Basis,
  createService,
  openOrder,
  orderBody,
  packagePrice,
  paidOrder,
  perClass,
  sandbox,
  type Slot,
  slotSource,
  clientPackageBody,
} from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type ApiAnswer, type Session, type TestServer, startTestServer, storedState } from '../support/test-server.ts';

let server: TestServer;
let demo: Session;
let hours: ReturnType<typeof slotSource>;

beforeAll(async () => {
  server = await startTestServer();
  demo = await server.login();
  hours = slotSource(server, demo);
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const hourMs = 60 * 60 * 1000;

async function expectNothingWritten(before: Awaited<ReturnType<typeof storedState>>): Promise<void> {
  const after = await storedState(server.db);
  expect(after.counts).toEqual(before.counts);
  expect(after.digest).toEqual(before.digest);
}

function expectError(answer: ApiAnswer, operationId: string, status: number, expected: { field?: string; message?: string | RegExp }): void {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: { success: false } });
  if (expected.field !== undefined) expect(answer.body.field).toBe(expected.field);
  if (typeof expected.message === 'string') expect(answer.body.message).toContain(expected.message);
  if (expected.message instanceof RegExp) expect(answer.body.message).toMatch(expected.message);
  expect(responseErrors(operationId, status, answer.body)).toEqual([]);
}

const book = (session: Session, items: unknown[]) => server.api('POST', '/appointments/', { token: session.token, body: items });

async function classesOf(pkgId: number): Promise<number> {
  const [row] = await server.db.query<{ numberofclass: number }>('select numberofclass from packages where id = $1', [pkgId]);
  if (!row) throw new Error(`no package ${pkgId}`);
  return row.numberofclass;
}

async function orderRow(ref: string) {
  const [row] = await server.db.query<{ status: string; booked_classes: number; amount: string; coupon_code: string | null }>(
    'select status, booked_classes, amount, coupon_code from orders where ref = $1',
    [ref],
  );
  return row;
}

async function packageRow(id: number) {
  const [row] = await server.db.query<{ purches_status: number; booked_classess: number; remaining_classess: number; total_classess: number }>(
    'select purches_status, booked_classess, remaining_classess, total_classess from client_packages where id = $1',
    [id],
  );
  return row;
}

/** A service with the tutor of `slot` and a paid SILVER order, with the per-class charge the order allows. */
async function paidBasis(session: Session, contractorId: number, options: { pkgId?: number; studentIds?: number[] } = {}) {
  const serviceId = await createService(server, session, contractorId, options.studentIds);
  const order = await paidOrder(server, session, options);
  const charge = perClass(order.amount, await classesOf(options.pkgId ?? 2));
  return { serviceId, order, charge };
}


async function createClientPackage(session: Session, total = 6): Promise<number> {
  const answer = await server.api('POST', '/client-packages/', { token: session.token, body: clientPackageBody(session.clientid, { total }) });
  if (answer.status !== 201) throw new Error(`createClientPackage: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
}

// ---------------------------------------------------------------------------------------------

describe('a tutor-hour is booked once', () => {
  it('twenty clients racing for one tutor-hour: one 201, nineteen 409, one stored booking', async () => {
    const slot = await hours.next();
    // Every racer has a valid basis of their own: their own client, service and paid order.
    const racers: { session: Session; items: unknown[]; ref: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const session = await server.newClient(1);
      const { serviceId, order, charge } = await paidBasis(session, slot.contractorId);
      racers.push({ session, ref: order.ref, items: [appointmentPayload(session, slot, serviceId, { order_ref: order.ref }, { charge })] });
    }

    const answers = await Promise.all(racers.map((r) => book(r.session, r.items)));

    const won = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(responseErrors('createAppointments', 201, won[0]?.body)).toEqual([]);
    for (const answer of refused) {
      expectError(answer, 'createAppointments', 409, { field: 'cjas', message: 'That tutor is already booked at that time' });
    }
    const [held] = await server.db.query<{ n: number }>(
      'select count(*)::int as n from appointment_contractors where contractor_id = $1 and start = $2 and not released',
      [slot.contractorId, slot.start],
    );
    expect(held?.n).toBe(1);
    // Only the winner's order was spent; the losers' transactions left theirs untouched.
    const winner = racers[answers.findIndex((a) => a.status === 201)];
    const consumed = await server.db.query<{ ref: string }>('select ref from orders where ref = any($1::text[]) and booked_classes > 0', [racers.map((r) => r.ref)]);
    expect(consumed.map((c) => c.ref)).toEqual([winner?.ref]);
  });

  it('the same lesson twice in one batch is refused with 409 and books nothing', async () => {
    const slot = await hours.next();
    const { serviceId, order, charge } = await paidBasis(demo, slot.contractorId);
    const item = appointmentPayload(demo, slot, serviceId, { order_ref: order.ref }, { charge });
    const before = await storedState(server.db);

    const answer = await book(demo, [item, item]);

    expectError(answer, 'createAppointments', 409, { field: 'order_ref', message: 'The same lesson is twice in this batch.' });
    await expectNothingWritten(before);
    expect((await orderRow(order.ref))?.booked_classes).toBe(0);
  });
});

describe('appointments are booked only against a basis', () => {
  let slot: Slot;
  let serviceId: number;

  beforeAll(async () => {
    slot = await hours.next();
    serviceId = await createService(server, demo, slot.contractorId);
  });

  it('without order_ref, free_assessment or client_package_id: 400 naming order_ref', async () => {
    const order = await paidOrder(server, demo);
    const item: Record<string, unknown> = appointmentPayload(demo, slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) });
    delete item.order_ref;
    const before = await storedState(server.db);

    const answer = await book(demo, [item]);

    expectError(answer, 'createAppointments', 400, { field: '[0].order_ref', message: 'order_ref' });
    await expectNothingWritten(before);
  });

  it.each([
    ['created (unpaid)', async (ref: string) => ref, 'created'],
    ['failed', async (ref: string) => (await sandbox(server, ref, 'fail'), ref), 'failed'],
    ['cancelled', async (ref: string) => (await sandbox(server, ref, 'cancel'), ref), 'cancelled'],
  ])('an order that is %s: 409 and nothing written', async (_state, settle, status) => {
    const order = await openOrder(server, demo);
    await settle(order.ref);
    const [hour] = await hours.sameTutor(slot.contractorId, 1);
    const before = await storedState(server.db);

    const answer = await book(demo, [appointmentPayload(demo, hour as Slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })]);

    expectError(answer, 'createAppointments', 409, { field: 'order_ref', message: 'This order has not been paid.' });
    await expectNothingWritten(before);
    expect(await orderRow(order.ref)).toMatchObject({ status, booked_classes: 0 });
  });

  it("another client's paid order: 403 naming order_ref, and their order stays unspent", async () => {
    const other = await server.newClient(1);
    const theirs = await paidOrder(server, other);
    const [hour] = await hours.sameTutor(slot.contractorId, 1);
    const before = await storedState(server.db);

    const answer = await book(demo, [appointmentPayload(demo, hour as Slot, serviceId, { order_ref: theirs.ref }, { charge: perClass(theirs.amount, 6) })]);

    expectError(answer, 'createAppointments', 403, { field: '[0].order_ref', message: /^This order is not yours\.$/ });
    await expectNothingWritten(before);
    expect((await orderRow(theirs.ref))?.booked_classes).toBe(0);
  });

  it("a paid order books up to its classes over several batches; past them: 409, nothing written", async () => {
    const order = await paidOrder(server, demo);
    const charge = perClass(order.amount, 6);
    const free = await hours.sameTutor(slot.contractorId, 7);
    const items = free.map((hour) => appointmentPayload(demo, hour, serviceId, { order_ref: order.ref }, { charge }));

    const first = await book(demo, items.slice(0, 4));
    expect(first.status).toBe(201);
    expect(first.body.data).toHaveLength(4);
    expect((await orderRow(order.ref))?.booked_classes).toBe(4);

    const before = await storedState(server.db);
    const tooMany = await book(demo, items.slice(4, 7));
    expectError(tooMany, 'createAppointments', 409, { field: 'order_ref', message: "Only 2 of this order's classes are left to book." });
    await expectNothingWritten(before);

    expect((await book(demo, items.slice(4, 6))).status).toBe(201);
    expect((await orderRow(order.ref))?.booked_classes).toBe(6);
  });

  it("more classes than the order's package holds: 400; exactly that many book", async () => {
    const order = await paidOrder(server, demo, { pkgId: 2 });
    const classes = await classesOf(2);
    const charge = perClass(order.amount, classes);
    const free = await hours.sameTutor(slot.contractorId, classes + 1);
    const items = free.map((hour) => appointmentPayload(demo, hour, serviceId, { order_ref: order.ref }, { charge }));
    const before = await storedState(server.db);

    const tooMany = await book(demo, items);
    expectError(tooMany, 'createAppointments', 400, { field: 'body', message: `has ${classes} classes` });
    await expectNothingWritten(before);
    expect((await orderRow(order.ref))?.booked_classes).toBe(0);

    const exactly = await book(demo, items.slice(0, classes));
    expect(exactly.status).toBe(201);
    expect(exactly.body.data).toHaveLength(classes);
  });

  it("a pkg_id other than the order's: 400 naming pkg_id", async () => {
    const order = await paidOrder(server, demo, { pkgId: 2 });
    const [hour] = await hours.sameTutor(slot.contractorId, 1);
    const before = await storedState(server.db);

    const answer = await book(demo, [appointmentPayload(demo, hour as Slot, serviceId, { order_ref: order.ref }, { pkgId: 3, charge: perClass(order.amount, 6) })]);

    expectError(answer, 'createAppointments', 400, { field: '[0].pkg_id', message: 'must be 2' });
    await expectNothingWritten(before);
  });

  it("a charge_rate other than the order's price per class: 400 naming rcras", async () => {
    const order = await paidOrder(server, demo, { pkgId: 2 });
    const expected = perClass(order.amount, 6);
    const [hour] = await hours.sameTutor(slot.contractorId, 1);
    const before = await storedState(server.db);

    const answer = await book(demo, [appointmentPayload(demo, hour as Slot, serviceId, { order_ref: order.ref }, { charge: (Number(expected) - 1).toFixed(2) })]);

    expectError(answer, 'createAppointments', 400, { field: '[0].rcras', message: `charge_rate must be ${expected}` });
    await expectNothingWritten(before);
    expect((await orderRow(order.ref))?.booked_classes).toBe(0);
  });


  it('a student who is not on the order cannot be booked against it: 400 naming rcras', async () => {
    const [onOrder, notOnOrder] = demo.studentIds as [number, number];
    const order = await paidOrder(server, demo, { pkgId: 2, studentIds: [onOrder] });
    const charge = perClass(order.amount, 6);
    const bothStudents = await createService(server, demo, slot.contractorId, [onOrder, notOnOrder]);
    const [hour] = await hours.sameTutor(slot.contractorId, 1);
    const item = appointmentPayload(demo, hour as Slot, bothStudents, { order_ref: order.ref }, { charge });
    const before = await storedState(server.db);

    const added = await book(demo, [{ ...item, rcras: [{ recipient: onOrder, charge_rate: charge }, { recipient: notOnOrder, charge_rate: charge }] }]);
    expectError(added, 'createAppointments', 400, { field: '[0].rcras', message: `student ${notOnOrder} is not one this was paid for` });
    const swapped = await book(demo, [{ ...item, rcras: [{ recipient: notOnOrder, charge_rate: charge }] }]);
    expectError(swapped, 'createAppointments', 400, { field: '[0].rcras', message: `student ${notOnOrder} is not one this was paid for` });

    await expectNothingWritten(before);
    expect((await orderRow(order.ref))?.booked_classes).toBe(0);
  });

  it('two batches of one order at once cannot together take more than its classes', async () => {
    const order = await paidOrder(server, demo);
    const charge = perClass(order.amount, 6);
    const free = await hours.sameTutor(slot.contractorId, 8);
    const batches = [free.slice(0, 4), free.slice(4, 8)].map((part) => part.map((hour) => appointmentPayload(demo, hour, serviceId, { order_ref: order.ref }, { charge })));

    const answers = await Promise.all(batches.map((items) => book(demo, items)));

    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    const refused = answers.find((x) => x.status === 409) as ApiAnswer;
    expectError(refused, 'createAppointments', 409, { field: 'order_ref', message: "Only 2 of this order's classes are left to book." });
    const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from appointments where order_id = (select id from orders where ref = $1)', [order.ref]);
    expect(row?.n).toBe(4);
  });
});

describe('the free assessment', () => {
  let tutor: number;

  beforeAll(async () => {
    tutor = (await hours.next()).contractorId;
  });

  /** A fresh client (whose free class is still unused) with a service of `tutor`. */
  async function newcomer() {
    const session = await server.newClient(1);
    return { session, serviceId: await createService(server, session, tutor) };
  }
  const freeItem = (session: Session, hour: Slot, serviceId: number, charge = '0.00') =>
    appointmentPayload(session, hour, serviceId, { free_assessment: true }, { pkgId: null, charge });
  const status = (session: Session) => server.api('GET', `/freeassismentstatus/${session.clientid}`, { token: session.token });

  it('one class at 0.00 books (201), after which the status answers success true', async () => {
    const { session, serviceId } = await newcomer();
    const unused = await status(session);
    expect(unused.body).toEqual({ success: false, message: 'The free assessment class is available.' });
    const [hour] = await hours.sameTutor(tutor, 1);

    const answer = await book(session, [freeItem(session, hour as Slot, serviceId)]);

    expect(answer.status).toBe(201);
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]).toMatchObject({ start: hour?.start.toISOString(), db: { pkg_id: null } });
    expect(responseErrors('createAppointments', 201, answer.body)).toEqual([]);
    const used = await status(session);
    expect(used.status).toBe(200);
    expect(used.body).toEqual({ success: true, message: 'The free assessment class has been booked already.' });
    const rows = await server.db.query<{ basis: string }>('select basis from appointments where client_id = $1', [session.clientid]);
    expect(rows).toEqual([{ basis: 'free' }]);
  });

  it('a second free assessment is refused with 409 and writes nothing', async () => {
    const { session, serviceId } = await newcomer();
    const [first, second] = await hours.sameTutor(tutor, 2);
    expect((await book(session, [freeItem(session, first as Slot, serviceId)])).status).toBe(201);
    const before = await storedState(server.db);

    const again = await book(session, [freeItem(session, second as Slot, serviceId)]);

    expectError(again, 'createAppointments', 409, { field: 'free_assessment', message: 'The free assessment class has been booked already.' });
    await expectNothingWritten(before);
  });

  it('two free assessments sent at once: only one books', async () => {
    const { session, serviceId } = await newcomer();
    const [a, b] = await hours.sameTutor(tutor, 2);

    const answers = await Promise.all([a, b].map((hour) => book(session, [freeItem(session, hour as Slot, serviceId)])));

    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expectError(answers.find((x) => x.status === 409) as ApiAnswer, 'createAppointments', 409, { field: 'free_assessment' });
    const [row] = await server.db.query<{ n: number }>(`select count(*)::int as n from appointments where client_id = $1 and basis = 'free'`, [session.clientid]);
    expect(row?.n).toBe(1);
  });

  it('two classes in one free batch: 400, nothing written, the free class still unused', async () => {
    const { session, serviceId } = await newcomer();
    const [a, b] = await hours.sameTutor(tutor, 2);
    const before = await storedState(server.db);

    const answer = await book(session, [freeItem(session, a as Slot, serviceId), freeItem(session, b as Slot, serviceId)]);

    expectError(answer, 'createAppointments', 400, { field: '[1]', message: 'a free assessment is a single class' });
    await expectNothingWritten(before);
    expect((await status(session)).body.success).toBe(false);
  });

  it('a free assessment with a charge other than 0.00: 400 naming rcras', async () => {
    const { session, serviceId } = await newcomer();
    const [hour] = await hours.sameTutor(tutor, 1);
    const before = await storedState(server.db);

    const answer = await book(session, [freeItem(session, hour as Slot, serviceId, '60.00')]);

    expectError(answer, 'createAppointments', 400, { field: '[0].rcras', message: 'a free assessment is charged 0.00' });
    await expectNothingWritten(before);
    expect((await status(session)).body.success).toBe(false);
  });
});

describe('remaining classes of a paid client package', () => {
  let client: Session;
  let tutor: number;
  let serviceId: number;

  beforeAll(async () => {
    client = await server.newClient(1);
    tutor = (await hours.next()).contractorId;
    serviceId = await createService(server, client, tutor);
  });

  /** A SILVER client package, paid through an order that names it. */
  async function paidPackage() {
    const id = await createClientPackage(client, await classesOf(2));
    const order = await openOrder(server, client, { pkgId: 2, clientPackageId: id });
    const paid = await sandbox(server, order.ref, 'pay');
    if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
    return { id, order, charge: perClass(order.amount, 6) };
  }
  async function batch(count: number, basis: Basis, charge = '0.00') {
    const free = await hours.sameTutor(tutor, count);
    return free.map((hour) => appointmentPayload(client, hour, serviceId, basis, { charge }));
  }

  it('an unpaid package cannot be booked against: 409, nothing written', async () => {
    const id = await createClientPackage(client, 6);
    const items = await batch(1, { client_package_id: id });
    const before = await storedState(server.db);

    const answer = await book(client, items);

    expectError(answer, 'createAppointments', 409, { field: 'client_package_id', message: 'This package has not been paid.' });
    await expectNothingWritten(before);
  });

  it('paying the order opened with client_package_id marks the package purchased', async () => {
    const id = await createClientPackage(client, 6);
    const order = await openOrder(server, client, { pkgId: 2, clientPackageId: id });
    expect((await packageRow(id))?.purches_status).toBe(0);

    expect(await sandbox(server, order.ref, 'pay')).toEqual({ status: 303, location: `/success?ref=${encodeURIComponent(order.ref)}` });

    expect((await packageRow(id))?.purches_status).toBe(1);
    const listed = await server.api('GET', `/client-packagesid/${id}`, { token: client.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ id, purches_status: 1, total_classess: 6, remaining_classess: 6, booked_classess: 0 });
  });

  it('a batch against the paid package takes its size off remaining_classess', async () => {
    const { id, charge } = await paidPackage();

    const answer = await book(client, await batch(2, { client_package_id: id }, charge));

    expect(answer.status).toBe(201);
    expect(answer.body.data).toHaveLength(2);
    expect(await packageRow(id)).toMatchObject({ booked_classess: 2, remaining_classess: 4, total_classess: 6 });
    const listed = await server.api('GET', `/client-packagesid/${id}`, { token: client.token });
    expect(listed.body.data[0]).toMatchObject({ booked_classess: 2, remaining_classess: 4 });
  });

  it('asking for more classes than remain: 409, nothing written; what remains still books', async () => {
    const { id, charge } = await paidPackage();
    expect((await book(client, await batch(4, { client_package_id: id }, charge))).status).toBe(201);
    const tooMany = await batch(3, { client_package_id: id }, charge);
    const before = await storedState(server.db);

    const answer = await book(client, tooMany);

    expectError(answer, 'createAppointments', 409, { field: 'client_package_id', message: 'Only 2 classes remain in this package.' });
    await expectNothingWritten(before);
    expect((await book(client, tooMany.slice(0, 2))).status).toBe(201);
    expect(await packageRow(id)).toMatchObject({ booked_classess: 6, remaining_classess: 0 });
  });

  it('two batches at once cannot together take more than remain', async () => {
    const { id, charge } = await paidPackage();
    const first = await batch(4, { client_package_id: id }, charge);
    const second = await batch(4, { client_package_id: id }, charge);

    const answers = await Promise.all([book(client, first), book(client, second)]);

    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(await packageRow(id)).toMatchObject({ booked_classess: 4, remaining_classess: 2 });
  });

  it("once the package's classes are booked, its order cannot book them again", async () => {
    const { id, order, charge } = await paidPackage();
    expect((await book(client, await batch(6, { client_package_id: id }, charge))).status).toBe(201);
    const viaOrder = await batch(6, { order_ref: order.ref }, charge);
    const before = await storedState(server.db);

    const answer = await book(client, viaOrder);

    expectError(answer, 'createAppointments', 409, { field: 'order_ref', message: 'Only 0 classes remain in this package.' });
    await expectNothingWritten(before);
    expect(await packageRow(id)).toMatchObject({ booked_classess: 6, remaining_classess: 0 });
  });

  it('classes booked through the order come off the package, and only the rest remain', async () => {
    const { id, order, charge } = await paidPackage();
    expect((await book(client, await batch(2, { order_ref: order.ref }, charge))).status).toBe(201);
    expect(await packageRow(id)).toMatchObject({ booked_classess: 2, remaining_classess: 4 });

    const tooMany = await book(client, await batch(5, { client_package_id: id }, charge));
    expectError(tooMany, 'createAppointments', 409, { field: 'client_package_id', message: 'Only 4 classes remain in this package.' });
    expect((await book(client, await batch(4, { client_package_id: id }, charge))).status).toBe(201);
    expect(await packageRow(id)).toMatchObject({ booked_classess: 6, remaining_classess: 0 });
  });
});

describe('order_status accepts only what the payment provider reported', () => {
  const post = (ref: string, status: string) => server.api('POST', '/order_status', { token: demo.token, body: { ref, status } });

  it("'success' for an order the sandbox has not marked paid: 409, and the order stays created", async () => {
    const order = await openOrder(server, demo);

    const answer = await post(order.ref, 'success');

    expectError(answer, 'postOrderStatus', 409, { field: 'ref', message: 'The payment provider has not confirmed this payment.' });
    expect((await orderRow(order.ref))?.status).toBe('created');
  });

  it("after the sandbox paid it: 'success' answers confirmed, and repeating it is harmless", async () => {
    const order = await paidOrder(server, demo);
    expect((await orderRow(order.ref))?.status).toBe('paid');

    for (const attempt of [1, 2]) {
      const answer = await post(order.ref, 'success');
      expect({ attempt, status: answer.status, body: answer.body }).toEqual({ attempt, status: 200, body: { success: true, message: 'Payment confirmed', status: 'confirmed' } });
      expect(responseErrors('postOrderStatus', 200, answer.body)).toEqual([]);
      expect((await orderRow(order.ref))?.status).toBe('confirmed');
    }
  });

  it.each(['failed', 'cancelled'])("'%s' after the order was paid: 409, and it stays paid", async (status) => {
    const order = await paidOrder(server, demo);

    const answer = await post(order.ref, status);

    expectError(answer, 'postOrderStatus', 409, { field: 'status', message: 'This order has been paid' });
    expect((await orderRow(order.ref))?.status).toBe('paid');
  });

  it("'failed' for an open order is recorded", async () => {
    const order = await openOrder(server, demo);

    const answer = await post(order.ref, 'failed');

    expect(answer.body).toEqual({ success: true, message: 'Payment failed', status: 'failed' });
    expect((await orderRow(order.ref))?.status).toBe('failed');
  });

  it('an unknown ref: 404', async () => {
    const answer = await post('no-such-order-ref', 'success');

    expectError(answer, 'postOrderStatus', 404, { message: 'Order not found' });
  });
});

describe('the server prices orders itself', () => {
  let price: number;

  beforeAll(async () => {
    price = await packagePrice(server, demo, 2);
  });

  const createOrder = (amount: number | string, options: Parameters<typeof orderBody>[2] = {}) =>
    server.api('POST', '/create-order', { token: demo.token, body: orderBody(demo, amount as number, options) });
  const cents = (amount: number) => Math.round(amount * 100) / 100;

  it('an amount that disagrees with the package price: 400 naming amount, and no order written', async () => {
    const before = await storedState(server.db);

    for (const amount of [price + 1, price - 1, 0]) {
      const answer = await createOrder(amount);
      expectError(answer, 'createOrder', 400, { field: 'amount', message: `The price of this package is now ${price.toFixed(2)}.` });
    }

    await expectNothingWritten(before);
  });

  it('the package price is accepted and stored as the amount', async () => {
    const answer = await createOrder(price);

    expect(answer.status).toBe(201);
    expect(answer.body.amount).toBe(price);
    expect(await orderRow(answer.body.ref)).toMatchObject({ status: 'created', coupon_code: null });
    expect(Number((await orderRow(answer.body.ref))?.amount)).toBe(price);
  });

  it.each([
    ['WELCOME50', 'flat 50', (p: number) => cents(p - 50)],
    ['SAVE10', 'percent 10', (p: number) => cents(p * 0.9)],
  ])('coupon %s (%s) takes the amount to the discounted price', async (code, _kind, expectedOf) => {
    const expected = expectedOf(price);
    expect(expected).not.toBe(price);
    const before = await storedState(server.db);

    const undiscounted = await createOrder(price, { coupon: code });
    expectError(undiscounted, 'createOrder', 400, { field: 'amount', message: `The price of this package is now ${expected.toFixed(2)} after the coupon.` });
    await expectNothingWritten(before);

    const answer = await createOrder(expected, { coupon: code });
    expect(answer.status).toBe(201);
    expect(answer.body.amount).toBe(expected);
    const row = await orderRow(answer.body.ref);
    expect({ coupon: row?.coupon_code, amount: Number(row?.amount) }).toEqual({ coupon: code, amount: expected });
  });

  it('a percent coupon is rounded to the cent, not truncated', async () => {
    await server.db.query(`insert into coupons (code, discount_type, discount_value) values ('EIGHTH', 'percent', 12.5)`);
    const gold = await packagePrice(server, demo, 3, 1, 12);
    const expected = cents(gold * 0.875);
    const truncated = Math.floor(gold * 0.875 * 100) / 100;

    const answer = await createOrder(expected, { pkgId: 3, level: 12, coupon: 'EIGHTH' });

    expect(answer.status).toBe(201);
    expect(answer.body.amount).toBe(expected);
    // The seeded GOLD price for Year 12 makes 12.5 % off end in half a cent, so rounding and truncating differ.
    expect(truncated).not.toBe(expected);
    expectError(await createOrder(truncated, { pkgId: 3, level: 12, coupon: 'EIGHTH' }), 'createOrder', 400, { field: 'amount', message: `is now ${expected.toFixed(2)} after the coupon.` });
  });

  it.each([
    ['SPRING25', 'inactive'],
    ['NO-SUCH-CODE', 'unknown'],
  ])('coupon %s (%s): 400 naming coupon, and no order written', async (code) => {
    const before = await storedState(server.db);

    const answer = await createOrder(price, { coupon: code });

    expectError(answer, 'createOrder', 400, { field: 'coupon', message: /^This coupon code is invalid or has expired\.$/ });
    await expectNothingWritten(before);
  });

  it('a coupon worth more than the price takes the amount to 0, never below', async () => {
    expect(discountedTotal(price, { discount_type: 'flat', discount_value: price + 100 })).toBe(0);
    expect(discountedTotal(price, { discount_type: 'percent', discount_value: 100 })).toBe(0);
    await server.db.query(`insert into coupons (code, discount_type, discount_value) values ('HUGE', 'flat', 999999)`);

    expectError(await createOrder(0.01, { coupon: 'HUGE' }), 'createOrder', 400, { field: 'amount', message: 'is now 0.00 after the coupon.' });
    const answer = await createOrder(0, { coupon: 'HUGE' });

    expect(answer.status).toBe(201);
    expect(answer.body.amount).toBe(0);
    expect(Number((await orderRow(answer.body.ref))?.amount)).toBe(0);
  });

  describe('POST /apply-coupon', () => {
    it.each(['WELCOME50', 'SAVE10', 'save10'])('%s answers its discount type and value', async (code) => {
      const [coupon] = await server.db.query<{ discount_type: string; discount_value: string }>(
        'select discount_type, discount_value from coupons where code = upper($1)',
        [code],
      );

      const answer = await server.api('POST', '/apply-coupon', { token: demo.token, body: { code, userId: demo.clientid } });

      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        success: true,
        discount_type: coupon?.discount_type,
        discount_value: Number(coupon?.discount_value),
        message: 'Coupon applied successfully',
      });
      expect(responseErrors('applyCoupon', 200, answer.body)).toEqual([]);
    });

    it.each(['NO-SUCH-CODE', 'SPRING25'])('%s: 400 naming code', async (code) => {
      const answer = await server.api('POST', '/apply-coupon', { token: demo.token, body: { code, userId: demo.clientid } });

      // Checkout shows it as it is: no field name before it (issue 18).
      expectError(answer, 'applyCoupon', 400, { field: 'code', message: /^This coupon code is invalid or has expired\.$/ });
    });
  });
});

describe('rescheduling an appointment (PUT /appointments/{id})', () => {
  let tutor: number;
  let serviceId: number;
  let appointmentId: number;

  beforeAll(async () => {
    const slot = await hours.next();
    tutor = slot.contractorId;
    const basis = await paidBasis(demo, tutor);
    serviceId = basis.serviceId;
    const answer = await book(demo, [appointmentPayload(demo, slot, serviceId, { order_ref: basis.order.ref }, { charge: basis.charge })]);
    if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${JSON.stringify(answer.body)}`);
    appointmentId = answer.body.data[0].id;
  });

  const move = (start: Date, finish = new Date(start.getTime() + hourMs)) =>
    server.api('PUT', `/appointments/${appointmentId}`, {
      token: demo.token,
      body: { start: start.toISOString(), finish: finish.toISOString(), topic: 'Algebra', service: serviceId, branch_id: 1 },
    });
  const holders = async (start: Date) =>
    (
      await server.db.query<{ appointment_id: number }>(
        'select appointment_id from appointment_contractors where contractor_id = $1 and start = $2 and not released',
        [tutor, start],
      )
    ).map((r) => r.appointment_id);

  it('moves a planned appointment to a free hour of the same tutor', async () => {
    const [{ start: from } = { start: new Date(0) }] = await server.db.query<{ start: Date }>('select start from appointments where id = $1', [appointmentId]);
    const [to] = (await hours.sameTutor(tutor, 1)) as [Slot];

    const answer = await move(to.start);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: 'Appointment rescheduled successfully',
      data: { id: appointmentId, start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Algebra', status: 'planned' },
    });
    expect(responseErrors('rescheduleAppointment', 200, answer.body)).toEqual([]);
    const [row] = await server.db.query<{ start: Date; finish: Date }>('select start, finish from appointments where id = $1', [appointmentId]);
    expect(row).toEqual({ start: to.start, finish: to.finish });
    expect(await holders(to.start)).toEqual([appointmentId]);
    expect(await holders(from)).toEqual([]);
  });

  it('a start in the past: 400 "Please choose a future date and time."', async () => {
    const past = new Date((Math.floor(Date.now() / hourMs) - 24) * hourMs);
    const before = await storedState(server.db);

    const answer = await move(past);

    expectError(answer, 'rescheduleAppointment', 400, { field: 'start', message: /^Please choose a future date and time\.$/ });
    await expectNothingWritten(before);
  });

  it.each([
    ['two hours', 2 * hourMs],
    ['half an hour', hourMs / 2],
  ])('a finish %s after the start: 400 naming finish', async (_label, length) => {
    const [to] = (await hours.sameTutor(tutor, 1)) as [Slot];
    const before = await storedState(server.db);

    const answer = await move(to.start, new Date(to.start.getTime() + length));

    expectError(answer, 'rescheduleAppointment', 400, { field: 'finish', message: 'must be one hour after start' });
    await expectNothingWritten(before);
  });

  it('an hour the tutor is already booked: 409, nothing moved', async () => {
    const [taken] = (await hours.sameTutor(tutor, 1)) as [Slot];
    const other = await paidBasis(demo, tutor);
    const booked = await book(demo, [appointmentPayload(demo, taken, other.serviceId, { order_ref: other.order.ref }, { charge: other.charge })]);
    expect(booked.status).toBe(201);
    const before = await storedState(server.db);

    const answer = await move(taken.start);

    expectError(answer, 'rescheduleAppointment', 409, { field: 'start', message: 'That tutor is already booked at that time' });
    await expectNothingWritten(before);
    expect(await holders(taken.start)).toEqual([booked.body.data[0].id]);
  });

  it('an hour outside the tutor’s availability: 409, nothing moved', async () => {
    let start = new Date((Math.ceil(Date.now() / hourMs) + 4 * 24) * hourMs);
    for (;;) {
      const [window] = await server.db.query<{ id: number }>(
        'select id from availability where contractor_id = $1 and start < $3 and finish > $2',
        [tutor, start, new Date(start.getTime() + hourMs)],
      );
      if (!window) break;
      start = new Date(start.getTime() + hourMs);
    }
    const before = await storedState(server.db);

    const answer = await move(start);

    expectError(answer, 'rescheduleAppointment', 409, { field: 'cjas', message: `Tutor ${tutor} is not available` });
    await expectNothingWritten(before);
  });
});

describe('the payment sandbox', () => {
  const press = (ref: string, outcome: string) => fetch(`${server.url}/sandbox/pay/${ref}/${outcome}`, { method: 'POST', redirect: 'manual' });

  it.each(['fail', 'cancel'])('an order already paid cannot be moved by %s (409 page), and stays paid', async (outcome) => {
    const order = await openOrder(server, demo);
    expect(await sandbox(server, order.ref, 'pay')).toEqual({ status: 303, location: `/success?ref=${encodeURIComponent(order.ref)}` });

    const answer = await press(order.ref, outcome);

    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain('Payment closed');
    expect((await orderRow(order.ref))?.status).toBe('paid');
  });

  it('paying twice lands on the same /success?ref= page and changes nothing', async () => {
    const order = await openOrder(server, demo);
    const first = await sandbox(server, order.ref, 'pay');
    const [paid] = await server.db.query<{ paid_at: Date }>('select paid_at from orders where ref = $1', [order.ref]);
    const before = await storedState(server.db);

    const second = await sandbox(server, order.ref, 'pay');

    expect(first).toEqual({ status: 303, location: `/success?ref=${encodeURIComponent(order.ref)}` });
    expect(second).toEqual(first);
    await expectNothingWritten(before);
    expect(paid?.paid_at).toBeInstanceOf(Date);
  });

  it('a failed order cannot be paid afterwards', async () => {
    const order = await openOrder(server, demo);
    expect(await sandbox(server, order.ref, 'fail')).toEqual({ status: 303, location: '/failed' });

    const answer = await press(order.ref, 'pay');

    expect(answer.status).toBe(409);
    expect((await orderRow(order.ref))?.status).toBe('failed');
  });

  it('an unknown ref: 404', async () => {
    const answer = await press('no-such-order-ref', 'pay');

    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('Payment closed');
  });
});
