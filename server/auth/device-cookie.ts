import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"). A browser that signed in to an
 * account holds a cookie that says so, signed by the server: its sign-ins are told apart from strangers' and are
 * never slowed or refused by what strangers send (server/auth/sign-in.ts). The cookie holds no state on the server:
 * an HMAC binds it to the e-mail and to the client's token version, so a password change or reset (which moves the
 * version on) ends the trust of every device at once, an attacker's included. The key is derived from the JWT
 * secret, so every instance of a cluster accepts a cookie another issued.
 */

/** The label the cookie key is derived under (TokenService.deriveKey): a key of its own, never the JWT key. */
export const deviceKeyLabel = 'login device cookie v1';
/** How long a device stays trusted without signing in again (each sign-in issues a fresh cookie). */
export const deviceCookieMaxAgeSeconds = 180 * 24 * 60 * 60;
/**
 * Device cookies one browser keeps (a parent and a student on one family laptop): signing in to another account
 * when the browser already holds this many drops the oldest, so the cookies sent with each API call stay small.
 */
export const deviceCookiesPerBrowser = 5;
/** Sent only to the API: the calls that read it are /api/login, /api/forget_password and /api/changepassword. */
export const deviceCookiePath = '/api';
const prefix = 'dv_';
// A clock a little ahead on the instance that issued the cookie is not a forgery.
const clockSkewSeconds = 5 * 60;
const valuePattern = /^([0-9a-z]{1,10})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookie {
  name: string;
  value: string;
}

/** A device cookie that proved itself for an e-mail: its nonce names the device (its failures are counted by it). */
export interface TrustedDevice {
  nonce: string;
  issuedAt: number;
}

const normalized = (email: string) => email.trim().toLowerCase();
const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * The cookie's name for an e-mail: one cookie per account, so a browser can be trusted for several. Keyed, so that
 * the name does not tell which e-mail it stands for (a plain hash of an e-mail is looked up in a list of e-mails).
 */
export function deviceCookieName(key: Buffer, email: string): string {
  return `${prefix}${mac(key, `name\n${normalized(email)}`).toString('hex').slice(0, 16)}`;
}

const signed = (key: Buffer, email: string, tokenVersion: number, issued: string, nonce: string) =>
  mac(key, `device\n${normalized(email)}\n${tokenVersion}\n${issued}\n${nonce}`);

/** A new cookie for a browser that just proved the password of `email` (or used a reset link for it). */
export function issueDeviceCookie(key: Buffer, email: string, tokenVersion: number, nowMs: number, nonce = randomBytes(16).toString('hex')): DeviceCookie {
  const issued = Math.floor(nowMs / 1000).toString(36);
  return { name: deviceCookieName(key, email), value: `${issued}.${nonce}.${signed(key, email, tokenVersion, issued, nonce).toString('base64url')}` };
}

/**
 * The device the request's cookies prove for `email` at the client's current token version, or undefined: no cookie
 * for it, a value that does not parse, a signature that does not match (forged, altered, another e-mail's, or made
 * before the last password change), or older than the cookie's life (a copied cookie does not live forever).
 */
export function trustedDevice(key: Buffer, cookies: ReadonlyMap<string, string>, email: string, tokenVersion: number, nowMs: number): TrustedDevice | undefined {
  const value = cookies.get(deviceCookieName(key, email));
  const parts = value === undefined ? null : valuePattern.exec(value);
  if (!parts) return undefined;
  const [, issued = '', nonce = '', signature = ''] = parts;
  const expected = signed(key, email, tokenVersion, issued, nonce);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const issuedAt = parseInt(issued, 36) * 1000;
  const age = nowMs - issuedAt;
  if (age < -clockSkewSeconds * 1000 || age > deviceCookieMaxAgeSeconds * 1000) return undefined;
  return { nonce, issuedAt };
}

/**
 * The `Set-Cookie` value. HttpOnly: no script reads it. SameSite=Strict: a request another site makes (a login form
 * posted from an attacker's page) never carries the device's trust; the SPA calls the API from its own origin, so
 * Strict costs nothing (Lax would add only top-level cross-site navigations, which never reach these calls).
 * Secure when the portal is served over https.
 */
export function deviceSetCookie(cookie: DeviceCookie, secure: boolean): string {
  return `${cookie.name}=${cookie.value}; Max-Age=${deviceCookieMaxAgeSeconds}; Path=${deviceCookiePath}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** A `Set-Cookie` value that removes a device cookie from the browser. */
export function expiredDeviceCookie(name: string, secure: boolean): string {
  return `${name}=; Max-Age=0; Path=${deviceCookiePath}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/**
 * The device cookies to drop when `keeping` is set, so that the browser keeps at most `deviceCookiesPerBrowser`:
 * the oldest others (by the time in their value; one that does not parse counts as oldest).
 */
export function deviceCookiesToDrop(cookies: ReadonlyMap<string, string>, keeping: string, limit = deviceCookiesPerBrowser): string[] {
  const others = [...cookies]
    .filter(([name]) => name.startsWith(prefix) && name !== keeping)
    .map(([name, value]) => {
      const issued = valuePattern.exec(value)?.[1];
      return { name, issued: issued === undefined ? -1 : parseInt(issued, 36) };
    })
    .sort((a, b) => a.issued - b.issued || a.name.localeCompare(b.name));
  return others.slice(0, Math.max(0, others.length - (limit - 1))).map((o) => o.name);
}

/**
 * The cookies of a `Cookie` header, by name (RFC 6265 §5.4: `name=value` pairs separated by `; `). The first of two
 * with one name is kept: a browser sends the cookie of the longer path first. Values are taken as they are (ours are
 * plain tokens, never quoted or encoded).
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    if (name && !cookies.has(name)) cookies.set(name, pair.slice(at + 1).trim());
  }
  return cookies;
}
