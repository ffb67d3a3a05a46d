import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentPayload, createService, paidOrder, perClass, sandbox, openOrder, slotSource } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

let server: TestServer;
let parent: Session;

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.login();
});
afterAll(() => server?.close());

describe('a paid booking, end to end', () => {
  it('books the classes of a paid order and lists them for the student', async () => {
    const slots = slotSource(server, parent);
    const first = await slots.next();
    const serviceId = await createService(server, parent, first.contractorId);
    const order = await paidOrder(server, parent, { pkgId: 2 });
    const charge = perClass(order.amount, 6);
    const created = await server.api('POST', '/appointments/', {
      token: parent.token,
      body: [appointmentPayload(parent, first, serviceId, { order_ref: order.ref }, { charge })],
    });
    expect(created.status).toBe(201);
    expect(created.body.data[0]).toMatchObject({ status: 'planned', start: first.start.toISOString(), db: { pkg_id: 2 } });

    const listed = await server.api('GET', `/appointmentstwo/${parent.studentIds.join(',')}`, { token: parent.token });
    expect(listed.body.data.map((a: { id: number }) => a.id)).toContain(created.body.data[0].id);

    const confirmed = await server.api('POST', '/order_status', { token: parent.token, body: { ref: order.ref, status: 'success' } });
    expect(confirmed.body).toMatchObject({ success: true, status: 'confirmed' });
  });

  it('sends the browser back to /failed when the payment fails', async () => {
    const order = await openOrder(server, parent);
    expect(await sandbox(server, order.ref, 'fail')).toEqual({ status: 303, location: '/failed' });
  });
});
