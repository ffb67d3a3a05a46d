import { describe, expect, it } from 'vitest';
import {
  deviceCookieMaxAgeSeconds,
  deviceCookieName,
  deviceCookiesToDrop,
  deviceSetCookie,
  expiredDeviceCookie,
  issueDeviceCookie,
  parseCookies,
  trustedDevice,
} from '../../server/auth/device-cookie.ts';
import { failedLoginsPerAddress, loginDelayMs } from '../../server/auth/rate-limit.ts';
import { deviceTurn, inAWhile, mailsResetLink, takesTurn, turnRetryAfterSeconds } from '../../server/auth/sign-in-rules.ts';
import { createTokenService } from '../../server/auth/tokens.ts';

// The rules of sign-in and reset (issue 28), as tables; their effect over HTTP is in tests/server/login-limits.test.ts.

const key = createTokenService('a-secret-long-enough-for-the-tests-0123456789').deriveKey('login device cookie v1');
const now = Date.UTC(2026, 0, 15, 12);
const email = 'parent@example.com';

describe('untrusted attempts per e-mail', () => {
  it.each([
    [1, false],
    [5, false],
    [6, true],
    [500, true],
  ])('attempt %i of the window takes a turn: %s', (count, turn) => {
    expect(takesTurn(count)).toBe(turn);
  });

  it.each([
    [0, 1],
    [9.5, 1],
    [10.2, 1],
    [12, 2],
    [13.01, 4],
  ])('turns taken %s s ahead: Retry-After %i s', (ahead, retry) => {
    expect(turnRetryAfterSeconds(ahead)).toBe(retry);
  });
});

describe("a trusted device's attempt (10 failures lock it)", () => {
  it.each([
    [0, 0, 'go'],
    [0, 9, 'go'],
    [0, 10, 'wait'],
    [9, 0, 'go'],
    [9, 1, 'wait'],
    [10, 0, 'locked'],
    [12, 3, 'locked'],
  ] as const)('%i failures, %i undecided before it: %s', (failed, before, turn) => {
    expect(deviceTurn(failed, before)).toBe(turn);
  });
});

describe('spraying from one address', () => {
  it('waits past 20 failures: 100 ms doubling, at most 5 s', () => {
    expect([20, 21, 22, 26, 27, 100].map((n) => loginDelayMs(n, failedLoginsPerAddress))).toEqual([0, 100, 200, 3200, 5000, 5000]);
  });
});

describe('reset mails', () => {
  it.each([
    [false, 0, 0, true],
    [false, 1, 0, false],
    [false, 0, 3, true],
    [true, 1, 0, true],
    [true, 5, 2, true],
    [true, 0, 3, false],
  ])('trusted %s, %i working links of the last 15 min, %i trusted mails this hour: mailed %s', (trusted, workingRecentLinks, trustedMailsThisHour, mailed) => {
    expect(mailsResetLink({ trusted, workingRecentLinks, trustedMailsThisHour })).toBe(mailed);
  });
});

describe('messages', () => {
  it.each([
    [1, 'in 1 second'],
    [40, 'in 40 seconds'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
    [900, 'in 15 minutes'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(inAWhile(seconds)).toBe(text);
  });
});

describe('the device cookie', () => {
  const cookiesOf = (...pairs: { name: string; value: string }[]) => new Map(pairs.map((c) => [c.name, c.value]));

  it('is trusted for its e-mail (any case) at the token version it was issued under', () => {
    const cookie = issueDeviceCookie(key, email, 3, now);
    expect(cookie.name).toMatch(/^dv_[0-9a-f]{16}$/);
    expect(trustedDevice(key, cookiesOf(cookie), email, 3, now)).toMatchObject({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(trustedDevice(key, cookiesOf(cookie), ' Parent@Example.COM ', 3, now)).toBeDefined();
  });

  it.each<[string, (c: { name: string; value: string }) => Map<string, string>, string, number, number]>([
    ['after a password change (the version moved on)', (c) => cookiesOf(c), email, 4, now],
    ['for another e-mail', (c) => cookiesOf(c), 'other@example.com', 3, now],
    ['under another e-mail’s name', (c) => new Map([[deviceCookieName(key, 'other@example.com'), c.value]]), 'other@example.com', 3, now],
    ['with its nonce altered', (c) => cookiesOf({ ...c, value: c.value.replace(/\.(.)/, (_, ch: string) => `.${ch === 'a' ? 'b' : 'a'}`) }), email, 3, now],
    ['with its time altered', (c) => cookiesOf({ ...c, value: `zz${c.value.slice(2)}` }), email, 3, now],
    ['with a made-up signature', (c) => cookiesOf({ ...c, value: c.value.replace(/[^.]+$/, 'A'.repeat(43)) }), email, 3, now],
    ['older than its life', (c) => cookiesOf(c), email, 3, now + (deviceCookieMaxAgeSeconds + 1) * 1000],
    ['from the future', (c) => cookiesOf(c), email, 3, now - 3600_000],
    ['signed with another key', () => cookiesOf(issueDeviceCookie(createTokenService('another-secret-long-enough-for-the-tests-0123').deriveKey('login device cookie v1'), email, 3, now)), email, 3, now],
    ['empty', (c) => cookiesOf({ ...c, value: '' }), email, 3, now],
  ])('is not trusted %s', (_, cookies, forEmail, version, at) => {
    expect(trustedDevice(key, cookies(issueDeviceCookie(key, email, 3, now)), forEmail, version, at)).toBeUndefined();
  });

  it('is HttpOnly, SameSite=Strict, for /api, for 180 days; Secure on https only', () => {
    const cookie = { name: 'dv_0123456789abcdef', value: 'v' };
    expect(deviceSetCookie(cookie, false)).toBe('dv_0123456789abcdef=v; Max-Age=15552000; Path=/api; HttpOnly; SameSite=Strict');
    expect(deviceSetCookie(cookie, true)).toBe('dv_0123456789abcdef=v; Max-Age=15552000; Path=/api; HttpOnly; SameSite=Strict; Secure');
    expect(expiredDeviceCookie('dv_0123456789abcdef', false)).toBe('dv_0123456789abcdef=; Max-Age=0; Path=/api; HttpOnly; SameSite=Strict');
  });

  it('keeps a browser at 5 device cookies: signing in to a sixth account drops the oldest', () => {
    const held = Array.from({ length: 5 }, (_, i) => issueDeviceCookie(key, `kid${i}@example.com`, 0, now - (10 - i) * 86_400_000));
    const newest = issueDeviceCookie(key, email, 0, now);
    const browser = new Map([...held.map((c) => [c.name, c.value] as const), ['other', 'x']]);
    expect(deviceCookiesToDrop(browser, newest.name)).toEqual([held[0]?.name]);
    // Signing in again to an account it holds drops nothing.
    expect(deviceCookiesToDrop(browser, held[2]?.name ?? '')).toEqual([]);
    expect(deviceCookiesToDrop(new Map([...browser, ['dv_garbage', 'not-a-cookie']]), newest.name)).toEqual(['dv_garbage', held[0]?.name]);
  });

  it.each([
    [undefined, {}],
    ['', {}],
    ['a=1', { a: '1' }],
    ['a=1; b=2;c = 3 ', { a: '1', b: '2', c: '3' }],
    ['a=1; a=2', { a: '1' }],
    ['=1; b; c=x=y', { c: 'x=y' }],
  ])('parses the Cookie header %j', (header, cookies) => {
    expect(Object.fromEntries(parseCookies(header))).toEqual(cookies);
  });
});
