import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rateLimit from '../../server/auth/rate-limit.ts';
import { readConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { type Job, claimJobLease, portalJobs, startJobLoop } from '../../server/domain/jobs.ts';
import { sandboxProvider } from '../../server/domain/payment-provider.ts';
import { pruneRateEvents, rateEventMaxAgeSeconds } from '../../server/domain/rate-event-pruning.ts';
import { closeSecondDatabase, openSecondDatabase, until } from '../support/second-database.ts';
import { type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

// The background jobs (issue 28, items 5 and 6a): old rate events pruned by whichever instance takes the prune's
// lease, the loop that runs every job on its own timer, and the settings, checked at start. The notification
// retries and the reconciliation have their own files (payment-notifications, reconciliation). Run on PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL.

let server: TestServer;
let otherDb: Database;

beforeAll(async () => {
  server = await startTestServer();
  otherDb = await openSecondDatabase(server);
});
afterAll(async () => {
  await closeSecondDatabase(server, otherDb);
  await server?.close();
});

const hour = 3600;

describe('old rate events are pruned', () => {
  it('rows older than a day go, in batches; newer ones stay', async () => {
    const kind = `test-prune-${Date.now()}`;
    const insertAged = (key: string, ageSeconds: number, count = 1) =>
      server.db.query(`insert into rate_events (kind, key, at) select $1, $2, now() - make_interval(secs => $3) from generate_series(1, $4)`, [kind, key, ageSeconds, count]);
    // More than two batches of old ones.
    await insertAged('two days ago', 48 * hour, 2500);
    await insertAged('a day and a minute ago', 24 * hour + 60);
    await insertAged('a minute short of a day', 24 * hour - 60);
    await insertAged('an hour ago', hour);
    await insertAged('now', 0);
    const deleted = await pruneRateEvents(server.db);
    expect(deleted).toBeGreaterThanOrEqual(2501);
    const left = await server.db.query<{ key: string }>('select key from rate_events where kind = $1 order by at', [kind]);
    expect(left.map((row) => row.key)).toEqual(['a minute short of a day', 'an hour ago', 'now']);
    expect(await pruneRateEvents(server.db)).toBe(0);
  });

  it("sign-in turns of e-mails not tried for a day go; a recent one stays", async () => {
    const stale = `stale-${Date.now()}@example.com`;
    const recent = `recent-${Date.now()}@example.com`;
    await server.db.query(`insert into login_turns (email, next_turn) values ($1, now() - interval '25 hours'), ($2, now() - interval '1 hour')`, [stale, recent]);
    await pruneRateEvents(server.db);
    const left = await server.db.query<{ email: string }>('select email from login_turns where email = any($1::text[])', [[stale, recent]]);
    expect(left.map((row) => row.email)).toEqual([recent]);
    await server.db.query('delete from login_turns where email = $1', [recent]);
  });

  it('is safe: no limiter counts further back than a day', () => {
    const rules = Object.values(rateLimit).filter((value): value is rateLimit.RateRule => typeof value === 'object' && value !== null && 'windowSeconds' in value);
    expect(rules.length).toBeGreaterThan(3);
    for (const rule of rules) expect({ kind: rule.kind, within: rule.windowSeconds <= rateEventMaxAgeSeconds }).toEqual({ kind: rule.kind, within: true });
  });

  it('is done by one instance per period: of instances claiming the lease at once, one gets it', async () => {
    const job = `test-lease-${Date.now()}`;
    const claims = await Promise.all([server.db, otherDb, server.db, otherDb].map((db) => claimJobLease(db, job, hour)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobLease(otherDb, job, hour)).toBe(false);
    // The period over: the next claim takes it again.
    await server.db.query(`update job_leases set claimed_until = now() - interval '1 second' where job = $1`, [job]);
    expect(await claimJobLease(otherDb, job, hour)).toBe(true);
  });

  it('the prune job of two instances prunes once per lease', async () => {
    const kind = `test-prune-job-${Date.now()}`;
    await server.db.query(`delete from job_leases where job = 'prune-rate-events'`);
    await server.db.query(`insert into rate_events (kind, key, at) values ($1, 'old', now() - interval '2 days')`, [kind]);
    const log = { warn: () => {}, error: () => {} };
    const jobsOf = (db: Database) => {
      const context = { db, staffEmail: 'staff@tutoring.example', provider: sandboxProvider(), webhookSecret: testWebhookSecret, deliverPaymentEvent: async () => ({ status: 200, body: '' }), notificationSchedule: { retrySeconds: [5], laterSeconds: 60 } };
      return portalJobs(context, { reconcileScanSeconds: 20 }, log).find((job) => job.name === 'rate events pruning') as Job;
    };
    await Promise.all([jobsOf(server.db).run(), jobsOf(otherDb).run()]);
    expect(await server.db.query('select 1 from rate_events where kind = $1', [kind])).toEqual([]);
    const [lease] = await server.db.query<{ seconds: number }>(`select extract(epoch from claimed_until - now())::int as seconds from job_leases where job = 'prune-rate-events'`);
    expect(lease?.seconds).toBeGreaterThan(hour - 60);
    // Within the hour, neither prunes again.
    await server.db.query(`insert into rate_events (kind, key, at) values ($1, 'old', now() - interval '2 days')`, [kind]);
    await Promise.all([jobsOf(server.db).run(), jobsOf(otherDb).run()]);
    expect(await server.db.query('select 1 from rate_events where kind = $1', [kind])).toHaveLength(1);
    await server.db.query('delete from rate_events where kind = $1', [kind]);
  });
});

describe('the job loop', () => {
  it('runs each job at once and again after its own interval; a failing job is logged and runs again', async () => {
    const runs: string[] = [];
    const logged: string[] = [];
    let failures = 0;
    const loop = startJobLoop(
      [
        { name: 'quick', everySeconds: 0.05, run: async () => void runs.push('quick') },
        { name: 'slow', everySeconds: 60, run: async () => void runs.push('slow') },
        {
          name: 'failing',
          everySeconds: 0.05,
          run: async () => {
            failures += 1;
            throw new Error('database gone');
          },
        },
      ],
      { warn: () => {}, error: (_details, message) => void logged.push(message) },
    );
    try {
      await until(async () => runs.filter((r) => r === 'quick').length >= 3 && failures >= 3, 5000, 'several runs');
      expect(runs.filter((r) => r === 'slow')).toHaveLength(1);
      expect(logged[0]).toBe('failing failed; the next run tries again');
    } finally {
      await loop.stop();
    }
  });

  it('stop waits for a run under way, and nothing runs after it', async () => {
    let finished = false;
    let runs = 0;
    const loop = startJobLoop(
      [
        {
          name: 'long',
          everySeconds: 0.05,
          run: async () => {
            runs += 1;
            await new Promise((resolve) => setTimeout(resolve, 300));
            finished = true;
          },
        },
      ],
      { warn: () => {}, error: () => {} },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await loop.stop();
    expect(finished).toBe(true);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toBe(after);
  });

  it('scans for notification retries as often as the shortest wait of the schedule', () => {
    const context = { db: server.db, staffEmail: 's@example.com', provider: sandboxProvider(), webhookSecret: testWebhookSecret, deliverPaymentEvent: async () => ({ status: 200, body: '' }) };
    const log = { warn: () => {}, error: () => {} };
    const every = (retrySeconds: number[], laterSeconds = 60) =>
      Object.fromEntries(portalJobs({ ...context, notificationSchedule: { retrySeconds, laterSeconds } }, { reconcileScanSeconds: 20 }, log).map((job) => [job.name, job.everySeconds]));
    expect(every([5, 15, 45, 120, 300, 900])).toEqual({ 'payment notification retries': 5, 'paid orders reconciliation': 20, 'rate events pruning': 600 });
    expect(every([30], 2)['payment notification retries']).toBe(2);
  });
});

describe('settings', () => {
  it('default to a 20-second reconciliation scan, retries after 5 s, 15 s, 45 s, 2, 5 and 15 minutes, and no failpoint', () => {
    expect(readConfig({})).toMatchObject({ reconcileScanSeconds: 20, sandboxNotifyRetrySeconds: [5, 15, 45, 120, 300, 900], failpoint: undefined });
  });

  it('take whole seconds, a list of them, and the one failpoint there is', () => {
    expect(readConfig({ RECONCILE_SCAN_SECONDS: '2', SANDBOX_NOTIFY_RETRY_SECONDS: '1, 1,2', PORTAL_FAILPOINT: 'sandbox-after-payment-recorded' })).toMatchObject({
      reconcileScanSeconds: 2,
      sandboxNotifyRetrySeconds: [1, 1, 2],
      failpoint: 'sandbox-after-payment-recorded',
    });
  });

  const list = 'a comma-separated list of at most 20 whole numbers of seconds, each from 1 to 86400';
  it.each([
    ['RECONCILE_SCAN_SECONDS', '0', 'Setting RECONCILE_SCAN_SECONDS: got "0", wants a whole number of seconds from 1 to 86400.'],
    ['RECONCILE_SCAN_SECONDS', '2.5', 'Setting RECONCILE_SCAN_SECONDS: got "2.5", wants a whole number of seconds from 1 to 86400.'],
    ['RECONCILE_SCAN_SECONDS', 'often', 'Setting RECONCILE_SCAN_SECONDS: got "often", wants a whole number of seconds from 1 to 86400.'],
    ['SANDBOX_NOTIFY_RETRY_SECONDS', '5,,15', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "5,,15", wants ${list}.`],
    ['SANDBOX_NOTIFY_RETRY_SECONDS', '0', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "0", wants ${list}.`],
    ['SANDBOX_NOTIFY_RETRY_SECONDS', '5,1.5', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "5,1.5", wants ${list}.`],
    ['SANDBOX_NOTIFY_RETRY_SECONDS', '90000', `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "90000", wants ${list}.`],
    ['SANDBOX_NOTIFY_RETRY_SECONDS', Array(21).fill('1').join(','), `Setting SANDBOX_NOTIFY_RETRY_SECONDS: got "${Array(21).fill('1').join(',')}", wants ${list}.`],
    ['PORTAL_FAILPOINT', 'sandbox-after-payment', 'Setting PORTAL_FAILPOINT: got "sandbox-after-payment", wants one of sandbox-after-payment-recorded (a test-only switch).'],
  ])('refuse %s=%s with a clear message', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });
});
