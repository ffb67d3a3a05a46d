import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, slotSource } from '../support/booking-fixtures.ts';
import { heldOrder, orderHolding } from '../support/hold-fixtures.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

// ORDER_HOLD_SECONDS: an order holds its hours for the life of its payment link, then they are free again
// (expiry is a comparison with now(), no timer). A payment confirmed later books what is still free and
// keeps the rest as paid classes to place: nothing paid for is lost.

const holdSeconds = 2;
let server: TestServer;
let demo: Session;
let hours: ReturnType<typeof slotSource>;

beforeAll(async () => {
  server = await startTestServer({ orderHoldSeconds: holdSeconds });
  demo = await server.login();
  hours = slotSource(server, demo);
});
afterAll(() => server?.close());

const expire = () => new Promise((resolve) => setTimeout(resolve, holdSeconds * 1000 + 300));
const tutorsAt = (session: Session, slot: { date: string; time: string }) =>
  server.api('GET', '/filter_tutor', { token: session.token, query: { subject: 'Mathematics', date: slot.date, time: slot.time, quallevel: 5 } });

describe('a hold expires with its payment link', () => {
  it('frees the hour for everyone once expired: offered again, and another client can hold it', async () => {
    const slot = await hours.next();
    const first = await orderHolding(server, demo, [slot]);
    expect(first.status).toBe(201);
    expect(new Date(first.body.hold_expires_at).getTime() - Date.now()).toBeLessThanOrEqual(holdSeconds * 1000);
    const other = await server.newClient(1);
    expect((await tutorsAt(other, slot)).body.data.map((t: { id: number }) => t.id)).not.toContain(slot.contractorId);
    expect((await orderHolding(server, other, [slot])).status).toBe(409);
    await expire();
    expect((await tutorsAt(other, slot)).body.data.map((t: { id: number }) => t.id)).toContain(slot.contractorId);
    expect((await orderHolding(server, other, [slot])).status).toBe(201);
  });

  it('a payment confirmed after expiry books the hours still free, keeps the taken one as a class to place, and tells staff', async () => {
    const [kept, lost] = [await hours.next(), await hours.next()];
    const { ref } = await heldOrder(server, demo, [kept!, lost!]);
    await expire();
    const other = await server.newClient(1);
    expect((await orderHolding(server, other, [lost!])).status).toBe(201);
    expect((await sandbox(server, ref, 'pay')).location).toBe(`/success?ref=${ref}`);
    const progress = (await server.api('GET', `/orders/${ref}`, { token: demo.token })).body;
    expect(progress.status).toBe('paid');
    expect(progress.appointment_ids).toHaveLength(1);
    expect(progress.to_place).toBe(1);
    expect(progress.payment_taken).toBe(true);
    const byStart = Object.fromEntries(progress.lessons.map((l: { start: string; lost: boolean; appointment_id: number | null }) => [l.start, l]));
    expect(byStart[kept!.start.toISOString()]).toMatchObject({ lost: false, appointment_id: progress.appointment_ids[0] });
    expect(byStart[lost!.start.toISOString()]).toMatchObject({ lost: true, appointment_id: null });
    const [booked] = await server.db.query<{ start: Date; contractor_id: number }>(
      'select a.start, ac.contractor_id from appointments a join appointment_contractors ac on ac.appointment_id = a.id where a.id = $1',
      [progress.appointment_ids[0]],
    );
    expect(booked?.start.toISOString()).toBe(kept!.start.toISOString());
    const [order] = await server.db.query<{ booked_classes: number; to_place: number; classes: number }>('select booked_classes, to_place, classes from orders where ref = $1', [ref]);
    expect(order).toEqual({ booked_classes: 1, to_place: 1, classes: 6 });
    const staff = await server.db.query<{ subject: string; body: string }>(`select subject, body from outbox where to_address = 'staff@tutoring.example' and subject like $1`, [`Order ${ref}%`]);
    expect(staff).toEqual([expect.objectContaining({ subject: `Order ${ref}: 1 paid class to place` })]);
    expect(staff[0]?.body).toContain('Mathematics');
  });

  it('a payment confirmed after expiry with every hour still free books them all', async () => {
    const slot = await hours.next();
    const { ref } = await heldOrder(server, demo, [slot]);
    await expire();
    await sandbox(server, ref, 'pay');
    const progress = (await server.api('GET', `/orders/${ref}`, { token: demo.token })).body;
    expect(progress.appointment_ids).toHaveLength(1);
    expect(progress.to_place).toBe(0);
  });
});
