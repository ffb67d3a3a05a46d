import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadJwtSecret } from '../../server/auth/tokens.ts';
import { openPglite } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { demoLogin, extendAvailability, seedIfEmpty } from '../../server/seed/seed.ts';
import { demoLoginAt, killLeftOverMains, printedPort, startMain, stopMain } from '../support/main-process.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** Every migration the server ships, in the order they run. */
const shippedMigrations = async () => (await readdir(path.join(repoRoot, 'server/migrations'))).filter((name) => name.endsWith('.sql')).sort();
const tempDirs: string[] = [];
const dayMs = 24 * 60 * 60 * 1000;

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

describe('file-backed PGlite', () => {
  it('keeps schema, seed and data across a close and reopen', async () => {
    const dir = path.join(await tempDir('portal-pglite-'), 'pglite');
    const now = new Date();

    const first = await openPglite(dir);
    try {
      expect(await migrate(first)).toEqual(await shippedMigrations());
      expect(await seedIfEmpty(first, now)).toBe(true);
      await first.query(`insert into outbox (to_address, subject, body) values ('kept@example.com', 'Kept across restarts', 'still here')`);
    } finally {
      await first.close();
    }

    const second = await openPglite(dir);
    try {
      expect(await migrate(second)).toEqual([]);
      expect(await second.query('select name from schema_migrations order by name')).toEqual((await shippedMigrations()).map((name) => ({ name })));
      expect(await seedIfEmpty(second, now)).toBe(false);
      expect(await second.query('select firstname, lastname from clients where email = $1', [demoLogin.email])).toEqual([
        { firstname: 'Sarah', lastname: 'Ahmed' },
      ]);
      expect(await second.query<{ n: number }>('select count(*)::int as n from clients')).toEqual([{ n: 1 }]);
      expect(await second.query('select subject, body from outbox where to_address = $1', ['kept@example.com'])).toEqual([
        { subject: 'Kept across restarts', body: 'still here' },
      ]);

      // The seed laid out the horizon from `now`: laying it out again adds nothing.
      expect(await extendAvailability(second, now)).toBe(0);
      // A week later the horizon moves on: the first call adds the new days, a second call nothing.
      const later = new Date(now.getTime() + 7 * dayMs);
      const [before] = await second.query<{ n: number }>('select count(*)::int as n from availability');
      const added = await extendAvailability(second, later);
      expect(added).toBeGreaterThan(0);
      const [after] = await second.query<{ n: number }>('select count(*)::int as n from availability');
      expect(after?.n).toBe((before?.n ?? 0) + added);
      expect(await extendAvailability(second, later)).toBe(0);
      const [again] = await second.query<{ n: number }>('select count(*)::int as n from availability');
      expect(again?.n).toBe(after?.n);
    } finally {
      await second.close();
    }
  });
});

describe('loadJwtSecret', () => {
  it('generates a secret once, keeps it in dir/jwt-secret and answers it again', async () => {
    const dir = await tempDir('portal-secret-');
    const secret = await loadJwtSecret(undefined, dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(secret);
    expect(await loadJwtSecret(undefined, dir)).toBe(secret);
    expect(await loadJwtSecret('', dir)).toBe(secret);
  });

  it('creates a missing data directory for the secret', async () => {
    const dir = path.join(await tempDir('portal-secret-'), 'nested', 'data');
    const secret = await loadJwtSecret(undefined, dir);
    expect((await readFile(path.join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(secret);
  });

  it('replaces a kept secret that is too short to sign with', async () => {
    const dir = await tempDir('portal-secret-');
    await writeFile(path.join(dir, 'jwt-secret'), 'short');
    const secret = await loadJwtSecret(undefined, dir);
    expect(secret).not.toBe('short');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(await readFile(path.join(dir, 'jwt-secret'), 'utf8')).toBe(secret);
  });

  it('answers a configured secret and writes nothing', async () => {
    const dir = await tempDir('portal-secret-');
    expect(await loadJwtSecret('configured-secret-of-enough-length-123456', dir)).toBe('configured-secret-of-enough-length-123456');
    await expect(readFile(path.join(dir, 'jwt-secret'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

// ---- The real entry point as a child process ----

killLeftOverMains();

describe('server/main.ts as a child process', () => {
  it('says what it does while it makes the database, seeds an empty DATA_DIR once, and keeps its data and secret across a restart', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir('portal-main-');
    const pglite = path.join(dataDir, 'pglite');
    // PORT=0: a port the system picks; the line says the one bound, and so do the links (PUBLIC_URL's default).
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };

    const first = await startMain(env);
    const port = printedPort(first.stdout());
    expect(port).toBeGreaterThan(0);
    expect(first.stdout().trimEnd().split('\n')).toEqual([
      `Creating the embedded database in ${pglite}…`,
      'Migrating…',
      'Seeding the demo…',
      `Client portal: http://localhost:${port}  (API http://localhost:${port}/api, embedded PGlite in ${pglite})`,
      `Demo login:    ${demoLogin.email} / ${demoLogin.password}`,
      `Mail outbox:   http://localhost:${port}/dev/outbox`,
      `Ready in ${first.readyMs} ms`,
    ]);
    const firstLogin = await demoLoginAt(port);
    expect(firstLogin.status).toBe(200);
    expect(firstLogin.body).toMatchObject({ success: true, user: { email: demoLogin.email } });
    const secret = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await stopMain(first.child);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    const second = await startMain(env);
    const secondPort = printedPort(second.stdout());
    // Nothing to make, migrate or seed: the database is opened, and the demo is there.
    expect(second.stdout().trimEnd().split('\n')).toEqual([
      `Opening the embedded database in ${pglite}…`,
      `Client portal: http://localhost:${secondPort}  (API http://localhost:${secondPort}/api, embedded PGlite in ${pglite})`,
      `Demo login:    ${demoLogin.email} / ${demoLogin.password}`,
      `Mail outbox:   http://localhost:${secondPort}/dev/outbox`,
      `Ready in ${second.readyMs} ms`,
    ]);
    const secondLogin = await demoLoginAt(secondPort);
    expect(secondLogin.status).toBe(200);
    expect(secondLogin.body.user.clientid).toBe(firstLogin.body.user.clientid);
    // The secret is kept in DATA_DIR, so a session from before the restart is still valid.
    expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(secret);
    const client = await fetch(`http://127.0.0.1:${secondPort}/api/clientsdata/${firstLogin.body.user.clientid}`, {
      headers: { authorization: `Bearer ${firstLogin.body.token}` },
    });
    expect(client.status).toBe(200);
    await stopMain(second.child);

    // Measurements for the report, not assertions.
    console.log(`server/main.ts startup: first (empty DATA_DIR, seeding) Ready in ${first.readyMs} ms; second (same DATA_DIR) Ready in ${second.readyMs} ms`);
  });
});
