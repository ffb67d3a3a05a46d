import '@testing-library/jest-dom/vitest';
import './console-guard.ts';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
