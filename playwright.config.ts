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
  // A trace is recorded only when a failed test is run again: recording one for every test (and dropping it when the
  // test passed) cost a fifth of the browser's CPU on the console check's route loads. The run again never hides a
  // failure: a test that passes only the second time fails the run (failOnFlakyTests) and is counted as failed in CI.
  retries: 1,
  failOnFlakyTests: true,
  use: {
    trace: 'on-first-retry',
    // Animations cut to nothing (global.css): the software-rendered Chromium paints far fewer frames, and the run
    // took 358 s instead of 414 here. Motion itself is checked in session.spec.ts, with 'no-preference'.
    reducedMotion: 'reduce',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 390, height: 844 } } }],
});
