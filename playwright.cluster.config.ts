import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium.ts';

/**
 * The cluster e2e (`npx playwright test -c playwright.cluster.config.ts`, after `npm run build:e2e`): the booking journey
 * and the reminder check through `npm run start:cluster`, two instances on a fresh PostgreSQL database behind HAProxy.
 * Needs Debian's haproxy and a running PostgreSQL (CLUSTER_E2E_ADMIN_URL, the local one by default).
 */
const port = Number(process.env.E2E_CLUSTER_PORT ?? 4310);
// localhost, as PUBLIC_URL says: the payment page returns there, and the session lives in that origin's storage.
const baseURL = `http://localhost:${port}`;
const admin = new URL(process.env.CLUSTER_E2E_ADMIN_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres');
// A run of its own per CLUSTER_E2E_DATABASE, so that two runs on one machine never share a database.
admin.pathname = `/${process.env.CLUSTER_E2E_DATABASE ?? 'portal_e2e_cluster'}`;
const databaseUrl = admin.toString();
process.env.CLUSTER_E2E_DATABASE_URL = databaseUrl;

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
    command: 'node_modules/.bin/tsx tests/e2e-cluster/fresh-database.ts && node_modules/.bin/tsx server/cluster/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      CLUSTER_SIZE: '2',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-e2e-cluster-')),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      SPA_DIR: 'dist-e2e',
      // Every lesson of the next ~100 days is due for its reminder, and each instance scans every second: both
      // instances race for every reminder while the test watches.
      REMINDER_LEAD_HOURS: '2400',
      REMINDER_SCAN_SECONDS: '1',
    },
  },
});
