import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** Origin of the portal in e-mailed links and payment links. */
  publicUrl: string;
  trustProxy: boolean;
  /** Serve the /dev pages (the outbox, completing a lesson now): by default only on the embedded database. */
  devOutbox: boolean;
  staffEmail: string;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const listenPort = port(env.PORT);
  return {
    port: listenPort,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${listenPort}`,
    trustProxy: flag(env.TRUST_PROXY, false),
    devOutbox: flag(env.DEV_OUTBOX, !env.DATABASE_URL),
    staffEmail: env.STAFF_EMAIL || 'staff@tutoring.example',
  };
}
