import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { demoLogin } from '../../server/seed/seed.ts';

// server/main.ts, the real entry point, as a child process: what `npm start` and `npm run serve` run.

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Settings of the shell the tests run in that would change what the server does: only a test's own count. */
const settings = ['DATABASE_URL', 'JWT_SECRET', 'PUBLIC_URL', 'STAFF_EMAIL', 'PORT', 'HOST', 'DATA_DIR', 'DEMO_DATA', 'DEV_OUTBOX', 'SPA_DIR', 'TRUST_PROXY', 'ORDER_HOLD_SECONDS', 'PAYMENT_WEBHOOK_SECRET'];

export interface RunningMain {
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

/**
 * `node --import tsx server/main.ts` (what `npm start` runs, without npx's own start) in its own process group;
 * resolves on the "Ready in N ms" line.
 */
export function startMain(env: Record<string, string>): Promise<RunningMain> {
  const clean = { ...process.env };
  for (const key of settings) delete clean[key];
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
export async function stopMain(child: ChildProcess): Promise<void> {
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

/**
 * Kills, after the file that calls it, whatever servers its tests left running. Called by each file, not registered on
 * import: with `isolate: false` a worker imports this module once, and a hook registered then would serve one file.
 */
export function killLeftOverMains(): void {
  afterAll(() => {
    for (const child of running) {
      if (child.pid !== undefined && groupAlive(child)) process.kill(-child.pid, 'SIGKILL');
    }
    running.clear();
  });
}

/** The port of the "Client portal: http://localhost:<port>" line (PORT=0: the one the server was given). */
export function printedPort(stdout: string): number {
  const port = /^Client portal: http:\/\/localhost:(\d+) /m.exec(stdout)?.[1];
  if (port === undefined) throw new Error(`no Client portal line:\n${stdout}`);
  return Number(port);
}

/** POST /api/login with the published demo login. */
export async function demoLoginAt(port: number) {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoLogin),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; token: string; user: { clientid: number; email: string } } };
}
