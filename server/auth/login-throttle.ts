import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../db/database.ts';
import { failedLoginsPerDevice } from './rate-limit.ts';
import { deviceMaxWaitSeconds, deviceTurn, loginMaxWaitSeconds, loginTurnSeconds, turnRetryAfterSeconds } from './sign-in-rules.ts';

/*
 * The two waits of sign-in, held in the database so that every instance behind the balancer agrees (nothing in
 * memory): the turns of untrusted attempts per e-mail, and the order of a trusted device's attempts.
 */

export type Turn = { granted: true; waitMs: number } | { granted: false; retryAfterSeconds: number };

/**
 * Reserves the e-mail's next turn, one `loginTurnSeconds` after the last one reserved (or now, when that is past),
 * unless it is more than `loginMaxWaitSeconds` ahead: then nothing is reserved and the answer says when to retry.
 * One statement, so parallel attempts on any instance are given distinct turns.
 */
export async function reserveLoginTurn(db: Queryable, email: string): Promise<Turn> {
  const [turn] = await db.query<{ wait_ms: number }>(
    `insert into login_turns as t (email, next_turn) values ($1, now() + make_interval(secs => $2))
     on conflict (email) do update set next_turn = greatest(t.next_turn, now()) + make_interval(secs => $2)
       where t.next_turn <= now() + make_interval(secs => $3)
     returning greatest(0, extract(epoch from (t.next_turn - make_interval(secs => $2) - now())) * 1000)::float8 as wait_ms`,
    [email, loginTurnSeconds, loginMaxWaitSeconds],
  );
  if (turn) return { granted: true, waitMs: turn.wait_ms };
  const [taken] = await db.query<{ s: number }>('select extract(epoch from (next_turn - now()))::float8 as s from login_turns where email = $1', [email]);
  return { granted: false, retryAfterSeconds: turnRetryAfterSeconds(taken?.s ?? 0) };
}

/** The turn (the times reserved) of an e-mail, for tests and tools: when the next free turn begins. */
export async function nextLoginTurn(db: Queryable, email: string): Promise<Date | undefined> {
  const [row] = await db.query<{ next_turn: Date }>('select next_turn from login_turns where email = $1', [email]);
  return row?.next_turn;
}

const undecided = 'login-attempt:device';

export type DeviceClaim = { kind: 'go'; id: string } | { kind: 'locked' } | { kind: 'busy' };

/**
 * A trusted device's attempt waits for its place: recorded as undecided, it goes once the device's failures plus
 * its undecided attempts begun earlier are under the limit (`deviceTurn`); settle it with `deviceAttemptFailed` or
 * `deviceAttemptSucceeded`. 'locked': the device has failed too often, the attempt is an untrusted one. 'busy': its
 * earlier attempts were not decided within `deviceMaxWaitSeconds` (a burst on a loaded machine).
 */
export async function claimDeviceAttempt(db: Queryable, nonce: string): Promise<DeviceClaim> {
  const [claimed] = await db.query<{ id: string }>('insert into rate_events (kind, key) values ($1, $2) returning id::text as id', [undecided, nonce]);
  const id = claimed?.id ?? '';
  const deadline = performance.now() + deviceMaxWaitSeconds * 1000;
  for (let pause = 25; ; pause = Math.min(pause * 2, 400)) {
    const [row] = await db.query<{ failed: number; before: number }>(
      `select count(*) filter (where kind = $2)::int as failed, count(*) filter (where kind = $3 and id < $4::bigint)::int as before
         from rate_events where kind in ($2, $3) and key = $1 and at > now() - make_interval(secs => $5)`,
      [nonce, failedLoginsPerDevice.kind, undecided, id, failedLoginsPerDevice.windowSeconds],
    );
    const turn = deviceTurn(row?.failed ?? 0, row?.before ?? 0);
    if (turn === 'go') return { kind: 'go', id };
    if (turn === 'locked' || performance.now() + pause > deadline) {
      await db.query('delete from rate_events where id = $1::bigint', [id]);
      return { kind: turn === 'locked' ? 'locked' : 'busy' };
    }
    await sleep(pause);
  }
}

/** The device's attempt was a wrong password: it counts towards the device's lock. */
export async function deviceAttemptFailed(db: Queryable, id: string): Promise<void> {
  await db.query('update rate_events set kind = $2 where id = $1::bigint', [id, failedLoginsPerDevice.kind]);
}

export async function deviceAttemptSucceeded(db: Queryable, id: string): Promise<void> {
  await db.query('delete from rate_events where id = $1::bigint', [id]);
}

/** Whether a device has failed so often that its cookie no longer counts as trusted (a reset asks this). */
export async function deviceLocked(db: Queryable, nonce: string): Promise<boolean> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from rate_events where kind = $1 and key = $2 and at > now() - make_interval(secs => $3)',
    [failedLoginsPerDevice.kind, nonce, failedLoginsPerDevice.windowSeconds],
  );
  return deviceTurn(row?.n ?? 0, 0) === 'locked';
}
