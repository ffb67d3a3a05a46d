import type { Queryable } from '../db/database.ts';
import { pruneRateEvents } from './rate-event-pruning.ts';
import { type ReconcileContext, defaultGraceSeconds, reconcilePaidOrders } from './reconciliation.ts';
import { type DeliveryContext, type NotificationSchedule, deliverDueNotifications } from './sandbox-notifications.ts';

/**
 * The background jobs every instance runs (docs/architecture.md, "After the booking"): the payment provider's
 * notification retries, the reconciliation of paid orders, the pruning of old rate events. Each run claims its
 * work in the database (a row lock, a lease), so any number of instances can run them and each piece of work is
 * done by one; nothing is kept in memory, so a restart or another instance changes nothing. The lesson reminders
 * have their own loop (server/domain/reminders.ts), on the same pattern.
 */

export interface JobSettings {
  /** How often each instance scans for paid orders not booked (RECONCILE_SCAN_SECONDS). */
  reconcileScanSeconds: number;
  /** How old a payment must be before reconciliation books it (10 s): its notification goes first. */
  reconcileGraceSeconds?: number;
  /** How often each instance tries to take the hour's prune of old rate events (10 minutes). */
  pruneEverySeconds?: number;
}

export interface Job {
  name: string;
  /** The pause after a run ends before the next one starts. */
  everySeconds: number;
  run(): Promise<void>;
}

/** What the loop reports to (the server's logger). */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobLoop {
  /** Stops every job; resolves once the runs under way have finished, so the database can be closed after. */
  stop(): Promise<void>;
}

/**
 * Runs each job now, then `everySeconds` after its previous run ends, each on its own timer (a slow
 * reconciliation never delays a retry). A failure is logged and the next run tries again; the timers never keep
 * the process alive.
 */
export function startJobLoop(jobs: readonly Job[], log: JobLog): JobLoop {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const tick = (job: Job) => {
    const run = job
      .run()
      .catch((error: unknown) => log.error({ err: error, job: job.name }, `${job.name} failed; the next run tries again`))
      .finally(() => {
        running.delete(run);
        if (stopped) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          tick(job);
        }, job.everySeconds * 1000);
        timer.unref();
        timers.add(timer);
      });
    running.add(run);
  };
  for (const job of jobs) tick(job);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}

/**
 * Takes the lease of a job that one instance does per period, when no instance holds it: answers whether this
 * call took it. The primary key lets one of several instances upserting at once have the row back.
 */
export async function claimJobLease(db: Queryable, job: string, seconds: number): Promise<boolean> {
  const [row] = await db.query<{ job: string }>(
    `insert into job_leases (job, claimed_until) values ($1, now() + make_interval(secs => $2))
     on conflict (job) do update set claimed_until = excluded.claimed_until where job_leases.claimed_until <= now()
     returning job`,
    [job, seconds],
  );
  return row !== undefined;
}

/** Old rate events are pruned at most once an hour, by whichever instance takes the hour's lease. */
const pruneLeaseSeconds = 3600;
const defaultPruneEverySeconds = 600;
/** The notification retries are scanned at most this often, whatever the schedule (tests use fractions of a second). */
const minRetryScanSeconds = 0.05;

export interface JobContext extends ReconcileContext, Omit<DeliveryContext, 'db'> {
  notificationSchedule: NotificationSchedule;
}

/** The portal's jobs, for startJobLoop. */
export function portalJobs(ctx: JobContext, settings: JobSettings, log: JobLog): Job[] {
  const schedule = ctx.notificationSchedule;
  return [
    {
      // As often as the shortest wait of the schedule, so that no retry goes out later than one step after it is due.
      name: 'payment notification retries',
      everySeconds: Math.max(minRetryScanSeconds, Math.min(...schedule.retrySeconds, schedule.laterSeconds)),
      async run() {
        await deliverDueNotifications(ctx, log, schedule);
      },
    },
    {
      name: 'paid orders reconciliation',
      everySeconds: settings.reconcileScanSeconds,
      async run() {
        const { booked, failed } = await reconcilePaidOrders(ctx, { leaseSeconds: settings.reconcileScanSeconds, graceSeconds: settings.reconcileGraceSeconds ?? defaultGraceSeconds });
        // Worth knowing: the provider was paid and the portal had not heard of it (a notification lost or refused).
        for (const order of booked) log.warn(order, 'paid order booked by reconciliation: the provider reports it paid, no notification had booked it');
        for (const { ref, error } of failed) log.error({ err: error, ref }, 'paid order could not be reconciled; the next scan tries again');
      },
    },
    {
      name: 'rate events pruning',
      everySeconds: settings.pruneEverySeconds ?? defaultPruneEverySeconds,
      async run() {
        if (await claimJobLease(ctx.db, 'prune-rate-events', pruneLeaseSeconds)) await pruneRateEvents(ctx.db);
      },
    },
  ];
}
