import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineShares } from '../../server/domain/orders.ts';
import { appointmentPayload, createService, orderBody, packagePrice, sandbox, slotSource } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { type Session, type TestServer, startTestServer, tableCounts } from '../support/test-server.ts';

// Two students studying individually (docs/decisions/024-individual-study-order-lines.md): one order with a line per student, each line a package
// priced for its student and year; the order charges the sum and each line books its own student's lessons.

let server: TestServer;
let client: Session;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.newClient(2);
});
afterAll(() => server?.close());

const [adam, lina] = [0, 1];
const linesFor = (session: Session) => [
  { pkg_id: 3, level: 5, student_ids: [session.studentIds[adam] as number] },
  { pkg_id: 2, level: 8, student_ids: [session.studentIds[lina] as number] },
];
const twoLineBody = (session: Session, amount: number, more: Record<string, unknown> = {}) => ({
  ...orderBody(session, amount, { pkgId: 3, level: 5, studentIds: session.studentIds }),
  lines: linesFor(session),
  ...more,
});

async function listPrices(session: Session): Promise<[number, number]> {
  return [await packagePrice(server, session, 3, 1, 5), await packagePrice(server, session, 2, 1, 8)];
}

describe('an order with a line per student', () => {
  it('charges the sum of the lines, less the coupon, and says what each line holds', async () => {
    const [gold, silver] = await listPrices(client);
    const before = await tableCounts(server.db);
    const wrong = await server.api('POST', '/create-order', { token: client.token, body: twoLineBody(client, gold) });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'amount', message: `The price of these packages is now ${(gold + silver).toFixed(2)}. Please check your booking and pay again.` });
    expect(await tableCounts(server.db)).toEqual(before);

    const opened = await server.api('POST', '/create-order', { token: client.token, body: twoLineBody(client, gold + silver - 50, { coupon: 'WELCOME50' }) });
    expect(opened.status).toBe(201);
    const order = await server.api('GET', `/orders/${opened.body.ref}`, { token: client.token });
    expect(responseErrors('getOrder', 200, order.body)).toEqual([]);
    expect(order.body).toMatchObject({ amount: gold + silver - 50, classes: 18, booked_classes: 0, student_ids: client.studentIds });
    expect(order.body.lines.map((l: { pkg_id: number; classes: number; student_ids: number[] }) => [l.pkg_id, l.classes, l.student_ids])).toEqual([
      [3, 12, [client.studentIds[adam]]],
      [2, 6, [client.studentIds[lina]]],
    ]);
    const shares = order.body.lines.map((l: { amount: number }) => l.amount);
    expect(shares.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(gold + silver - 50, 2);
    expect(shares[0]).toBeGreaterThan(shares[1]);
  });

  it.each([
    ['a student on two lines', (s: Session) => ({ lines: [linesFor(s)[0], { ...linesFor(s)[1], student_ids: s.studentIds }] }), 'lines'],
    ["students that are not the lines'", (s: Session) => ({ student_ids: [s.studentIds[adam]] }), 'student_ids'],
    ['a package other than the first line’s', (_s: Session) => ({ pkg_id: 2 }), 'pkg_id'],
    ['a year other than the first line’s', (_s: Session) => ({ level: 8 }), 'level'],
    ['a line of a package that does not exist', (s: Session) => ({ lines: [linesFor(s)[0], { ...linesFor(s)[1], pkg_id: 7 }] }), 'lines[1].pkg_id'],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_, change, field) => {
    const [gold, silver] = await listPrices(client);
    const before = await tableCounts(server.db);
    const answer = await server.api('POST', '/create-order', { token: client.token, body: twoLineBody(client, gold + silver, change(client)) });
    expect(answer.status).toBe(400);
    expect(answer.body.field).toBe(field);
    expect(await tableCounts(server.db)).toEqual(before);
  });

  it("books each student's lessons on their own line, at that line's price per class, never beyond its classes", async () => {
    const [gold, silver] = await listPrices(client);
    const opened = await server.api('POST', '/create-order', { token: client.token, body: twoLineBody(client, gold + silver) });
    expect((await sandbox(server, opened.body.ref, 'pay')).status).toBe(303);
    const lines = (await server.api('GET', `/orders/${opened.body.ref}`, { token: client.token })).body.lines as { amount: number; classes: number }[];
    const charge = (line: { amount: number; classes: number }) => (Math.round((line.amount / line.classes) * 100) / 100).toFixed(2);
    const basis = { order_ref: opened.body.ref };

    const adamSlots = slotSource(server, client, 'Mathematics', 5);
    const linaSlots = slotSource(server, client, 'English', 8);
    const [adamSlot, linaSlot] = [await adamSlots.next(), await linaSlots.next()];
    const adamService = await createService(server, client, adamSlot.contractorId, [client.studentIds[adam] as number]);
    const linaService = await createService(server, client, linaSlot.contractorId, [client.studentIds[lina] as number]);
    const adamLesson = appointmentPayload(client, adamSlot, adamService, basis, { pkgId: 3, charge: charge(lines[0]!), studentId: client.studentIds[adam] });
    const linaLesson = { ...appointmentPayload(client, linaSlot, linaService, basis, { pkgId: 2, charge: charge(lines[1]!), studentId: client.studentIds[lina] }), topic: 'English' };

    const before = await tableCounts(server.db);
    // Lina's lesson on Adam's package, and at Adam's price, are refused; nothing is written.
    const onAdamsLine = await server.api('POST', '/appointments/', { token: client.token, body: [{ ...linaLesson, pkg_id: 3, rcras: [{ recipient: client.studentIds[lina], charge_rate: charge(lines[0]!) }] }] });
    expect(onAdamsLine.status).toBe(400);
    expect(onAdamsLine.body.field).toBe('[0].rcras');
    const atAdamsPrice = await server.api('POST', '/appointments/', { token: client.token, body: [{ ...linaLesson, rcras: [{ recipient: client.studentIds[lina], charge_rate: charge(lines[0]!) }] }] });
    expect(atAdamsPrice.status).toBe(400);
    expect(atAdamsPrice.body.message).toContain(`charge_rate must be ${charge(lines[1]!)}`);
    expect(await tableCounts(server.db)).toEqual(before);

    const booked = await server.api('POST', '/appointments/', { token: client.token, body: [adamLesson, linaLesson] });
    expect(booked.status).toBe(201);
    const order = await server.api('GET', `/orders/${opened.body.ref}`, { token: client.token });
    expect(order.body.booked_classes).toBe(2);
    expect(order.body.lines.map((l: { booked_classes: number }) => l.booked_classes)).toEqual([1, 1]);

    // Lina's line (SILVER, 6 classes) has 5 left: 5 more booked there would be 6, a 6th more is refused
    // even though Adam's line still has 11.
    await server.db.query(`update order_lines set booked_classes = classes where order_id = (select id from orders where ref = $1) and line = 1`, [opened.body.ref]);
    await server.db.query(`update orders set booked_classes = booked_classes + 5 where ref = $1`, [opened.body.ref]);
    // Another hour of the same tutor, whose service it is.
    const [next] = await linaSlots.sameTutor(linaSlot.contractorId, 1);
    const beyond = await server.api('POST', '/appointments/', {
      token: client.token,
      body: [{ ...appointmentPayload(client, next!, linaService, basis, { pkgId: 2, charge: charge(lines[1]!), studentId: client.studentIds[lina] }), topic: 'English' }],
    });
    expect(beyond.status, JSON.stringify(beyond.body)).toBe(409);
    expect(beyond.body.message).toBe("Only 0 of this order's classes are left to book.");
  });
});

describe('line shares', () => {
  it.each([
    [100, [60, 40], [60, 40]],
    [90, [60, 40], [54, 36]],
    [100, [1, 1, 1], [33.33, 33.33, 33.34]],
    [0, [684, 360], [0, 0]],
    [10, [0, 0], [5, 5]],
  ])('%d over %j is %j, adding up exactly', (amount, totals, shares) => {
    expect(lineShares(amount, totals)).toEqual(shares);
    expect(lineShares(amount, totals).reduce((a, b) => a + b, 0)).toBeCloseTo(amount, 10);
  });
});
