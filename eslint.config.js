import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import pluginQuery from '@tanstack/eslint-plugin-query';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The repository root: zones are read from here whichever folder ESLint runs in. */
const root = import.meta.dirname;
const shape = 'docs/architecture.md, "The shape"';

/**
 * The walls of docs/architecture.md ("The shape", its table), one row each: files under `target` may not import
 * anything under `from`, and the message says where the thing belongs instead. Type-only imports count too.
 */
const walls = [
  { target: 'contract', from: ['src', 'machines', 'server'], message: `contract/ is the floor both sides stand on and imports neither (${shape}).` },
  { target: 'machines', from: ['src', 'server'], message: `Charts and rules are pure: no React, no fetch, no storage. What the app binds goes in src/actors/, what both sides agree on in contract/ (${shape}).` },
  {
    target: 'machines/rules',
    from: ['machines'],
    except: ['./rules'],
    message: `The rules are the floor the charts and the booking model stand on: a type both read is defined in machines/rules/ (draft-types.ts) and booking-draft.ts imports it from there (${shape}).`,
  },
  { target: 'server', from: ['src', 'machines'], message: `The server shares only contract/ with the app: a rule both sides hold goes to contract/ (${shape}).` },
  { target: 'src', from: ['server'], message: `The app reaches the server through src/api only: a rule both sides hold goes to contract/ (${shape}).` },
  {
    target: 'src/api',
    from: ['machines'],
    message: `The calls sit under the charts: a call owns its texts and types; one a chart says too goes to contract/ (failure-texts.ts, taken-hours.ts) (${shape}).`,
  },
  {
    target: 'src/screens',
    from: ['src/api'],
    message: 'Screens do not import src/api: a machine\'s calls are bound in src/actors/<machine>.ts, a useMutation\'s call in src/actors/<screen>.ts, a plain read is a src/queries option factory (issue "Paid means booked", item 8).',
  },
  {
    target: 'src/screens',
    from: ['src/app'],
    message: `The app shell (router, guards, layout) stands on the screens: shared UI goes to src/components/ (header-back.tsx), the query client to src/queries/, route titles and paths to src/routes.ts (${shape}).`,
  },
  // A screen folder imports no other: each of today's folders is a row, so a new folder is walled in by being made.
  ...readdirSync(`${root}/src/screens`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `src/screens/${name}`,
      from: ['src/screens'],
      except: [`./${name}`],
      message: `A screen imports no other screen: what two screens share goes to src/components/ (a view part), src/booking/ (booking wiring) or machines/ (a rule) (${shape}).`,
    })),
  { target: 'bench', from: ['src'], message: 'The benches measure the server and the pure rules, never the app.' },
  { target: 'bench/**/!(*.bench).ts', from: ['machines'], message: 'A load or browser bench drives the server or the built app; only vitest benches (*.bench.ts) measure machines/.' },
  { target: 'bench/**/*.bench.ts', from: ['server'], message: 'Micro-benchmarks (*.bench.ts) measure the pure rules of machines/, never the server.' },
];

/** The files whose imports are walled and checked for circles: everything but the tests. */
const shippedCode = ['contract/**/*.ts', 'machines/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}', 'bench/**/*.ts', 'stories/**/*.{ts,tsx}', 'scripts/**/*.ts'];

export default tseslint.config(
  { ignores: ['dist/', 'dist-e2e/', 'node_modules/', 'coverage/', 'storybook-static/', 'contract/schema.d.ts', '.data/', '.ci-results/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', 'tests/components/**/*.{ts,tsx}', 'tests/machines/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // TanStack Query's own checks, with prefer-query-options: a query's key and function are written together once, in
  // a src/queries option factory.
  { files: ['src/**/*.{ts,tsx}'], ...pluginQuery.configs['flat/recommended-strict'][0] },
  {
    files: shippedCode,
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their files with the extension (.ts, .tsx), so plain Node resolution finds them.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: walls }] },
  },
  // A circle of imports has no floor to stand on. The rule follows value imports only: an `import type` leg is
  // erased at build time, and tests/unit/import-direction.test.ts checks the circles with type imports counted.
  { files: shippedCode, rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] } },
  {
    // Tests read loosely typed JSON answers; asserting their shape is the test's job.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
