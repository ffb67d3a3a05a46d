import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TwoInstances, sandbox, startTwoInstances } from '../support/booking-fixtures.ts';
import { heldOrder, heldOrderBody, paymentEvent, postWebhook } from '../support/hold-fixtures.ts';
import type { Session } from '../support/test-server.ts';

// Two server instances on one database (on PostgreSQL each with a pool of its own), as the server scales:
// the hours held and the order booked are decided by the database, never by an instance's memory.

let two: TwoInstances;

beforeAll(async () => {
  two = await startTwoInstances();
});
afterAll(() => two?.server.close());

describe('two instances on one database', () => {
  it('twenty clients racing for one tutor-hour, half on each instance: exactly one hold, nineteen told which hour', async () => {
    const { server } = two;
    const slot = await two.hours.next();
    const clients: Session[] = [];
    for (let i = 0; i < 20; i++) clients.push(await server.newClient(1));
    const bodies = await Promise.all(clients.map((client) => heldOrderBody(server, client, [slot])));
    const answers = await Promise.all(clients.map((client, i) => two.viaEither(i)('POST', '/create-order', { token: client.token, body: bodies[i] })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.taken).toEqual([expect.objectContaining({ start: slot.start.toISOString(), tutor: slot.contractorId, reason: 'taken' })]);
    }
    const [held] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from busy_hours where who = 'tutor' and person_id = $1 and during && tstzrange($2, $3) and (expires_at is null or expires_at > now())`,
      [slot.contractorId, slot.start, slot.finish],
    );
    expect(held?.n).toBe(1);
    const [orders] = await server.db.query<{ n: number }>('select count(*)::int as n from orders where client_id = any($1::int[])', [clients.map((c) => c.clientid)]);
    expect(orders?.n).toBe(1);
  });

  it('a payment confirmed on one instance while /success asks the other: everything exists once', async () => {
    const { server, demo, second } = two;
    for (let round = 0; round < 5; round++) {
      const { ref, amount } = await heldOrder(server, demo, [await two.hours.next()]);
      // The provider has the payment; its notification and the client's return arrive together.
      await sandbox(server, ref, 'pay-later');
      const event = paymentEvent(ref, amount);
      const [notified, returned] = await Promise.all([
        postWebhook(server.url, event.body, event.signature),
        second.api('POST', `/orders/${ref}/fulfilment`, { token: demo.token }),
      ]);
      expect(notified.status).toBe(200);
      expect(returned.status).toBe(200);
      const [made] = await server.db.query<{ services: number; lessons: number; invoices: number; paid: number; mails: number }>(
        `select (select count(*)::int from services s join orders o on o.id = s.order_id where o.ref = $1) as services,
                (select count(*)::int from appointments a join orders o on o.id = a.order_id where o.ref = $1) as lessons,
                (select count(*)::int from proforma_invoices i join orders o on o.id = i.order_id where o.ref = $1) as invoices,
                (select count(*)::int from proforma_invoices i join orders o on o.id = i.order_id where o.ref = $1 and i.status = 'paid') as paid,
                (select count(*)::int from outbox m where m.subject like 'Invoice %' and m.subject = (select 'Invoice ' || i.id from proforma_invoices i join orders o on o.id = i.order_id where o.ref = $1)) as mails`,
        [ref],
      );
      expect(made).toEqual({ services: 1, lessons: 1, invoices: 1, paid: 1, mails: 1 });
      expect(returned.body.appointment_ids).toHaveLength(1);
    }
  });
});
