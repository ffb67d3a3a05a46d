/**
 * The browser's storage and a read of it, apart from browser-storage.ts so that the entry, which every page loads,
 * can ask whether a session is stored (src/app/loading-frame.tsx) without carrying the rest of that module.
 */

/** The browser's storage, or none: it can be switched off (privacy settings), and the portal then keeps nothing between pages. */
export function storageArea(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** The text stored under `key`, or null when there is none or storage cannot be read. */
export function readStoredText(key: string): string | null {
  try {
    return storageArea()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
