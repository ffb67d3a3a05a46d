import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTokenService, type TokenService } from '../../server/auth/tokens.ts';
import { type Database, openPglite, openPostgres } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { demoLogin, seedIfEmpty } from '../../server/seed/seed.ts';
import { freePort } from '../../server/cluster/free-port.ts';
import { seededToday } from './seeded-on.ts';

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  token?: string | undefined;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

export interface Session {
  token: string;
  clientid: number;
  email: string;
  studentIds: number[];
  /** The device cookie the login answered (`name=value`), to send as the browser that signed in would. */
  device: string;
}

export interface TestServer {
  url: string;
  db: Database;
  tokens: TokenService;
  /** A JSON request to `/api{path}`. */
  api<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  login(email?: string, password?: string): Promise<Session>;
  /** Opens another client with `students` students, straight in the database, and logs in as it. */
  newClient(students?: number): Promise<Session>;
  /**
   * Another instance of the server on the same database, the way the server scales: on PostgreSQL
   * with a connection pool of its own. Closed with this server.
   */
  secondInstance(): Promise<{ url: string; api: TestServer['api'] }>;
  close(): Promise<void>;
}

export const testSecret = 'test-secret-that-is-long-enough-for-hs256-signing';
/** The key the sandbox signs payment notifications with, and tests that play the provider. */
export const testWebhookSecret = 'test-webhook-secret-shared-with-the-payment-sandbox';

export interface TestServerOptions {
  /** ORDER_HOLD_SECONDS: how long an order holds its hours. */
  orderHoldSeconds?: number;
}

/**
 * A real server on an ephemeral port, seeded like `npm start`: in-memory PGlite, or a database of
 * its own on the PostgreSQL server at TEST_DATABASE_URL. One per test file, each a copy of the run's seeded database.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { db, drop, reopen } = await openTestDatabase({ seeded: true });
  await migrate(db);
  await seedIfEmpty(db);
  const tokens = createTokenService(testSecret);
  // Links in mails and payment links use the configured origin, so the port is chosen before the app is built.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const settings = { paymentWebhookSecret: testWebhookSecret, ...(options.orderHoldSeconds ? { orderHoldSeconds: options.orderHoldSeconds } : {}) };
  const app = await buildApp({ db, tokens, devOutbox: true, publicUrl: url, ...settings });
  await app.listen({ port, host: '127.0.0.1' });

  const api = (method: string, path: string, options: RequestOptions = {}) => requestAt(url, method, path, options);
  const closing: (() => Promise<void>)[] = [];

  const secondInstance = async () => {
    const ownDb = await reopen();
    const ownPort = await freePort();
    const ownUrl = `http://127.0.0.1:${ownPort}`;
    const other = await buildApp({ db: ownDb, tokens, devOutbox: true, publicUrl: ownUrl, ...settings });
    await other.listen({ port: ownPort, host: '127.0.0.1' });
    closing.push(async () => {
      await other.close();
      if (ownDb !== db) await ownDb.close();
    });
    return { url: ownUrl, api: (method: string, path: string, options: RequestOptions = {}) => requestAt(ownUrl, method, path, options) };
  };

  const login = async (email: string = demoLogin.email, password: string = demoLogin.password): Promise<Session> => {
    const answer = await api('POST', '/login', { body: { email, password } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const user = answer.body.user;
    const device = answer.headers.get('set-cookie')?.split(';')[0] ?? '';
    return { token: answer.body.token, clientid: user.clientid, email: user.email, studentIds: user.studentdetails.map((s: { id: number }) => s.id), device };
  };

  let clients = 0;
  const newClient = async (students = 2): Promise<Session> => {
    clients += 1;
    const email = `client${clients}-${randomBytes(3).toString('hex')}@example.com`;
    const [demo] = await db.query<{ password_hash: string }>('select password_hash from clients where email = $1', [demoLogin.email]);
    const [row] = await db.query<{ id: number }>(
      `insert into clients (branch_id, firstname, lastname, email, password_hash) values (1, 'Test', $1, $2, $3) returning id`,
      [`Client${clients}`, email, demo?.password_hash],
    );
    for (let i = 1; i <= students; i++) {
      await db.query(`insert into students (client_id, first_name, last_name) values ($1, $2, $3)`, [row?.id, `Kid${i}`, `Client${clients}`]);
    }
    return login(email, demoLogin.password);
  };

  return {
    url,
    db,
    tokens,
    api,
    login,
    newClient,
    secondInstance,
    async close() {
      for (const close of closing) await close();
      await app.close();
      await db.close();
      await drop();
    },
  };
}

/** A JSON request to `{base}/api{path}`. */
async function requestAt<T = any>(base: string, method: string, path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.size > 0 ? `?${query}` : '';
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${base}/api${path}${qs}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/**
 * A database of the test's own: in-memory PGlite, or a new database on the PostgreSQL server at TEST_DATABASE_URL.
 * Empty, or with `seeded` a copy of the run's migrated and seeded one (tests/support/seeded-database.ts) when the
 * run made one on the branch's day of today; an empty PGlite is a copy of the run's empty one, when it made one.
 */
export async function openTestDatabase(options: { seeded?: boolean } = {}): Promise<{ db: Database; drop: () => Promise<void>; reopen: () => Promise<Database> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const run = options.seeded ? inject('seededDatabase') : undefined;
  // Seeded before the branch's midnight and opened after it: an empty database, which startTestServer seeds for today.
  const seeded = run && seededToday(run) ? run : undefined;
  if (!adminUrl) {
    const empty = seeded ? undefined : inject('emptyDatabase');
    const loadDataDir = seeded?.kind === 'pglite' ? await tarballOf(seeded.file) : empty ? await tarballOf(empty) : undefined;
    // PGlite lives in this process: a second instance shares it, as it would share a file.
    const db = await openPglite(undefined, loadDataDir ? { loadDataDir } : {});
    return { db, drop: async () => {}, reopen: async () => db };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(seeded?.kind === 'postgres' ? `create database ${name} template ${seeded.template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    db: await openPostgres(url.toString()),
    reopen: () => openPostgres(url.toString()),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        // The pool's connections may still be closing: wait for them rather than kill them, since a
        // killed connection's error reaches a client that is no longer listening.
        for (let attempt = 1; ; attempt++) {
          try {
            await cleanup.query(`drop database if exists ${name}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await cleanup.end();
      }
    },
  };
}

const tarballs = new Map<string, Promise<Blob>>();
/** Read once per test process: every server a file starts loads the same bytes. */
function tarballOf(file: string): Promise<Blob> {
  let bytes = tarballs.get(file);
  if (!bytes) tarballs.set(file, (bytes = readFile(file).then((read) => new Blob([read]))));
  return bytes;
}

/** Row counts of every table but the rate-limit log: equal before and after means nothing was written. */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const tables = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_events' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${table_name}`);
    counts[table_name] = row?.n ?? 0;
  }
  return counts;
}

/**
 * Row counts and a digest of every row of every table but the rate-limit log: equal means nothing was written,
 * updated or deleted. One round trip, so that a table of many cases can afford it before and after each: every
 * table's count and digest come back as a one-row XML document of query_to_xml, which runs the query it is given.
 */
export async function storedState(db: Database): Promise<StoredState> {
  // No transaction has been given an id since the last digest: nothing was written, so it is still the answer
  // (a row is written only by a transaction with an id; xmax is the first id not yet finished). Reading the digest
  // of every row after each of bad-input.test.ts's 1,400 requests was half of that file's time.
  const [{ xmax = '' } = {}] = await db.query<{ xmax: string }>(`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`);
  const last = lastStates.get(db);
  if (last && last.xmax === xmax) return structuredClone(last.state);
  const state = await digestOf(db);
  lastStates.set(db, { xmax, state: structuredClone(state) });
  return state;
}

type StoredState = { counts: Record<string, number>; digest: Record<string, string> };
const lastStates = new WeakMap<Database, { xmax: string; state: StoredState }>();

async function digestOf(db: Database): Promise<StoredState> {
  const rows = await db.query<{ t: string; x: string }>(
    `select c.relname::text as t,
            query_to_xml(format('select count(*) as n, coalesce(md5(string_agg(x::text, ''|'' order by x::text)), '''') as h from %I.%I x',
                                n.nspname, c.relname), false, true, '')::text as x
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'rate_events'
      order by c.relname`,
  );
  const counts: Record<string, number> = {};
  const digest: Record<string, string> = {};
  for (const { t, x } of rows) {
    counts[t] = Number(/<n>(\d+)<\/n>/.exec(x)?.[1] ?? 0);
    digest[t] = /<h>([0-9a-f]*)<\/h>/.exec(x)?.[1] ?? '';
  }
  return { counts, digest };
}
