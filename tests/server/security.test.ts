import { createSigner, createVerifier } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { sessionLifetimeSeconds } from '../../server/auth/tokens.ts';
import { loadSpec } from '../../server/http/spec.ts';
import { demoLogin } from '../../server/seed/seed.ts';
import { appointmentPayload, createService, openOrder, orderBody, packagePrice, paidOrder, perClass, type Slot, slotSource, clientPackageBody } from '../support/booking-fixtures.ts';
import { operations, responseErrors } from '../support/contract.ts';
import { lessonOf } from '../support/hold-fixtures.ts';
import { type ApiAnswer, type Session, type TestServer, startTestServer, storedState, testSecret } from '../support/test-server.ts';

let server: TestServer;
let demo: Session;

beforeAll(async () => {
  server = await startTestServer();
  demo = await server.login();
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const spec = loadSpec();

/** Whether openapi.yaml lists `status` among the answers of the operation. */
function documents(operationId: string, status: number): boolean {
  const op = operations.find((o) => o.operationId === operationId);
  const responses = op && (spec.paths[op.path]?.[op.method.toLowerCase()]?.responses as Record<string, unknown> | undefined);
  return responses !== undefined && String(status) in responses;
}



const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** A session token as the server signs one, with `key`, issued at `issuedAt` (ms). */
function signToken(key: string, claims: { sub: number; branch_id: number }, issuedAt = Date.now()): string {
  const sign = createSigner({ key, algorithm: 'HS256', expiresIn: sessionLifetimeSeconds * 1000, clockTimestamp: issuedAt });
  return sign({ sub: String(claims.sub), branch_id: claims.branch_id });
}


// ---------------------------------------------------------------------------------------------

describe('every operation that needs a token refuses a missing, invalid or expired one with 401', () => {
  const tokenOperations = operations.filter((op) => op.needsToken);
  const concretePath = (path: string) => path.replace('{ids}', '1,2').replace(/\{\w+\}/g, '1');
  const missing = 'Authentication required: log in again.';
  const invalid = 'Session expired or invalid. Please log in again.';

  it('the operations without a token are exactly the six public ones', () => {
    // The payment provider's notification carries no client token: its HMAC signature is its credential; a
    // calendar feed's secret address is its own (a calendar app has no session).
    expect(operations.filter((op) => !op.needsToken).map((op) => op.operationId).sort()).toEqual(['changePasswordByLink', 'forgetPassword', 'getCalendarFeed', 'login', 'receivePaymentEvent', 'requestQuote']);
    expect(tokenOperations.length).toBe(operations.length - 6);
  });

  it('control: a token signed like the server does, with the test secret and unexpired, is accepted', async () => {
    const answer = await server.api('GET', `/clientsdata/${demo.clientid}`, { token: signToken(testSecret, { sub: demo.clientid, branch_id: 1 }) });

    expect(answer.status).toBe(200);
    expect(answer.body.client.clientid).toBe(demo.clientid);
  });

  const badTokens: [string, () => string | undefined, string][] = [
    ['no token', () => undefined, missing],
    ['a garbage token', () => 'this-is-not-a-jwt', invalid],
    ['a token signed with another secret', () => signToken('another-secret-that-is-also-long-enough-for-hs256', { sub: demo.clientid, branch_id: 1 }), invalid],
    ['an expired token', () => signToken(testSecret, { sub: demo.clientid, branch_id: 1 }, Date.now() - (sessionLifetimeSeconds + 60) * 1000), invalid],
    [
      'a real token whose payload was edited',
      () => {
        const [header, payload, signature] = demo.token.split('.');
        return [header, base64url({ ...decodePart(payload), sub: '999' }), signature].join('.');
      },
      invalid,
    ],
    ['an unsigned token (alg none)', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: String(demo.clientid), branch_id: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.`, invalid],
  ];

  describe.each(badTokens)('with %s', (_label, token, message) => {
    it.each(tokenOperations)('$method $path ($operationId)', async (op) => {
      const answer = await server.api(op.method, concretePath(op.path), { token: token() });

      expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: { success: false, message, error: message } });
      expect(responseErrors(op.operationId, 401, answer.body)).toEqual([]);
    });
  });

  // Each body (or path) below is invalid: with a valid token it answers 400. Anonymous, it must be 401.
  it.each([
    { operationId: 'createAppointments', method: 'POST', path: '/appointments/', body: { not: 'an array' } },
    { operationId: 'createOrder', method: 'POST', path: '/create-order', body: { amount: -1 } },
    { operationId: 'bookLessons', method: 'POST', path: '/bookings', body: { basis: {}, lessons: [] } },
    { operationId: 'rescheduleAppointment', method: 'PUT', path: '/appointments/1', body: { start: 'yesterday' } },
    { operationId: 'changePassword', method: 'POST', path: '/oldnewpassword', body: { clientid: 'me', newPassword: 'short' } },
    { operationId: 'getClientData', method: 'GET', path: '/clientsdata/not-a-number', body: undefined },
  ])('anonymous $method $path with invalid input answers 401, not 400', async ({ operationId, method, path, body }) => {
    const before = await storedState(server.db);

    const anonymous = await server.api(method, path, { body });
    const authenticated = await server.api(method, path, { body, token: demo.token });

    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: missing, error: missing });
    expect(responseErrors(operationId, 401, anonymous.body)).toEqual([]);
    expect(authenticated.status).toBe(400);
    expect(await storedState(server.db)).toEqual(before);
  });
});

describe("client-scoped calls refuse another client's ids with 403 and write nothing", () => {
  let owner: Session;
  let intruder: Session;
  const f = {
    ownerService: 0,
    ownerTutor: 0,
    ownerAppointment: 0,
    ownerPackage: 0,
    ownerUnpaidPackage: 0,
    ownerInvoice: { id: 0, amount: 0 },
    ownerOrderRef: '',
    intruderService: 0,
    intruderOrder: { ref: '', amount: 0 },
    intruderPackage: 0,
    intruderInvoice: { id: 0, amount: 0 },
    price: 0,
    hours: [] as Slot[],
  };

  beforeAll(async () => {
    owner = demo;
    intruder = await server.newClient(2);

    const listed = await server.api('GET', `/appointmentstwo/${owner.studentIds.join(',')}`, { token: owner.token });
    const planned = (listed.body.data as { id: number; status: string; service: { id: number } }[]).find((a) => a.status === 'planned');
    if (!planned) throw new Error('the demo client has no planned appointment');
    f.ownerAppointment = planned.id;
    f.ownerService = planned.service.id;
    const [tutor] = await server.db.query<{ contractor_id: number }>('select contractor_id from service_contractors where service_id = $1', [f.ownerService]);
    f.ownerTutor = tutor?.contractor_id ?? 0;
    const [pkg] = await server.db.query<{ id: number }>('select id from client_packages where client_id = $1 and purches_status = 1', [owner.clientid]);
    f.ownerPackage = pkg?.id ?? 0;
    f.ownerUnpaidPackage = (await server.api('POST', '/client-packages/', { token: owner.token, body: clientPackageBody(owner.clientid) })).body.data.id;
    const [invoice] = await server.db.query<{ id: number; amount: string }>(`select id, amount from proforma_invoices where client_id = $1 and status = 'unpaid'`, [owner.clientid]);
    f.ownerInvoice = { id: invoice?.id ?? 0, amount: Number(invoice?.amount) };
    f.ownerOrderRef = (await openOrder(server, owner)).ref;

    f.intruderService = await createService(server, intruder, f.ownerTutor);
    f.intruderOrder = await paidOrder(server, intruder);
    f.intruderPackage = (await server.api('POST', '/client-packages/', { token: intruder.token, body: clientPackageBody(intruder.clientid) })).body.data.id;
    const raised = await server.api('POST', '/proformainvoice', {
      token: intruder.token,
      body: { branch_id: 1, amount: '45.00', client: intruder.clientid, raise_behaviour: 'raise', description: 'Extra class' },
    });
    f.intruderInvoice = { id: raised.body.data.id, amount: raised.body.data.amount };
    f.price = await packagePrice(server, intruder, 2);
    f.hours = await slotSource(server, owner).sameTutor(f.ownerTutor, 3);

    const ready = [f.ownerService, f.ownerTutor, f.ownerPackage, f.ownerUnpaidPackage, f.ownerInvoice.id, f.intruderPackage, f.intruderInvoice.id];
    if (ready.some((id) => !(id > 0))) throw new Error(`fixtures incomplete: ${JSON.stringify(f)}`);
  });

  interface ForeignCall {
    operationId: string;
    what: string;
    field: string;
    request: () => { method: string; path: string; body?: unknown; query?: Record<string, string | number> };
  }
  const hour = (i: number) => f.hours[i] as Slot;
  /** The intruder's own free assessment at `slot`, which would book. */
  const freeAssessment = (slot: Slot) => ({ client_id: intruder.clientid, branch_id: 1, basis: { free_assessment: true }, lessons: [lessonOf(slot, [intruder.studentIds[0] as number])] });
  const intruderItem = (slot: Slot) =>
    appointmentPayload(intruder, slot, f.intruderService, { order_ref: f.intruderOrder.ref }, { charge: perClass(f.intruderOrder.amount, 6) });

  // Every request is one the intruder could make successfully about their own ids; only the named field is the owner's.
  const calls: ForeignCall[] = [
    { operationId: 'getClientData', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: `/clientsdata/${owner.clientid}` }) },
    { operationId: 'checkClientStatus', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: '/client/status-check', query: { clientid: owner.clientid } }) },
    { operationId: 'getClientPriceStatus', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: `/clientpricestatus/${owner.clientid}` }) },
    { operationId: 'getFreeAssessmentStatus', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: `/freeassismentstatus/${owner.clientid}` }) },
    {
      operationId: 'changePassword',
      what: "the owner's clientid (with the owner's right old password)",
      field: 'clientid',
      request: () => ({ method: 'POST', path: '/oldnewpassword', body: { clientid: owner.clientid, oldPassword: demoLogin.password, newPassword: 'Taken-Over-123' } }),
    },
    {
      operationId: 'createStudents',
      what: 'a student paid by the owner',
      field: '[0].paying_client',
      request: () => ({ method: 'POST', path: '/students', body: [{ first_name: 'Eve', last_name: 'Intruder', paying_client: owner.clientid }] }),
    },
    { operationId: 'listAppointmentsForStudents', what: "the owner's students", field: 'ids', request: () => ({ method: 'GET', path: `/appointmentstwo/${owner.studentIds.join(',')}` }) },
    { operationId: 'getLessonCalendarFile', what: "the owner's lesson", field: 'id', request: () => ({ method: 'GET', path: `/calendar/lessons/${f.ownerAppointment}` }) },
    {
      operationId: 'listAppointmentsForStudents',
      what: "an own student mixed with one of the owner's",
      field: 'ids',
      request: () => ({ method: 'GET', path: `/appointmentstwo/${intruder.studentIds[0]},${owner.studentIds[0]}` }),
    },
    { operationId: 'listAppointmentsForStudent', what: "the owner's student", field: 'id', request: () => ({ method: 'GET', path: `/appointments/${owner.studentIds[0]}` }) },
    {
      operationId: 'rescheduleAppointment',
      what: "the owner's planned appointment",
      field: 'id',
      request: () => ({
        method: 'PUT',
        path: `/appointments/${f.ownerAppointment}`,
        body: { start: hour(0).start.toISOString(), finish: hour(0).finish.toISOString(), topic: 'Mathematics', service: f.ownerService, branch_id: 1 },
      }),
    },
    {
      operationId: 'createAppointments',
      what: "the owner's client_id",
      field: '[0].client_id',
      request: () => ({ method: 'POST', path: '/appointments/', body: [{ ...intruderItem(hour(1)), client_id: owner.clientid }] }),
    },
    {
      operationId: 'createAppointments',
      what: "the owner's student, through the owner's service",
      field: '[0].service',
      request: () => ({
        method: 'POST',
        path: '/appointments/',
        body: [{ ...intruderItem(hour(2)), service: f.ownerService, rcras: [{ recipient: owner.studentIds[0], charge_rate: perClass(f.intruderOrder.amount, 6) }] }],
      }),
    },
    { operationId: 'getService', what: "the owner's service", field: 'serviceId', request: () => ({ method: 'GET', path: `/services/${f.ownerService}` }) },
    {
      operationId: 'createService',
      what: "the owner's student as recipient",
      field: 'rcrs',
      request: () => ({
        method: 'POST',
        path: '/services/',
        body: {
          name: 'Mathematics',
          dft_charge_type: 'hourly',
          dft_charge_rate: '100.00',
          dft_contractor_rate: '40.00',
          conjobs: [{ contractor: f.ownerTutor }],
          rcrs: [{ recipient: owner.studentIds[0] }],
          branch_id: 1,
        },
      }),
    },
    { operationId: 'listClientPackages', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: `/client-packages/${owner.clientid}` }) },
    { operationId: 'getClientPackage', what: "the owner's package", field: 'id', request: () => ({ method: 'GET', path: `/client-packagesid/${f.ownerPackage}` }) },
    { operationId: 'listUnpaidClientPackages', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: `/client-packagesfree/${owner.clientid}` }) },
    { operationId: 'deleteUnpaidClientPackages', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'DELETE', path: `/client-packagesfree/${owner.clientid}` }) },
    { operationId: 'createClientPackage', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'POST', path: '/client-packages/', body: clientPackageBody(owner.clientid) }) },
    {
      operationId: 'updateClientPackage',
      what: "the owner's package",
      field: 'id',
      request: () => ({ method: 'PUT', path: `/client-packagesupdate/${f.ownerUnpaidPackage}`, body: clientPackageBody(intruder.clientid) }),
    },
    {
      operationId: 'updateClientPackage',
      what: "an own package moved to the owner's clientid",
      field: 'clientid',
      request: () => ({ method: 'PUT', path: `/client-packagesupdate/${f.intruderPackage}`, body: clientPackageBody(owner.clientid) }),
    },
    { operationId: 'applyCoupon', what: "the owner's userId", field: 'userId', request: () => ({ method: 'POST', path: '/apply-coupon', body: { code: 'WELCOME50', userId: owner.clientid } }) },
    {
      operationId: 'createInvoice',
      what: "the owner's client",
      field: 'client',
      request: () => ({
        method: 'POST',
        path: '/proformainvoice',
        body: { branch_id: 1, amount: '60.00', client: owner.clientid, raise_behaviour: 'raise-and-send', description: 'Extra class' },
      }),
    },
    {
      operationId: 'takeInvoicePayment',
      what: "the owner's unpaid invoice",
      field: 'invoiceId',
      request: () => ({
        method: 'POST',
        path: `/proformainvoicetakepayment/${f.ownerInvoice.id}`,
        body: { branch_id: 1, clientid: intruder.clientid, amount: f.ownerInvoice.amount, method: 'card', send_receipt: true },
      }),
    },
    {
      operationId: 'takeInvoicePayment',
      what: "an own invoice paid as the owner's clientid",
      field: 'clientid',
      request: () => ({
        method: 'POST',
        path: `/proformainvoicetakepayment/${f.intruderInvoice.id}`,
        body: { branch_id: 1, clientid: owner.clientid, amount: f.intruderInvoice.amount, method: 'card', send_receipt: true },
      }),
    },
    { operationId: 'createOrder', what: "the owner's client_id", field: 'client_id', request: () => ({ method: 'POST', path: '/create-order', body: { ...orderBody(intruder, f.price), client_id: owner.clientid } }) },
    {
      operationId: 'createOrder',
      what: "the owner's student_ids",
      field: 'student_ids',
      request: () => ({ method: 'POST', path: '/create-order', body: orderBody(intruder, f.price, { studentIds: [owner.studentIds[0] as number] }) }),
    },
    { operationId: 'postOrderStatus', what: "the owner's order ref", field: 'ref', request: () => ({ method: 'POST', path: '/order_status', body: { ref: f.ownerOrderRef, status: 'cancelled' } }) },
    { operationId: 'getOrder', what: "the owner's order ref", field: 'ref', request: () => ({ method: 'GET', path: `/orders/${f.ownerOrderRef}` }) },
    { operationId: 'fulfilOrder', what: "the owner's order ref", field: 'ref', request: () => ({ method: 'POST', path: `/orders/${f.ownerOrderRef}/fulfilment` }) },
    { operationId: 'listOrdersToPlace', what: "the owner's clientid", field: 'clientid', request: () => ({ method: 'GET', path: `/orders-to-place/${owner.clientid}` }) },
    {
      operationId: 'bookLessons',
      what: "the owner's client_id",
      field: 'client_id',
      request: () => ({ method: 'POST', path: '/bookings', body: { ...freeAssessment(hour(1)), client_id: owner.clientid } }),
    },
    {
      operationId: 'bookLessons',
      what: "the owner's student",
      field: 'lessons[0].students',
      request: () => ({ method: 'POST', path: '/bookings', body: { ...freeAssessment(hour(1)), lessons: [lessonOf(hour(1), [owner.studentIds[0] as number])] } }),
    },
    {
      operationId: 'bookLessons',
      what: "the owner's paid package",
      field: 'basis.client_package_id',
      request: () => ({ method: 'POST', path: '/bookings', body: { ...freeAssessment(hour(1)), basis: { client_package_id: f.ownerPackage }, weekly_lessons: { Mathematics: 1 } } }),
    },
    {
      operationId: 'bookLessons',
      what: "the owner's order ref",
      field: 'basis.order_ref',
      request: () => ({ method: 'POST', path: '/bookings', body: { ...freeAssessment(hour(1)), basis: { order_ref: f.ownerOrderRef }, weekly_lessons: { Mathematics: 1 } } }),
    },
    {
      operationId: 'createAppointments',
      what: "the owner's order ref",
      field: '[0].order_ref',
      request: () => ({ method: 'POST', path: '/appointments/', body: [{ ...intruderItem(hour(1)), order_ref: f.ownerOrderRef }] }),
    },
    {
      operationId: 'createService',
      what: "the owner's order ref",
      field: 'order_ref',
      request: () => ({
        method: 'POST',
        path: '/services/',
        body: {
          name: 'Mathematics',
          dft_charge_type: 'hourly',
          dft_charge_rate: '60.00',
          dft_contractor_rate: '40.00',
          conjobs: [{ contractor: f.ownerTutor }],
          rcrs: [{ recipient: intruder.studentIds[0] }],
          branch_id: 1,
          order_ref: f.ownerOrderRef,
        },
      }),
    },
    {
      operationId: 'createInvoice',
      what: "the owner's order ref",
      field: 'order_ref',
      request: () => ({
        method: 'POST',
        path: '/proformainvoice',
        body: { branch_id: 1, amount: f.price, client: intruder.clientid, raise_behaviour: 'raise-and-send', description: 'Credit Request', order_ref: f.ownerOrderRef },
      }),
    },
    {
      operationId: 'takeInvoicePayment',
      what: "an own invoice paid under the owner's order ref",
      field: 'order_ref',
      request: () => ({
        method: 'POST',
        path: `/proformainvoicetakepayment/${f.intruderInvoice.id}`,
        body: { branch_id: 1, clientid: intruder.clientid, amount: f.intruderInvoice.amount, method: 'card', send_receipt: true, order_ref: f.ownerOrderRef },
      }),
    },
    {
      operationId: 'sendReview',
      what: "the owner's clientid",
      field: 'clientid',
      request: () => ({ method: 'POST', path: '/sendReviewEmail', body: { clientid: owner.clientid, client_email: intruder.email, review_number: 1, description: 'Terrible.' } }),
    },
    { operationId: 'listLocations', what: 'another branch_id', field: 'branch_id', request: () => ({ method: 'GET', path: '/locationalldata', query: { branch_id: 2 } }) },
    { operationId: 'listSubjects', what: 'another branch_id', field: 'branch_id', request: () => ({ method: 'GET', path: '/subjectsalldata', query: { branch_id: 2 } }) },
    { operationId: 'listContractors', what: 'another branch_id', field: 'branch_id', request: () => ({ method: 'GET', path: '/contractors', query: { branch_id: 2 } }) },
    {
      operationId: 'listContractorsWithAvailability',
      what: 'another branch_id',
      field: 'branch_id',
      request: () => ({ method: 'GET', path: '/contractorsalldata', query: { branch_id: 2 } }),
    },
    {
      operationId: 'filterAvailabilityBySubject',
      what: 'another branch_id',
      field: 'branch_id',
      request: () => ({ method: 'POST', path: '/subjectFilter/', body: { subjectNames: ['Mathematics'], yearLevels: [5], branch_id: 2 } }),
    },
    {
      operationId: 'filterTutors',
      what: 'another branch_id',
      field: 'branch_id',
      request: () => ({ method: 'GET', path: '/filter_tutor', query: { subject: 'Mathematics', date: hour(0).date, time: hour(0).time, quallevel: 5, branch_id: 2 } }),
    },
  ];

  it.each(calls)('$operationId with $what: 403 naming $field', async ({ operationId, field, request }) => {
    const { method, path, body, query } = request();
    const before = await storedState(server.db);

    const answer = await server.api(method, path, { token: intruder.token, body, query });

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, field });
    // The field is named in `field`; the message is a sentence a screen may show, without it (issue 18).
    expect(answer.body.message).toMatch(/^[A-Z][^:]*\.$/);
    if (documents(operationId, 403)) expect(responseErrors(operationId, 403, answer.body)).toEqual([]);
    const after = await storedState(server.db);
    expect(after.counts).toEqual(before.counts);
    expect(after.digest).toEqual(before.digest);
  });

  it('the table covers every client-scoped operation named by the contract', () => {
    const covered = new Set(calls.map((c) => c.operationId));
    const clientScoped = operations.filter((op) => documents(op.operationId, 403)).map((op) => op.operationId);
    // sendClientEmail documents 403 but takes no id of a client; listInvoices takes none at all.
    expect(clientScoped.filter((id) => !covered.has(id))).toEqual(['sendClientEmail']);
  });
});

describe('passwords are stored as scrypt hashes', () => {
  const hashOf = async (clientId: number) => {
    const [row] = await server.db.query<{ password_hash: string }>('select password_hash from clients where id = $1', [clientId]);
    return row?.password_hash ?? '';
  };
  const login = (email: string, password: string) => server.api('POST', '/login', { body: { email, password } });

  it("the demo client's password_hash is an scrypt hash of the password, not the password", async () => {
    const hash = await hashOf(demo.clientid);

    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(demoLogin.password);
    expect(hash.split('$')).toHaveLength(6);
    expect(await verifyPassword(demoLogin.password, hash)).toBe(true);
    expect(await verifyPassword('Passw0rd?', hash)).toBe(false);
  });

  it('POST /oldnewpassword stores a new scrypt hash; the old password no longer logs in, the new one does', async () => {
    const client = await server.newClient(1);
    const oldHash = await hashOf(client.clientid);
    const newPassword = 'Brand-New-Secret-42';

    const answer = await server.api('POST', '/oldnewpassword', {
      token: client.token,
      body: { clientid: client.clientid, oldPassword: demoLogin.password, newPassword },
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Password updated successfully', token: expect.any(String) });
    const newHash = await hashOf(client.clientid);
    expect(newHash).toMatch(/^scrypt\$/);
    expect(newHash).not.toBe(oldHash);
    expect(newHash).not.toContain(newPassword);
    expect(await verifyPassword(newPassword, newHash)).toBe(true);
    const withOld = await login(client.email, demoLogin.password);
    expect(withOld.status).toBe(401);
    expect(withOld.body.message).toBe('Invalid email or password');
    const withNew = await login(client.email, newPassword);
    expect(withNew.status).toBe(200);
    expect(withNew.body.user.clientid).toBe(client.clientid);
  });

  it('a wrong old password: 400 naming oldPassword, and the stored hash stays', async () => {
    const client = await server.newClient(1);
    const oldHash = await hashOf(client.clientid);

    const answer = await server.api('POST', '/oldnewpassword', {
      token: client.token,
      body: { clientid: client.clientid, oldPassword: 'not-the-password', newPassword: 'Another-Secret-42' },
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'oldPassword', message: 'Old password is incorrect' });
    expect(responseErrors('changePassword', 400, answer.body)).toEqual([]);
    expect(await hashOf(client.clientid)).toBe(oldHash);
  });
});

describe('the login token', () => {
  it('is an HS256 JWT signed with the server secret, with exp 8 hours after iat and sub the client id', async () => {
    const answer = await server.api('POST', '/login', { body: { email: demoLogin.email, password: demoLogin.password } });
    expect(answer.status).toBe(200);
    expect(responseErrors('login', 200, answer.body)).toEqual([]);
    const token: string = answer.body.token;
    const parts = token.split('.');
    expect(parts).toHaveLength(3);

    const header = decodePart(parts[0]);
    const payload = decodePart(parts[1]) as { sub: string; branch_id: number; iat: number; exp: number };

    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload.exp - payload.iat).toBe(8 * 60 * 60);
    expect(payload.exp - payload.iat).toBe(sessionLifetimeSeconds);
    expect(payload.sub).toBe(String(answer.body.user.clientid));
    expect(payload.branch_id).toBe(answer.body.user.branch_id);
    expect(createVerifier({ key: testSecret, algorithms: ['HS256'] })(token)).toMatchObject({ sub: String(demo.clientid) });
  });
});

describe('login is rate-limited per e-mail and address (more in login-limits.test.ts)', () => {
  const login = (email: string, password: string) => server.api('POST', '/login', { body: { email, password } });

  it('after 5 wrong passwords from one address the 6th attempt from it, even with the right password, answers 429 with Retry-After; another e-mail is not affected', async () => {
    const target = await server.newClient(1);

    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await login(target.email, `wrong-password-${attempt}`);
      expect({ attempt, status: wrong.status, message: wrong.body.message }).toEqual({ attempt, status: 401, message: 'Invalid email or password' });
      expect(responseErrors('login', 401, wrong.body)).toEqual([]);
    }

    const right = await login(target.email, demoLogin.password);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(right.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many failed sign-ins to this account from your network\. Try again in \d+ minutes?, sign in on a device you have signed in on before, or reset your password with Forgot Password\.$/) });
    expect(responseErrors('login', 429, right.body)).toEqual([]);
    const shouted = await login(target.email.toUpperCase(), demoLogin.password);
    expect(shouted.status).toBe(429);

    const bystander = await login(demoLogin.email, demoLogin.password);
    expect(bystander.status).toBe(200);
    expect(bystander.body.user.clientid).toBe(demo.clientid);
  });
});

describe('invoices', () => {
  it('GET /proformainvoice lists only the caller’s own invoices', async () => {
    const other = await server.newClient(1);
    const raised = await server.api('POST', '/proformainvoice', {
      token: other.token,
      body: { branch_id: 1, amount: '75.00', client: other.clientid, raise_behaviour: 'raise', description: 'Extra class' },
    });
    expect(raised.status).toBe(201);

    for (const session of [demo, other]) {
      const answer: ApiAnswer = await server.api('GET', '/proformainvoice', { token: session.token });
      const own = await server.db.query<{ id: number }>('select id from proforma_invoices where client_id = $1 order by id', [session.clientid]);

      expect(answer.status).toBe(200);
      expect(responseErrors('listInvoices', 200, answer.body)).toEqual([]);
      const results = answer.body.data.results as { id: number; client: { id: number } }[];
      expect(own.length).toBeGreaterThan(0);
      expect(results.map((r) => r.id).sort((a, b) => a - b)).toEqual(own.map((r) => r.id));
      expect(results.every((r) => r.client.id === session.clientid)).toBe(true);
      expect(answer.body.data.count).toBe(own.length);
    }
    const [everyone] = await server.db.query<{ n: number }>('select count(distinct client_id)::int as n from proforma_invoices');
    expect(everyone?.n).toBeGreaterThanOrEqual(2);
  });
});
