import path from 'node:path';
import { defaultRetrySeconds } from './domain/sandbox-notifications.ts';
import { type Failpoint, readFailpoint } from './failpoints.ts';
import { type TrustProxy, parseTrustProxy } from './http/trust-proxy.ts';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** Origin of the portal in e-mailed links and payment links. */
  publicUrl: string;
  /** Whose X-Forwarded-For to believe: off, a number of proxies in front, or their addresses (never every hop). */
  trustProxy: TrustProxy;
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
  /** How often each instance looks for orders the provider reports paid that no notification booked. */
  reconcileScanSeconds: number;
  /** The payment sandbox's waits between notification attempts, after the first. */
  sandboxNotifyRetrySeconds: number[];
  /** PORTAL_FAILPOINT: a test-only switch (server/failpoints.ts); unset outside such a test. */
  failpoint: Failpoint | undefined;
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

/** At most 20 retries, each a whole number of seconds from 1 to a day: "5,15,45". */
function secondsList(name: string, value: string | undefined, fallback: readonly number[]): number[] {
  if (value === undefined || value === '') return [...fallback];
  const parts = value.split(',').map((part) => part.trim());
  const n = parts.map(Number);
  if (parts.length > 20 || parts.some((part, i) => !/^\d+$/.test(part) || (n[i] ?? 0) < 1 || (n[i] ?? 0) > maxScanSeconds)) {
    throw new Error(`${name} must be a comma-separated list of at most 20 whole numbers of seconds, each at least 1 and at most ${maxScanSeconds}, got "${value}"`);
  }
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devOutbox: flag(env.DEV_OUTBOX, !env.DATABASE_URL),
    staffEmail: env.STAFF_EMAIL || 'staff@tutoring.example',
    orderHoldSeconds: seconds('ORDER_HOLD_SECONDS', env.ORDER_HOLD_SECONDS, 1800),
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || undefined,
    reminderLeadHours: hours('REMINDER_LEAD_HOURS', env.REMINDER_LEAD_HOURS, 24, maxLeadHours),
    reminderScanSeconds: seconds('REMINDER_SCAN_SECONDS', env.REMINDER_SCAN_SECONDS, 60, maxScanSeconds),
    reconcileScanSeconds: seconds('RECONCILE_SCAN_SECONDS', env.RECONCILE_SCAN_SECONDS, 20, maxScanSeconds),
    sandboxNotifyRetrySeconds: secondsList('SANDBOX_NOTIFY_RETRY_SECONDS', env.SANDBOX_NOTIFY_RETRY_SECONDS, defaultRetrySeconds),
    failpoint: readFailpoint(env.PORTAL_FAILPOINT),
    spaDir: env.SPA_DIR ? path.resolve(env.SPA_DIR) : undefined,
  };
}
