import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

// The favicon, the touch icon and the web app manifest as the server serves them from a build: index.html and
// public/ as Vite puts them into dist/ (public/ is copied to the root as it is).
const root = path.resolve(import.meta.dirname, '../..');
let server: TestServer;
let app: FastifyInstance;
let spaDir: string;
let indexHtml: string;

beforeAll(async () => {
  server = await startTestServer();
  spaDir = await mkdtemp(path.join(tmpdir(), 'portal-icons-'));
  await cp(path.join(root, 'public'), spaDir, { recursive: true });
  indexHtml = await readFile(path.join(root, 'index.html'), 'utf8');
  await cp(path.join(root, 'index.html'), path.join(spaDir, 'index.html'));
  app = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, spaDir, publicUrl: server.url });
});
afterAll(async () => {
  await app?.close();
  await server?.close();
  if (spaDir) await rm(spaDir, { recursive: true, force: true });
});

/** The href of index.html's <link rel="…">. */
const linked = (rel: string) => new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`).exec(indexHtml)?.[1];

/** A colour token of src/styles/tokens.css, e.g. --color-brand. */
async function token(name: string): Promise<string | undefined> {
  const css = await readFile(path.join(root, 'src/styles/tokens.css'), 'utf8');
  return new RegExp(`${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(css)?.[1];
}

/** Width and height from a PNG's header chunk (IHDR: bytes 16–23). */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

describe('the app icon and the web app manifest', () => {
  it('index.html links an SVG favicon, a touch icon, the manifest and the theme colour, and the server serves each with its type', async () => {
    expect(indexHtml).toMatch(/<link rel="icon" type="image\/svg\+xml" href="\/favicon.svg"/);
    const files = { '/favicon.svg': 'image/svg+xml', '/apple-touch-icon.png': 'image/png', '/manifest.webmanifest': 'application/manifest+json' };
    expect([linked('icon'), linked('apple-touch-icon'), linked('manifest')]).toEqual(Object.keys(files));
    for (const [url, type] of Object.entries(files)) {
      const answer = await app.inject({ method: 'GET', url });
      expect({ url, status: answer.statusCode, type: answer.headers['content-type'] }).toEqual({ url, status: 200, type: expect.stringMatching(new RegExp(`^${type.replace('+', '\\+')}`)) });
    }
    expect(/<svg[^>]*viewBox="0 0 64 64"/.test((await app.inject({ method: 'GET', url: '/favicon.svg' })).body)).toBe(true);
    expect(pngSize((await app.inject({ method: 'GET', url: '/apple-touch-icon.png' })).rawPayload)).toBe('180x180');
    expect(/<meta name="theme-color" content="([^"]+)"/.exec(indexHtml)?.[1]).toBe(await token('--color-brand'));
  });

  it('the manifest names the app, starts at / standalone in the app colours, and every icon it lists is served at its size', async () => {
    const answer = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    const manifest = JSON.parse(answer.body) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Client portal',
      short_name: 'Portal',
      start_url: '/',
      display: 'standalone',
      theme_color: await token('--color-brand'),
      background_color: await token('--color-background'),
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await app.inject({ method: 'GET', url: icon.src });
      expect({ src: icon.src, status: file.statusCode, type: file.headers['content-type'] }).toEqual({ src: icon.src, status: 200, type: icon.type });
      if (icon.type === 'image/png') expect({ src: icon.src, size: pngSize(file.rawPayload) }).toEqual({ src: icon.src, size: icon.sizes });
    }
  });

  it("the app page's Content-Security-Policy lets the browser load the manifest from this origin", async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const policy = String(page.headers['content-security-policy']);
    const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]));
    // manifest-src falls back to default-src.
    expect(directives.get('manifest-src') ?? directives.get('default-src')).toContain("'self'");
  });
});
