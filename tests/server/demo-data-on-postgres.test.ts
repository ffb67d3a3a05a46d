import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OwnPostgres, startOwnPostgres } from '../../server/cluster/own-postgres.ts';
import { demoLogin } from '../../server/seed/seed.ts';
import { demoLoginAt, killLeftOverMains, printedPort, startMain, stopMain } from '../support/main-process.ts';

// README's "On several machines": server/main.ts on a new, empty PostgreSQL (DATABASE_URL). The demo's login is
// published, so such a database is given nothing unless DEMO_DATA asks for the demo. The PostgreSQL is a private one
// (own-postgres.ts: Debian's binaries, a data directory of this file's own, a free loopback port), so that plain
// `npm test` runs this with no PostgreSQL set up.

let scratch = '';
let postgres: OwnPostgres | undefined;

killLeftOverMains();

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'portal-demo-data-'));
  postgres = await startOwnPostgres(scratch, () => {});
  await query(postgres.url, 'create database without_demo');
  await query(postgres.url, 'create database with_demo');
}, 120_000);

afterAll(async () => {
  await postgres?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function query<Row>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The private PostgreSQL's URL for one of its databases. */
function databaseUrl(name: string): string {
  if (!postgres) throw new Error('no PostgreSQL');
  const url = new URL(postgres.url);
  url.pathname = `/${name}`;
  return url.toString();
}

const counts = (url: string) =>
  query<{ branches: number; coupons: number; clients: number }>(
    url,
    'select (select count(*)::int from branches) as branches, (select count(*)::int from coupons) as coupons, (select count(*)::int from clients) as clients',
  );

describe('server/main.ts on an empty PostgreSQL', () => {
  it('without DEMO_DATA: seeds nothing, prints no demo login, and the demo login is refused', { timeout: 120_000 }, async () => {
    const url = databaseUrl('without_demo');
    const dataDir = path.join(scratch, 'without-demo');
    const server = await startMain({ DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    try {
      const port = printedPort(server.stdout());
      const { hostname, port: pgPort } = new URL(url);
      expect(server.stdout().trimEnd().split('\n')).toEqual([
        `Connecting to PostgreSQL at ${hostname}:${pgPort}/without_demo…`,
        'Migrating…',
        `Client portal: http://localhost:${port}  (API http://localhost:${port}/api, PostgreSQL at ${hostname}:${pgPort}/without_demo)`,
        `Ready in ${server.readyMs} ms`,
      ]);
      expect(server.stdout()).not.toContain(demoLogin.password);
      expect(await counts(url)).toEqual([{ branches: 0, coupons: 0, clients: 0 }]);
      const login = await demoLoginAt(port);
      expect(login.status).toBe(401);
      expect(login.body).toMatchObject({ success: false });
    } finally {
      await stopMain(server.child);
    }
  });

  it('with DEMO_DATA=1: seeds the demo, prints its login, and the login works', { timeout: 120_000 }, async () => {
    const url = databaseUrl('with_demo');
    const server = await startMain({ DATABASE_URL: url, DATA_DIR: path.join(scratch, 'with-demo'), PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '1' });
    try {
      const port = printedPort(server.stdout());
      expect(server.stdout()).toContain('Migrating…\nSeeding the demo…\n');
      expect(server.stdout()).toContain(`Demo login:    ${demoLogin.email} / ${demoLogin.password}\n`);
      expect(await counts(url)).toEqual([{ branches: 1, coupons: 3, clients: 1 }]);
      const login = await demoLoginAt(port);
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ success: true, user: { email: demoLogin.email } });
    } finally {
      await stopMain(server.child);
    }
  });
});
