// The success sequence's payloads, as the app builds them from a draft, are taken by the reference server: one
// run of the whole sequence against it, then the order reads confirmed with what was made.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emptyDraft, type BookingDraft } from '../../machines/booking/booking-draft.ts';
import { appointmentPayloads, bookingPlan, invoicePayload, isPlan, paymentPayload, servicePayloads, type OrderProgress } from '../../machines/rules/booking-payloads.ts';
import { paidOrder, slotSource } from '../support/booking-fixtures.ts';
import { sampleForm, sampleLessons } from '../support/draft-fixtures.ts';
import { type TestServer, startTestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => { server = await startTestServer(); });
afterAll(() => server?.close());

it('the reference server takes the payloads', async () => {
  const client = await server.newClient(1);
  const hours = slotSource(server, client);
  const tutor = (await hours.next()).contractorId;
  const lessons = await hours.sameTutor(tutor, 3);
  const order = await paidOrder(server, client);
  const students = (await server.api('GET', `/clientsdata/${client.clientid}`, { token: client.token })).body.client.studentdetails;
  const name = `${students[0].first_name} ${students[0].last_name}`;
  const draft: BookingDraft = {
    ...emptyDraft('new'),
    form: { ...sampleForm, name1: name },
    lessons: { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, id: 2 } },
    slots: { '1st Week': lessons.map((s, i) => ({ key: `k${i}`, subject: 'Mathematics', date: s.date, time: s.time, tutorId: s.contractorId, tutorPrice: 40, apt_id: s.aptId, weekIndex: 0, name: 'T' })) },
  };
  const progress = async () => (await server.api('GET', `/orders/${order.ref}`, { token: client.token })).body as OrderProgress;
  const o = await progress();
  const plan = bookingPlan(draft, students, o);
  if (!isPlan(plan)) throw new Error(plan.problem);
  const payer = { clientid: client.clientid, branch_id: 1, timeZone: 'Asia/Dubai' };
  const ids: number[] = [];
  for (const body of servicePayloads(plan, o, payer)) {
    const a = await server.api('POST', '/services/', { token: client.token, body });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    ids.push(a.body.id);
  }
  const ap = await server.api('POST', '/appointments/', { token: client.token, body: appointmentPayloads(plan, ids, o, payer, '2026-11-23') });
  expect(ap.status, JSON.stringify(ap.body)).toBe(201);
  const inv = await server.api('POST', '/proformainvoice', { token: client.token, body: invoicePayload(o, payer) });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  const pay = await server.api('POST', `/proformainvoicetakepayment/${inv.body.data.id}`, { token: client.token, body: paymentPayload(o, payer) });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const ok = await server.api('POST', '/order_status', { token: client.token, body: { ref: order.ref, status: 'success' } });
  expect(ok.status).toBe(200);
  const done = await progress();
  expect(done).toMatchObject({ confirmed: true, payment_taken: true, service_ids: ids });
  expect(done.appointment_ids).toHaveLength(3);
});
