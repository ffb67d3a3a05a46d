import { existsSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import * as z from 'zod';
import { defaultRetrySeconds } from './domain/sandbox-notifications.ts';
import { type Failpoint, failpoints, readFailpoint } from './failpoints.ts';
import { type TrustProxy, TrustProxyRefused, parseTrustProxy, trustProxyWants } from './http/trust-proxy.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface ServerConfig {
  /** 0: a port the system picks, free at start. */
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /**
   * Origin of the portal in e-mailed links and payment links. Undefined only when PORT is 0 and PUBLIC_URL unset:
   * then it is `localUrl` of the port the server gets.
   */
  publicUrl: string | undefined;
  /** Whose X-Forwarded-For to believe: off, a number of proxies in front, or their addresses (never every hop). */
  trustProxy: TrustProxy;
  /** Serve the /dev pages (the outbox, completing a lesson now): by default only on the embedded database. */
  devOutbox: boolean;
  staffEmail: string;
  logLevel: LogLevel;
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
  /**
   * Seed an empty database with the demo (branch, catalogue, coupons, the demo client) and print its login: by default
   * only on the embedded database, so that a production PostgreSQL never holds the published password.
   */
  demoData: boolean;
}

/** The settings the environment gives that the start refuses: one line each, naming it, what it got and what it wants. */
export class SettingsError extends Error {
  readonly lines: readonly string[];
  constructor(lines: readonly string[]) {
    super(lines.join('\n'));
    this.name = 'SettingsError';
    this.lines = lines;
  }
}

// Every setting is one schema whose error message is what it wants; the line around it is made in parseSettings.

/** A day: a longer pause would overflow a timer (2^31 ms) and make reminders late by more than it is worth. */
const maxScanSeconds = 86400;

/** A year: a reminder further ahead than that is no reminder. */
const maxLeadHours = 366 * 24;

export const wholeNumberSetting = (min: number, max: number, wants = `a whole number from ${min} to ${max}`) =>
  z.string().regex(/^\d+$/, wants).transform(Number).pipe(z.number().min(min, wants).max(max, wants));

/** 0 lets the system pick a free port (the tests); a balancer needs a real one. */
export const portSetting = (lowest: 0 | 1) => wholeNumberSetting(lowest, 65535);

const secondsSetting = (min: number, max = maxScanSeconds) => wholeNumberSetting(min, max, `a whole number of seconds from ${min} to ${max}`);

/**
 * At most a day: hours held longer keep them from everyone else for a payment that is not coming. At least 5 s, not
 * the minute a payment link needs: the e2e's short-hold server (tests/e2e/fixtures.ts) holds for 6 s to see a hold end.
 */
const orderHoldSetting = secondsSetting(5, 86400);

const hoursWants = `a number of hours, more than 0 and at most ${maxLeadHours}`;
/** Hours, fractions allowed (0.5 = half an hour). */
const hoursSetting = z
  .string()
  .regex(/^\d+(\.\d+)?$/, hoursWants)
  .transform(Number)
  .pipe(z.number().gt(0, hoursWants).max(maxLeadHours, hoursWants));

const secondsListWants = `a comma-separated list of at most 20 whole numbers of seconds, each from 1 to ${maxScanSeconds}`;
/** "5,15,45". */
const secondsListSetting = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()))
  .pipe(z.array(wholeNumberSetting(1, maxScanSeconds, secondsListWants)).max(20, secondsListWants));

export const flagSetting = z.stringbool({
  truthy: ['1', 'true', 'yes', 'on'],
  falsy: ['0', 'false', 'no', 'off'],
  case: 'insensitive',
  error: '1, 0, true, false, yes, no, on or off',
});

/** JWT_SECRET, PAYMENT_WEBHOOK_SECRET: HS256 wants a key as long as its hash (32 bytes). */
export const secretSetting = z.string().min(32, 'at least 32 characters');

export const databaseUrlSetting = z.url({ protocol: /^postgres(ql)?$/, error: 'a postgres:// or postgresql:// URL' });

const publicUrlWants = 'an absolute http:// or https:// URL without a query or fragment';
/** The origin (and path) links start with: a trailing slash would double the one every link adds. */
export const publicUrlSetting = z
  .url({ protocol: /^https?$/, error: publicUrlWants })
  .refine((url) => !/[?#]/.test(url), publicUrlWants)
  .transform((url) => url.replace(/\/+$/, ''));

export const dataDirSetting = z
  .string()
  .transform((dir) => path.resolve(dir))
  .refine((dir) => !existsSync(dir) || statSync(dir).isDirectory(), 'a directory (made when missing), not a file');

export const spaDirSetting = z
  .string()
  .transform((dir) => path.resolve(dir))
  .refine((dir) => existsSync(path.join(dir, 'index.html')), 'a directory holding a built app (its index.html)');

const hostSetting = z
  .string()
  .refine((host) => isIP(host) !== 0 || z.hostname().safeParse(host).success, 'an address or host name to listen on (0.0.0.0, 127.0.0.1, ::, localhost)');

/** server/http/trust-proxy.ts's parser, whose reason for a refusal ends the line. */
const trustProxySetting = z.string().transform((text, ctx): TrustProxy => {
  try {
    return parseTrustProxy(text);
  } catch (error) {
    if (!(error instanceof TrustProxyRefused)) throw error;
    ctx.issues.push({ code: 'custom', input: text, message: `${trustProxyWants}: ${error.why}` });
    return z.NEVER;
  }
});

const failpointSetting = z.string().transform((text, ctx) => {
  try {
    return readFailpoint(text);
  } catch {
    ctx.issues.push({ code: 'custom', input: text, message: `one of ${failpoints.join(', ')} (a test-only switch)` });
    return z.NEVER;
  }
});

const serverSettings = z.object({
  PORT: portSetting(0).default(3000),
  HOST: hostSetting.default('0.0.0.0'),
  DATA_DIR: dataDirSetting.default(() => path.resolve('.data')),
  DATABASE_URL: databaseUrlSetting.optional(),
  JWT_SECRET: secretSetting.optional(),
  PUBLIC_URL: publicUrlSetting.optional(),
  TRUST_PROXY: trustProxySetting.default(false),
  DEV_OUTBOX: flagSetting.optional(),
  STAFF_EMAIL: z.email('an e-mail address').default('staff@tutoring.example'),
  LOG_LEVEL: z.enum(logLevels, `one of ${logLevels.join(', ')}`).default('warn'),
  ORDER_HOLD_SECONDS: orderHoldSetting.default(1800),
  PAYMENT_WEBHOOK_SECRET: secretSetting.optional(),
  REMINDER_LEAD_HOURS: hoursSetting.default(24),
  REMINDER_SCAN_SECONDS: secondsSetting(1).default(60),
  RECONCILE_SCAN_SECONDS: secondsSetting(1).default(20),
  SANDBOX_NOTIFY_RETRY_SECONDS: secondsListSetting.default(() => [...defaultRetrySeconds]),
  PORTAL_FAILPOINT: failpointSetting.optional(),
  SPA_DIR: spaDirSetting.optional(),
  DEMO_DATA: flagSetting.optional(),
});

/** Never echoed: only their length is said. */
const secretSettings = new Set(['JWT_SECRET', 'PAYMENT_WEBHOOK_SECRET']);

/** A connection URL with its password masked, whether it parses or not. */
const withoutPassword = (url: string) =>
  url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?([^:@/]*):.*@/i, '$1$2:***@').replace(/(password=)[^&]*/gi, '$1***');

function shown(name: string, value: string): string {
  if (secretSettings.has(name)) return `${value.length} character${value.length === 1 ? '' : 's'}`;
  if (name === 'DATABASE_URL') return JSON.stringify(withoutPassword(value));
  return JSON.stringify(value);
}

/**
 * The settings of `schema` (named as the variables are) from the environment, an empty value being an unset one.
 * Throws a SettingsError with a line for each setting it refuses: `Setting PORT: got "abc", wants a whole number…`.
 */
export function parseSettings<Schema extends z.ZodObject>(schema: Schema, env: NodeJS.ProcessEnv): z.output<Schema> {
  const given: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const lines = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]);
    if (!lines.has(name)) lines.set(name, `Setting ${name}: got ${shown(name, given[name] ?? '')}, wants ${issue.message.replace(/\.$/, '')}.`);
  }
  throw new SettingsError([...lines.values()]);
}

/** The settings `read` answers; when one is bad, its lines on stderr and exit code 1, without a stack: the line says it all. */
export function settingsOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`${error.lines.join('\n')}\n`);
    process.exit(1);
  }
}

/** PUBLIC_URL when it is unset: this machine, on the port the server listens on. */
export const localUrl = (port: number) => `http://localhost:${port}`;

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const settings = parseSettings(serverSettings, env);
  const embedded = settings.DATABASE_URL === undefined;
  return {
    port: settings.PORT,
    host: settings.HOST,
    dataDir: settings.DATA_DIR,
    databaseUrl: settings.DATABASE_URL,
    jwtSecret: settings.JWT_SECRET,
    publicUrl: settings.PUBLIC_URL ?? (settings.PORT === 0 ? undefined : localUrl(settings.PORT)),
    trustProxy: settings.TRUST_PROXY,
    devOutbox: settings.DEV_OUTBOX ?? embedded,
    staffEmail: settings.STAFF_EMAIL,
    logLevel: settings.LOG_LEVEL,
    orderHoldSeconds: settings.ORDER_HOLD_SECONDS,
    paymentWebhookSecret: settings.PAYMENT_WEBHOOK_SECRET,
    reminderLeadHours: settings.REMINDER_LEAD_HOURS,
    reminderScanSeconds: settings.REMINDER_SCAN_SECONDS,
    reconcileScanSeconds: settings.RECONCILE_SCAN_SECONDS,
    sandboxNotifyRetrySeconds: settings.SANDBOX_NOTIFY_RETRY_SECONDS,
    failpoint: settings.PORTAL_FAILPOINT,
    spaDir: settings.SPA_DIR,
    demoData: settings.DEMO_DATA ?? embedded,
  };
}
