import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openOrder, sandbox } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

let server: TestServer;
let parent: Session;
const tempDirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  parent = await server.newClient(2);
});
afterAll(async () => {
  await server?.close();
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

interface Page {
  status: number;
  type: string;
  html: string;
}

async function getPage(url: string): Promise<Page> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', html: await response.text() };
}

/** The visible text of an HTML page: tags dropped, entities decoded, white space collapsed. */
function pageText(html: string): string {
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html;
  return body
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Each form of the page with its method, action and the label of its submit button. */
function forms(html: string): { method: string; action: string; button: string }[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attrs = '', inner = '']) => ({
    method: /method="([^"]*)"/.exec(attrs)?.[1] ?? '',
    action: /action="([^"]*)"/.exec(attrs)?.[1] ?? '',
    button: /<button\b[^>]*type="submit"[^>]*>([\s\S]*?)<\/button>/.exec(inner)?.[1]?.trim() ?? '',
  }));
}

const buttonLabels = (html: string) => [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => m[1]?.trim());

async function orderStatus(ref: string): Promise<string | undefined> {
  const [row] = await server.db.query<{ status: string }>('select status from orders where ref = $1', [ref]);
  return row?.status;
}

describe('payment sandbox', () => {
  it("shows an open order with its amount and the Pay, Fail, Cancel and 'Charge the card, notify later' buttons", async () => {
    const order = await openOrder(server, parent);
    const shown = await getPage(`${server.url}/sandbox/pay/${order.ref}`);
    expect(shown.status).toBe(200);
    expect(shown.type).toMatch(/^text\/html/);
    const text = pageText(shown.html);
    expect(text).toContain(`AED ${order.amount.toFixed(2)}`);
    expect(text).toContain(order.ref);
    // The fourth records the payment without notifying the portal, as a provider whose notification is late.
    expect(buttonLabels(shown.html)).toEqual(['Pay', 'Fail', 'Cancel', 'Charge the card, notify later']);
    expect(forms(shown.html)).toEqual([
      { method: 'post', action: `/sandbox/pay/${order.ref}/pay`, button: 'Pay' },
      { method: 'post', action: `/sandbox/pay/${order.ref}/fail`, button: 'Fail' },
      { method: 'post', action: `/sandbox/pay/${order.ref}/cancel`, button: 'Cancel' },
      { method: 'post', action: `/sandbox/pay/${order.ref}/pay-later`, button: 'Charge the card, notify later' },
    ]);
    expect(order.paymentLink).toMatch(new RegExp(`/sandbox/pay/${order.ref}$`));
  });

  it.each([
    ['pay', 'paid', (ref: string) => `/success?ref=${ref}`],
    ['fail', 'failed', () => '/failed'],
    ['cancel', 'cancelled', () => '/cancel'],
  ] as const)('%s: redirects (303) and stores the order as %s, after which the page is closed', async (outcome, status, target) => {
    const order = await openOrder(server, parent);
    expect(await orderStatus(order.ref)).toBe('created');

    expect(await sandbox(server, order.ref, outcome)).toEqual({ status: 303, location: target(order.ref) });
    expect(await orderStatus(order.ref)).toBe(status);

    const closed = await getPage(`${server.url}/sandbox/pay/${order.ref}`);
    expect(closed.status).toBe(200);
    const text = pageText(closed.html);
    expect(text).toContain('Payment closed');
    expect(text).toContain(`This payment of AED ${order.amount.toFixed(2)} is ${status}.`);
    expect(buttonLabels(closed.html)).toEqual([]);
  });

  it('lands on the same page when the same outcome is pressed twice, and refuses another outcome (409)', async () => {
    const order = await openOrder(server, parent);
    expect(await sandbox(server, order.ref, 'pay')).toEqual({ status: 303, location: `/success?ref=${order.ref}` });
    expect(await sandbox(server, order.ref, 'pay')).toEqual({ status: 303, location: `/success?ref=${order.ref}` });

    const response = await fetch(`${server.url}/sandbox/pay/${order.ref}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(409);
    expect(pageText(await response.text())).toContain('This payment cannot be changed any more.');
    expect(await orderStatus(order.ref)).toBe('paid');
  });

  it('marks the client package of the order purchased when it is paid', async () => {
    const [pkg] = await server.db.query<{ id: number }>(
      `insert into client_packages (client_id, package_form, total_classess, remaining_classess) values ($1, '{}', 6, 6) returning id`,
      [parent.clientid],
    );
    const clientPackageId = pkg?.id ?? 0;
    const order = await openOrder(server, parent, { clientPackageId });
    const purchased = async () =>
      (await server.db.query<{ purches_status: number }>('select purches_status from client_packages where id = $1', [clientPackageId]))[0]?.purches_status;
    expect(await purchased()).toBe(0);
    await sandbox(server, order.ref, 'pay');
    expect(await purchased()).toBe(1);
  });

  it('answers 404 pages for an unknown ref or outcome', async () => {
    const missing = await getPage(`${server.url}/sandbox/pay/no-such-order-ref`);
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/^text\/html/);
    expect(pageText(missing.html)).toContain('This payment link is not valid.');

    expect((await sandbox(server, 'no-such-order-ref', 'pay')).status).toBe(404);

    const order = await openOrder(server, parent);
    const response = await fetch(`${server.url}/sandbox/pay/${order.ref}/refund`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await orderStatus(order.ref)).toBe('created');
  });
});

describe('HTML escaping', () => {
  it('escapes mail from the database on /dev/outbox', async () => {
    const to = `escape-${Date.now()}@example.com`;
    await server.db.query('insert into outbox (to_address, subject, body) values ($1, $2, $3)', [
      to,
      '<script>alert("subject")</script>',
      'Body with <img src=x onerror="alert(1)"> & \'quotes\'',
    ]);
    const shown = await getPage(`${server.url}/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(shown.status).toBe(200);
    expect(shown.type).toMatch(/^text\/html/);
    expect(shown.html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(shown.html).toContain('Body with &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quotes&#39;');
    expect(shown.html).not.toContain('<script>');
    expect(shown.html).not.toContain('<img');
    expect(pageText(shown.html)).toContain('<script>alert("subject")</script>');
  });

  it('escapes an order ref from the database on the sandbox page', async () => {
    const ref = `<b>"x"</b>${Date.now()}`;
    await server.db.query(
      `insert into orders (ref, client_id, email, student_ids, appoint_ids, pkg_id, level, amount, classes) values ($1, $2, $3, '[]', '[]', 2, 5, 12.5, 6)`,
      [ref, parent.clientid, parent.email],
    );
    const shown = await getPage(`${server.url}/sandbox/pay/${encodeURIComponent(ref)}`);
    expect(shown.status).toBe(200);
    expect(shown.html).not.toContain('<b>');
    expect(shown.html).toContain('&lt;b&gt;&quot;x&quot;&lt;/b&gt;');
    expect(pageText(shown.html)).toContain('AED 12.50');
  });
});

describe('dev outbox and unknown routes on the test server', () => {
  it('answers /dev/outbox.json as a JSON array of mails', async () => {
    const response = await fetch(`${server.url}/dev/outbox.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const mails = (await response.json()) as unknown[];
    expect(Array.isArray(mails)).toBe(true);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(Object.keys(mail as object).sort()).toEqual(['attachments', 'body', 'created_at', 'id', 'subject', 'to']);
  });

  it('answers an unknown /api route with a 404 JSON error, also when a page is asked for', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await fetch(`${server.url}/api/nope`, { headers: { accept } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ success: false, message: 'No such route: GET /api/nope', error: 'No such route: GET /api/nope' });
    }
  });
});

describe('single-page app fallback (own app on the test database)', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  async function appWithSpa(spaDir: string): Promise<FastifyInstance> {
    // The test server's database is already migrated and seeded; this app only adds another spaDir.
    const app = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, spaDir, devOutbox: true, publicUrl: server.url });
    apps.push(app);
    return app;
  }

  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-spa-'));
    tempDirs.push(dir);
    return dir;
  }

  it('serves the placeholder page for app routes while the SPA is not built', async () => {
    const app = await appWithSpa(await tempDir());
    for (const url of ['/dashboard', '/login/anything']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(pageText(page.body)).toContain('npm run build');
    }

    const plain = await app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'application/json' } });
    expect(plain.statusCode).toBe(200);
    expect(pageText(plain.body)).toContain('npm run build');

    const api = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'No such route: GET /api/nope' });

    const post = await app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);

    const outbox = await app.inject({ method: 'GET', url: '/dev/outbox.json' });
    expect(outbox.statusCode).toBe(200);
    expect(Array.isArray(outbox.json())).toBe(true);
  });

  it('serves the built index.html for app routes and the built assets as files', async () => {
    const dir = await tempDir();
    const index = '<!doctype html><html><head><title>Built portal</title></head><body><div id="root"></div><script type="module" src="/assets/x.js"></script></body></html>';
    const script = 'console.log("portal bundle");\n';
    await writeFile(path.join(dir, 'index.html'), index);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'x.js'), script);
    const app = await appWithSpa(dir);

    for (const url of ['/dashboard', '/login/anything', '/success?ref=abc12345']) {
      const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toBe(index);
    }

    const asset = await app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.body).toBe(script);

    const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toMatchObject({ success: false, message: 'No such route: GET /assets/missing.js' });

    const api = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, message: 'No such route: GET /api/nope' });

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ ok: true });
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, the plain file otherwise; hashed assets are kept a year, the page is asked again", async () => {
    const dir = await tempDir();
    const index = `<!doctype html><html><head><title>Client portal</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
    const script = `export const lessons = [${Array.from({ length: 400 }, (_, i) => `"lesson ${i}"`).join(', ')}];\n`;
    await writeFile(path.join(dir, 'index.html'), index);
    await writeFile(path.join(dir, 'index.html.br'), brotliCompressSync(index));
    await writeFile(path.join(dir, 'index.html.gz'), gzipSync(index));
    await writeFile(path.join(dir, 'manifest.webmanifest'), '{"name":"Client portal"}');
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'entry-Ab12Cd34.js'), script);
    await writeFile(path.join(dir, 'assets', 'entry-Ab12Cd34.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dir, 'assets', 'entry-Ab12Cd34.js.gz'), gzipSync(script));
    const app = await appWithSpa(dir);
    const get = (url: string, acceptEncoding?: string) =>
      app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? { accept: '*/*' } : { accept: '*/*', 'accept-encoding': acceptEncoding } });

    const decoders: Record<string, (body: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync, none: (body) => body };
    const cases = [
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
      { acceptEncoding: 'gzip, deflate', encoding: 'gzip' },
      { acceptEncoding: 'identity', encoding: 'none' },
      { acceptEncoding: undefined, encoding: 'none' },
    ];
    for (const { acceptEncoding, encoding } of cases) {
      for (const [url, content, type] of [
        ['/assets/entry-Ab12Cd34.js', script, /javascript/],
        ['/dashboard', index, /^text\/html/],
      ] as const) {
        const answer = await get(url, acceptEncoding);
        const label = `${url} with Accept-Encoding: ${acceptEncoding ?? '(none)'}`;
        expect(answer.statusCode, label).toBe(200);
        expect(answer.headers['content-encoding'] ?? 'none', label).toBe(encoding);
        expect(answer.headers['content-type'], label).toMatch(type);
        expect(answer.headers.vary, label).toMatch(/accept-encoding/i);
        expect(decoders[encoding]?.(answer.rawPayload).toString(), label).toBe(content);
        if (encoding !== 'none') expect(answer.rawPayload.length, label).toBeLessThan(Buffer.byteLength(content));
      }
    }

    expect((await get('/assets/entry-Ab12Cd34.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/entry-Ab12Cd34.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/dashboard', '/', '/index.html', '/manifest.webmanifest']) {
      const answer = await get(url, 'br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the app to a plain request over HTTP (as curl or a health check sends it), and no HTML for a missing file', async () => {
    const dir = await tempDir();
    const index = '<!doctype html><html><head><title>Client portal</title></head><body><div id="root"></div></body></html>';
    await writeFile(path.join(dir, 'index.html'), index);
    const app = await appWithSpa(dir);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    // curl's own Accept.
    for (const page of ['/', '/login', '/dashboard?x=1', '/changepassword/abc_DEF-123']) {
      const response = await fetch(`${url}${page}`, { headers: { accept: '*/*' } });
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type'), page).toBe('text/html; charset=utf-8');
      expect(await response.text(), page).toBe(index);
    }
    // No Accept at all (fetch would add one; an injected request has none unless given).
    const bare = await app.inject({ method: 'GET', url: '/login' });
    expect(bare.statusCode).toBe(200);
    expect(bare.body).toBe(index);

    const head = await fetch(`${url}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');

    for (const notAPage of ['/api/nope', '/api', '/sandbox/nope', '/dev/nope', '/assets/nope.js', '/favicon.png', '/nested/path/style.css?v=1']) {
      const response = await fetch(`${url}${notAPage}`, { headers: { accept: '*/*' } });
      expect(response.status, notAPage).toBe(404);
      expect(response.headers.get('content-type'), notAPage).toMatch(/^application\/json/);
      expect(await response.json(), notAPage).toMatchObject({ success: false, message: `No such route: GET ${notAPage.split('?')[0]}` });
    }
    const post = await fetch(`${url}/login`, { method: 'POST', headers: { accept: '*/*' } });
    expect(post.status).toBe(404);
  });
});
