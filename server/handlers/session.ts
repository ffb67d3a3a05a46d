import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { type DeviceCookie, deviceCookiesToDrop, deviceKeyLabel, deviceSetCookie, expiredDeviceCookie, issueDeviceCookie, parseCookies } from '../auth/device-cookie.ts';
import { requestPasswordReset } from '../auth/password-reset.ts';
import { attempt, quoteRequestsPerAddress } from '../auth/rate-limit.ts';
import { signIn } from '../auth/sign-in.ts';
import { assertOwnClient } from '../domain/access.ts';
import { loadUser } from '../domain/clients.ts';
import { changePassword, changePasswordByLink, requestQuote } from '../domain/sessions.ts';
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
      const changed = await changePasswordByLink(db, params.id, body.newPassword);
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
      const { email, version } = await changePassword(db, session.sub, call.body.oldPassword, call.body.newPassword);
      // Every other session ends, and every device's trust; this one goes on with a token and a device cookie of
      // the new version.
      const token = ctx.tokens.sign({ sub: session.sub, branch_id: session.branch_id, ver: version });
      setDeviceCookie(ctx, call.request, call.reply, issueDeviceCookie(deviceKey, email, version, Date.now()));
      return { success: true, message: 'Password updated successfully', token };
    },

    async requestQuote({ body, request }) {
      if (!(await attempt(db, quoteRequestsPerAddress, request.ip)).allowed) throw tooManyRequests();
      await requestQuote(db, ctx, body);
      return body.students === '3+'
        ? { success: true, students: body.students, message: 'Your request for 3 children has been received. A representative will contact you; no further action is needed.' }
        : { success: true, students: body.students, message: 'A link with your username and password has been e-mailed to you to book a tutor and choose time slots.' };
    },
  };
}
