import type { FastifyServerOptions } from 'fastify';
import type { TokenService } from './auth/tokens.ts';
import type { Database } from './db/database.ts';

export interface AppOptions {
  db: Database;
  tokens: TokenService;
  /** Origin of the portal, used in e-mailed links and payment links. Never taken from a request's Host. */
  publicUrl: string;
  /** Believe X-Forwarded-* headers (only behind a proxy that sets them). */
  trustProxy?: boolean;
  staffEmail?: string;
  /**
   * Serve the development pages, to this machine only: the mail outbox at /dev/outbox (the embedded setup has
   * no mail server) and POST /dev/appointments/{id}/complete. Only for the embedded setup.
   */
  devOutbox?: boolean;
  /** The built SPA; a placeholder page is served while it does not exist. */
  spaDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/** What every handler and page is given: the composition root builds it, nothing imports the root. */
export interface AppContext {
  db: Database;
  tokens: TokenService;
  staffEmail: string;
  publicUrl: string;
}
