import '@testing-library/jest-dom/vitest';
import type { TestingLibraryMatchers } from '@testing-library/jest-dom/matchers';
import { guardTheConsole } from './console-guard.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor give up after 5 s, not 1 s: a file's first render loads its lazy screens through Vite's
// transform, which on a busy 2-core CI machine has taken over a second (a ceiling, not a wait: a test that
// finds its element sooner goes on at once, and one whose element never comes still fails).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

guardTheConsole();

// The types of Vitest 5's browser-mode matchers come into every program that reads vitest/node (the Playwright
// provider's context), and their toHaveTextContent takes no RegExp; the tests here run jest-dom's, which does.
declare module 'vitest' {
  interface Assertion<R, T> {
    toHaveTextContent: TestingLibraryMatchers<T, R>['toHaveTextContent'];
  }
}
