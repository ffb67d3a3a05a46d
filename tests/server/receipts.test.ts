import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePagePath, paymentLink } from '../../server/domain/invoice-purchase.ts';
import { openOrder, sandbox, slotSource } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { heldOrder, heldOrderBody } from '../support/hold-fixtures.ts';
import { type Session, type TestServer, startTestServer, storedState, testWebhookSecret } from '../support/test-server.ts';

// A receipt a parent recognises (issue 18, item 4): GET /orders/{ref} says how the order was paid and when,
// and names each line's package and students and each lesson's students; Transaction History (GET
// /proformainvoice) names what each payment bought and where an unpaid invoice is paid; the sandbox pays an
// invoice raised without an order; and the services the server books are named for whom they are.

let server: TestServer;
let demo: Session;
let hours: ReturnType<typeof slotSource>;

beforeAll(async () => {
  server = await startTestServer();
  demo = await server.login();
  hours = slotSource(server, demo);
});
afterAll(() => server?.close());

const adam = () => demo.studentIds[0] as number;
const lina = () => demo.studentIds[1] as number;
const progressOf = (ref: string) => server.api('GET', `/orders/${ref}`, { token: demo.token });
const invoices = async () => {
  const answer = await server.api('GET', '/proformainvoice', { token: demo.token });
  expect(responseErrors('listInvoices', 200, answer.body)).toEqual([]);
  return answer.body.data.results as { id: number; status: string; description: string; amount: number; purchase: unknown; payment_link: string | null }[];
};
const mailsTo = (to: string) => server.db.query<{ subject: string; body: string }>('select subject, body from outbox where to_address = $1 order by id', [to]);

describe('GET /orders/{ref}: the receipt', () => {
  it('says the method chosen at checkout, when it was paid, and names each line and lesson', async () => {
    const slot = await hours.next();
    const { ref } = await heldOrder(server, demo, [slot], { paymentMethod: 'visa', weekly: { Mathematics: 1 } });

    const open = await progressOf(ref);
    expect(responseErrors('getOrder', 200, open.body)).toEqual([]);
    expect(open.body).toMatchObject({ payment_method: 'visa', paid_at: null });
    expect(open.body.lines).toEqual([expect.objectContaining({ pkg_id: 2, package_name: 'SILVER', student_ids: [adam()], student_names: ['Adam Ahmed'] })]);
    expect(open.body.lessons).toEqual([expect.objectContaining({ students: [adam()], student_names: ['Adam Ahmed'], tutor: slot.contractorId })]);

    const before = Date.now();
    await sandbox(server, ref, 'pay');
    const paid = await progressOf(ref);
    expect(responseErrors('getOrder', 200, paid.body)).toEqual([]);
    expect(paid.body).toMatchObject({ status: 'paid', payment_method: 'visa' });
    expect(Date.parse(paid.body.paid_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(paid.body.paid_at)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("names a line's students in the order of its student_ids", async () => {
    const { ref } = await openOrder(server, demo, { pkgId: 3, studentIds: [lina(), adam()] });
    const answer = await progressOf(ref);
    expect(answer.body.lines).toEqual([expect.objectContaining({ package_name: 'GOLD', student_ids: [lina(), adam()], student_names: ['Lina Ahmed', 'Adam Ahmed'] })]);
    expect(answer.body.payment_method).toBeNull();
  });

  it('refuses a payment method checkout does not offer, naming payment_method, and stores nothing', async () => {
    const body = { ...(await heldOrderBody(server, demo, [await hours.next()], { weekly: { Mathematics: 1 } })), payment_method: 'cash' };
    const state = await storedState(server.db);
    const answer = await server.api('POST', '/create-order', { token: demo.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe('payment_method');
    expect((await storedState(server.db)).digest).toEqual(state.digest);
  });

  it("settles the order's invoice as paid by card, and the receipt mail names the method chosen", async () => {
    const { ref } = await heldOrder(server, demo, [await hours.next()], { paymentMethod: 'mastercard', weekly: { Mathematics: 1 } });
    await sandbox(server, ref, 'pay');
    const { invoice_id: invoiceId } = (await progressOf(ref)).body;
    const [invoice] = await server.db.query<{ status: string; payment_method: string; description: string }>('select status, payment_method, description from proforma_invoices where id = $1', [invoiceId]);
    expect(invoice).toEqual({ status: 'paid', payment_method: 'card', description: 'Credit Request' });
    const receipt = (await mailsTo(demo.email)).find((m) => m.subject === `Receipt for invoice ${invoiceId}`);
    expect(receipt?.body).toMatch(/\(Mastercard\)/);
  });
});

describe('GET /proformainvoice: Transaction History', () => {
  it("names what an order's invoice bought, from the order, and keeps the description as it was sent", async () => {
    const slot = await hours.next();
    const { ref, amount } = await heldOrder(server, demo, [slot], { paymentMethod: 'paypal', weekly: { Mathematics: 1 } });
    await sandbox(server, ref, 'pay');
    const { invoice_id: invoiceId } = (await progressOf(ref)).body;

    const listed = (await invoices()).find((i) => i.id === invoiceId);
    expect(listed).toEqual({
      id: invoiceId,
      date_sent: expect.any(String),
      status: 'paid',
      description: 'Credit Request',
      amount,
      client: { id: demo.clientid },
      purchase: { order_ref: ref, payment_method: 'paypal', lines: [{ package_name: 'SILVER', classes: 6, student_names: ['Adam Ahmed'], subjects: ['Mathematics'] }] },
      payment_link: null,
    });
  });

  it('lists an invoice raised without an order with no purchase, and, unpaid, a link to its sandbox page', async () => {
    const all = await invoices();
    const extra = all.find((i) => i.description === 'Extra class - Adam Ahmed');
    expect(extra?.status).toBe('unpaid');
    expect(extra).toMatchObject({ description: 'Extra class - Adam Ahmed', amount: 60, purchase: null });
    expect(extra?.payment_link).toMatch(new RegExp(`^${server.url}/sandbox/invoice/${extra?.id}/[A-Za-z0-9_-]{32}$`));
    // The seeded packages' invoices were paid without an order: no purchase, no link.
    for (const paid of all.filter((i) => i.status === 'paid' && i.description !== 'Credit Request')) expect(paid).toMatchObject({ purchase: null, payment_link: null });
  });

  it.each([
    ['paid', { status: 'paid', order_id: null, order_ref: null, order_status: null }, null],
    ['unpaid, raised without an order', { status: 'unpaid', order_id: null, order_ref: null, order_status: null }, 'invoice'],
    ['unpaid, under an order still open', { status: 'unpaid', order_id: 3, order_ref: 'abcdefgh12', order_status: 'created' }, 'order'],
    ['unpaid, under an order paid (the provider has the money)', { status: 'unpaid', order_id: 3, order_ref: 'abcdefgh12', order_status: 'paid' }, null],
    ['unpaid, under an order closed unpaid', { status: 'unpaid', order_id: 3, order_ref: 'abcdefgh12', order_status: 'cancelled' }, null],
    ['in another state of the provider', { status: 'void', order_id: null, order_ref: null, order_status: null }, null],
  ] as const)('payment_link of an invoice %s', (_name, invoice, where) => {
    const link = paymentLink('https://portal.example', 'secret', { id: 9, client_id: 1, amount: '60.00', description: 'x', date_sent: new Date(), order_payment_method: null, ...invoice });
    const expected = { invoice: /^https:\/\/portal\.example\/sandbox\/invoice\/9\/[A-Za-z0-9_-]{32}$/, order: /^https:\/\/portal\.example\/sandbox\/pay\/abcdefgh12$/ };
    if (where === null) expect(link).toBeNull();
    else expect(link).toMatch(expected[where]);
  });
});

describe('the sandbox page of an invoice raised without an order', () => {
  /** A new unpaid invoice of the demo client, raised without an order, and its link. */
  async function unpaidInvoice(amount = 60): Promise<{ id: number; link: string }> {
    const raised = await server.api('POST', '/proformainvoice', {
      token: demo.token,
      body: { branch_id: 1, amount, client: demo.clientid, raise_behaviour: 'raise-and-send', description: 'Extra lesson' },
    });
    expect(raised.status).toBe(201);
    const link = (await invoices()).find((i) => i.id === raised.body.data.id)?.payment_link;
    if (!link) throw new Error('no payment link');
    return { id: raised.body.data.id, link };
  }
  const press = (link: string, outcome: string) => fetch(`${link}/${outcome}`, { method: 'POST', redirect: 'manual' });

  it('shows the invoice with Pay and Cancel; Pay records the payment, settles it by card with a receipt, and returns to /transaction-history', async () => {
    const { id, link } = await unpaidInvoice(75);
    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('AED 75.00');
    expect(html).toContain('Extra lesson');
    expect(html).toMatch(/<button type="submit" class="pay">Pay<\/button>/);
    expect(html).toMatch(/<button type="submit" class="cancel">Cancel<\/button>/);

    const paid = await press(link, 'pay');
    expect({ status: paid.status, location: paid.headers.get('location') }).toEqual({ status: 303, location: '/transaction-history' });
    const [row] = await server.db.query<{ status: string; payment_method: string; paid: boolean }>('select status, payment_method, paid_at is not null as paid from proforma_invoices where id = $1', [id]);
    expect(row).toEqual({ status: 'paid', payment_method: 'card', paid: true });
    expect(await server.db.query('select status, amount::text as amount, method from sandbox_payments where ref = $1', [`invoice:${id}`])).toEqual([{ status: 'paid', amount: '75.00', method: 'card' }]);
    expect((await mailsTo(demo.email)).filter((m) => m.subject === `Receipt for invoice ${id}`)).toHaveLength(1);
    expect((await invoices()).find((i) => i.id === id)).toMatchObject({ status: 'paid', payment_link: null });

    // Pay again (a second tab, a double click): back to the list, nothing changes.
    const state = await storedState(server.db);
    const again = await press(link, 'pay');
    expect({ status: again.status, location: again.headers.get('location') }).toEqual({ status: 303, location: '/transaction-history' });
    expect((await storedState(server.db)).digest).toEqual(state.digest);
    expect(await (await fetch(link)).text()).toContain('This invoice is paid.');
  });

  it('Cancel returns to /transaction-history and changes nothing', async () => {
    const { id, link } = await unpaidInvoice();
    const state = await storedState(server.db);
    const cancelled = await press(link, 'cancel');
    expect({ status: cancelled.status, location: cancelled.headers.get('location') }).toEqual({ status: 303, location: '/transaction-history' });
    expect((await storedState(server.db)).digest).toEqual(state.digest);
    expect((await invoices()).find((i) => i.id === id)).toMatchObject({ status: 'unpaid', payment_link: link });
  });

  it('opens only with the key the portal gave out: another key, or the key of another invoice, is not found and pays nothing', async () => {
    const first = await unpaidInvoice();
    const second = await unpaidInvoice();
    const otherKey = second.link.split('/').at(-1);
    const forged = first.link.replace(/[^/]+$/, otherKey ?? '');
    const state = await storedState(server.db);
    expect((await fetch(forged)).status).toBe(404);
    expect((await press(forged, 'pay')).status).toBe(404);
    expect((await fetch(`${server.url}/sandbox/invoice/${first.id}/${'A'.repeat(32)}`)).status).toBe(404);
    expect((await storedState(server.db)).digest).toEqual(state.digest);
  });

  it("refuses an order's invoice: it is paid with its order", async () => {
    const { ref } = await heldOrder(server, demo, [await hours.next()], { weekly: { Mathematics: 1 } });
    await sandbox(server, ref, 'pay');
    const { invoice_id: invoiceId } = (await progressOf(ref)).body;
    await server.db.query(`update proforma_invoices set status = 'unpaid' where id = $1`, [invoiceId]);
    const link = `${server.url}${invoicePagePath(testWebhookSecret, invoiceId)}`;
    expect(await (await fetch(link)).text()).toContain('This invoice is paid with its order.');
    const state = await storedState(server.db);
    expect((await press(link, 'pay')).status).toBe(409);
    expect((await storedState(server.db)).digest).toEqual(state.digest);
    await server.db.query(`update proforma_invoices set status = 'paid' where id = $1`, [invoiceId]);
  });
});

describe('services are named for whom they are, like the seeded ones', () => {
  const serviceNameOf = async (appointmentId: number) =>
    (await server.db.query<{ name: string }>('select s.name from appointments a join services s on s.id = a.service_id where a.id = $1', [appointmentId]))[0]?.name;

  it("the paid order's lessons: '<Subject> - <student>', and every lesson listed carries it", async () => {
    const { ref } = await heldOrder(server, demo, [await hours.next()], { weekly: { Mathematics: 1 } });
    await sandbox(server, ref, 'pay');
    const [appointmentId] = (await progressOf(ref)).body.appointment_ids as number[];
    expect(await serviceNameOf(appointmentId as number)).toBe('Mathematics - Adam Ahmed');
    const listed = await server.api('GET', `/appointmentstwo/${demo.studentIds.join(',')}`, { token: demo.token, query: { branch_id: 1 } });
    expect(listed.body.data.find((a: { id: number }) => a.id === appointmentId)?.service.name).toBe('Mathematics - Adam Ahmed');
    // Every lesson card of the demo names its student.
    expect(listed.body.data.filter((a: { service: { name: string } }) => !/ - (Adam|Lina) Ahmed$/.test(a.service.name))).toEqual([]);
  });

  it('POST /services/ with a bare subject (the spec\'s payload) names it so; any other name is kept', async () => {
    const tutor = (await hours.next()).contractorId;
    const make = (name: string, students: number[]) =>
      server.api('POST', '/services/', {
        token: demo.token,
        body: { name, dft_charge_type: 'hourly', dft_charge_rate: '10.00', dft_contractor_rate: '10.00', conjobs: [{ contractor: tutor }], rcrs: students.map((recipient) => ({ recipient })), branch_id: 1 },
      });
    const named = async (answer: { body: { id: number } }) => (await server.api('GET', `/services/${answer.body.id}`, { token: demo.token, query: { branch_id: 1 } })).body.name;
    expect(await named(await make(' mathematics ', [adam()]))).toBe('Mathematics - Adam Ahmed');
    expect(await named(await make('English', [lina(), adam()]))).toBe('English - Adam Ahmed, Lina Ahmed');
    expect(await named(await make('Weekend club', [adam()]))).toBe('Weekend club');
  });
});
