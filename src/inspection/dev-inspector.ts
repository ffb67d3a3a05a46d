import { createBrowserInspector } from '@statelyai/inspect';

/**
 * The Stately inspector, in development and on request only: this module is imported dynamically behind
 * `inspectionWanted` (src/inspection/machine-inspection.ts: `VITE_INSPECT=1 npm run dev`), so production
 * bundles never carry it. It opens the inspector window when the first actor starts.
 */
export const inspector = createBrowserInspector();
