import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { signPaymentEvent } from './payment-signature.ts';

/**
 * The payment provider's notifications, at least once (issue 28, item 5). The sandbox stands in for the
 * provider, and does what a real one does (Stripe retries a webhook that got no 2xx, with back-off, for days):
 * the notification is written in the transaction that records the payment (`sandbox_notifications`), delivered
 * at once after the commit, and, when that delivery got no 2xx or the instance died before making it, delivered
 * again by whichever instance claims it once it is due, each attempt signed anew (a signature is stale after
 * 300 s), until one gets a 2xx or the retries run out. Nothing is kept in memory: the row is the schedule.
 */

export interface NotificationSchedule {
  /**
   * Seconds from each attempt to the next: the first entry is the wait after the first attempt, and so on; after
   * the last attempt (one more than the entries) none follows.
   */
  retrySeconds: readonly number[];
  /** How long "Charge the card, notify later" holds a notification back before its first attempt. */
  laterSeconds: number;
}

/**
 * 5 s, 15 s, 45 s, 2 min, 5 min, 15 min: roughly ×3 each time, seven attempts over about 23 minutes. The first
 * retries are quick because the usual cause is a moment's trouble (an instance restarting, a deploy, a lost
 * connection), and the later ones outlast a longer outage without hammering a portal that is struggling. It
 * stops after 23 minutes, not days like Stripe: the portal reconciles on its own every RECONCILE_SCAN_SECONDS
 * (server/domain/reconciliation.ts), so the retries only make the booking quicker, and a refusal that outlasts
 * them (a wrong secret, an order closed meanwhile) is one no retry would mend.
 */
export const defaultRetrySeconds: readonly number[] = [5, 15, 45, 120, 300, 900];

/** A late notification, late enough to be seen: the page that follows shows "Send the notification now". */
export const defaultLaterSeconds = 60;

export type PaymentEventType = 'payment.succeeded' | 'payment.failed' | 'payment.cancelled';

/** The provider's event, as `POST /api/payment-webhook` takes it; its id stays the same on every attempt. */
export function paymentEventBody(ref: string, type: PaymentEventType, amount: number, method: string, now = new Date()): string {
  return JSON.stringify({
    id: `evt_${randomBytes(12).toString('base64url')}`,
    type,
    created: Math.floor(now.getTime() / 1000),
    data: { ref, amount, method },
  });
}

/** A notification claimed for one attempt. */
export interface ClaimedNotification {
  id: string;
  ref: string;
  body: string;
  /** This attempt's number, from 1. */
  attempt: number;
}

const returned = 'id::text as id, ref, body, attempts as attempt';

/**
 * Writes a payment's notification, in the transaction that records the payment. `now`: claimed for its first
 * attempt by the caller, who delivers it after the commit (if it dies first, the row is due at the first retry);
 * `later`: held back for `laterSeconds`, then delivered by whichever instance claims it.
 */
export async function recordNotification(tx: Queryable, ref: string, body: string, schedule: NotificationSchedule, when: 'now' | 'later'): Promise<ClaimedNotification> {
  const [row] = await tx.query<ClaimedNotification>(
    `insert into sandbox_notifications (ref, body, attempts, next_attempt_at)
     values ($1, $2, $3, now() + make_interval(secs => $4)) returning ${returned}`,
    [ref, body, when === 'now' ? 1 : 0, when === 'now' ? (schedule.retrySeconds[0] ?? null) : schedule.laterSeconds],
  );
  if (!row) throw new Error(`the notification of ${ref} was not written`);
  return row;
}

/**
 * Claims one due notification for an attempt, among all instances: the row is locked with SKIP LOCKED (two
 * instances never take one row) and its next attempt is moved on to the following retry in the same statement
 * (so no instance finds it due again while this attempt runs, and it is due again if this instance dies).
 */
export async function claimDueNotification(db: Queryable, schedule: NotificationSchedule): Promise<ClaimedNotification | undefined> {
  const [row] = await db.query<ClaimedNotification>(
    `update sandbox_notifications n
        set attempts = n.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ($1::float8[])[n.attempts + 1])
      where n.id = (select id from sandbox_notifications
                     where delivered_at is null and next_attempt_at <= now()
                     order by next_attempt_at, id limit 1 for update skip locked)
        and n.delivered_at is null and n.next_attempt_at <= now()
      returning n.${returned}`,
    [schedule.retrySeconds],
  );
  return row;
}

/**
 * "Send the notification now" on the sandbox page: the payment's undelivered notification (waiting, or given
 * up) claimed for an attempt now, or, when it has none, a new one. Its schedule moves on as any attempt's does.
 */
export async function claimNotificationNow(db: Queryable, ref: string, schedule: NotificationSchedule, body: () => string): Promise<ClaimedNotification> {
  const [row] = await db.query<ClaimedNotification>(
    `update sandbox_notifications n
        set attempts = n.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ($2::float8[])[n.attempts + 1])
      where n.id = (select id from sandbox_notifications where ref = $1 and delivered_at is null
                     order by id desc limit 1 for update skip locked)
        and n.delivered_at is null
      returning n.${returned}`,
    [ref, schedule.retrySeconds],
  );
  return row ?? recordNotification(db, ref, body(), schedule, 'now');
}

/** How the provider reaches the portal: the webhook's HTTP route (`AppContext.deliverPaymentEvent`). */
export type DeliverPaymentEvent = (rawBody: string, signature: string) => Promise<{ status: number; body: string }>;

export interface NotificationLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DeliveryContext {
  db: Queryable;
  webhookSecret: string;
  deliverPaymentEvent: DeliverPaymentEvent;
}

/**
 * One attempt of a claimed notification: signed now, delivered, and its outcome written. Answers whether the
 * portal took it (a 2xx). A refusal is logged with when the next attempt is due, or that there is none.
 */
export async function attemptDelivery(ctx: DeliveryContext, log: NotificationLog, notification: ClaimedNotification): Promise<boolean> {
  let status: number | null = null;
  let error: string | null = null;
  try {
    const answer = await ctx.deliverPaymentEvent(notification.body, signPaymentEvent(ctx.webhookSecret, notification.body, Math.floor(Date.now() / 1000)));
    status = answer.status;
    if (status < 200 || status >= 300) error = answer.body.slice(0, 500);
  } catch (thrown) {
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  if (status !== null && status >= 200 && status < 300) {
    await ctx.db.query(
      `update sandbox_notifications set delivered_at = now(), last_attempt_at = now(), next_attempt_at = null, last_status = $2, last_error = null where id = $1`,
      [notification.id, status],
    );
    return true;
  }
  // A later attempt may have been delivered meanwhile (this one was slow): its record stands.
  const [after] = await ctx.db.query<{ next_attempt_at: Date | null }>(
    `update sandbox_notifications set last_attempt_at = now(), last_status = $2, last_error = $3 where id = $1 and delivered_at is null returning next_attempt_at`,
    [notification.id, status, error],
  );
  const details = { ref: notification.ref, attempt: notification.attempt, status, error };
  if (after && after.next_attempt_at === null) log.error(details, 'payment notification refused; no retries left (a paid order is still booked by the reconciliation)');
  else if (after) log.warn({ ...details, nextAttemptAt: after.next_attempt_at }, 'payment notification refused; retried later');
  return false;
}

/** One run of the retry job: each due notification claimed and attempted, one at a time, at most `limit`. */
export async function deliverDueNotifications(ctx: DeliveryContext, log: NotificationLog, schedule: NotificationSchedule, limit = 100): Promise<{ delivered: string[]; refused: string[] }> {
  const result = { delivered: [] as string[], refused: [] as string[] };
  for (let i = 0; i < limit; i++) {
    const claimed = await claimDueNotification(ctx.db, schedule);
    if (!claimed) break;
    if (await attemptDelivery(ctx, log, claimed)) result.delivered.push(claimed.ref);
    else result.refused.push(claimed.ref);
  }
  return result;
}
