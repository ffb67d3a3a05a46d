import type { Queryable } from '../db/database.ts';

/**
 * Old rate events go (issue 28, item 6a). The limiter (server/auth/rate-limit.ts) counts the events of one key
 * inside its window and deletes that key's older ones when the key comes again; a key that never comes again
 * (an address seen once) would keep its rows for ever. No window is longer than a day, so an event older than a
 * day counts nowhere: deleting it changes no answer.
 */
export const rateEventMaxAgeSeconds = 24 * 60 * 60;

/** Rows per delete: short statements, so logins writing to the table meanwhile never wait long. */
const batchSize = 1000;
/** A run deletes at most this many batches; anything left goes on the next run. */
const maxBatches = 100;

/**
 * Deletes the rate events older than `maxAgeSeconds`, in batches, and the untrusted sign-in turns of e-mails not
 * tried for as long (a turn matters only while it is ahead of now, by seconds); answers how many events went.
 */
export async function pruneRateEvents(db: Queryable, maxAgeSeconds = rateEventMaxAgeSeconds): Promise<number> {
  await db.query('delete from login_turns where next_turn < now() - make_interval(secs => $1)', [maxAgeSeconds]);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const [row] = await db.query<{ n: number }>(
      `with gone as (delete from rate_events where id in (
         select id from rate_events where at < now() - make_interval(secs => $1) limit ${batchSize}) returning 1)
       select count(*)::int as n from gone`,
      [maxAgeSeconds],
    );
    const n = row?.n ?? 0;
    deleted += n;
    if (n < batchSize) break;
  }
  return deleted;
}
