import { config } from '../config.ts';
import { createApiClient } from './client.ts';

/** What the client needs of the session: its token, and someone to tell about a 401. */
export interface SessionLink {
  /** The session's token now, or null without a session. */
  token(): string | null;
  /** A call answered 401: the session is over. The session clears itself; the client touches no storage. */
  unauthorized(): void;
}

let session: SessionLink | null = null;

/**
 * Connects the session the client works for (the SessionProvider connects its session actor): every call
 * reads the token from it, and a 401 is reported to it. Answers the disconnect. Until a session is
 * connected, calls carry no token.
 */
export function connectSession(link: SessionLink): () => void {
  session = link;
  return () => {
    if (session === link) session = null;
  };
}

/** The one client of the provider's API; calls go through src/api/calls/<domain>.ts. */
export const api = createApiClient({
  baseUrl: config.apiBaseUrl,
  timeoutMs: config.apiTimeoutMs,
  getToken: () => session?.token() ?? null,
  onUnauthorized: () => session?.unauthorized(),
});
