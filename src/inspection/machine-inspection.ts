import type { InspectionEvent, Observer } from 'xstate';

let inspect: Observer<InspectionEvent> | undefined;

/** What of Vite's `import.meta.env` decides whether the inspector attaches. */
export interface InspectionEnv {
  DEV: boolean;
  MODE: string;
  VITE_INSPECT?: string;
}

/**
 * The Stately inspector is opt-in (`VITE_INSPECT=1 npm run dev`): it opens a window of its own, which
 * nobody wants on every load of the dev server. Never in a production build, never under test.
 */
export const inspectionWanted = (env: InspectionEnv): boolean => env.DEV && env.MODE !== 'test' && env.VITE_INSPECT === '1';

/** Attaches the Stately inspector when `inspectionWanted` says so. */
export function startDevInspection(): void {
  if (!inspectionWanted(import.meta.env)) return;
  void import('./dev-inspector.ts').then(({ inspector }) => {
    inspect = inspector.inspect;
  });
}

/** What actors created now pass as `inspect`; undefined unless the inspector was asked for. */
export const machineInspection = (): Observer<InspectionEvent> | undefined => inspect;
