import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './tests/support/chromium.ts';


export default defineConfig({
  test: {
    // Server tests start PGlite (~3 s) and hash passwords with scrypt; two cores run two files at a time.
    maxWorkers: 2,
    // CI asks for a JSON report too, to print a plain count of what passed.
    reporters: process.env.VITEST_JSON ? ['default', 'json'] : ['default'],
    ...(process.env.VITEST_JSON ? { outputFile: { json: process.env.VITEST_JSON } } : {}),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Each project takes the timeouts above.
        extends: true,
        test: {
          name: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts'],
          exclude: ['tests/unit/slots-west-zone.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/node-setup.ts'],
          // One migrated and seeded database for the run, copied by every test server (instead of migrating 35 times).
          globalSetup: ['tests/support/seeded-database.ts'],
          pool: 'forks',
          // A worker's files share its module cache (the server's modules, PGlite's compiled WebAssembly); each
          // file still starts its own server on its own database.
          isolate: false,
        },
      },
      {
        // The slot rules again, west of UTC: their days and hours are the branch's whatever the browser's zone.
        extends: true,
        test: {
          name: 'node-west',
          include: ['tests/unit/slots*.test.ts', 'tests/unit/slot-limits.test.ts', 'tests/unit/booking-list.test.ts', 'tests/unit/booking-payloads.test.ts', 'tests/unit/checkout-order.test.ts', 'tests/unit/taken-hours.test.ts', 'tests/unit/booking-plan.test.ts', 'tests/unit/book-lessons.test.ts', 'tests/unit/classes-to-place.test.ts'],
          environment: 'node',
          env: { TZ: 'America/Los_Angeles' },
          setupFiles: ['tests/support/node-setup.ts'],
          pool: 'forks',
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          // happy-dom, not jsdom: jsdom matches its whole default stylesheet against an element for every style
          // question, and Testing Library's role queries ask one for each element they name; that was about half of
          // this project's CPU (124 s for the project here; 68 s with happy-dom, the same 1,029 tests). A file
          // that needs what happy-dom lacks says `@vitest-environment jsdom` and why (DOMPurify's sanitizing).
          environment: 'happy-dom',
          setupFiles: ['tests/support/dom-setup.ts'],
          // A worker's files share its module cache and its DOM: loading the app and a DOM per file was half of
          // this project's time (import 143 s, environment 82 s of 291 s). The setup file still runs for every
          // file and resets what a test leaves (the DOM, storage, the console guard's hooks).
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: '.storybook' })],
        // Pre-bundled up front: Vite re-bundling a dependency first met mid-run breaks the run.
        optimizeDeps: {
          include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime', 'react-router', 'xstate', '@xstate/react', '@tanstack/react-query', 'react-toastify', 'openapi-fetch', 'dompurify'],
        },
        test: {
          name: 'storybook',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
