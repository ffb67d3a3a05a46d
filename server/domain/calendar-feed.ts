import { createHash, randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import type { Queryable } from '../db/database.ts';

/**
 * A client's private calendar feed: its address holds a secret of its own (not the session token, so logging
 * out or changing the password leaves a subscription working), of which only the SHA-256 is stored. The
 * address is therefore shown once, when it is made; Reset (asked for explicitly) replaces the hash and the old
 * address stops answering.
 */

/** 32 random bytes, base64url: 43 characters, the pattern openapi.yaml gives the path's `token`. */
export const newFeedToken = (): string => randomBytes(32).toString('base64url');

/** How a secret is stored and looked up: hex SHA-256 (a random 256-bit secret needs no salt or slow hash). */
export const feedTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The feed's address over the portal's own scheme, and the same for calendar apps (webcal://). */
export function feedUrls(publicUrl: string, token: string): { url: string; webcal_url: string } {
  const url = `${publicUrl}/api/calendar-feed/${token}`;
  return { url, webcal_url: url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, 'webcal://') };
}

/** The lessons a feed holds: starting from 2 weeks back up to 3 calendar months ahead (UTC months). */
export function feedWindow(now: Date): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - 14 * 24 * 60 * 60 * 1000), to: new Date(addMonths(new TZDate(now.getTime(), 'UTC'), 3).getTime()) };
}

/**
 * Makes the client's feed, or with `replace` replaces its secret: answers the new secret (never stored) and when it
 * was made; undefined when the client has a feed and `replace` is not asked, which is left as it was. One
 * conditional statement, so two first POSTs at once make one feed and the other is told it exists.
 */
export async function resetFeed(db: Queryable, clientId: number, { replace }: { replace: boolean }): Promise<{ token: string; createdAt: Date } | undefined> {
  const token = newFeedToken();
  const [row] = await db.query<{ created_at: Date | string }>(
    `insert into calendar_feeds (client_id, token_hash) values ($1, $2)
     on conflict (client_id) do update set token_hash = excluded.token_hash, created_at = now() where $3::boolean
     returning created_at`,
    [clientId, feedTokenHash(token), replace],
  );
  return row ? { token, createdAt: new Date(row.created_at) } : undefined;
}

/** When the client's current feed address was made; undefined without a feed. */
export async function feedCreatedAt(db: Queryable, clientId: number): Promise<Date | undefined> {
  const [row] = await db.query<{ created_at: Date | string }>('select created_at from calendar_feeds where client_id = $1', [clientId]);
  return row ? new Date(row.created_at) : undefined;
}

/** The client whose current feed has this secret; undefined for an unknown or replaced one. */
export async function feedClient(db: Queryable, token: string): Promise<number | undefined> {
  const [row] = await db.query<{ client_id: number }>('select client_id from calendar_feeds where token_hash = $1', [feedTokenHash(token)]);
  return row?.client_id;
}
