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
  /** How long before a planned lesson its reminder mail is due. */
  reminderLeadHours: number;
  /** How often each instance looks for due reminders. */
  reminderScanSeconds: number;
  /** The built app to serve (`dist/` by default); the e2e tests serve a build with short payment waits. */
  spaDir: string | undefined;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT must be a port number, got "${value}"`);
  return n;
}

function seconds(name: string, value: string | undefined, fallback: number, max?: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  const limit = max === undefined ? '' : ` and at most ${max}`;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1 || (max !== undefined && n > max)) throw new Error(`${name} must be a whole number of seconds, at least 1${limit}, got "${value}"`);
  return n;
}

/** A day: a longer pause would overflow a timer (2^31 ms) and make reminders late by more than it is worth. */
const maxScanSeconds = 86400;

/** A year: a reminder further ahead than that is no reminder. */
const maxLeadHours = 366 * 24;

/** Hours, fractions allowed (0.5 = half an hour). */
function hours(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(n > 0) || n > max) throw new Error(`${name} must be a number of hours, more than 0 and at most ${max}, got "${value}"`);
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
    reminderLeadHours: hours('REMINDER_LEAD_HOURS', env.REMINDER_LEAD_HOURS, 24, maxLeadHours),
    reminderScanSeconds: seconds('REMINDER_SCAN_SECONDS', env.REMINDER_SCAN_SECONDS, 60, maxScanSeconds),
    spaDir: env.SPA_DIR ? path.resolve(env.SPA_DIR) : undefined,
  };
}
