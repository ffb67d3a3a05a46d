import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests: the built app (`npm run build` first) served by the reference server on a fresh
 * embedded database, driven in Debian's Chromium (no browser download works here).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
// A second server whose orders hold their hours for seconds only (ORDER_HOLD_SECONDS), for the hold's expiry,
// and whose reminders reach every lesson of the next ~3 months within a second (REMINDER_LEAD_HOURS,
// REMINDER_SCAN_SECONDS), so a booking's reminders can be read while the test runs.
const shortHoldPort = port + 1;
const shortHoldURL = `http://127.0.0.1:${shortHoldPort}`;
const shortHoldSeconds = 6;
// The test files (in worker processes started after this) read where it is and how short its holds are.
process.env.E2E_SHORT_HOLD_URL = shortHoldURL;
process.env.E2E_SHORT_HOLD_SECONDS = String(shortHoldSeconds);

export default defineConfig({
  testDir: 'tests/e2e',
  // The tests share one server and its demo client; one worker keeps their logins apart.
  workers: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.ci-results/e2e.json' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 390, height: 844 } } }],
  webServer: [
    {
      command: 'node_modules/.bin/tsx server/main.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: baseURL, DEV_OUTBOX: '1', LOG_LEVEL: 'warn' },
    },
    {
      command: 'node_modules/.bin/tsx server/main.ts',
      url: `${shortHoldURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(shortHoldPort),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-e2e-hold-')),
        PUBLIC_URL: shortHoldURL,
        DEV_OUTBOX: '1',
        LOG_LEVEL: 'warn',
        ORDER_HOLD_SECONDS: String(shortHoldSeconds),
        REMINDER_LEAD_HOURS: '2400',
        REMINDER_SCAN_SECONDS: '1',
      },
    },
  ],
});
