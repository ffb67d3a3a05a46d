import { config } from '../config.ts';
import { clearSession, readText } from '../storage/browser-storage.ts';
import { createApiClient } from './client.ts';

const unauthorizedListeners = new Set<() => void>();

/** Called on a 401: the stored session is cleared here, then whoever listens (the session machine) is told. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The one client of the provider's API. */
export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  timeoutMs: config.apiTimeoutMs,
  getToken: () => readText('token'),
  onUnauthorized: () => {
    clearSession();
    for (const listener of unauthorizedListeners) listener();
  },
});
