import type { Queryable } from '../db/database.ts';

export interface RateRule {
  kind: string;
  /** Attempts allowed in the window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

/**
 * Login (OWASP ASVS V6; the rules and their order are in sign-in.ts and sign-in-rules.ts). A sign-in from a trusted
 * device (device-cookie.ts) counts only against that device. Every other attempt counts per pair (e-mail, address),
 * which is locked after 5 failures in 15 minutes (only that pair: a stranger elsewhere cannot lock a client out); per
 * e-mail from every address, where past 5 the attempts take turns (sign-in-rules.ts); and per address against every
 * e-mail (spraying), where past 20 each attempt waits `loginDelayMs` before its password is checked.
 */
export const failedLoginsPerPair: RateRule = { kind: 'login-failure:pair', limit: 5, windowSeconds: 15 * 60 };
/** Untrusted attempts on one e-mail from anywhere: the first `limit` in the window are free, later ones take turns. */
export const untrustedLoginsPerEmail: RateRule = { kind: 'login-failure:email', limit: 5, windowSeconds: 15 * 60 };
export const failedLoginsPerAddress: RateRule = { kind: 'login-failure:ip', limit: 20, windowSeconds: 15 * 60 };
/** A trusted device's failures: past `limit` in the window its cookie is no longer trusted (a stolen one cannot guess). */
export const failedLoginsPerDevice: RateRule = { kind: 'login-failure:device', limit: 10, windowSeconds: 15 * 60 };
export const loginDelayCapMs = 5000;

/** The pair's key; a space cannot be in an e-mail the contract accepts, so no two pairs share one. */
export const loginPairKey = (email: string, address: string) => `${email} ${address}`;

/** 100 ms for the first failure past the rule's limit, doubling with each one after, at most 5 s. */
export function loginDelayMs(failures: number, rule: RateRule): number {
  const over = failures - rule.limit;
  return over <= 0 ? 0 : Math.min(100 * 2 ** (over - 1), loginDelayCapMs);
}
/**
 * Reset requests from devices not trusted for the e-mail, per address across every e-mail: a mail-bombing sender is
 * stopped, and the cap is the address's, never an e-mail's, so it cannot be aimed at one client (whose trusted device
 * is not counted at all). What limits the mails one e-mail receives is in password-reset.ts.
 */
export const resetRequestsPerAddress: RateRule = { kind: 'reset-request:ip', limit: 30, windowSeconds: 60 * 60 };
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
  /** Attempts in the window, this one included. */
  count: number;
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
  const count = row?.n ?? 0;
  return { allowed: count <= rule.limit, count, id: event?.id ?? '' };
}

/**
 * Seconds until an attempt under `key` would be allowed again: until enough of the window's attempts have aged
 * out that the next one is the limit's last. For Retry-After.
 */
export async function retryAfterSeconds(db: Queryable, rule: RateRule, key: string): Promise<number> {
  const [row] = await db.query<{ s: number }>(
    `select greatest(1, ceil(extract(epoch from (at + make_interval(secs => $3) - now()))))::int as s
       from rate_events where kind = $1 and key = $2 and at > now() - make_interval(secs => $3)
      order by at, id offset greatest(0, (select count(*) from rate_events where kind = $1 and key = $2 and at > now() - make_interval(secs => $3)) - $4) limit 1`,
    [rule.kind, key.toLowerCase(), rule.windowSeconds, rule.limit],
  );
  return row?.s ?? 1;
}

export async function takeBack(db: Queryable, attempts: readonly Attempt[]): Promise<void> {
  await db.query('delete from rate_events where id = any($1::bigint[])', [attempts.map((a) => a.id)]);
}

/** Forgets every attempt under a key: a successful login clears that e-mail's failures. */
export async function forget(db: Queryable, rule: RateRule, key: string): Promise<void> {
  await db.query('delete from rate_events where kind = $1 and key = $2', [rule.kind, key.toLowerCase()]);
}
