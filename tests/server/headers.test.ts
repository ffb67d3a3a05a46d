import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { invoicePagePath } from '../../server/domain/invoice-purchase.ts';
import { appPolicy } from '../../server/http/security-headers.ts';
import { isLoopback } from '../../server/http/this-machine.ts';
import { openOrder } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

let server: TestServer;
let parent: Session;
const apps: FastifyInstance[] = [];
const tempDirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.newClient(1);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await server?.close();
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

/** Another app on the test server's database (migrated and seeded), with its own options. */
async function appWith(options: { spaDir?: string; trustProxy?: number; devOutbox?: boolean; publicUrl?: string } = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: server.url, devOutbox: true, ...options });
  apps.push(app);
  return app;
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-headers-'));
  tempDirs.push(dir);
  return dir;
}

async function builtSpa(): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Portal</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log("app");\n');
  return dir;
}

/** A policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name.toLowerCase(), sources]),
  );
}

/** The sources scripts may come from: script-src, or default-src when there is none. */
const scriptSources = (policy: string) => directives(policy).get('script-src') ?? directives(policy).get('default-src') ?? [];

interface Answer {
  label: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

describe('every answer has X-Content-Type-Options: nosniff and Referrer-Policy: same-origin; every HTML page a CSP', () => {
  const answers: Answer[] = [];

  beforeAll(async () => {
    const built = await appWith({ spaDir: await builtSpa() });
    const unbuilt = await appWith({ spaDir: await tempDir() });
    const order = await openOrder(server, parent);
    const inject = async (label: string, app: FastifyInstance, request: InjectOptions) => {
      const answer = await app.inject(request);
      answers.push({ label, status: answer.statusCode, headers: answer.headers, body: answer.body });
    };
    const auth = { authorization: `Bearer ${parent.token}` };

    await inject('API JSON 200', built, { method: 'GET', url: '/api/allpackega', headers: auth });
    await inject('API health 200', built, { method: 'GET', url: '/api/health' });
    await inject('API 401', built, { method: 'GET', url: '/api/allpackega' });
    await inject('API 400', built, { method: 'POST', url: '/api/apply-coupon', headers: { ...auth, 'content-type': 'application/json' }, payload: { code: ['x'], userId: parent.clientid } });
    await inject('API 415', built, { method: 'POST', url: '/api/apply-coupon', headers: { ...auth, 'content-type': 'application/json; charset=latin1' }, payload: '{}' });
    await inject('API 404', built, { method: 'GET', url: '/api/nope' });
    await inject('a 404 of a missing file', built, { method: 'GET', url: '/nope.js' });
    await inject('a path that does not decode', built, { method: 'GET', url: `/api/orders/a%ED%A0%80bcdefgh`, headers: auth });
    await inject('the SPA page (history fallback)', built, { method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    await inject('the SPA page (index.html itself)', built, { method: 'GET', url: '/index.html', headers: { accept: 'text/html' } });
    await inject('an SPA asset', built, { method: 'GET', url: '/assets/app.js' });
    await inject('the placeholder page', unbuilt, { method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    await inject('the sandbox page', built, { method: 'GET', url: `/sandbox/pay/${order.ref}` });
    await inject('the sandbox 404 page', built, { method: 'GET', url: '/sandbox/pay/no-such-order-ref' });
    await inject('the sandbox redirect', built, { method: 'POST', url: `/sandbox/pay/${order.ref}/cancel`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    await inject('the sandbox closed page', built, { method: 'GET', url: `/sandbox/pay/${order.ref}` });
    // The seed's unpaid invoice raised without an order, which Transaction History offers to pay.
    const [unpaid] = await server.db.query<{ id: number }>(`select id from proforma_invoices where status = 'unpaid' and order_id is null order by id limit 1`);
    await inject('the sandbox invoice page', built, { method: 'GET', url: invoicePagePath(testWebhookSecret, unpaid?.id ?? 0) });
    await inject('the sandbox invoice 404 page', built, { method: 'GET', url: `/sandbox/invoice/${unpaid?.id ?? 0}/not-its-key` });
    await inject('the outbox page', built, { method: 'GET', url: '/dev/outbox' });
    await inject('the outbox JSON', built, { method: 'GET', url: '/dev/outbox.json' });
    await inject('the outbox refused', built, { method: 'GET', url: '/dev/outbox', remoteAddress: '203.0.113.9' });
    const feed = await built.inject({ method: 'POST', url: '/api/calendar-feed', headers: auth });
    const feedPath = new URL(String(feed.json<{ url: string }>().url)).pathname;
    await inject('the calendar feed (text/calendar)', built, { method: 'GET', url: feedPath });
    await inject('the calendar feed refused (no such feed)', built, { method: 'GET', url: `/api/calendar-feed/${'A'.repeat(43)}` });
  });

  it('collected each kind of answer, with the status it should have', () => {
    expect(Object.fromEntries(answers.map((a) => [a.label, a.status]))).toEqual({
      'API JSON 200': 200,
      'API health 200': 200,
      'API 401': 401,
      'API 400': 400,
      'API 415': 415,
      'API 404': 404,
      'a 404 of a missing file': 404,
      'a path that does not decode': 400,
      'the SPA page (history fallback)': 200,
      'the SPA page (index.html itself)': 200,
      'an SPA asset': 200,
      'the placeholder page': 200,
      'the sandbox page': 200,
      'the sandbox 404 page': 404,
      'the sandbox redirect': 303,
      'the sandbox closed page': 200,
      'the sandbox invoice page': 200,
      'the sandbox invoice 404 page': 404,
      'the outbox page': 200,
      'the outbox JSON': 200,
      'the outbox refused': 404,
      'the calendar feed (text/calendar)': 200,
      'the calendar feed refused (no such feed)': 404,
    });
    expect(String((answers.find((a) => a.label === 'the calendar feed (text/calendar)') as Answer).headers['content-type'])).toMatch(/^text\/calendar/);
  });

  it('every answer says nosniff and same-origin', () => {
    for (const answer of answers) {
      expect({ label: answer.label, nosniff: answer.headers['x-content-type-options'], referrer: answer.headers['referrer-policy'] }).toEqual({
        label: answer.label,
        nosniff: 'nosniff',
        referrer: 'same-origin',
      });
    }
  });

  it("every answer carries helmet's other headers as chosen: no framing, same-origin opener and resources, no HSTS over http", () => {
    for (const answer of answers) {
      const h = answer.headers;
      expect({
        label: answer.label,
        frame: h['x-frame-options'],
        opener: h['cross-origin-opener-policy'],
        resource: h['cross-origin-resource-policy'],
        agentCluster: h['origin-agent-cluster'],
        crossDomain: h['x-permitted-cross-domain-policies'],
        xss: h['x-xss-protection'],
        embedder: h['cross-origin-embedder-policy'],
        hsts: h['strict-transport-security'],
        poweredBy: h['x-powered-by'],
      }).toEqual({
        label: answer.label,
        frame: 'DENY',
        opener: 'same-origin',
        resource: 'same-origin',
        agentCluster: '?1',
        crossDomain: 'none',
        xss: '0',
        // Off: it would block the providers' tutor photos, which send no CORP header.
        embedder: undefined,
        // The test server's public address is http://127.0.0.1:…
        hsts: undefined,
        poweredBy: undefined,
      });
    }
  });

  it('an answer that is not a server page carries the app policy, exactly today\'s directives', () => {
    expect(appPolicy).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    // The server pages (and the sandbox's redirect) set their own, which helmet must not override.
    const serverPages = new Set(['the placeholder page', 'the sandbox page', 'the sandbox 404 page', 'the sandbox redirect', 'the sandbox closed page', 'the sandbox invoice page', 'the sandbox invoice 404 page', 'the outbox page']);
    for (const answer of answers.filter((a) => !serverPages.has(a.label))) {
      expect({ label: answer.label, policy: directives(String(answer.headers['content-security-policy'])) }).toEqual({ label: answer.label, policy: directives(appPolicy) });
    }
  });

  it('every HTML answer has a policy that runs no inline script: script-src is only self', () => {
    const pages = answers.filter((a) => String(a.headers['content-type']).startsWith('text/html'));
    expect(pages.map((p) => p.label).sort()).toEqual(
      [
        'the SPA page (history fallback)',
        'the SPA page (index.html itself)',
        'the placeholder page',
        'the sandbox page',
        'the sandbox 404 page',
        'the sandbox closed page',
        'the sandbox invoice page',
        'the sandbox invoice 404 page',
        'the outbox page',
      ].sort(),
    );
    for (const page of pages) {
      const policy = String(page.headers['content-security-policy'] ?? '');
      expect({ label: page.label, script: scriptSources(policy) }).toEqual({ label: page.label, script: ["'self'"] });
      expect({ label: page.label, objects: directives(policy).get('object-src') ?? directives(policy).get('default-src') }).not.toEqual({ label: page.label, objects: undefined });
      expect({ label: page.label, framing: directives(policy).get('frame-ancestors') }).toEqual({ label: page.label, framing: ["'none'"] });
      expect({ label: page.label, base: directives(policy).get('base-uri') }).toEqual({ label: page.label, base: ["'none'"] });
    }
  });

  it("the server pages allow their own style block by its hash, and no other inline style", () => {
    for (const label of ['the placeholder page', 'the sandbox page', 'the sandbox 404 page', 'the sandbox closed page', 'the sandbox invoice page', 'the sandbox invoice 404 page', 'the outbox page']) {
      const page = answers.find((a) => a.label === label) as Answer;
      const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
      expect(styles).toHaveLength(1);
      const hash = `'sha256-${createHash('sha256').update(styles[0] ?? '').digest('base64')}'`;
      const policy = String(page.headers['content-security-policy']);
      expect({ label, style: directives(policy).get('style-src') }).toEqual({ label, style: [hash] });
      expect(directives(policy).get('default-src')).toEqual(["'none'"]);
      expect(page.body).not.toMatch(/<script|\sstyle=/i);
    }
  });

  it("the SPA's policy allows inline styles only (react-toastify injects its own), its scripts from its origin only", () => {
    for (const label of ['the SPA page (history fallback)', 'the SPA page (index.html itself)']) {
      const policy = String((answers.find((a) => a.label === label) as Answer).headers['content-security-policy']);
      expect(directives(policy).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(directives(policy).get('connect-src')).toEqual(["'self'"]);
      expect(policy).not.toContain('unsafe-eval');
    }
  });

  it('a path that does not decode answers in the Error shape, naming the parameter', () => {
    const answer = answers.find((a) => a.label === 'a path that does not decode') as Answer;
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, field: 'ref', message: expect.stringMatching(/^ref: /) });
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent on every answer when the public address is https, for a year, without claiming the subdomains', async () => {
    const app = await appWith({ publicUrl: 'https://portal.example' });
    for (const request of [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/allpackega' },
      { method: 'GET', url: '/api/orders/a%ED%A0%80bcdefgh', headers: { authorization: `Bearer ${parent.token}` } },
    ] as const) {
      const answer = await app.inject(request);
      expect({ url: request.url, hsts: answer.headers['strict-transport-security'], nosniff: answer.headers['x-content-type-options'] }).toEqual({
        url: request.url,
        hsts: 'max-age=31536000',
        nosniff: 'nosniff',
      });
    }
  });
});

describe('the mail outbox answers this machine only', () => {
  let app: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
    // What the outbox must never trust: the address a proxy says it forwards for.
    proxied = await appWith({ trustProxy: 1 });
    for (const instance of [app, proxied]) {
      instance.get('/test/peer', async (request) => ({ socket: request.raw.socket.remoteAddress, ip: request.ip }));
    }
  });

  it('app.inject({ remoteAddress }) sets the socket peer address the outbox reads (and request.ip follows a trusted proxy header)', async () => {
    const peer = await app.inject({ method: 'GET', url: '/test/peer', remoteAddress: '203.0.113.9' });
    expect(peer.json()).toEqual({ socket: '203.0.113.9', ip: '203.0.113.9' });
    const forwarded = await proxied.inject({ method: 'GET', url: '/test/peer', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forwarded.json()).toEqual({ socket: '203.0.113.9', ip: '127.0.0.1' });
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('serves a request from %s', async (remoteAddress) => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const answer = await app.inject({ method: 'GET', url, remoteAddress });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it.each(['203.0.113.9', '10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1'])('answers 404 to a request from %s, and shows no mail', async (remoteAddress) => {
    for (const url of ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.json?to=parent%40example.com']) {
      const answer = await app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'text/html' } });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.json()).toMatchObject({ success: false, message: `No such route: GET ${url.split('?')[0]}` });
      expect(answer.body).not.toMatch(/changepassword|Password:/i);
    }
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '127.0.0.1' }],
    ['X-Forwarded-For naming a stranger', { 'x-forwarded-for': '203.0.113.9' }],
    ['Forwarded', { forwarded: 'for=127.0.0.1' }],
    ['X-Real-IP', { 'x-real-ip': '127.0.0.1' }],
  ])('refuses a request forwarded by a proxy on this machine (%s), with or without trustProxy', async (_, headers) => {
    for (const instance of [app, proxied]) {
      const answer = await instance.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress: '127.0.0.1', headers });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('refuses a stranger who claims to be loopback through X-Forwarded-For to a server that trusts proxies', async () => {
    const answer = await proxied.inject({ method: 'GET', url: '/dev/outbox.json', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(answer.statusCode).toBe(404);
  });

  it('over a real socket: served to 127.0.0.1, refused with X-Forwarded-For', async () => {
    const direct = await fetch(`${server.url}/dev/outbox.json`);
    expect(direct.status).toBe(200);
    const forwarded = await fetch(`${server.url}/dev/outbox.json`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(forwarded.status).toBe(404);
  });

  it('reads loopback addresses as a socket reports them', () => {
    const loopback = ['127.0.0.1', '127.255.255.254', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3'];
    const others = ['', undefined, '128.0.0.1', '10.127.0.1', '::', '::2', '::ffff:10.0.0.1', 'fe80::1%eth0', '203.0.113.9', 'localhost'];
    expect(loopback.filter((a) => !isLoopback(a))).toEqual([]);
    expect(others.filter((a) => isLoopback(a))).toEqual([]);
  });
});
