import { failedLoginsPerDevice, untrustedLoginsPerEmail } from './rate-limit.ts';

/*
 * The numbers and decisions of sign-in and password reset (issue 28), pure so that a table states them; the SQL that
 * applies them to every instance at once is in login-throttle.ts and password-reset.ts.
 */

/**
 * Untrusted attempts on one e-mail past its free ones take turns: one turn every `loginTurnSeconds`, whichever
 * instance and address they come from, so a botnet guesses no faster than one machine. 3 s keeps a person who is
 * let in on a turn waiting seconds, not minutes.
 */
export const loginTurnSeconds = 3;
/**
 * An attempt waits for its turn at most this long (the SPA gives up after 30 s, HAProxy after 60 s): a later turn is
 * not reserved, the attempt is answered 429 with Retry-After.
 */
export const loginMaxWaitSeconds = 10;
/**
 * How long a trusted device's attempt waits for its earlier attempts still being checked (see `deviceTurn`): only a
 * burst of one browser's own sign-ins waits, each for the password checks before it, so longer than a turn.
 */
export const deviceMaxWaitSeconds = 20;

/** Whether an untrusted attempt, counted with the e-mail's others in the window (itself included), takes a turn. */
export const takesTurn = (attemptsOfEmail: number) => attemptsOfEmail > untrustedLoginsPerEmail.limit;

/**
 * A trusted device's attempt, given the device's failures in the window and its attempts begun before this one and
 * not yet decided: it goes when, even if all those fail, it would be at most the limit's last failure; it is locked
 * (treated as untrusted) when the failures alone reach the limit; otherwise it waits for the earlier ones. So a
 * burst of guesses with a stolen cookie gets `limit` guesses, and a burst of right passwords all get in.
 */
export function deviceTurn(failed: number, undecidedBefore: number): 'go' | 'locked' | 'wait' {
  if (failed >= failedLoginsPerDevice.limit) return 'locked';
  return failed + undecidedBefore < failedLoginsPerDevice.limit ? 'go' : 'wait';
}

/** Retry-After when the turns are taken `secondsToLastTurn` ahead: when an attempt would be given a turn again. */
export const turnRetryAfterSeconds = (secondsToLastTurn: number) => Math.max(1, Math.ceil(secondsToLastTurn - loginMaxWaitSeconds));

/** "in 40 seconds", "in 1 minute", "in 12 minutes": a Retry-After as a person reads it. */
export function inAWhile(seconds: number): string {
  if (seconds < 60) return `in ${Math.max(1, Math.ceil(seconds))} second${Math.ceil(seconds) <= 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const elsewhere = 'sign in on a device you have signed in on before, or reset your password with Forgot Password.';

/** 429 of the pair lock: this e-mail has failed too often from this address. */
export const pairLockedMessage = (retryAfterSeconds: number) =>
  `Too many failed sign-ins to this account from your network. Try again ${inAWhile(retryAfterSeconds)}, ${elsewhere}`;

/** 429 when the e-mail's turns are taken further ahead than an attempt may wait. */
export const turnsTakenMessage = (retryAfterSeconds: number) =>
  `Many sign-ins to this account are being tried right now, so new devices take turns. Try again ${inAWhile(retryAfterSeconds)}, ${elsewhere}`;

/** 429 when a trusted device's own earlier attempts were not decided in time (`deviceMaxWaitSeconds`). */
export const deviceBusyRetryAfterSeconds = 5;
export const deviceBusyMessage = `This device is signing in to this account many times at once. Try again ${inAWhile(deviceBusyRetryAfterSeconds)}.`;

/*
 * Password reset. Whoever asks, the answer is the same (200, one message) and tells nothing of the e-mail; what
 * varies is whether a link is mailed. From a device trusted for the e-mail: at once, up to `trustedResetMailsPerHour`
 * an hour. From anywhere else: unless a link mailed in the last `resetMailSpacingSeconds` is still unused. A link
 * lives an hour, so the mailbox then already holds one that works for 45 minutes or more: strangers' requests
 * cannot keep a client from a working link, and cannot send one e-mail more than 4 an hour.
 */
export const resetMailSpacingSeconds = 15 * 60;
export const trustedResetMailsPerHour = 3;

export interface ResetState {
  /** The request comes with a device cookie trusted for the e-mail. */
  trusted: boolean;
  /** Links of the client mailed in the last `resetMailSpacingSeconds` that still work (unused, not revoked, unexpired). */
  workingRecentLinks: number;
  /** Links mailed for trusted devices' requests in the last hour. */
  trustedMailsThisHour: number;
}

export const mailsResetLink = (state: ResetState) =>
  state.trusted ? state.trustedMailsThisHour < trustedResetMailsPerHour : state.workingRecentLinks === 0;

export const resetRequestsRefusedMessage = (retryAfterSeconds: number) =>
  `Too many password reset requests from your network. Try again ${inAWhile(retryAfterSeconds)}, or ask on a device you have signed in on before.`;
