import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium.ts';

/**
 * The cluster e2e (`npx playwright test -c playwright.cluster.config.ts`, after `npm run build:e2e`): the booking journey,
 * the reminder check and the forwarding headers through `npm run start:cluster`, two instances behind HAProxy on the
 * cluster's own PostgreSQL, made afresh in a new DATA_DIR, as on a machine where nothing is set up: no DATABASE_URL, no
 * running PostgreSQL, no postgres password. Needs Debian's haproxy and postgresql packages (the binaries only).
 */
const port = Number(process.env.E2E_CLUSTER_PORT ?? 4310);
// localhost, as PUBLIC_URL says: the payment page returns there, and the session lives in that origin's storage.
const baseURL = `http://localhost:${port}`;
// Made once, by the runner, which loads this file first; its workers load it again and inherit the variable. The
// runner removes it when it exits, after the cluster has stopped. A DATA_DIR named from outside is kept.
function freshDataDir(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'portal-e2e-cluster-'));
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
  return made;
}
const dataDir = (process.env.CLUSTER_E2E_DATA_DIR ||= freshDataDir());

export default defineConfig({
  testDir: 'tests/e2e-cluster',
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.ci-results/e2e-cluster.json' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 390, height: 844 } } }],
  webServer: {
    command: 'node_modules/.bin/tsx server/cluster/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      CLUSTER_SIZE: '2',
      // Empty is unset: the cluster's own PostgreSQL, even when the calling shell has a DATABASE_URL.
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SPA_DIR: 'dist-e2e',
      // Every lesson of the next ~100 days is due for its reminder, and each instance scans every second: both
      // instances race for every reminder while the test watches.
      REMINDER_LEAD_HOURS: '2400',
      REMINDER_SCAN_SECONDS: '1',
      // The development pages are there, so that the forwarded-headers spec shows the balancer's requests never get them.
      DEV_OUTBOX: '1',
    },
  },
});
