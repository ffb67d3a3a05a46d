import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, test as base } from '@playwright/test';
import { type SeededOn, seededToday } from '../support/seeded-on.ts';
import { type BrowserState, demoSignedIn } from './support.ts';

export { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');

/** The app the servers serve: `npm run build:e2e`, the production build with short payment waits (.env.e2e). */
export const appDir = path.join(root, 'dist-e2e');

/** How long an order holds its hours on the short-hold server (ORDER_HOLD_SECONDS). */
export const shortHoldSeconds = 6;

/**
 * The reference servers a worker's tests run against. 'main': the settings of `npm start`. 'shortHold': orders
 * hold their hours for seconds only, for the hold's expiry, and reminders reach every lesson of the next ~3
 * months within a second, so a booking's reminders can be read while the test runs.
 */
export type ServerKind = 'main' | 'shortHold';

const settingsOf: Record<ServerKind, Record<string, string>> = {
  main: {},
  shortHold: { ORDER_HOLD_SECONDS: String(shortHoldSeconds), REMINDER_LEAD_HOURS: '2400', REMINDER_SCAN_SECONDS: '1' },
};

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Ports from E2E_PORT (4173) up, two per worker slot: no two running workers take the same. */
const basePort = Number(process.env.E2E_PORT ?? 4173);
const portOf = (kind: ServerKind, slot: number) => basePort + 2 * slot + (kind === 'main' ? 0 : 1);

/**
 * `tsx server/main.ts` on a copy of the run's seeded data directory (tests/e2e/global-setup.ts) when it was seeded
 * on the branch's day of today, ready when its health check answers.
 */
async function startServer(kind: ServerKind, slot: number): Promise<RunningServer> {
  const port = portOf(kind, slot);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-e2e-${kind}-`));
  const seeded = process.env.E2E_SEEDED_DATA_DIR;
  const seededOn = JSON.parse(process.env.E2E_SEEDED_ON ?? 'null') as SeededOn | null;
  // On an empty data directory the server seeds its own, for the branch's day of today.
  if (seeded && seededOn && seededToday(seededOn)) cpSync(seeded, dataDir, { recursive: true });
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, SPA_DIR: appDir, DEV_OUTBOX: '1', LOG_LEVEL: 'warn', ...settingsOf[kind] };
  // Node with tsx's loader, one process (the tsx command is a second one, which a kill of the first would orphan).
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  // However the worker ends (a failed start, a timeout), its servers end with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(`[${kind} server] ${chunk.toString()}`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    process.off('exit', killOnExit);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop('SIGKILL');
      throw new Error(`the ${kind} server stopped while starting: ${errors}`);
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`the ${kind} server did not answer ${url}/api/health within 60 s: ${errors}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => stop('SIGTERM') };
}

/** The demo client's signed-in browser state per server, logged in once per worker (see `signedIn`). */
const signedInStates = new Map<string, Promise<BrowserState>>();

/** The demo client's signed-in state on the server at `baseURL`, from the worker's one login there. */
export function demoState(browser: Browser, baseURL: string): Promise<BrowserState> {
  let state = signedInStates.get(baseURL);
  if (!state) signedInStates.set(baseURL, (state = demoSignedIn(browser, baseURL)));
  return state;
}

/**
 * Every e2e test file imports `test` from here: each worker has both servers of its own (their data never meets
 * another worker's), and a file picks one with `test.use({ server: 'shortHold' })`; `baseURL` is its address.
 */
export const test = base.extend<{ server: ServerKind; signedIn: boolean }, { servers: Record<ServerKind, RunningServer> }>({
  // Started with the worker, not inside a test's own 30 s: a first start on a busy machine takes several seconds.
  servers: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const slot = workerInfo.parallelIndex;
      const started = await Promise.allSettled([startServer('main', slot), startServer('shortHold', slot)]);
      const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) {
        await Promise.all(running.map((server) => server.stop()));
        throw failed.reason;
      }
      const [main, shortHold] = running as [RunningServer, RunningServer];
      await use({ main, shortHold });
      await Promise.all([main.stop(), shortHold.stop()]);
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: ['main', { option: true }],
  baseURL: async ({ servers, server }, use) => {
    await use(servers[server].url);
  },
  /**
   * `test.use({ signedIn: true })`: every context opens signed in as the demo client, from one login through the
   * login page per worker, for files about what comes after the login (the login itself is session.spec.ts's).
   * Safe to share: no test ends the demo client's sessions (only a password change does, and none changes its).
   */
  signedIn: [false, { option: true }],
  storageState: async ({ signedIn, storageState, browser, baseURL }, use) => {
    if (!signedIn || !baseURL) {
      await use(storageState);
      return;
    }
    await use(await demoState(browser, baseURL));
  },
});
