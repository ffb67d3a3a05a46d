import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { type DeviceCookie, deviceCookiesToDrop, deviceKeyLabel, deviceSetCookie, expiredDeviceCookie, issueDeviceCookie, parseCookies } from '../auth/device-cookie.ts';
import { generatePassword, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { hashResetToken, requestPasswordReset } from '../auth/password-reset.ts';
import { attempt, quoteRequestsPerAddress } from '../auth/rate-limit.ts';
import { clientByEmail, signIn } from '../auth/sign-in.ts';
import { revokeSessions } from '../auth/token-version.ts';
import { isUniqueViolation } from '../db/database.ts';
import { assertOwnClient } from '../domain/access.ts';
import { sendMail } from '../domain/outbox.ts';
import { type ClientRow, loadUser } from '../domain/records.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

/**
 * Answers a device cookie (device-cookie.ts) with the call, and drops the browser's oldest ones past the few it keeps.
 */
function setDeviceCookie(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, cookie: DeviceCookie) {
  const secure = new URL(ctx.publicUrl).protocol === 'https:';
  const dropped = deviceCookiesToDrop(parseCookies(request.headers.cookie), cookie.name).map((name) => expiredDeviceCookie(name, secure));
  reply.header('set-cookie', [deviceSetCookie(cookie, secure), ...dropped]);
}

/** A sign-in or reset refused for now (429): when to try again, and the words that say what to do meanwhile. */
function refuse(reply: FastifyReply, outcome: { retryAfterSeconds: number; message: string }): never {
  reply.header('retry-after', String(outcome.retryAfterSeconds));
  throw new HttpError(429, outcome.message);
}

export function sessionHandlers(ctx: AppContext): HandlerGroup<'login' | 'forgetPassword' | 'changePasswordByLink' | 'changePassword' | 'requestQuote'> {
  const { db } = ctx;
  const deviceKey = ctx.tokens.deriveKey(deviceKeyLabel);
  return {
    async login({ body, request, reply }) {
      const outcome = await signIn(db, deviceKey, { email: body.email, password: body.password, address: request.ip, cookies: parseCookies(request.headers.cookie) });
      if (outcome.kind === 'refused') refuse(reply, outcome);
      if (outcome.kind === 'wrong') throw new HttpError(401, 'Invalid email or password');
      const { client } = outcome;
      setDeviceCookie(ctx, request, reply, outcome.device);
      const user = await loadUser(db, client.id);
      return { success: true, user, token: ctx.tokens.sign({ sub: client.id, branch_id: client.branch_id, ver: client.token_version }), message: 'Login successful' };
    },

    async forgetPassword({ body, request, reply }) {
      const outcome = await requestPasswordReset(db, deviceKey, { email: body.email, address: request.ip, cookies: parseCookies(request.headers.cookie), publicUrl: ctx.publicUrl });
      if (outcome.kind === 'refused') refuse(reply, outcome);
      return { success: true, message: 'If an account exists for that e-mail, a reset link has been sent to it.' };
    },

    async changePasswordByLink({ params, body, request, reply }) {
      const hash = await hashPassword(body.newPassword);
      const changed = await db.transaction(async (tx) => {
        const [reset] = await tx.query<{ client_id: number }>(
          `update password_resets set used_at = now()
            where token_hash = $1 and used_at is null and expires_at > now() returning client_id`,
          [hashResetToken(params.id)],
        );
        if (!reset) return undefined;
        const [client] = await tx.query<{ email: string }>('update clients set password_hash = $2 where id = $1 returning email', [reset.client_id, hash]);
        // Whoever asked for the reset may be locking out someone who holds the account: every
        // session, every other link and every device's trust ends with it.
        return { email: client?.email ?? '', version: await revokeSessions(tx, reset.client_id) };
      });
      // Shown to the person as it is, so without the field prefix; `field` still names it.
      if (!changed) throw new HttpError(400, 'This reset link is invalid, used or expired. Ask for a new one.', 'id');
      // The browser that used the link (the mailbox's owner) becomes a trusted device (OWASP: a device cookie for a
      // valid reset link), so strangers' failures cannot keep the client from signing in from it.
      setDeviceCookie(ctx, request, reply, issueDeviceCookie(deviceKey, changed.email, changed.version, Date.now()));
      return { success: true, message: 'Password changed successfully' };
    },

    async changePassword(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.body.clientid, 'clientid');
      const [client] = await db.query<ClientRow>('select * from clients where id = $1', [session.sub]);
      if (!client || !(await verifyPassword(call.body.oldPassword, client.password_hash))) {
        throw new HttpError(400, 'Old password is incorrect', 'oldPassword');
      }
      const hash = await hashPassword(call.body.newPassword);
      const version = await db.transaction(async (tx) => {
        await tx.query('update clients set password_hash = $2 where id = $1', [session.sub, hash]);
        return revokeSessions(tx, session.sub);
      });
      // Every other session ends, and every device's trust; this one goes on with a token and a device cookie of
      // the new version.
      const token = ctx.tokens.sign({ sub: session.sub, branch_id: session.branch_id, ver: version });
      setDeviceCookie(ctx, call.request, call.reply, issueDeviceCookie(deviceKey, client.email, version, Date.now()));
      return { success: true, message: 'Password updated successfully', token };
    },

    async requestQuote({ body, request }) {
      if (!(await attempt(db, quoteRequestsPerAddress, request.ip)).allowed) throw tooManyRequests();
      const email = body.email.trim();
      const origin = ctx.publicUrl;
      if (body.students === '3+') {
        await db.query('insert into quote_requests (firstname, lastname, students, email, phone) values ($1, $2, $3, $4, $5)', [
          body.firstname.trim(), body.lastname.trim(), body.students, email, body.phone,
        ]);
        await sendMail(db, ctx.staffEmail, 'Quote request: 3 or more students', `${body.firstname} ${body.lastname} (${email}, ${body.phone}) asks about 3 or more students.`);
        await sendMail(db, email, 'We received your request', `Hello ${body.firstname},\n\nWe received your request for 3 or more children. A representative will contact you; no further action is needed.`);
        return { success: true, students: body.students, message: 'Your request for 3 children has been received. A representative will contact you; no further action is needed.' };
      }
      const mailExisting = (client: ClientRow) =>
        sendMail(db, client.email, 'Your booking link', `Hello ${client.firstname},\n\nYou already have an account. Log in at ${origin}/login to book a tutor and choose time slots; if you forgot your password, reset it at ${origin}/forgot-password.`);
      const existing = await clientByEmail(db, email);
      if (existing) {
        // Hashing as a new account would keeps the answer time from telling that the e-mail has an account.
        await hashPassword(generatePassword());
        await mailExisting(existing);
      } else {
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
      return { success: true, students: body.students, message: 'A link with your username and password has been e-mailed to you to book a tutor and choose time slots.' };
    },
  };
}
