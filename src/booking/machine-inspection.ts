import type { InspectionEvent, Observer } from 'xstate';

let inspect: Observer<InspectionEvent> | undefined;

/**
 * Attaches the Stately inspector in development (`npm run dev`): never in a production build, and never
 * under test, where there is no window to open it in.
 */
export function startDevInspection(): void {
  if (!import.meta.env.DEV || import.meta.env.MODE === 'test') return;
  void import('./dev-inspector.ts').then(({ inspector }) => {
    inspect = inspector.inspect;
  });
}

/** What actors created now pass as `inspect`; undefined outside development. */
export const machineInspection = (): Observer<InspectionEvent> | undefined => inspect;
