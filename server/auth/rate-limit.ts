import type { Queryable } from '../db/database.ts';

export interface RateRule {
  kind: string;
  /** Attempts allowed in the window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

export const failedLoginsPerEmail: RateRule = { kind: 'login-failure:email', limit: 5, windowSeconds: 15 * 60 };
export const failedLoginsPerAddress: RateRule = { kind: 'login-failure:ip', limit: 20, windowSeconds: 15 * 60 };
export const resetRequestsPerEmail: RateRule = { kind: 'reset-request:email', limit: 5, windowSeconds: 60 * 60 };
export const quoteRequestsPerAddress: RateRule = { kind: 'quote-request:ip', limit: 10, windowSeconds: 60 * 60 };
/**
 * The public calendar feed is limited two ways. Per address, only the lookups that find no feed count: a guesser
 * is stopped after 30 an hour, while a calendar service that fetches thousands of real feeds from a few shared
 * addresses (Google's) is not. Per feed, every fetch counts: apps poll a feed a few times an hour at most, so 120
 * an hour leaves room for several devices and stops a leaked address from being hammered.
 */
export const calendarFeedMissesPerAddress: RateRule = { kind: 'calendar-feed-miss:ip', limit: 30, windowSeconds: 60 * 60 };
export const calendarFeedFetchesPerFeed: RateRule = { kind: 'calendar-feed:feed', limit: 120, windowSeconds: 60 * 60 };

export interface Attempt {
  allowed: boolean;
  /** The recorded event, to take back when the attempt turns out not to count (a successful login). */
  id: string;
}

/**
 * Records an attempt, then counts the window including it. Recording before counting makes
 * parallel attempts see each other, so a burst cannot slip past the limit. Counted in the
 * database, not in memory, so that every instance behind a load balancer sees the same counts.
 */
export async function attempt(db: Queryable, rule: RateRule, key: string): Promise<Attempt> {
  const [event] = await db.query<{ id: string }>('insert into rate_events (kind, key) values ($1, $2) returning id::text as id', [rule.kind, key.toLowerCase()]);
  // What is past the window never counts again: a feed polled all day keeps a window's worth of rows per address.
  await db.query('delete from rate_events where kind = $1 and key = $2 and at <= now() - make_interval(secs => $3)', [rule.kind, key.toLowerCase(), rule.windowSeconds]);
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from rate_events where kind = $1 and key = $2 and at > now() - make_interval(secs => $3)`,
    [rule.kind, key.toLowerCase(), rule.windowSeconds],
  );
  return { allowed: (row?.n ?? 0) <= rule.limit, id: event?.id ?? '' };
}

export async function takeBack(db: Queryable, attempts: readonly Attempt[]): Promise<void> {
  await db.query('delete from rate_events where id = any($1::bigint[])', [attempts.map((a) => a.id)]);
}

/** Forgets every attempt under a key: a successful login clears that e-mail's failures. */
export async function forget(db: Queryable, rule: RateRule, key: string): Promise<void> {
  await db.query('delete from rate_events where kind = $1 and key = $2', [rule.kind, key.toLowerCase()]);
}
