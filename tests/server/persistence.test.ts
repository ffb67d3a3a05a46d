import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../../server/cluster/free-port.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadJwtSecret } from '../../server/auth/tokens.ts';
import { openPglite } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { demoLogin, extendAvailability, seedIfEmpty } from '../../server/seed/seed.ts';

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


interface Running {
  child: ChildProcess;
  stdout: () => string;
  readyMs: number;
}

const running = new Set<ChildProcess>();

/** Whether any process of the child's process group is still alive. */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `node --import tsx server/main.ts` (what `npm start` runs, without npx's own start) in its own process group; resolves on the "Ready in N ms" line. */
function startMain(env: Record<string, string>): Promise<Running> {
  const clean = { ...process.env };
  for (const key of ['DATABASE_URL', 'JWT_SECRET', 'PUBLIC_URL', 'STAFF_EMAIL', 'PORT', 'HOST', 'DATA_DIR']) delete clean[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...clean, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "Ready in" line within 60 s; stdout:\n${out}\nstderr:\n${err}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /Ready in (\d+) ms/.exec(out);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve({ child, stdout: () => out, readyMs: Number(ready[1]) });
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited before it was ready (${code ?? signal}); stdout:\n${out}\nstderr:\n${err}`));
    });
  });
}

/** SIGTERM to the whole process group, then waits until every process of it has ended. */
async function stopMain(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 30_000;
  while (groupAlive(child)) {
    if (Date.now() > deadline) throw new Error(`server process group ${child.pid} still running 30 s after SIGTERM`);
    await new Promise((r) => setTimeout(r, 100));
  }
  running.delete(child);
}

afterAll(async () => {
  for (const child of running) {
    if (child.pid !== undefined && groupAlive(child)) process.kill(-child.pid, 'SIGKILL');
  }
});

async function login(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoLogin),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; token: string; user: { clientid: number; email: string } } };
}

describe('server/main.ts as a child process', () => {
  it('seeds an empty DATA_DIR once and keeps its data and secret across a restart', { timeout: 180_000 }, async () => {
    const dataDir = await tempDir('portal-main-');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };

    const first = await startMain(env);
    expect(first.stdout()).toContain(`Demo login:    ${demoLogin.email} / ${demoLogin.password}`);
    expect(first.stdout()).toMatch(/embedded PGlite in .*pglite, seeded\)/);
    const firstLogin = await login(port);
    expect(firstLogin.status).toBe(200);
    expect(firstLogin.body).toMatchObject({ success: true, user: { email: demoLogin.email } });
    const secret = (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await stopMain(first.child);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    const second = await startMain(env);
    expect(second.stdout()).toContain(`Demo login:    ${demoLogin.email} / ${demoLogin.password}`);
    expect(second.stdout()).not.toMatch(/seeded/);
    const secondLogin = await login(port);
    expect(secondLogin.status).toBe(200);
    expect(secondLogin.body.user.clientid).toBe(firstLogin.body.user.clientid);
    // The secret is kept in DATA_DIR, so a session from before the restart is still valid.
    expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(secret);
    const client = await fetch(`http://127.0.0.1:${port}/api/clientsdata/${firstLogin.body.user.clientid}`, {
      headers: { authorization: `Bearer ${firstLogin.body.token}` },
    });
    expect(client.status).toBe(200);
    await stopMain(second.child);

    // Measurements for the report, not assertions.
    console.log(`server/main.ts startup: first (empty DATA_DIR, seeding) Ready in ${first.readyMs} ms; second (same DATA_DIR) Ready in ${second.readyMs} ms`);
  });
});
