import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { sendMail } from '../domain/outbox.ts';
import { trustedDevice } from './device-cookie.ts';
import { deviceLocked } from './login-throttle.ts';
import { attempt, resetRequestsPerAddress, retryAfterSeconds } from './rate-limit.ts';
import { mailsResetLink, resetMailSpacingSeconds, resetRequestsRefusedMessage, type ResetState } from './sign-in-rules.ts';
import { clientByEmail } from './sign-in.ts';

export const resetLinkLifetimeSeconds = 60 * 60;
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ResetRequest {
  email: string;
  address: string;
  cookies: ReadonlyMap<string, string>;
  /** The portal's origin, for the link. */
  publicUrl: string;
}

export type ResetOutcome = { kind: 'accepted' } | { kind: 'refused'; retryAfterSeconds: number; message: string };

/**
 * `POST /forget_password` (issue 28, item 3): a client can always get a working link, and nobody can flood a mailbox.
 * The answer never depends on the e-mail (known or not, mailed or not: the same 200); only the address of a sender
 * without a trusted device is capped (`resetRequestsPerAddress`), never an e-mail. Whether a link is mailed is
 * `mailsResetLink`, decided with the client's row locked, so parallel requests on any instance see each other's links.
 */
export async function requestPasswordReset(db: Database, deviceKey: Buffer, request: ResetRequest, nowMs = Date.now()): Promise<ResetOutcome> {
  const email = request.email.trim().toLowerCase();
  const client = await clientByEmail(db, email);
  const device = client ? trustedDevice(deviceKey, request.cookies, email, client.token_version, nowMs) : undefined;
  const trusted = device !== undefined && !(await deviceLocked(db, device.nonce));
  if (!trusted) {
    const sender = await attempt(db, resetRequestsPerAddress, request.address);
    if (!sender.allowed) {
      const retryAfter = await retryAfterSeconds(db, resetRequestsPerAddress, request.address);
      return { kind: 'refused', retryAfterSeconds: retryAfter, message: resetRequestsRefusedMessage(retryAfter) };
    }
  }
  if (!client) return { kind: 'accepted' };
  await db.transaction(async (tx) => {
    // One request at a time per client: the decision and the link it mails are one step for every instance.
    await tx.query('select id from clients where id = $1 for update', [client.id]);
    const [row] = await tx.query<Omit<ResetState, 'trusted'>>(
      `select count(*) filter (where created_at > now() - make_interval(secs => $2) and used_at is null and expires_at > now())::int as "workingRecentLinks",
              count(*) filter (where from_trusted_device and created_at > now() - interval '1 hour')::int as "trustedMailsThisHour"
         from password_resets where client_id = $1 and created_at > now() - interval '1 hour'`,
      [client.id, resetMailSpacingSeconds],
    );
    if (!mailsResetLink({ trusted, workingRecentLinks: row?.workingRecentLinks ?? 0, trustedMailsThisHour: row?.trustedMailsThisHour ?? 0 })) return;
    const token = randomBytes(32).toString('base64url');
    await tx.query(
      `insert into password_resets (token_hash, client_id, expires_at, from_trusted_device) values ($1, $2, now() + make_interval(secs => $3), $4)`,
      [hashResetToken(token), client.id, resetLinkLifetimeSeconds, trusted],
    );
    await sendMail(
      tx,
      client.email,
      'Reset your password',
      `Hello ${client.firstname},\n\nSet a new password here (the link works once, for one hour):\n${request.publicUrl}/changepassword/${token}\n\nIf you did not ask for this, ignore this e-mail.`,
    );
  });
  return { kind: 'accepted' };
}
