import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentPayload, startTwoInstances, type TwoInstances, openOrder, paidOrder, perClass, type Slot } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type ApiAnswer, type Session, type TestServer, storedState } from '../support/test-server.ts';

// The success page replays its calls on every reload: each step is idempotent by order ref, and
// GET /orders/{ref} says how far an order got. An invoice is settled by a paid order, not by the client.

let server: TestServer;
let demo: Session;
let hours: TwoInstances['hours'];
let viaEither: TwoInstances['viaEither'];

beforeAll(async () => ({ server, demo, hours, viaEither } = await startTwoInstances()));
afterAll(() => server?.close());

const times = <T>(n: number, run: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => run(i)));

async function mailsTo(email: string): Promise<{ subject: string }[]> {
  return server.db.query<{ subject: string }>('select subject from outbox where to_address = $1 order by id', [email]);
}

/** The calls of the spec's success sequence for one paid order, as the page sends them. */
function successCalls(session: Session, order: { ref: string; amount: number }, tutor: number, lessons: Slot[]) {
  const serviceBody = {
    name: 'Mathematics',
    dft_charge_type: 'hourly',
    dft_charge_rate: perClass(order.amount, 6),
    dft_contractor_rate: '40.00',
    conjobs: [{ contractor: tutor }],
    rcrs: [{ recipient: session.studentIds[0] }],
    branch_id: 1,
    order_ref: order.ref,
  };
  return {
    service: (i: number) => viaEither(i)('POST', '/services/', { token: session.token, body: serviceBody }),
    appointments: (i: number, serviceId: number) =>
      viaEither(i)('POST', '/appointments/', {
        token: session.token,
        body: lessons.map((slot) => appointmentPayload(session, slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })),
      }),
    invoice: (i: number) =>
      viaEither(i)('POST', '/proformainvoice', {
        token: session.token,
        body: { branch_id: 1, amount: order.amount, client: session.clientid, raise_behaviour: 'raise-and-send', description: 'Credit Request', order_ref: order.ref },
      }),
    payment: (i: number, invoiceId: number) =>
      viaEither(i)('POST', `/proformainvoicetakepayment/${invoiceId}`, {
        token: session.token,
        body: { branch_id: 1, clientid: session.clientid, amount: order.amount, method: 'cash', send_receipt: true, order_ref: order.ref },
      }),
    confirm: (i: number) => viaEither(i)('POST', '/order_status', { token: session.token, body: { ref: order.ref, status: 'success' } }),
    progress: () => server.api('GET', `/orders/${order.ref}`, { token: session.token }),
  };
}

function oneAnswer(answers: ApiAnswer[], operationId: string): ApiAnswer {
  // The first to commit made it (201); every replay answers the same resource (200).
  expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
  expect(answers.filter((a) => a.status === 200)).toHaveLength(answers.length - 1);
  for (const answer of answers) expect(responseErrors(operationId, answer.status, answer.body)).toEqual([]);
  return answers.find((a) => a.status === 201) as ApiAnswer;
}

describe('twenty concurrent replays of every step of the success sequence, across two instances', () => {
  it('make exactly one service, one batch of lessons, one invoice, one payment and one set of mails; GET /orders/{ref} follows', async () => {
    const client = await server.newClient(1);
    const tutor = (await hours.next()).contractorId;
    const lessons = await hours.sameTutor(tutor, 6);
    const order = await paidOrder(server, client);
    const calls = successCalls(client, order, tutor, lessons);

    // The provider's confirmation (the sandbox's Pay) raised and settled the invoice; the order held no lessons.
    const [raised] = await server.db.query<{ id: number }>('select i.id from proforma_invoices i join orders o on o.id = i.order_id where o.ref = $1', [order.ref]);
    if (!raised) throw new Error(`Pay raised no invoice for order ${order.ref}`);
    const invoiceId = raised.id;
    const fresh = await calls.progress();
    expect(fresh.status).toBe(200);
    expect(responseErrors('getOrder', 200, fresh.body)).toEqual([]);
    const [student] = await server.db.query<{ name: string }>(`select first_name || ' ' || last_name as name from students where id = $1`, [client.studentIds[0]]);
    expect(fresh.body).toEqual({
      ref: order.ref,
      status: 'paid',
      amount: order.amount,
      // Opened without a method (the spec's payload), paid when the sandbox's Pay was pressed.
      payment_method: null,
      paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pkg_id: 2,
      student_ids: [client.studentIds[0]],
      classes: 6,
      booked_classes: 0,
      lines: [{ pkg_id: 2, package_name: 'SILVER', level: 5, student_ids: [client.studentIds[0]], student_names: [student?.name], amount: order.amount, classes: 6, booked_classes: 0, weekly_lessons: null }],
      service_ids: [],
      appointment_ids: [],
      invoice_id: invoiceId,
      payment_taken: true,
      confirmed: false,
      lessons: [],
      hold_expires_at: null,
      to_place: 0,
    });

    const services = await times(20, calls.service);
    const serviceId = oneAnswer(services, 'createService').body.id;
    expect(new Set(services.map((a) => a.body.id))).toEqual(new Set([serviceId]));

    const booked = await times(20, (i) => calls.appointments(i, serviceId));
    const lessonIds = oneAnswer(booked, 'createAppointments').body.data.map((a: { id: number }) => a.id);
    expect(lessonIds).toHaveLength(6);
    for (const answer of booked) expect(answer.body.data.map((a: { id: number }) => a.id)).toEqual(lessonIds);

    // The page's invoice step finds the order's invoice made: every one of the twenty answers it (200).
    const invoices = await times(20, calls.invoice);
    expect(invoices.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of invoices) expect(responseErrors('createInvoice', 200, answer.body)).toEqual([]);
    expect(new Set(invoices.map((a) => a.body.data.id))).toEqual(new Set([invoiceId]));

    const payments = await times(20, (i) => calls.payment(i, invoiceId));
    expect(payments.filter((a) => a.status !== 200)).toEqual([]);
    expect(new Set(payments.map((a) => `${a.body.data.id}:${a.body.data.status}`))).toEqual(new Set([`${invoiceId}:paid`]));

    const confirmations = await times(20, calls.confirm);
    expect(confirmations.map((a) => a.status)).toEqual(Array(20).fill(200));

    const done = await calls.progress();
    expect(done.body).toMatchObject({
      status: 'confirmed',
      booked_classes: 6,
      service_ids: [serviceId],
      appointment_ids: lessonIds,
      invoice_id: invoiceId,
      payment_taken: true,
      confirmed: true,
    });
    const counts = await server.db.query<{ services: number; lessons: number; invoices: number; paid: number }>(
      `select (select count(*)::int from services where client_id = $1) as services,
              (select count(*)::int from appointments where client_id = $1) as lessons,
              (select count(*)::int from proforma_invoices where client_id = $1) as invoices,
              (select count(*)::int from proforma_invoices where client_id = $1 and status = 'paid') as paid`,
      [client.clientid],
    );
    expect(counts).toEqual([{ services: 1, lessons: 6, invoices: 1, paid: 1 }]);
    expect((await mailsTo(client.email)).map((m) => m.subject)).toEqual([`Invoice ${invoiceId}`, `Receipt for invoice ${invoiceId}`]);

    // A reload of the page long after: the whole sequence once more writes and mails nothing.
    const before = await storedState(server.db);
    const again = [await calls.service(0), await calls.appointments(1, serviceId), await calls.invoice(0), await calls.payment(1, invoiceId), await calls.confirm(0)];
    expect(again.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('a service under an order that is not paid is refused (409), and another client’s order is not theirs (403)', async () => {
    const client = await server.newClient(1);
    const tutor = (await hours.next()).contractorId;
    const unpaid = await openOrder(server, client);
    const theirs = await paidOrder(server, await server.newClient(1));
    const before = await storedState(server.db);

    const notPaid = await successCalls(client, unpaid, tutor, []).service(0);
    const foreign = await successCalls(client, theirs, tutor, []).service(0);

    expect({ status: notPaid.status, field: notPaid.body.field }).toEqual({ status: 409, field: 'order_ref' });
    expect({ status: foreign.status, field: foreign.body.field }).toEqual({ status: 403, field: 'order_ref' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('GET /orders/{ref}: 404 for an unknown ref, 403 for another client’s', async () => {
    const theirs = await paidOrder(server, await server.newClient(1));
    const unknown = await server.api('GET', '/orders/no-such-order-ref', { token: demo.token });
    const foreign = await server.api('GET', `/orders/${theirs.ref}`, { token: demo.token });
    expect(unknown.status).toBe(404);
    expect({ status: foreign.status, field: foreign.body.field }).toEqual({ status: 403, field: 'ref' });
  });
});

describe('an invoice is settled by money, not by the client’s word', () => {
  const pay = (session: Session, invoiceId: number, amount: number, extra: Record<string, unknown> = {}) =>
    server.api('POST', `/proformainvoicetakepayment/${invoiceId}`, { token: session.token, body: { branch_id: 1, clientid: session.clientid, amount, method: 'cash', send_receipt: true, ...extra } });
  const raise = (session: Session, amount: number, extra: Record<string, unknown> = {}) =>
    server.api('POST', '/proformainvoice', { token: session.token, body: { branch_id: 1, amount, client: session.clientid, raise_behaviour: 'raise', description: 'Credit Request', ...extra } });

  it("the client's own unpaid invoice with no order behind it cannot be marked paid with 'cash': 409, it stays unpaid", async () => {
    const [unpaid] = await server.db.query<{ id: number; amount: string }>(`select id, amount from proforma_invoices where client_id = $1 and status = 'unpaid' and order_id is null`, [demo.clientid]);
    if (!unpaid) throw new Error('the demo client has no unpaid invoice');
    const before = await storedState(server.db);

    const answer = await pay(demo, unpaid.id, Number(unpaid.amount));

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 409, field: 'invoiceId' });
    expect(responseErrors('takeInvoicePayment', 409, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('an invoice cannot be raised under an order that is not paid (409), nor for another amount than the order’s (400)', async () => {
    const client = await server.newClient(1);
    const unpaid = await openOrder(server, client);
    const paid = await paidOrder(server, client);
    const before = await storedState(server.db);

    const notPaid = await raise(client, unpaid.amount, { order_ref: unpaid.ref });
    const otherAmount = await raise(client, paid.amount - 1, { order_ref: paid.ref });

    expect({ status: notPaid.status, field: notPaid.body.field }).toEqual({ status: 409, field: 'order_ref' });
    expect({ status: otherAmount.status, field: otherAmount.body.field }).toEqual({ status: 400, field: 'amount' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('an invoice of a paid order is paid once, by the provider’s confirmation, for the order’s amount: a wrong amount is 400, paying it again 409 (200 under its order ref)', async () => {
    const client = await server.newClient(1);
    const order = await paidOrder(server, client);
    const raised = await raise(client, order.amount, { order_ref: order.ref });
    expect({ status: raised.status, paid: raised.body.data.status }).toEqual({ status: 200, paid: 'paid' });
    const invoice = raised.body.data.id as number;

    const wrong = await pay(client, invoice, order.amount - 10);
    expect({ status: wrong.status, field: wrong.body.field }).toEqual({ status: 400, field: 'amount' });
    const twice = await pay(client, invoice, order.amount);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This invoice has been paid already.');
    expect((await pay(client, invoice, order.amount, { order_ref: order.ref })).status).toBe(200);
    const [row] = await server.db.query<{ status: string }>('select status from proforma_invoices where id = $1', [invoice]);
    expect(row?.status).toBe('paid');
    expect((await mailsTo(client.email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
  });

  it('an order_ref other than the invoice’s own: 400 naming order_ref', async () => {
    const client = await server.newClient(1);
    const order = await paidOrder(server, client);
    const other = await paidOrder(server, client);
    const invoice = (await raise(client, order.amount, { order_ref: order.ref })).body.data.id as number;

    const answer = await pay(client, invoice, order.amount, { order_ref: other.ref });

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field: 'order_ref' });
  });
});
