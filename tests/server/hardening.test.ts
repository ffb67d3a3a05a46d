import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openOrder } from '../support/booking-fixtures.ts';
import { paymentEvent } from '../support/hold-fixtures.ts';
import { type Session, type TestServer, startTestServer, tableCounts, testWebhookSecret } from '../support/test-server.ts';

let server: TestServer;
let parent: Session;

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.login();
});
afterAll(() => server?.close());

const post = (path: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body, redirect: 'manual' });

describe('the API reads JSON bodies only, so no body escapes validation', () => {
  it.each([
    ['a form-encoded quote request without terms', '/api/quote-request', 'application/x-www-form-urlencoded', 'firstname=A&lastname=B&students=1&email=form%40example.com&phone=0501234567'],
    ['a text quote request', '/api/quote-request', 'text/plain', '{"firstname":"A"}'],
    ['a calendar-typed quote request (the type the calendar operations answer in)', '/api/quote-request', 'text/calendar', '{"firstname":"A"}'],
    ['a form-encoded one-letter new password', '/api/changepassword/abcdefghijklmnopqrstuvwxyz', 'application/x-www-form-urlencoded', 'newPassword=a'],
  ])('%s answers 415 and writes nothing', async (_, path, type, body) => {
    const before = await tableCounts(server.db);
    const response = await post(path, type, body);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false, message: expect.stringMatching(/content-type/i) });
    expect(await tableCounts(server.db)).toEqual(before);
  });

  it('still takes the sandbox page form posts', async () => {
    const order = await openOrder(server, parent);
    const response = await post(`/sandbox/pay/${order.ref}/pay`, 'application/x-www-form-urlencoded', '');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/success?ref=${order.ref}`);
  });
});

describe('a compressed request body is refused (415), never read as if it were plain (issue 28)', () => {
  const orderStatus = async (ref: string) => (await server.db.query<{ status: string }>('select status from orders where ref = $1', [ref]))[0]?.status;
  const notify = (ref: string, amount: number, encoding: string, compress = false) => {
    const event = paymentEvent(ref, amount);
    return fetch(`${server.url}/api/payment-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': encoding, 'payment-signature': event.signature },
      body: compress ? gzipSync(event.body) : event.body,
    });
  };

  it.each([
    ['a signed notification over a plain body that says gzip', 'gzip', false],
    ['a signed notification compressed with gzip', 'gzip', true],
    ['a plain body that says deflate', 'deflate', false],
    ['a plain body that says br', 'br', false],
    ['a plain body coded twice, identity and gzip', 'identity, gzip', false],
  ])('%s answers 415 naming Content-Encoding, and the order stays unpaid', async (_, encoding, compress) => {
    const order = await openOrder(server, parent);
    const before = await tableCounts(server.db);
    const response = await notify(order.ref, order.amount, encoding, compress);
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ success: false, field: 'content-encoding', message: expect.stringMatching(/^Content-Encoding .* is not accepted: send the body uncompressed/) });
    expect(await orderStatus(order.ref)).toBe('created');
    expect(await tableCounts(server.db)).toEqual(before);
  });

  it('takes Content-Encoding: identity, which is no coding at all', async () => {
    const order = await openOrder(server, parent);
    const response = await notify(order.ref, order.amount, 'identity');
    expect(response.status).toBe(200);
    expect(await orderStatus(order.ref)).toBe('paid');
  });

  it('refuses it on every route that reads a body, after the token check', async () => {
    const login = await post('/api/login', 'application/json', JSON.stringify({ email: parent.email, password: 'Passw0rd!' }), { 'content-encoding': 'gzip' });
    expect(login.status).toBe(415);
    const anonymous = await post('/api/apply-coupon', 'application/json', '{}', { 'content-encoding': 'gzip' });
    expect(anonymous.status).toBe(401);
  });
});

describe('links in mail and payment links use the configured origin, never the request', () => {
  it('puts the configured origin in a reset link whatever Host or X-Forwarded-Host say', async () => {
    const client = await server.newClient(1);
    await post('/api/forget_password', 'application/json', JSON.stringify({ email: client.email }), { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const [mail] = await server.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [client.email]);
    expect(mail?.body).toContain(`${server.url}/changepassword/`);
    expect(mail?.body).not.toContain('evil.example');
  });

  it('answers a payment link on the configured origin', async () => {
    const order = await openOrder(server, parent);
    expect(order.paymentLink).toBe(`${server.url}/sandbox/pay/${order.ref}`);
  });

  it('says until when the hours are held in the branch zone, labelled', async () => {
    const order = await openOrder(server, parent);
    await server.db.query(`update orders set hold_expires_at = now() + interval '20 minutes' where ref = $1`, [order.ref]);
    const [row] = await server.db.query<{ hold_expires_at: Date }>('select hold_expires_at from orders where ref = $1', [order.ref]);
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Dubai', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(row?.hold_expires_at);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    const page = await (await fetch(order.paymentLink)).text();
    expect(page).toContain(`Your classes are held until ${part('weekday')} ${part('day')} ${part('month')} ${part('year')} · ${part('hour')}:${part('minute')} (Dubai time).`);
  });

  it('defaults PUBLIC_URL to localhost on the port, and honours it when set', () => {
    expect(readConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(readConfig({ PUBLIC_URL: 'https://portal.example/' }).publicUrl).toBe('https://portal.example');
    expect(readConfig({}).trustProxy).toBe(false);
  });

  // SPA_DIR (another build than dist/, which must hold an index.html): tests/unit/config.test.ts. Not read here from
  // dist-e2e, which `npm test` builds while this runs.
});

describe('the mail outbox, which holds reset links and passwords, is served only when asked for', () => {
  it('is off unless the app is built with devOutbox', async () => {
    const app = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: server.url });
    try {
      const answer = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
      expect(answer.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('is on by default only for the embedded database; DEV_OUTBOX decides otherwise', () => {
    expect(readConfig({}).devOutbox).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://db/portal' }).devOutbox).toBe(false);
    expect(readConfig({ DATABASE_URL: 'postgres://db/portal', DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(readConfig({ DEV_OUTBOX: 'off' }).devOutbox).toBe(false);
  });
});

describe('a burst of parallel wrong passwords cannot slip past the login limit', () => {
  it('lets at most 5 of 15 parallel failures through as 401 and answers the rest 429', async () => {
    const client = await server.newClient(1);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => server.api('POST', '/login', { body: { email: client.email, password: 'wrong-password' } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('does not count successful logins against the address', async () => {
    for (let i = 0; i < 25; i++) expect((await server.api('POST', '/login', { body: { email: 'parent@example.com', password: 'Passw0rd!' } })).status).toBe(200);
  });
});

describe('tokens', () => {
  it('refuses HEAD on a token route without a token', async () => {
    const response = await fetch(`${server.url}/api/allpackega`, { method: 'HEAD' });
    expect(response.status).toBe(401);
  });

  it('refuses a correctly signed token that has no exp', async () => {
    const { createSigner } = await import('fast-jwt');
    const { testSecret } = await import('../support/test-server.ts');
    const forever = createSigner({ key: testSecret, algorithm: 'HS256' })({ sub: String(parent.clientid), branch_id: 1 });
    const answer = await server.api('GET', `/clientsdata/${parent.clientid}`, { token: forever });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Session expired or invalid. Please log in again.');
  });
});

describe('a client package holds the classes that were paid for', () => {
  it('takes its size from the paid order and its booked classes from its lessons, not from what the client wrote into it', async () => {
    const packageForm = JSON.stringify({ lessonData: { packageName: 'SILVER' } });
    const made = await server.api('POST', '/client-packages/', {
      token: parent.token,
      body: { clientid: parent.clientid, packageForm, bookingdata: {}, purches_status: 0, booked_classess: 2, total_classess: 40, remaining_classess: 38, completed_classess: 0 },
    });
    expect(made.status).toBe(201);
    const order = await openOrder(server, parent, { pkgId: 2, clientPackageId: made.body.data.id });
    await post(`/sandbox/pay/${order.ref}/pay`, 'application/x-www-form-urlencoded', '');
    const [stored] = await server.db.query('select purches_status, total_classess, booked_classess, remaining_classess from client_packages where id = $1', [made.body.data.id]);
    // No lesson can be booked on an unpaid package, so the 2 the client wrote were none.
    expect(stored).toEqual({ purches_status: 1, total_classess: 6, booked_classess: 0, remaining_classess: 6 });
  });
});
