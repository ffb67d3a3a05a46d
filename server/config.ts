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
  /** How long an order holds its hours: the life of its payment link. */
  orderHoldSeconds: number;
  /** The key the payment provider signs its notifications with; generated into the data directory when unset. */
  paymentWebhookSecret: string | undefined;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

function seconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a whole number of seconds, at least 1, got "${value}"`);
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
    orderHoldSeconds: seconds('ORDER_HOLD_SECONDS', env.ORDER_HOLD_SECONDS, 1800),
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || undefined,
  };
}
