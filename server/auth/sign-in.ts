import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../db/database.ts';
import type { ClientRow } from '../domain/records.ts';
import { type DeviceCookie, issueDeviceCookie, trustedDevice } from './device-cookie.ts';
import { claimDeviceAttempt, deviceAttemptFailed, deviceAttemptSucceeded, reserveLoginTurn } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { attempt, failedLoginsPerAddress, failedLoginsPerPair, forget, loginDelayMs, loginPairKey, retryAfterSeconds, takeBack, untrustedLoginsPerEmail } from './rate-limit.ts';
import { deviceBusyMessage, deviceBusyRetryAfterSeconds, pairLockedMessage, takesTurn, turnsTakenMessage } from './sign-in-rules.ts';

export interface SignInInput {
  email: string;
  password: string;
  /** The address the request came from (request.ip). */
  address: string;
  /** The request's cookies (device-cookie.ts parseCookies). */
  cookies: ReadonlyMap<string, string>;
}

export type SignInOutcome =
  | { kind: 'signed-in'; client: ClientRow; device: DeviceCookie }
  | { kind: 'wrong' }
  | { kind: 'refused'; retryAfterSeconds: number; message: string };

let timingDecoy: Promise<string> | undefined;
// Checking some password even for an unknown e-mail keeps the answer time from telling which e-mails exist.
const decoyHash = () => (timingDecoy ??= hashPassword(randomBytes(12).toString('hex')));

export async function clientByEmail(db: Queryable, email: string): Promise<ClientRow | undefined> {
  const [row] = await db.query<ClientRow>('select * from clients where lower(email) = lower($1)', [email.trim()]);
  return row;
}

/**
 * One sign-in attempt (issue 28; OWASP's device cookies, ASVS V6). The rules:
 * - A device cookie trusted for the e-mail (device-cookie.ts) is checked at once: not counted with strangers'
 *   failures, not slowed, never refused by them, from any address. Its failures count against that device only;
 *   at 10 in 15 minutes it is treated as untrusted. Its attempts in parallel wait for the ones before them only as
 *   far as needed to hold that limit (a stolen cookie gets 10 guesses, a burst of right passwords all get in).
 * - Any other attempt counts against the pair (e-mail, address), refused (429) after 5 failures in 15 minutes without
 *   checking the password; against the e-mail, where past 5 in 15 minutes the attempts take turns, one every 3 s
 *   from all addresses and instances together, waiting up to 10 s for a turn or else refused (429); and against the
 *   address, where past 20 failures in 15 minutes each attempt waits 100 ms doubling up to 5 s (spraying).
 * A right password clears the pair and takes its own counts back, and is answered a fresh device cookie.
 */
export async function signIn(db: Queryable, deviceKey: Buffer, input: SignInInput, nowMs = Date.now()): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const client = await clientByEmail(db, email);
  const device = client ? trustedDevice(deviceKey, input.cookies, email, client.token_version, nowMs) : undefined;
  const claim = device && (await claimDeviceAttempt(db, device.nonce));
  if (claim?.kind === 'busy') return { kind: 'refused', retryAfterSeconds: deviceBusyRetryAfterSeconds, message: deviceBusyMessage };
  if (client && claim?.kind === 'go') {
    if (!(await verifyPassword(input.password, client.password_hash))) {
      await deviceAttemptFailed(db, claim.id);
      return { kind: 'wrong' };
    }
    await deviceAttemptSucceeded(db, claim.id);
    return { kind: 'signed-in', client, device: issueDeviceCookie(deviceKey, email, client.token_version, nowMs) };
  }

  const pairKey = loginPairKey(email, input.address);
  // Every untrusted attempt counts as a failure until the password proves right; recorded before counting, so a
  // burst in parallel sees itself. A refused attempt checks no password, so it counts nowhere else.
  const pair = await attempt(db, failedLoginsPerPair, pairKey);
  if (!pair.allowed) {
    const retryAfter = await retryAfterSeconds(db, failedLoginsPerPair, pairKey);
    return { kind: 'refused', retryAfterSeconds: retryAfter, message: pairLockedMessage(retryAfter) };
  }
  const perEmail = await attempt(db, untrustedLoginsPerEmail, email);
  let turnWaitMs = 0;
  if (takesTurn(perEmail.count)) {
    const turn = await reserveLoginTurn(db, email);
    if (!turn.granted) {
      await takeBack(db, [perEmail]);
      return { kind: 'refused', retryAfterSeconds: turn.retryAfterSeconds, message: turnsTakenMessage(turn.retryAfterSeconds) };
    }
    turnWaitMs = turn.waitMs;
  }
  const perAddress = await attempt(db, failedLoginsPerAddress, input.address);
  const wait = Math.max(turnWaitMs, loginDelayMs(perAddress.count, failedLoginsPerAddress));
  if (wait > 0) await sleep(wait);
  const valid = await verifyPassword(input.password, client?.password_hash ?? (await decoyHash()));
  if (!client || !valid) return { kind: 'wrong' };
  await takeBack(db, [pair, perEmail, perAddress]);
  // Only this pair's failures go: those from other addresses still make the e-mail's untrusted attempts take turns.
  await forget(db, failedLoginsPerPair, pairKey);
  return { kind: 'signed-in', client, device: issueDeviceCookie(deviceKey, email, client.token_version, nowMs) };
}
