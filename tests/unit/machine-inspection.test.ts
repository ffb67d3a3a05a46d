import { describe, expect, it } from 'vitest';
import { type InspectionEnv, inspectionWanted } from '../../src/inspection/machine-inspection.ts';

describe('the Stately inspector', () => {
  it.each<[string, InspectionEnv, boolean]>([
    ['npm run dev', { DEV: true, MODE: 'development' }, false],
    ['npm run dev with VITE_INSPECT=1', { DEV: true, MODE: 'development', VITE_INSPECT: '1' }, true],
    ['npm run dev with VITE_INSPECT=0', { DEV: true, MODE: 'development', VITE_INSPECT: '0' }, false],
    ['a production build, even with VITE_INSPECT=1', { DEV: false, MODE: 'production', VITE_INSPECT: '1' }, false],
    ['tests, even with VITE_INSPECT=1', { DEV: true, MODE: 'test', VITE_INSPECT: '1' }, false],
  ])('%s: attached %s', (_, env, attached) => {
    expect(inspectionWanted(env)).toBe(attached);
  });
});
