import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium.ts';

/**
 * Browser tests: the e2e build (`npm run build:e2e` first) served by the reference server, driven in Debian's
 * Chromium. Each worker starts servers of its own on fresh embedded databases (tests/e2e/fixtures.ts), so files
 * run side by side without meeting each other's data; within a worker, tests run one after another.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.ci-results/e2e.json' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    // Animations cut to nothing (global.css): the software-rendered Chromium paints far fewer frames, and the run
    // took 358 s instead of 414 here. Motion itself is checked in session.spec.ts, with 'no-preference'.
    reducedMotion: 'reduce',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 390, height: 844 } } }],
});
