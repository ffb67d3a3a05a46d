import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentPayload,
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
import { operations, responseErrors } from '../support/contract.ts';
import { heldOrder, lessonOf, paymentEvent } from '../support/hold-fixtures.ts';
import { type ApiAnswer, type Session, type TestServer, startTestServer, storedState } from '../support/test-server.ts';

let server: TestServer;
let parent: Session;
let slots: ReturnType<typeof slotSource>;

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.login();
  slots = slotSource(server, parent);
});
afterAll(() => server?.close());


/** A planned appointment of the parent's, booked on a paid order, with another free hour of its tutor. */
async function bookedAppointment(): Promise<{ appointmentId: number; serviceId: number; slot: Slot; order: { ref: string; amount: number }; free: Slot }> {
  const slot = await slots.next();
  const serviceId = await createService(server, parent, slot.contractorId);
  const order = await paidOrder(server, parent, { pkgId: 2 });
  const answer = await server.api('POST', '/appointments/', {
    token: parent.token,
    body: [appointmentPayload(parent, slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })],
  });
  if (answer.status !== 201) throw new Error(`createAppointments: ${answer.status} ${JSON.stringify(answer.body)}`);
  const [free] = await slots.sameTutor(slot.contractorId, 1);
  return { appointmentId: answer.body.data[0].id, serviceId, slot, order, free: free as Slot };
}

async function clientPackage(booked = 2, total = 6): Promise<number> {
  const answer = await server.api('POST', '/client-packages/', { token: parent.token, body: clientPackageBody(parent.clientid, { booked, total }) });
  if (answer.status !== 201) throw new Error(`createClientPackage: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
}

/**
 * The invoice of a paid order: the provider's confirmation (the sandbox's Pay) raised and settled it, so the
 * success page's POST /proformainvoice under the order's ref answers it again (200).
 */
async function orderInvoice(): Promise<{ invoiceId: number; ref: string; amount: number }> {
  const order = await paidOrder(server, parent, { pkgId: 2 });
  const answer = await server.api('POST', '/proformainvoice', {
    token: parent.token,
    body: { branch_id: 1, amount: order.amount, client: parent.clientid, raise_behaviour: 'raise', description: 'Credit Request', order_ref: order.ref },
  });
  if (answer.status !== 200) throw new Error(`createInvoice: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { invoiceId: answer.body.data.id, ref: order.ref, amount: order.amount };
}

/** POST /payment-webhook as the provider sends it: the raw body, signed (or not). */
async function webhook(body: string, signature: string | undefined): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'payment-signature': signature }) };
  const response = await fetch(`${server.url}/api/payment-webhook`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** A paid order one of whose classes waits for a new time (as when its hour was taken after its hold expired). */
async function orderToPlace(): Promise<string> {
  const order = await paidOrder(server, parent, { pkgId: 2 });
  await server.db.query('update orders set to_place = 1 where ref = $1', [order.ref]);
  await server.db.query('update order_lines set to_place = 1 where order_id = (select id from orders where ref = $1)', [order.ref]);
  return order.ref;
}

type Case = () => Promise<ApiAnswer>;

/** One request per operation; each sets up what it needs, so any one runs alone. */
const happyPaths: [string, Case][] = [
  ['login', () => server.api('POST', '/login', { body: { email: 'parent@example.com', password: 'Passw0rd!' } })],
  ['forgetPassword', () => server.api('POST', '/forget_password', { body: { email: 'nobody@example.com' } })],
  [
    'changePasswordByLink',
    async () => {
      const other = await server.newClient(1);
      await server.api('POST', '/forget_password', { body: { email: other.email } });
      const mails = await (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(other.email)}`)).json();
      const token = /\/changepassword\/([A-Za-z0-9_-]+)/.exec(mails[0].body)?.[1];
      return server.api('POST', `/changepassword/${token}`, { body: { newPassword: 'a-new-password' } });
    },
  ],
  [
    'changePassword',
    async () => {
      const other = await server.newClient(1);
      return server.api('POST', '/oldnewpassword', { token: other.token, body: { clientid: other.clientid, oldPassword: 'Passw0rd!', newPassword: 'another-password' } });
    },
  ],
  ['requestQuote', () => server.api('POST', '/quote-request', { body: { firstname: 'Nadia', lastname: 'Saleh', students: '2', email: 'nadia@example.com', phone: '+971 50 000 0000', terms: true } })],
  ['getClientData', () => server.api('GET', `/clientsdata/${parent.clientid}`, { token: parent.token })],
  ['checkClientStatus', () => server.api('GET', '/client/status-check', { token: parent.token, query: { clientid: parent.clientid } })],
  ['getClientPriceStatus', () => server.api('GET', `/clientpricestatus/${parent.clientid}`, { token: parent.token })],
  ['getFreeAssessmentStatus', () => server.api('GET', `/freeassismentstatus/${parent.clientid}`, { token: parent.token })],
  ['sendClientEmail', () => server.api('POST', '/clientemailsend/', { token: parent.token, body: { email: parent.email } })],
  ['createStudents', () => server.api('POST', '/students', { token: parent.token, query: { branch_id: 1 }, body: [{ first_name: 'Maya', last_name: 'Ahmed', paying_client: parent.clientid }] })],
  ['listLocations', () => server.api('GET', '/locationalldata', { token: parent.token, query: { branch_id: 1 } })],
  ['listSubjects', () => server.api('GET', '/subjectsalldata', { token: parent.token, query: { branch_id: 1 } })],
  ['listPackagesForStudents', () => server.api('GET', '/allpackegastudent', { token: parent.token, query: { student: 2, level: 8 } })],
  ['listPackages', () => server.api('GET', '/allpackega', { token: parent.token })],
  ['listContractors', () => server.api('GET', '/contractors', { token: parent.token, query: { branch_id: 1 } })],
  ['listContractorsWithAvailability', () => server.api('GET', '/contractorsalldata', { token: parent.token, query: { branch_id: 1 } })],
  ['filterAvailabilityBySubject', () => server.api('POST', '/subjectFilter/', { token: parent.token, body: { subjectNames: ['Mathematics', 'English'], branch_id: 1, yearLevels: [5] } })],
  [
    'filterTutors',
    async () => {
      const slot = await slots.next();
      return server.api('GET', '/filter_tutor', { token: parent.token, query: { subject: 'Mathematics', date: slot.date, time: slot.time, quallevel: 5, branch_id: 1 } });
    },
  ],
  [
    'createService',
    async () => {
      const slot = await slots.next();
      return server.api('POST', '/services/', {
        token: parent.token,
        body: { name: 'Mathematics', dft_charge_type: 'hourly', dft_charge_rate: '60.00', dft_contractor_rate: 40, conjobs: [{ contractor: slot.contractorId }], rcrs: [{ recipient: parent.studentIds[0] }], branch_id: 1 },
      });
    },
  ],
  [
    'getService',
    async () => {
      const serviceId = await createService(server, parent, (await slots.next()).contractorId);
      return server.api('GET', `/services/${serviceId}`, { token: parent.token, query: { branch_id: 1 } });
    },
  ],
  [
    'createAppointments',
    async () => {
      const slot = await slots.next();
      const serviceId = await createService(server, parent, slot.contractorId);
      const order = await paidOrder(server, parent, { pkgId: 2 });
      return server.api('POST', '/appointments/', {
        token: parent.token,
        body: [appointmentPayload(parent, slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })],
      });
    },
  ],
  ['listAppointmentsForStudents', () => server.api('GET', `/appointmentstwo/${parent.studentIds.join(',')}`, { token: parent.token, query: { branch_id: 1 } })],
  ['listAppointmentsForStudent', () => server.api('GET', `/appointments/${parent.studentIds[0]}`, { token: parent.token })],
  [
    'rescheduleAppointment',
    async () => {
      const booked = await bookedAppointment();
      return server.api('PUT', `/appointments/${booked.appointmentId}`, {
        token: parent.token,
        body: { start: booked.free.start.toISOString(), finish: booked.free.finish.toISOString(), topic: 'Mathematics', service: booked.serviceId, branch_id: 1 },
      });
    },
  ],
  ['createClientPackage', () => server.api('POST', '/client-packages/', { token: parent.token, body: clientPackageBody(parent.clientid, { booked: 2, total: 6 }) })],
  ['updateClientPackage', async () => server.api('PUT', `/client-packagesupdate/${await clientPackage()}`, { token: parent.token, body: clientPackageBody(parent.clientid, { booked: 4, total: 6 }) })],
  ['listClientPackages', () => server.api('GET', `/client-packages/${parent.clientid}`, { token: parent.token })],
  ['getClientPackage', async () => server.api('GET', `/client-packagesid/${await clientPackage()}`, { token: parent.token })],
  ['listUnpaidClientPackages', () => server.api('GET', `/client-packagesfree/${parent.clientid}`, { token: parent.token })],
  [
    'deleteUnpaidClientPackages',
    async () => {
      await clientPackage();
      return server.api('DELETE', `/client-packagesfree/${parent.clientid}`, { token: parent.token });
    },
  ],
  ['applyCoupon', () => server.api('POST', '/apply-coupon', { token: parent.token, body: { code: 'welcome50', userId: parent.clientid } })],
  [
    // An invoice of its own: a paid order's is raised by the provider's confirmation, and answers 200 again.
    'createInvoice',
    () =>
      server.api('POST', '/proformainvoice', {
        token: parent.token,
        body: { branch_id: 1, amount: '75.00', client: parent.clientid, raise_behaviour: 'raise-and-send', description: 'Extra class' },
      }),
  ],
  ['listInvoices', () => server.api('GET', '/proformainvoice', { token: parent.token })],
  [
    'takeInvoicePayment',
    async () => {
      const invoice = await orderInvoice();
      return server.api('POST', `/proformainvoicetakepayment/${invoice.invoiceId}`, {
        token: parent.token,
        body: { branch_id: 1, clientid: parent.clientid, amount: invoice.amount, method: 'cash', send_receipt: true, order_ref: invoice.ref },
      });
    },
  ],
  [
    'createOrder',
    async () => {
      const price = await packagePrice(server, parent, 3, 1, 5);
      return server.api('POST', '/create-order', { token: parent.token, body: orderBody(parent, price - 50, { pkgId: 3, coupon: 'WELCOME50' }) });
    },
  ],
  [
    'postOrderStatus',
    async () => {
      const order = await openOrder(server, parent);
      return server.api('POST', '/order_status', { token: parent.token, body: { ref: order.ref, status: 'cancelled' } });
    },
  ],
  ['getOrder', async () => server.api('GET', `/orders/${(await paidOrder(server, parent, { pkgId: 2 })).ref}`, { token: parent.token })],
  [
    'fulfilOrder',
    async () => {
      const order = await openOrder(server, parent);
      await sandbox(server, order.ref, 'pay-later');
      return server.api('POST', `/orders/${order.ref}/fulfilment`, { token: parent.token });
    },
  ],
  [
    'receivePaymentEvent',
    async () => {
      const order = await heldOrder(server, parent, [await slots.next()]);
      const event = paymentEvent(order.ref, order.amount);
      return webhook(event.body, event.signature);
    },
  ],
  [
    'bookLessons',
    async () => {
      const client = await server.newClient(1);
      const slot = await slotSource(server, client).next();
      return server.api('POST', '/bookings', {
        token: client.token,
        body: { client_id: client.clientid, branch_id: 1, basis: { free_assessment: true }, lessons: [lessonOf(slot, client.studentIds)] },
      });
    },
  ],
  [
    'listOrdersToPlace',
    async () => {
      await orderToPlace();
      return server.api('GET', `/orders-to-place/${parent.clientid}`, { token: parent.token });
    },
  ],
  ['sendReview', () => server.api('POST', '/sendReviewEmail', { token: parent.token, body: { clientid: parent.clientid, client_email: parent.email, review_number: 5, description: 'Wonderful tutor.' } })],
  ['getLessonCalendarFile', async () => textGet(`/api/calendar/lessons/${(await bookedAppointment()).appointmentId}`, parent.token)],
  ['getCalendarFeedStatus', () => server.api('GET', '/calendar-feed', { token: parent.token })],
  ['resetCalendarFeed', () => server.api('POST', '/calendar-feed', { token: parent.token, body: { reset: true } })],
  ['getCalendarFeed', async () => textGet(new URL((await server.api('POST', '/calendar-feed', { token: parent.token, body: { reset: true } })).body.url).pathname)],
];

/** A GET of a text answer (a calendar file), its body the text as it came. */
async function textGet(path: string, token?: string): Promise<ApiAnswer> {
  const response = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

describe('every operation of openapi.yaml', () => {
  it('has a happy path and a bad-input case here', () => {
    const all = operations.map((op) => op.operationId).sort();
    expect(happyPaths.map(([id]) => id).sort()).toEqual(all);
    const takingInput = all.filter((id) => !inputless.includes(id));
    expect(Object.keys(badInputs).sort()).toEqual(takingInput);
  });

  it.each(happyPaths)('%s answers its documented success, shaped as openapi.yaml says', async (operationId, run) => {
    const op = operations.find((o) => o.operationId === operationId);
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(op?.successCode);
    expect(responseErrors(operationId, answer.status, answer.body)).toEqual([]);
  });
});

describe('what the calls store and answer', () => {
  it('lists a rescheduled appointment at its new hour, with its service and package', async () => {
    const booked = await bookedAppointment();
    const moved = await server.api('PUT', `/appointments/${booked.appointmentId}`, {
      token: parent.token,
      body: { start: booked.free.start.toISOString(), finish: booked.free.finish.toISOString(), topic: 'Mathematics', service: booked.serviceId, branch_id: 1 },
    });
    expect(moved.status).toBe(200);

    const answer = await server.api('GET', `/appointmentstwo/${parent.studentIds.join(',')}`, { token: parent.token });
    const listed = answer.body.data.find((a: { id: number }) => a.id === booked.appointmentId);
    expect(listed).toMatchObject({ status: 'planned', topic: 'Mathematics', start: booked.free.start.toISOString(), service: { id: booked.serviceId }, db: { pkg_id: 2 } });
    expect(new Date(listed.finish).getTime() - new Date(listed.start).getTime()).toBe(60 * 60 * 1000);
  });

  it('prices an order on the server, coupon included', async () => {
    const price = await packagePrice(server, parent, 3, 1, 5);
    const answer = await server.api('POST', '/create-order', { token: parent.token, body: orderBody(parent, price - 50, { pkgId: 3, coupon: 'WELCOME50' }) });
    const [order] = await server.db.query<{ amount: string; coupon_code: string }>('select amount, coupon_code from orders where ref = $1', [answer.body.ref]);
    expect(order).toEqual({ amount: (price - 50).toFixed(2), coupon_code: 'WELCOME50' });
  });

  it('gives packages by student count and year, with the SILVER / GOLD / PLATINUM class counts', async () => {
    const answer = await server.api('GET', '/allpackegastudent', { token: parent.token, query: { student: 1, level: 12 } });
    expect(answer.body.data.data.map((p: { name: string; numberofclass: number }) => [p.name, p.numberofclass])).toEqual([
      ['SILVER', 6],
      ['GOLD', 12],
      ['PLATINUM', 24],
    ]);
  });

  it('deletes the unpaid packages and keeps the paid ones', async () => {
    await clientPackage();
    const answer = await server.api('DELETE', `/client-packagesfree/${parent.clientid}`, { token: parent.token });
    expect(answer.body.deleted).toBeGreaterThan(0);
    const rows = await server.db.query<{ purches_status: number }>('select purches_status from client_packages where client_id = $1', [parent.clientid]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.purches_status === 1)).toBe(true);
  });
});

// Operations whose only input is the token.
const inputless = ['listPackages', 'listInvoices', 'getCalendarFeedStatus'];
const other = () => server.newClient(1);

/** One bad request per operation that takes input: each must answer 4xx naming the problem and write nothing. */
interface BadInput {
  expect: number;
  field?: string;
  plainMessage?: true;
  /** What the request needs made first, before the stored state is taken. */
  setup?: () => Promise<any>;
  run: (made: any) => Promise<ApiAnswer>;
}
const badInputs: Record<string, BadInput> = {
  login: { expect: 400, field: 'email', plainMessage: true, run: () => server.api('POST', '/login', { body: { email: 'not-an-email', password: 'x' } }) },
  forgetPassword: { expect: 400, field: 'email', plainMessage: true, run: () => server.api('POST', '/forget_password', { body: {} }) },
  changePasswordByLink: { expect: 400, field: 'id', plainMessage: true, run: () => server.api('POST', '/changepassword/unknown-token-0123456789', { body: { newPassword: 'long-enough-1' } }) },
  changePassword: { expect: 400, field: 'newPassword', plainMessage: true, run: () => server.api('POST', '/oldnewpassword', { token: parent.token, body: { clientid: parent.clientid, oldPassword: 'Passw0rd!', newPassword: 'short' } }) },
  requestQuote: { expect: 400, field: 'terms', plainMessage: true, run: () => server.api('POST', '/quote-request', { body: { firstname: 'A', lastname: 'B', students: '1', email: 'ab@example.com', phone: '0501234567', terms: false } }) },
  getClientData: { expect: 400, field: 'clientid', run: () => server.api('GET', '/clientsdata/abc', { token: parent.token }) },
  checkClientStatus: { expect: 400, field: 'clientid', run: () => server.api('GET', '/client/status-check', { token: parent.token }) },
  getClientPriceStatus: { expect: 403, field: 'clientid', plainMessage: true, setup: other, run: (o) => server.api('GET', `/clientpricestatus/${o.clientid}`, { token: parent.token }) },
  getFreeAssessmentStatus: { expect: 400, field: 'clientid', run: () => server.api('GET', '/freeassismentstatus/0', { token: parent.token }) },
  sendClientEmail: { expect: 400, field: 'email', plainMessage: true, run: () => server.api('POST', '/clientemailsend/', { token: parent.token, body: { email: 42 } }) },
  createStudents: { expect: 400, field: '[0].last_name', plainMessage: true, run: () => server.api('POST', '/students', { token: parent.token, body: [{ first_name: 'Solo', paying_client: parent.clientid }] }) },
  listLocations: { expect: 403, field: 'branch_id', plainMessage: true, run: () => server.api('GET', '/locationalldata', { token: parent.token, query: { branch_id: 2 } }) },
  listSubjects: { expect: 400, field: 'branch_id', run: () => server.api('GET', '/subjectsalldata', { token: parent.token, query: { branch_id: 'dubai' } }) },
  listPackagesForStudents: { expect: 400, field: 'student', run: () => server.api('GET', '/allpackegastudent', { token: parent.token, query: { student: 3, level: 5 } }) },
  listContractors: { expect: 400, field: 'branch_id', run: () => server.api('GET', '/contractors', { token: parent.token, query: { branch_id: -1 } }) },
  listContractorsWithAvailability: { expect: 403, field: 'branch_id', plainMessage: true, run: () => server.api('GET', '/contractorsalldata', { token: parent.token, query: { branch_id: 9 } }) },
  filterAvailabilityBySubject: { expect: 400, field: 'subjectNames', run: () => server.api('POST', '/subjectFilter/', { token: parent.token, body: { subjectNames: ['Astrology'], yearLevels: [5] } }) },
  filterTutors: { expect: 400, field: 'time', run: () => server.api('GET', '/filter_tutor', { token: parent.token, query: { subject: 'Mathematics', date: '2030-01-01', time: '25:00', quallevel: 5 } }) },
  listAppointmentsForStudents: { expect: 404, run: () => server.api('GET', '/appointmentstwo/1,999999', { token: parent.token }) },
  listAppointmentsForStudent: { expect: 400, field: 'id', run: () => server.api('GET', '/appointments/first', { token: parent.token }) },
  rescheduleAppointment: {
    expect: 400,
    field: 'finish',
    setup: bookedAppointment,
    run: (b) => server.api('PUT', `/appointments/${b.appointmentId}`, { token: parent.token, body: { start: '2031-01-05T12:00:00Z', finish: '2031-01-05T14:00:00Z', topic: 'Mathematics', service: b.serviceId, branch_id: 1 } }),
  },
  createAppointments: {
    expect: 400,
    field: '[0].start',
    setup: async () => {
      const slot = await slots.next();
      return { slot, serviceId: await createService(server, parent, slot.contractorId) };
    },
    run: ({ slot, serviceId }) => server.api('POST', '/appointments/', { token: parent.token, body: [{ ...appointmentPayload(parent, slot, serviceId, { free_assessment: true }, { pkgId: null }), start: 'tomorrow' }] }),
  },
  getService: { expect: 404, run: () => server.api('GET', '/services/999999', { token: parent.token }) },
  createService: { expect: 400, field: 'dft_charge_type', run: () => server.api('POST', '/services/', { token: parent.token, body: { name: 'X', dft_charge_type: 'monthly', dft_charge_rate: 1, dft_contractor_rate: 1, conjobs: [{ contractor: 1 }], rcrs: [{ recipient: parent.studentIds[0] }], branch_id: 1 } }) },
  listClientPackages: { expect: 400, field: 'clientid', run: () => server.api('GET', '/client-packages/1.5', { token: parent.token }) },
  getClientPackage: { expect: 404, run: () => server.api('GET', '/client-packagesid/999999', { token: parent.token }) },
  listUnpaidClientPackages: { expect: 400, field: 'clientid', run: () => server.api('GET', '/client-packagesfree/x', { token: parent.token }) },
  deleteUnpaidClientPackages: { expect: 403, field: 'clientid', plainMessage: true, setup: other, run: (o) => server.api('DELETE', `/client-packagesfree/${o.clientid}`, { token: parent.token }) },
  createClientPackage: { expect: 400, field: 'remaining_classess', run: () => server.api('POST', '/client-packages/', { token: parent.token, body: { ...clientPackageBody(parent.clientid, { booked: 2, total: 6 }), remaining_classess: 6 } }) },
  updateClientPackage: { expect: 400, field: 'packageForm', run: () => server.api('PUT', '/client-packagesupdate/1', { token: parent.token, body: { ...clientPackageBody(parent.clientid), packageForm: 'not json' } }) },
  applyCoupon: { expect: 400, field: 'code', plainMessage: true, run: () => server.api('POST', '/apply-coupon', { token: parent.token, body: { code: 'NOPE', userId: parent.clientid } }) },
  createInvoice: { expect: 400, field: 'amount', run: () => server.api('POST', '/proformainvoice', { token: parent.token, body: { branch_id: 1, amount: -5, client: parent.clientid, raise_behaviour: 'raise-and-send', description: 'Credit Request' } }) },
  takeInvoicePayment: {
    expect: 400,
    field: 'amount',
    setup: orderInvoice,
    run: (i) => server.api('POST', `/proformainvoicetakepayment/${i.invoiceId}`, { token: parent.token, body: { branch_id: 1, clientid: parent.clientid, amount: 1, method: 'cash', send_receipt: false, order_ref: i.ref } }),
  },
  createOrder: { expect: 400, field: 'amount', plainMessage: true, run: () => server.api('POST', '/create-order', { token: parent.token, body: orderBody(parent, 1, { pkgId: 4 }) }) },
  postOrderStatus: { expect: 400, field: 'status', run: () => server.api('POST', '/order_status', { token: parent.token, body: { ref: 'abcdefgh12', status: 'paid' } }) },
  getOrder: { expect: 400, field: 'ref', run: () => server.api('GET', '/orders/short', { token: parent.token }) },
  fulfilOrder: { expect: 400, field: 'ref', run: () => server.api('POST', '/orders/not%20a%20ref/fulfilment', { token: parent.token }) },
  receivePaymentEvent: {
    expect: 400,
    field: 'payment-signature',
    setup: () => openOrder(server, parent),
    run: (order) => {
      // Signed with another key: refused before anything is read or written.
      const event = paymentEvent(order.ref, order.amount, 'payment.succeeded', Math.floor(Date.now() / 1000), 'not-the-webhook-secret');
      return webhook(event.body, event.signature);
    },
  },
  bookLessons: {
    expect: 400,
    field: 'lessons[0].finish',
    setup: async () => {
      const client = await server.newClient(1);
      return { client, slot: await slotSource(server, client).next() };
    },
    run: ({ client, slot }) =>
      server.api('POST', '/bookings', {
        token: client.token,
        body: {
          client_id: client.clientid,
          branch_id: 1,
          basis: { free_assessment: true },
          lessons: [{ ...lessonOf(slot, client.studentIds), finish: new Date(slot.start.getTime() + 30 * 60_000).toISOString() }],
        },
      }),
  },
  listOrdersToPlace: { expect: 400, field: 'clientid', run: () => server.api('GET', '/orders-to-place/me', { token: parent.token }) },
  sendReview: { expect: 400, field: 'review_number', run: () => server.api('POST', '/sendReviewEmail', { token: parent.token, body: { clientid: parent.clientid, client_email: parent.email, review_number: 9, description: '' } }) },
  getLessonCalendarFile: { expect: 400, field: 'id', run: () => server.api('GET', '/calendar/lessons/first', { token: parent.token }) },
  getCalendarFeed: { expect: 400, field: 'token', run: () => server.api('GET', '/calendar-feed/too-short') },
  resetCalendarFeed: { expect: 400, field: 'reset', run: () => server.api('POST', '/calendar-feed', { token: parent.token, body: { reset: 'yes' } }) },
};

describe('bad input', () => {
  it.each(Object.entries(badInputs))('%s refuses it with a message and writes nothing', async (operationId, bad) => {
    const made = await bad.setup?.();
    const before = await storedState(server.db);
    const answer = await bad.run(made);
    expect(answer.status, JSON.stringify(answer.body)).toBe(bad.expect);
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) });
    if (bad.field !== undefined) {
      expect(answer.body.field).toBe(bad.field);
      // What only a client departing from the contract sends names the field's path, for its developer; what a
      // person can cause (a typed field, a coupon, a price changed meanwhile, a used reset link, a 403) is a
      // sentence for them, with no field name in it (issue 18).
      if (bad.plainMessage) expect(answer.body.message).toMatch(/^[A-Z][^:]*\.$/);
      else expect(answer.body.message).toMatch(new RegExp(`^${bad.field.replace(/[[\]().]/g, '\\$&')}: `));
    }
    expect(responseErrors(operationId, answer.status, answer.body)).toEqual([]);
    const after = await storedState(server.db);
    expect(after.digest).toEqual(before.digest);
  });
});
