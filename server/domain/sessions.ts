import type { operations } from '../../contract/schema.d.ts';
import { generatePassword, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashResetToken } from '../auth/password-reset.ts';
import { clientByEmail } from '../auth/sign-in.ts';
import { revokeSessions } from '../auth/token-version.ts';
import { type Database, isUniqueViolation } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { sendMail } from './outbox.ts';
import type { ClientRow } from './records.ts';

type QuoteBody = operations['requestQuote']['requestBody']['content']['application/json'];

/*
 * An account's password and sessions (changed by a reset link or by the client, every other session ending
 * with it), and the quote request that opens an account.
 */

/** A password changed: the account's e-mail and the token version its sessions now need. */
export interface PasswordChanged {
  email: string;
  version: number;
}

/** Sets the password by a reset link's secret; undefined for a link that is unknown, used or expired. */
export async function changePasswordByLink(db: Database, linkSecret: string, newPassword: string): Promise<PasswordChanged | undefined> {
  const hash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [reset] = await tx.query<{ client_id: number }>(
      `update password_resets set used_at = now()
        where token_hash = $1 and used_at is null and expires_at > now() returning client_id`,
      [hashResetToken(linkSecret)],
    );
    if (!reset) return undefined;
    const [client] = await tx.query<{ email: string }>('update clients set password_hash = $2 where id = $1 returning email', [reset.client_id, hash]);
    // Whoever asked for the reset may be locking out someone who holds the account: every
    // session, every other link and every device's trust ends with it.
    return { email: client?.email ?? '', version: await revokeSessions(tx, reset.client_id) };
  });
}

/** Sets the client's password, given its old one (400 naming oldPassword when it is wrong); every session ends with it. */
export async function changePassword(db: Database, clientId: number, oldPassword: string, newPassword: string): Promise<PasswordChanged> {
  const [client] = await db.query<ClientRow>('select * from clients where id = $1', [clientId]);
  if (!client || !(await verifyPassword(oldPassword, client.password_hash))) {
    throw new HttpError(400, 'Old password is incorrect', 'oldPassword');
  }
  const hash = await hashPassword(newPassword);
  const version = await db.transaction(async (tx) => {
    await tx.query('update clients set password_hash = $2 where id = $1', [clientId, hash]);
    return revokeSessions(tx, clientId);
  });
  return { email: client.email, version };
}

/**
 * A quote request (spec §5, the student form): for 3 or more students, recorded and passed to staff; otherwise
 * an account made with a password mailed to its e-mail, or, for an e-mail that has one, a mail saying so.
 */
export async function requestQuote(db: Database, { staffEmail, publicUrl: origin }: { staffEmail: string; publicUrl: string }, body: QuoteBody): Promise<void> {
  const email = body.email.trim();
  if (body.students === '3+') {
    await db.query('insert into quote_requests (firstname, lastname, students, email, phone) values ($1, $2, $3, $4, $5)', [
      body.firstname.trim(), body.lastname.trim(), body.students, email, body.phone,
    ]);
    await sendMail(db, staffEmail, 'Quote request: 3 or more students', `${body.firstname} ${body.lastname} (${email}, ${body.phone}) asks about 3 or more students.`);
    await sendMail(db, email, 'We received your request', `Hello ${body.firstname},\n\nWe received your request for 3 or more children. A representative will contact you; no further action is needed.`);
    return;
  }
  const mailExisting = (client: ClientRow) =>
    sendMail(db, client.email, 'Your booking link', `Hello ${client.firstname},\n\nYou already have an account. Log in at ${origin}/login to book a tutor and choose time slots; if you forgot your password, reset it at ${origin}/forgot-password.`);
  const existing = await clientByEmail(db, email);
  if (existing) {
    // Hashing as a new account would keeps the answer time from telling that the e-mail has an account.
    await hashPassword(generatePassword());
    await mailExisting(existing);
    return;
  }
  const password = generatePassword();
  const hash = await hashPassword(password);
  // Fix: two requests for the same new e-mail at once (a double submit) both found no account, and
  // the loser's insert hit clients_email_key and answered 500. The loser now answers as for an
  // existing account: same 201 message, the "you already have an account" mail, nothing else written.
  await db.transaction(async (tx) => {
    const [branch] = await tx.query<{ id: number }>('select id from branches order by id limit 1');
    const [client] = await tx.query<{ id: number }>(
      'insert into clients (branch_id, firstname, lastname, email, phone, password_hash) values ($1, $2, $3, $4, $5, $6) returning id',
      [branch?.id, body.firstname.trim(), body.lastname.trim(), email, body.phone, hash],
    );
    await tx.query('insert into quote_requests (firstname, lastname, students, email, phone, client_id) values ($1, $2, $3, $4, $5, $6)', [
      body.firstname.trim(), body.lastname.trim(), body.students, email, body.phone, client?.id,
    ]);
    await sendMail(tx, email, 'Your booking link', `Hello ${body.firstname},\n\nBook a tutor and choose time slots at ${origin}/login\nUsername: ${email}\nPassword: ${password}\n\nPlease change the password after your first login.`);
  }).catch(async (error: unknown) => {
    const winner = isUniqueViolation(error, 'clients_email_key') ? await clientByEmail(db, email) : undefined;
    if (!winner) throw error;
    await mailExisting(winner);
  });
}
