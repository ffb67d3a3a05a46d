import type { Queryable } from '../db/database.ts';

export interface RateRule {
  kind: string;
  limit: number;
  windowSeconds: number;
}

export const failedLoginsPerEmail: RateRule = { kind: 'login-failure:email', limit: 5, windowSeconds: 15 * 60 };
export const failedLoginsPerAddress: RateRule = { kind: 'login-failure:ip', limit: 20, windowSeconds: 15 * 60 };
export const resetRequestsPerEmail: RateRule = { kind: 'reset-request:email', limit: 5, windowSeconds: 60 * 60 };
export const quoteRequestsPerAddress: RateRule = { kind: 'quote-request:ip', limit: 10, windowSeconds: 60 * 60 };

// Counted in the database, not in memory, so that every instance behind a load balancer sees the same counts.
export async function isLimited(db: Queryable, rule: RateRule, key: string): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from rate_events where kind = $1 and key = $2 and at > now() - make_interval(secs => $3)`,
    [rule.kind, key.toLowerCase(), rule.windowSeconds],
  );
  return (row?.n ?? 0) >= rule.limit;
}

export async function record(db: Queryable, rule: RateRule, key: string): Promise<void> {
  await db.query('insert into rate_events (kind, key) values ($1, $2)', [rule.kind, key.toLowerCase()]);
}

export async function forget(db: Queryable, rule: RateRule, key: string): Promise<void> {
  await db.query('delete from rate_events where kind = $1 and key = $2', [rule.kind, key.toLowerCase()]);
}
