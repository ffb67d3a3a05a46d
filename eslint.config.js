import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import of a module under `folder` (relative or absolute), as a regex for no-restricted-imports. */
const into = (folder) => ({ regex: `(^|/)${folder}/`, message: `Imports point one way: src → machines → contract, server → contract (docs/architecture.md, "The shape"); nothing here may import ${folder}/.` });
const onlyImporting = (...folders) => ['error', { patterns: folders.map(into) }];
/** src/api from a screen: as `src/api/…` or relative (`../../api/…`). */
const apiFromScreens = {
  regex: '(^|/)src/api/|^(\\.\\./)+api/',
  message: 'Screens do not import src/api: a machine\'s calls are bound in src/actors/<machine>.ts, a useMutation\'s call in src/actors/<screen>.ts, a plain read is a src/queries option factory (issue "Paid means booked", item 8).',
};

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
  // The import direction of docs/architecture.md ("The shape"): src → machines → contract, server → contract; nothing outside src
  // (but its stories and tests) imports src, and server/ and src/ never import each other.
  { files: ['contract/**'], rules: { 'no-restricted-imports': onlyImporting('src', 'machines', 'server') } },
  { files: ['machines/**'], rules: { 'no-restricted-imports': onlyImporting('src', 'server') } },
  { files: ['server/**'], rules: { 'no-restricted-imports': onlyImporting('src', 'machines') } },
  { files: ['src/**'], rules: { 'no-restricted-imports': onlyImporting('server') } },
  // A screen sends events and renders snapshots; the calls behind it live in src/actors/ (or src/queries/).
  { files: ['src/screens/**'], rules: { 'no-restricted-imports': ['error', { patterns: [into('server'), apiFromScreens] }] } },
  { files: ['bench/**'], rules: { 'no-restricted-imports': onlyImporting('src', 'machines') } },
  // Micro-benchmarks of the client's pure rules (vitest bench) measure machines/, never the app or the server.
  { files: ['bench/**/*.bench.ts'], rules: { 'no-restricted-imports': onlyImporting('src', 'server') } },
  {
    // Tests read loosely typed JSON answers; asserting their shape is the test's job.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
