import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { checkPaymentSignature } from '../../server/domain/payment-signature.ts';
import { type NotificationSchedule, attemptDelivery, claimDueNotification, paymentEventBody, recordNotification } from '../../server/domain/sandbox-notifications.ts';
import { slotSource } from '../support/booking-fixtures.ts';
import { heldOrder } from '../support/hold-fixtures.ts';
import { closeSecondDatabase, openSecondDatabase, until } from '../support/second-database.ts';
import { type Session, type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

// At-least-once payment notifications (issue 28, item 5): the sandbox, as a real provider does, writes its
// notification with the payment, delivers it at once, and retries one that got no 2xx with back-off, from any
// instance, each retry claimed by exactly one, each signed anew, until the portal takes it or the schedule runs
// out. The portal is made to refuse by a trigger that fails the order's status change (a 500, as when the portal
// is failing). Schedules are fractions of a second; run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
// (there the second instance has a pool of its own).

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

interface Delivery {
  instance: number;
  ref: string;
  status: number;
  /** The t= of its signature. */
  signedAt: number;
}

interface Logged {
  level: number;
  msg: string;
  ref?: string;
}

/**
 * `count` instances of the server on the test database (alternately on its pool and on the second one), with
 * the sandbox's schedule and, with `jobs`, the job loop (the reconciliation kept out of the way: it would book a
 * paid order on its own). Every request to the webhook is noted, and what they log.
 */
async function instances(count: number, schedule: NotificationSchedule, options: { jobs?: boolean } = {}) {
  const deliveries: Delivery[] = [];
  const logs: Logged[] = [];
  const apps: FastifyInstance[] = [];
  for (let i = 0; i < count; i++) {
    const app = await buildApp({
      db: i % 2 === 0 ? server.db : otherDb,
      tokens: server.tokens,
      publicUrl: server.url,
      paymentWebhookSecret: testWebhookSecret,
      paymentNotifications: schedule,
      ...(options.jobs ? { jobs: { reconcileScanSeconds: 3600, reconcileGraceSeconds: 3600, pruneEverySeconds: 3600 } } : {}),
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(JSON.parse(line) as Logged) } },
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.url !== '/api/payment-webhook') return;
      const body = request.body as { data?: { ref?: string } } | undefined;
      const signature = String(request.headers['payment-signature'] ?? '');
      deliveries.push({ instance: i, ref: body?.data?.ref ?? '', status: reply.statusCode, signedAt: Number(/t=(\d+)/.exec(signature)?.[1]) });
    });
    apps.push(app);
  }
  await Promise.all(apps.map((app) => app.ready()));
  return {
    apps,
    deliveries,
    logs,
    of: (ref: string) => deliveries.filter((d) => d.ref === ref),
    close: () => Promise.all(apps.map((app) => app.close())),
  };
}

/** Presses a button of the sandbox page on an instance; answers the redirect. */
async function press(app: FastifyInstance, ref: string, outcome: 'pay' | 'fail' | 'cancel' | 'pay-later' | 'notify') {
  const answer = await app.inject({ method: 'POST', url: `/sandbox/pay/${ref}/${outcome}` });
  return { status: answer.statusCode, location: answer.headers.location };
}

/**
 * Makes the portal fail every status change of these orders (the webhook answers 500) until the answer is called:
 * a trigger raising an error, so the refusal comes from deep in the booking, as a real failure would.
 */
async function portalRefuses(refs: readonly string[]): Promise<() => Promise<void>> {
  if (!refs.every((ref) => /^[A-Za-z0-9_-]+$/.test(ref))) throw new Error('refs are base64url');
  const name = `refuse_${randomBytes(4).toString('hex')}`;
  await server.db.exec(`
    create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'the portal is failing (a test)'; end $$;
    create trigger ${name} before update of status on orders for each row when (new.ref in (${refs.map((ref) => `'${ref}'`).join(', ')})) execute function ${name}();`);
  return () => server.db.exec(`drop trigger ${name} on orders; drop function ${name}();`);
}

interface NotificationRow {
  attempts: number;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  last_status: number | null;
}
const notificationsOf = (ref: string) =>
  server.db.query<NotificationRow>('select attempts, next_attempt_at, delivered_at, last_status from sandbox_notifications where ref = $1 order by id', [ref]);

/** What the order is and has produced: its status, lessons, invoices and receipt mails. */
async function madeFor(ref: string) {
  const [made] = await server.db.query<{ status: string; lessons: number; invoices: number; receipts: number }>(
    `select o.status,
            (select count(*)::int from appointments a where a.order_id = o.id) as lessons,
            (select count(*)::int from proforma_invoices i where i.order_id = o.id) as invoices,
            (select count(*)::int from outbox m join proforma_invoices i on m.subject = 'Receipt for invoice ' || i.id where i.order_id = o.id) as receipts
       from orders o where o.ref = $1`,
    [ref],
  );
  return made;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quick = (retries: number, seconds = 0.3): NotificationSchedule => ({ retrySeconds: Array(retries).fill(seconds), laterSeconds: 60 });

describe('a notification the portal refuses is retried', () => {
  it.each([
    ['pay', 'paid'],
    ['fail', 'failed'],
    ['cancel', 'cancelled'],
  ] as const)('%s: refused at once and once more, then taken: the order is %s, and nothing is sent after', async (outcome, status) => {
    const cluster = await instances(2, quick(6), { jobs: true });
    const { ref } = await heldOrder(server, demo, [await hours.next()]);
    const recover = await portalRefuses([ref]);
    try {
      expect(await press(cluster.apps[0] as FastifyInstance, ref, outcome)).toMatchObject({ status: 303 });
      // The first attempt was made in the request, and refused.
      expect(cluster.of(ref)).toEqual([expect.objectContaining({ instance: 0, status: 500 })]);
      expect(await notificationsOf(ref)).toEqual([expect.objectContaining({ attempts: 1, delivered_at: null, last_status: 500 })]);
      await until(async () => cluster.of(ref).length >= 2, 10_000, 'a retry');
    } finally {
      await recover();
    }
    try {
      await until(async () => (await madeFor(ref))?.status === status, 10_000, `the order ${status}`);
      await pause(1000);
      const statuses = cluster.of(ref).map((d) => d.status);
      expect(statuses.slice(0, -1).every((s) => s === 500)).toBe(true);
      expect(statuses.at(-1)).toBe(200);
      const [row] = await notificationsOf(ref);
      expect(row).toMatchObject({ attempts: statuses.length, next_attempt_at: null, last_status: 200 });
      expect(row?.delivered_at).toBeInstanceOf(Date);
      if (outcome === 'pay') expect(await madeFor(ref)).toEqual({ status: 'paid', lessons: 1, invoices: 1, receipts: 1 });
      else expect(await madeFor(ref)).toEqual({ status, lessons: 0, invoices: 0, receipts: 0 });
    } finally {
      await cluster.close();
    }
  });

  it('two instances scanning send each due retry once, and none after the last of the schedule', async () => {
    // Five attempts each (the first and four retries), three payments at once, both instances scanning every 0.25 s.
    const cluster = await instances(2, quick(4, 0.25), { jobs: true });
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) refs.push((await heldOrder(server, demo, [await hours.next()])).ref);
    const recover = await portalRefuses(refs);
    try {
      for (const [i, ref] of refs.entries()) expect((await press(cluster.apps[i % 2] as FastifyInstance, ref, 'pay')).status).toBe(303);
      const exhausted = async () => (await Promise.all(refs.map(notificationsOf))).every(([row]) => row?.attempts === 5 && row.next_attempt_at === null && row.last_status === 500);
      await until(exhausted, 15_000, 'the schedules to run out');
      // Several more scans of both instances: nothing more is sent.
      await pause(1500);
      for (const ref of refs) {
        expect(cluster.of(ref).map((d) => d.status)).toEqual([500, 500, 500, 500, 500]);
        expect(await notificationsOf(ref)).toEqual([expect.objectContaining({ attempts: 5, next_attempt_at: null, delivered_at: null })]);
        expect((await madeFor(ref))?.status).toBe('created');
      }
      const gaveUp = cluster.logs.filter((l) => l.msg.startsWith('payment notification refused; no retries left'));
      expect(gaveUp.map((l) => l.ref).sort()).toEqual([...refs].sort());
    } finally {
      await recover();
      await cluster.close();
    }
  });

  it('an instance that died between the payment and its notification: another delivers it once it is due', async () => {
    const { ref, amount } = await heldOrder(server, demo, [await hours.next()]);
    // What the sandbox commits before it delivers; the instance then dies (PORTAL_FAILPOINT does this for real in
    // tests/e2e-cluster/lost-confirmation.spec.ts).
    await server.db.transaction(async (tx) => {
      await tx.query(`insert into sandbox_payments (ref, status, amount, method) values ($1, 'paid', $2, 'card')`, [ref, amount]);
      await recordNotification(tx, ref, paymentEventBody(ref, 'payment.succeeded', amount, 'card'), quick(1), 'now');
    });
    const cluster = await instances(1, quick(1), { jobs: true });
    try {
      await until(async () => (await madeFor(ref))?.status === 'paid', 10_000, 'the order paid');
      await pause(700);
      expect(cluster.of(ref).map((d) => d.status)).toEqual([200]);
      expect(await madeFor(ref)).toEqual({ status: 'paid', lessons: 1, invoices: 1, receipts: 1 });
    } finally {
      await cluster.close();
    }
  });
});

describe("'Charge the card, notify later' and 'Send the notification now'", () => {
  it('the notification is held back, then delivered by the retry scan', async () => {
    const cluster = await instances(1, { retrySeconds: [0.3], laterSeconds: 0.8 }, { jobs: true });
    try {
      const { ref } = await heldOrder(server, demo, [await hours.next()]);
      expect(await press(cluster.apps[0] as FastifyInstance, ref, 'pay-later')).toEqual({ status: 303, location: `/success?ref=${ref}` });
      expect((await madeFor(ref))?.status).toBe('created');
      expect(await notificationsOf(ref)).toEqual([expect.objectContaining({ attempts: 0, delivered_at: null, last_status: null })]);
      expect(cluster.of(ref)).toEqual([]);
      await until(async () => (await madeFor(ref))?.status === 'paid', 10_000, 'the order paid');
      expect(cluster.of(ref).map((d) => d.status)).toEqual([200]);
      expect(await notificationsOf(ref)).toEqual([expect.objectContaining({ attempts: 1, next_attempt_at: null, last_status: 200 })]);
    } finally {
      await cluster.close();
    }
  });

  it('sends the held notification at once, and it is not sent again when it would have been due', async () => {
    const cluster = await instances(1, { retrySeconds: [0.3], laterSeconds: 0.8 }, { jobs: true });
    try {
      const { ref } = await heldOrder(server, demo, [await hours.next()]);
      await press(cluster.apps[0] as FastifyInstance, ref, 'pay-later');
      expect(await press(cluster.apps[0] as FastifyInstance, ref, 'notify')).toEqual({ status: 303, location: `/success?ref=${ref}` });
      expect(await madeFor(ref)).toEqual({ status: 'paid', lessons: 1, invoices: 1, receipts: 1 });
      await pause(1500);
      expect(cluster.of(ref).map((d) => d.status)).toEqual([200]);
      expect(await notificationsOf(ref)).toEqual([expect.objectContaining({ attempts: 1, next_attempt_at: null, last_status: 200 })]);
    } finally {
      await cluster.close();
    }
  });
});

describe('each attempt is signed when it is made', () => {
  it('a retry 20 minutes after the payment passes the 300-second check: the signature is new, the event the same', async () => {
    const { ref, amount } = await heldOrder(server, demo, [await hours.next()]);
    const paidAt = new Date(Date.now() - 20 * 60_000);
    const body = paymentEventBody(ref, 'payment.succeeded', amount, 'card', paidAt);
    await server.db.transaction(async (tx) => {
      await tx.query(`insert into sandbox_payments (ref, status, amount, method, at) values ($1, 'paid', $2, 'card', $3)`, [ref, amount, paidAt]);
      await recordNotification(tx, ref, body, quick(1), 'later');
    });
    await server.db.query(`update sandbox_notifications set created_at = $2, next_attempt_at = now() - interval '1 hour' where ref = $1`, [ref, paidAt]);
    const claimed = await claimDueNotification(server.db, quick(1));
    expect(claimed).toMatchObject({ ref, body, attempt: 1 });
    const sent: { body: string; signature: string }[] = [];
    const deliverPaymentEvent = async (rawBody: string, signature: string) => {
      sent.push({ body: rawBody, signature });
      const response = await fetch(`${server.url}/api/payment-webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': signature }, body: rawBody });
      return { status: response.status, body: await response.text() };
    };
    const log = { warn: () => {}, error: () => {} };
    expect(await attemptDelivery({ db: server.db, webhookSecret: testWebhookSecret, deliverPaymentEvent }, log, claimed!)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toBe(body);
    const signedAt = Number(/t=(\d+)/.exec(sent[0]?.signature ?? '')?.[1]);
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(10);
    expect(checkPaymentSignature(sent[0]?.signature, Buffer.from(body), testWebhookSecret, Math.floor(Date.now() / 1000))).toEqual({ ok: true });
    expect((await madeFor(ref))?.status).toBe('paid');
  });
});
