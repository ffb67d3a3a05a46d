import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { type PaymentProvider, sandboxProvider } from '../../server/domain/payment-provider.ts';
import { reconcilePaidOrders } from '../../server/domain/reconciliation.ts';
import { sandbox, slotSource } from '../support/booking-fixtures.ts';
import { heldOrder, orderHolding } from '../support/hold-fixtures.ts';
import { closeSecondDatabase, openSecondDatabase, until } from '../support/second-database.ts';
import { type Session, type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

// Reconciliation (issue 28, item 5): an order the provider reports paid but that no notification booked (the
// notification lost, the client gone) is booked by the server on its own, through the PaymentProvider
// interface and the one idempotent fulfilment, exactly once however many instances scan, and orders the
// provider has not been paid for are left as they are. Scans are run directly with a grace of 0, and the loop
// for real at the end. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (there the second instance has
// a pool of its own).

let server: TestServer;
let demo: Session;
let hours: ReturnType<typeof slotSource>;
let otherDb: Database;

beforeAll(async () => {
  server = await startTestServer();
  demo = await server.login();
  hours = slotSource(server, demo);
  otherDb = await openSecondDatabase(server);
});
afterAll(async () => {
  await closeSecondDatabase(server, otherDb);
  await server?.close();
});

/** How many times the provider was asked about each ref. */
const asked = new Map<string, number>();
const countingProvider: PaymentProvider = {
  paymentOf(db, ref) {
    asked.set(ref, (asked.get(ref) ?? 0) + 1);
    return sandboxProvider().paymentOf(db, ref);
  },
};

const scan = (db: Database = server.db, graceSeconds = 0) =>
  reconcilePaidOrders({ db, staffEmail: 'staff@tutoring.example', provider: countingProvider }, { leaseSeconds: 60, graceSeconds });

/**
 * An order paid with "Charge the card, notify later" whose notification is then lost: the provider has the
 * money, the portal has heard nothing, and the client does not come back to /success.
 */
async function paidAndForgotten(session: Session = demo, slots?: Parameters<typeof heldOrder>[2]) {
  const order = await heldOrder(server, session, slots ?? [await hours.next()]);
  expect((await sandbox(server, order.ref, 'pay-later')).status).toBe(303);
  await server.db.query('delete from sandbox_notifications where ref = $1', [order.ref]);
  return order;
}

/** What the order is and has produced: its status, lessons, invoices, invoice and receipt mails. */
async function madeFor(ref: string) {
  const [made] = await server.db.query<{ status: string; lessons: number; services: number; invoices: number; mails: number; receipts: number; to_place: number }>(
    `select o.status, o.to_place,
            (select count(*)::int from appointments a where a.order_id = o.id) as lessons,
            (select count(*)::int from services s where s.order_id = o.id) as services,
            (select count(*)::int from proforma_invoices i where i.order_id = o.id) as invoices,
            (select count(*)::int from outbox m join proforma_invoices i on m.subject = 'Invoice ' || i.id where i.order_id = o.id) as mails,
            (select count(*)::int from outbox m join proforma_invoices i on m.subject = 'Receipt for invoice ' || i.id where i.order_id = o.id) as receipts
       from orders o where o.ref = $1`,
    [ref],
  );
  return made;
}

const booked = { status: 'paid', to_place: 0, lessons: 1, services: 1, invoices: 1, mails: 1, receipts: 1 };
const untouched = { status: 'created', to_place: 0, lessons: 0, services: 0, invoices: 0, mails: 0, receipts: 0 };

describe('a paid order no notification booked', () => {
  it('is booked by the scan, once: lessons, service, settled invoice and receipt, and recorded as reconciled', async () => {
    const { ref, amount } = await paidAndForgotten();
    expect(await madeFor(ref)).toEqual(untouched);
    const first = await scan();
    expect(first.failed).toEqual([]);
    expect(first.booked).toEqual([expect.objectContaining({ ref, clientId: demo.clientid, amount, bookedClasses: 1, toPlace: 0 })]);
    expect(await madeFor(ref)).toEqual(booked);
    const [record] = await server.db.query<{ booked_at: Date | null }>('select r.booked_at from order_reconciliations r join orders o on o.id = r.order_id where o.ref = $1', [ref]);
    expect(record?.booked_at).toBeInstanceOf(Date);
    // Scanned again (the lease gone too): nothing more.
    await server.db.query(`update order_reconciliations set claimed_until = now() - interval '1 second'`);
    expect((await scan()).booked.map((b) => b.ref)).not.toContain(ref);
    expect(await madeFor(ref)).toEqual(booked);
  });

  it('two instances scanning at once book it once; one of them asks the provider, the others find it claimed', async () => {
    const orders = [await paidAndForgotten(), await paidAndForgotten()];
    const results = await Promise.all([scan(server.db), scan(otherDb), scan(server.db), scan(otherDb)]);
    for (const { ref } of orders) expect(asked.get(ref)).toBe(1);
    expect(results.flatMap((r) => r.failed)).toEqual([]);
    const bookedRefs = results.flatMap((r) => r.booked.map((b) => b.ref)).filter((ref) => orders.some((o) => o.ref === ref));
    expect(bookedRefs.sort()).toEqual(orders.map((o) => o.ref).sort());
    for (const { ref } of orders) expect(await madeFor(ref)).toEqual(booked);
  });

  it('whose hold expired meanwhile: books the hours still free and keeps the taken one as a class to place', async () => {
    const [kept, lost] = [await hours.next(), await hours.next()];
    const { ref } = await paidAndForgotten(demo, [kept!, lost!]);
    await server.db.query(
      `with expired as (update orders set hold_expires_at = now() - interval '1 second' where ref = $1 returning id)
       update busy_hours set expires_at = now() - interval '1 second'
        where order_lesson_id in (select ol.id from order_lessons ol join expired e on e.id = ol.order_id)`,
      [ref],
    );
    const other = await server.newClient(1);
    expect((await orderHolding(server, other, [lost!])).status).toBe(201);
    const { booked: done } = await scan();
    expect(done).toEqual([expect.objectContaining({ ref, bookedClasses: 1, toPlace: 1 })]);
    expect(await madeFor(ref)).toEqual({ ...booked, to_place: 1 });
    const staff = await server.db.query<{ subject: string }>(`select subject from outbox where to_address = 'staff@tutoring.example' and subject like $1`, [`Order ${ref}%`]);
    expect(staff).toEqual([{ subject: `Order ${ref}: 1 paid class to place` }]);
  });

  it('is left to its notification while the payment is younger than the grace', async () => {
    const { ref } = await paidAndForgotten();
    // An order opened two minutes ago, paid just now.
    await server.db.query(`update orders set created_at = now() - interval '2 minutes' where ref = $1`, [ref]);
    expect((await scan(server.db, 60)).booked.map((b) => b.ref)).not.toContain(ref);
    expect(await madeFor(ref)).toEqual(untouched);
    // The lease of that scan holds: another instance does not ask about the order meanwhile.
    expect((await scan(otherDb, 0)).booked.map((b) => b.ref)).not.toContain(ref);
    await server.db.query(`update order_reconciliations set claimed_until = now() - interval '1 second'`);
    expect((await scan(otherDb, 0)).booked.map((b) => b.ref)).toContain(ref);
  });
});

describe('orders the provider has not been paid for', () => {
  it('leaves an unpaid order, and one the provider reports failed or cancelled, as they are', async () => {
    const unpaid = await heldOrder(server, demo, [await hours.next()]);
    const failed = await heldOrder(server, demo, [await hours.next()]);
    const cancelled = await heldOrder(server, demo, [await hours.next()]);
    // The provider's record with its notification lost: the portal's order is still open.
    for (const [order, status] of [[failed, 'failed'], [cancelled, 'cancelled']] as const) {
      await server.db.query(`insert into sandbox_payments (ref, status, amount, method) values ($1, $2, $3, 'card')`, [order.ref, status, order.amount]);
    }
    const holds = async () =>
      (await server.db.query<{ n: number }>(
        `select count(*)::int as n from busy_hours b join order_lessons ol on ol.id = b.order_lesson_id join orders o on o.id = ol.order_id
          where o.ref = any($1::text[]) and b.expires_at > now()`,
        [[unpaid.ref, failed.ref, cancelled.ref]],
      ))[0]?.n;
    const before = await holds();
    const { booked: done, failed: errors } = await scan();
    expect(errors).toEqual([]);
    const ours = [unpaid.ref, failed.ref, cancelled.ref];
    expect(done.map((b) => b.ref).filter((ref) => ours.includes(ref))).toEqual([]);
    for (const { ref } of [unpaid, failed, cancelled]) expect(await madeFor(ref)).toEqual(untouched);
    expect(await holds()).toBe(before);
  });
});

describe('the loop', () => {
  it('books a forgotten paid order within the scan interval, logs it as a warning, and stops when closed', async () => {
    const logs: { level: number; msg: string; ref?: string; toPlace?: number }[] = [];
    const app = await buildApp({
      db: otherDb,
      tokens: server.tokens,
      publicUrl: server.url,
      paymentWebhookSecret: testWebhookSecret,
      jobs: { reconcileScanSeconds: 1, reconcileGraceSeconds: 0 },
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
    });
    let ref: string;
    try {
      await app.ready();
      ({ ref } = await paidAndForgotten());
      const started = Date.now();
      await until(async () => (await madeFor(ref))?.status === 'paid', 10_000, 'the order booked');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await madeFor(ref)).toEqual(booked);
      expect(logs.filter((l) => l.ref === ref)).toEqual([
        expect.objectContaining({ level: 40, msg: 'paid order booked by reconciliation: the provider reports it paid, no notification had booked it', toPlace: 0 }),
      ]);
    } finally {
      await app.close();
    }
    // Closed: a forgotten order now stays as it is.
    const later = await paidAndForgotten();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await madeFor(later.ref)).toEqual(untouched);
  });
});
