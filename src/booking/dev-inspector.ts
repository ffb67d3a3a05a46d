import { createBrowserInspector } from '@statelyai/inspect';

/**
 * The Stately inspector, for development builds only: this module is imported dynamically behind
 * `import.meta.env.DEV` (src/booking/machine-inspection.ts), so production bundles never carry it.
 * It opens the inspector window when the first actor starts.
 */
export const inspector = createBrowserInspector();
