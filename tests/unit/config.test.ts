import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readClusterConfig } from '../../server/cluster/cluster-config.ts';
import { type ServerConfig, SettingsError, readConfig } from '../../server/config.ts';

// Every variable the server reads: what it is when unset, values it takes, and the one line a bad value stops the
// start with (the variable, what it got, what it wants; a secret by its length only, a password masked).

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** A built app (its index.html), and a directory that holds none. */
const build = path.join(scratch, 'build');
const notABuild = path.join(scratch, 'empty');
mkdirSync(build);
mkdirSync(notABuild);
writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>Client portal</title>');

/** The line a refused value stops the start with. */
function linesOf(read: () => unknown): readonly string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof SettingsError) return error.lines;
    throw error;
  }
  throw new Error('the settings were taken');
}

interface Row {
  variable: string;
  field: keyof ServerConfig;
  /** Unset (and empty, which is unset), under each of these other settings. */
  unset: [Record<string, string>, unknown][];
  good: [string, unknown][];
  bad: [string, string][];
}

const secret32 = 'a-secret-of-exactly-32-characters';
const onPostgres = { DATABASE_URL: 'postgres://portal@db.internal/portal' };
const hops = "unset (or 0, off), the number of proxies in front of this server (1: one balancer), or the proxies' addresses and networks (10.0.0.1,10.0.0.0/8)";
const everyHop = 'Trusting every hop is refused: the left of X-Forwarded-For is written by the client, so it would choose its own address.';
const retryList = 'a comma-separated list of at most 20 whole numbers of seconds, each from 1 to 86400';
const twentyOne = Array(21).fill('1').join(',');

const rows: Row[] = [
  {
    variable: 'PORT',
    field: 'port',
    unset: [[{}, 3000]],
    good: [['8080', 8080], ['0', 0]],
    bad: [
      ['abc', 'Setting PORT: got "abc", wants a whole number from 0 to 65535.'],
      ['65536', 'Setting PORT: got "65536", wants a whole number from 0 to 65535.'],
      ['-1', 'Setting PORT: got "-1", wants a whole number from 0 to 65535.'],
      ['80.5', 'Setting PORT: got "80.5", wants a whole number from 0 to 65535.'],
    ],
  },
  {
    variable: 'HOST',
    field: 'host',
    unset: [[{}, '0.0.0.0']],
    good: [['127.0.0.1', '127.0.0.1'], ['::', '::'], ['localhost', 'localhost']],
    bad: [['local host', 'Setting HOST: got "local host", wants an address or host name to listen on (0.0.0.0, 127.0.0.1, ::, localhost).']],
  },
  {
    variable: 'DATA_DIR',
    field: 'dataDir',
    unset: [[{}, path.resolve('.data')]],
    good: [['var/portal', path.resolve('var/portal')]],
    bad: [['package.json', 'Setting DATA_DIR: got "package.json", wants a directory (made when missing), not a file.']],
  },
  {
    variable: 'DATABASE_URL',
    field: 'databaseUrl',
    unset: [[{}, undefined]],
    good: [
      ['postgres://portal:pw@db.internal:5432/portal', 'postgres://portal:pw@db.internal:5432/portal'],
      ['postgresql://db.internal/portal', 'postgresql://db.internal/portal'],
    ],
    bad: [
      ['mysql://portal:hunter2@db.internal/portal', 'Setting DATABASE_URL: got "mysql://portal:***@db.internal/portal", wants a postgres:// or postgresql:// URL.'],
      ['portal:hunter2@db.internal/portal', 'Setting DATABASE_URL: got "portal:***@db.internal/portal", wants a postgres:// or postgresql:// URL.'],
      ['db.internal:5432', 'Setting DATABASE_URL: got "db.internal:5432", wants a postgres:// or postgresql:// URL.'],
    ],
  },
  {
    variable: 'JWT_SECRET',
    field: 'jwtSecret',
    unset: [[{}, undefined]],
    good: [[secret32, secret32]],
    bad: [
      ['short', 'Setting JWT_SECRET: got 5 characters, wants at least 32 characters.'],
      ['x', 'Setting JWT_SECRET: got 1 character, wants at least 32 characters.'],
    ],
  },
  {
    variable: 'PUBLIC_URL',
    field: 'publicUrl',
    unset: [[{}, 'http://localhost:3000'], [{ PORT: '4100' }, 'http://localhost:4100'], [{ PORT: '0' }, undefined]],
    good: [['https://portal.example/', 'https://portal.example'], ['http://10.0.0.5:8080/portal//', 'http://10.0.0.5:8080/portal']],
    bad: [
      ['not-a-url', 'Setting PUBLIC_URL: got "not-a-url", wants an absolute http:// or https:// URL without a query or fragment.'],
      ['ftp://portal.example', 'Setting PUBLIC_URL: got "ftp://portal.example", wants an absolute http:// or https:// URL without a query or fragment.'],
      ['https://portal.example/?from=mail', 'Setting PUBLIC_URL: got "https://portal.example/?from=mail", wants an absolute http:// or https:// URL without a query or fragment.'],
      ['https://portal.example/#top', 'Setting PUBLIC_URL: got "https://portal.example/#top", wants an absolute http:// or https:// URL without a query or fragment.'],
    ],
  },
  {
    // Every value it takes, and each reason for a refusal: tests/unit/trust-proxy-config.test.ts.
    variable: 'TRUST_PROXY',
    field: 'trustProxy',
    unset: [[{}, false]],
    good: [['1', 1], ['off', false], ['10.0.0.0/8', '10.0.0.0/8']],
    bad: [
      ['maybe', `Setting TRUST_PROXY: got "maybe", wants ${hops}: "maybe" is not an IP address or a network. ${everyHop}`],
      ['true', `Setting TRUST_PROXY: got "true", wants ${hops}: that would trust every hop. ${everyHop}`],
    ],
  },
  {
    variable: 'DEV_OUTBOX',
    field: 'devOutbox',
    unset: [[{}, true], [onPostgres, false]],
    good: [['off', false], ['YES', true], ['1', true], ['0', false]],
    bad: [
      ['maybe', 'Setting DEV_OUTBOX: got "maybe", wants 1, 0, true, false, yes, no, on or off.'],
      ['2', 'Setting DEV_OUTBOX: got "2", wants 1, 0, true, false, yes, no, on or off.'],
    ],
  },
  {
    variable: 'STAFF_EMAIL',
    field: 'staffEmail',
    unset: [[{}, 'staff@tutoring.example']],
    good: [['office@school.example', 'office@school.example']],
    bad: [['office', 'Setting STAFF_EMAIL: got "office", wants an e-mail address.']],
  },
  {
    variable: 'LOG_LEVEL',
    field: 'logLevel',
    unset: [[{}, 'warn']],
    good: [['info', 'info'], ['silent', 'silent']],
    bad: [['verbose', 'Setting LOG_LEVEL: got "verbose", wants one of fatal, error, warn, info, debug, trace, silent.']],
  },
  {
    variable: 'ORDER_HOLD_SECONDS',
    field: 'orderHoldSeconds',
    unset: [[{}, 1800]],
    // 6: the e2e's short-hold server.
    good: [['600', 600], ['6', 6], ['86400', 86400]],
    bad: [
      ['4', 'Setting ORDER_HOLD_SECONDS: got "4", wants a whole number of seconds from 5 to 86400.'],
      ['86401', 'Setting ORDER_HOLD_SECONDS: got "86401", wants a whole number of seconds from 5 to 86400.'],
      ['99999999999', 'Setting ORDER_HOLD_SECONDS: got "99999999999", wants a whole number of seconds from 5 to 86400.'],
      ['30m', 'Setting ORDER_HOLD_SECONDS: got "30m", wants a whole number of seconds from 5 to 86400.'],
    ],
  },
  {
    variable: 'PAYMENT_WEBHOOK_SECRET',
    field: 'paymentWebhookSecret',
    unset: [[{}, undefined]],
    good: [[secret32, secret32]],
    bad: [['whsec_123', 'Setting PAYMENT_WEBHOOK_SECRET: got 9 characters, wants at least 32 characters.']],
  },
  {
    variable: 'REMINDER_LEAD_HOURS',
    field: 'reminderLeadHours',
    unset: [[{}, 24]],
    good: [['48', 48], ['0.5', 0.5], ['8784', 8784]],
    bad: [
      ['0', 'Setting REMINDER_LEAD_HOURS: got "0", wants a number of hours, more than 0 and at most 8784.'],
      ['-3', 'Setting REMINDER_LEAD_HOURS: got "-3", wants a number of hours, more than 0 and at most 8784.'],
      ['a day', 'Setting REMINDER_LEAD_HOURS: got "a day", wants a number of hours, more than 0 and at most 8784.'],
      ['9000', 'Setting REMINDER_LEAD_HOURS: got "9000", wants a number of hours, more than 0 and at most 8784.'],
    ],
  },
  {
    variable: 'REMINDER_SCAN_SECONDS',
    field: 'reminderScanSeconds',
    unset: [[{}, 60]],
    good: [['5', 5], ['1', 1]],
    bad: [
      ['0', 'Setting REMINDER_SCAN_SECONDS: got "0", wants a whole number of seconds from 1 to 86400.'],
      ['1.5', 'Setting REMINDER_SCAN_SECONDS: got "1.5", wants a whole number of seconds from 1 to 86400.'],
      ['90000', 'Setting REMINDER_SCAN_SECONDS: got "90000", wants a whole number of seconds from 1 to 86400.'],
      ['often', 'Setting REMINDER_SCAN_SECONDS: got "often", wants a whole number of seconds from 1 to 86400.'],
    ],
  },
  {
    variable: 'RECONCILE_SCAN_SECONDS',
    field: 'reconcileScanSeconds',
    unset: [[{}, 20]],
    good: [['2', 2]],
    bad: [
      ['0', 'Setting RECONCILE_SCAN_SECONDS: got "0", wants a whole number of seconds from 1 to 86400.'],
      ['2.5', 'Setting RECONCILE_SCAN_SECONDS: got "2.5", wants a whole number of seconds from 1 to 86400.'],
      ['often', 'Setting RECONCILE_SCAN_SECONDS: got "often", wants a whole number of seconds from 1 to 86400.'],
    ],
  },
  {
    variable: 'SANDBOX_NOTIFY_RETRY_SECONDS',
    field: 'sandboxNotifyRetrySeconds',
    unset: [[{}, [5, 15, 45, 120, 300, 900]]],
    good: [['1, 1,2', [1, 1, 2]], ['30', [30]]],
    bad: [
      ['5,,15', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "5,,15", wants ${retryList}.`],
      ['0', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "0", wants ${retryList}.`],
      ['5,1.5', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "5,1.5", wants ${retryList}.`],
      ['90000', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "90000", wants ${retryList}.`],
      [twentyOne, `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "${twentyOne}", wants ${retryList}.`],
    ],
  },
  {
    variable: 'PORTAL_FAILPOINT',
    field: 'failpoint',
    unset: [[{}, undefined]],
    good: [['sandbox-after-payment-recorded', 'sandbox-after-payment-recorded']],
    bad: [['sandbox-after-payment', 'Setting PORTAL_FAILPOINT: got "sandbox-after-payment", wants one of sandbox-after-payment-recorded (a test-only switch).']],
  },
  {
    variable: 'SPA_DIR',
    field: 'spaDir',
    unset: [[{}, undefined]],
    good: [[build, build]],
    bad: [
      [notABuild, `Setting SPA_DIR: got ${JSON.stringify(notABuild)}, wants a directory holding a built app (its index.html).`],
      ['no-such-build', 'Setting SPA_DIR: got "no-such-build", wants a directory holding a built app (its index.html).'],
    ],
  },
  {
    variable: 'DEMO_DATA',
    field: 'demoData',
    unset: [[{}, true], [onPostgres, false]],
    good: [['1', true], ['off', false]],
    bad: [['sometimes', 'Setting DEMO_DATA: got "sometimes", wants 1, 0, true, false, yes, no, on or off.']],
  },
];

describe('each setting of the server', () => {
  it.each(rows.flatMap((row) => row.unset.map(([others, expected]) => [row.variable, others, expected, row] as const)))('%s unset, beside %j, is %j', (variable, others, expected, row) => {
    expect(readConfig(others)[row.field]).toEqual(expected);
    expect(readConfig({ ...others, [variable]: '' })[row.field]).toEqual(expected);
  });

  it.each(rows.flatMap((row) => row.good.map(([value, expected]) => [row.variable, value, expected, row] as const)))('%s=%j is %j', (variable, value, expected, row) => {
    expect(readConfig({ [variable]: value })[row.field]).toEqual(expected);
  });

  it.each(rows.flatMap((row) => row.bad.map(([value, line]) => [row.variable, value, line] as const)))('%s=%j stops the start: %s', (variable, value, line) => {
    expect(linesOf(() => readConfig({ [variable]: value }))).toEqual([line]);
  });

  it('covers every setting it reads', () => {
    const fields: (keyof ServerConfig)[] = rows.map((row) => row.field);
    expect(Object.keys(readConfig({})).sort()).toEqual([...fields].sort());
  });

  it('names every bad setting at once, one line each, in the order of the table', () => {
    expect(linesOf(() => readConfig({ PORT: 'abc', TRUST_PROXY: '1', JWT_SECRET: 'short', ORDER_HOLD_SECONDS: '0' }))).toEqual([
      'Setting PORT: got "abc", wants a whole number from 0 to 65535.',
      'Setting JWT_SECRET: got 5 characters, wants at least 32 characters.',
      'Setting ORDER_HOLD_SECONDS: got "0", wants a whole number of seconds from 5 to 86400.',
    ]);
  });

  it('never says a secret or a password', () => {
    const message = linesOf(() => readConfig({ JWT_SECRET: 'hunter2', PAYMENT_WEBHOOK_SECRET: 'hunter2', DATABASE_URL: 'mysql://u:hunter2@db/portal?password=hunter2' })).join('\n');
    expect(message).not.toContain('hunter2');
    expect(message).toContain('got "mysql://u:***@db/portal?password=***"');
  });
});

describe('each setting of the cluster (npm run start:cluster)', () => {
  it('defaults: two instances on port 3000, data in .data/cluster, its own PostgreSQL with the demo', () => {
    expect(readClusterConfig({})).toEqual({
      size: 2,
      port: 3000,
      dataDir: path.join(repoRoot, '.data/cluster'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      paymentWebhookSecret: undefined,
      publicUrl: 'http://localhost:3000',
      demoData: true,
      spaDir: undefined,
    });
  });

  it.each<[Record<string, string>, Partial<ReturnType<typeof readClusterConfig>>]>([
    [{ CLUSTER_SIZE: '1' }, { size: 1 }],
    [{ CLUSTER_SIZE: '8' }, { size: 8 }],
    [{ PORT: '8080' }, { port: 8080, publicUrl: 'http://localhost:8080' }],
    [{ PUBLIC_URL: 'https://portal.example/' }, { publicUrl: 'https://portal.example' }],
    [{ DATA_DIR: 'var/cluster' }, { dataDir: path.resolve('var/cluster') }],
    [onPostgres, { databaseUrl: onPostgres.DATABASE_URL, demoData: false }],
    [{ ...onPostgres, DEMO_DATA: '1' }, { demoData: true }],
    [{ DEMO_DATA: '0' }, { demoData: false }],
    [{ JWT_SECRET: secret32, PAYMENT_WEBHOOK_SECRET: secret32 }, { jwtSecret: secret32, paymentWebhookSecret: secret32 }],
    [{ SPA_DIR: build }, { spaDir: build }],
  ])('%j', (env, expected) => {
    expect(readClusterConfig(env)).toMatchObject(expected);
  });

  it.each([
    ['CLUSTER_SIZE', '0', 'Setting CLUSTER_SIZE: got "0", wants a whole number from 1 to 8.'],
    ['CLUSTER_SIZE', '9', 'Setting CLUSTER_SIZE: got "9", wants a whole number from 1 to 8.'],
    ['CLUSTER_SIZE', 'two', 'Setting CLUSTER_SIZE: got "two", wants a whole number from 1 to 8.'],
    // HAProxy binds the port itself: "any free port" is no address to give anyone.
    ['PORT', '0', 'Setting PORT: got "0", wants a whole number from 1 to 65535.'],
    ['DATA_DIR', 'package.json', 'Setting DATA_DIR: got "package.json", wants a directory (made when missing), not a file.'],
    ['DATABASE_URL', 'mysql://u:hunter2@db/portal', 'Setting DATABASE_URL: got "mysql://u:***@db/portal", wants a postgres:// or postgresql:// URL.'],
    ['JWT_SECRET', 'short', 'Setting JWT_SECRET: got 5 characters, wants at least 32 characters.'],
    ['PAYMENT_WEBHOOK_SECRET', 'short', 'Setting PAYMENT_WEBHOOK_SECRET: got 5 characters, wants at least 32 characters.'],
    ['PUBLIC_URL', 'portal.example', 'Setting PUBLIC_URL: got "portal.example", wants an absolute http:// or https:// URL without a query or fragment.'],
    ['DEMO_DATA', 'sometimes', 'Setting DEMO_DATA: got "sometimes", wants 1, 0, true, false, yes, no, on or off.'],
    ['SPA_DIR', 'no-such-build', 'Setting SPA_DIR: got "no-such-build", wants a directory holding a built app (its index.html).'],
  ])('%s=%j stops the start: %s', (variable, value, line) => {
    expect(linesOf(() => readClusterConfig({ [variable]: value }))).toEqual([line]);
  });
});

/** `node --import tsx <entry>` (what the npm scripts run) with only these settings; its exit code and what it printed. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(PORT|HOST|DATA_DIR|DATABASE_URL|JWT_SECRET|PUBLIC_URL|DEMO_DATA|SPA_DIR|CLUSTER_SIZE)$/.test(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: repoRoot, env: { ...clean, DATA_DIR: scratch, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('a start with bad settings', () => {
  it('server/main.ts prints one line for each, no stack, and exits 1 before it opens any database', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await run('server/main.ts', { PORT: 'abc', JWT_SECRET: 'short' });
    expect(code).toBe(1);
    expect(stderr).toBe('Setting PORT: got "abc", wants a whole number from 0 to 65535.\nSetting JWT_SECRET: got 5 characters, wants at least 32 characters.\n');
    expect(stdout).toBe('');
  });

  it('server/cluster/main.ts too, before it starts anything', { timeout: 60_000 }, async () => {
    const { code, stdout, stderr } = await run('server/cluster/main.ts', { CLUSTER_SIZE: '9', DATABASE_URL: 'postgres://u:hunter2@db.internal/portal?sslmode=maybe', PUBLIC_URL: 'localhost:3000' });
    expect(code).toBe(1);
    expect(stderr).toBe('Setting CLUSTER_SIZE: got "9", wants a whole number from 1 to 8.\nSetting PUBLIC_URL: got "localhost:3000", wants an absolute http:// or https:// URL without a query or fragment.\n');
    expect(stdout).toBe('');
  });
});
