import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { deviceKeyLabel, issueDeviceCookie } from '../../server/auth/device-cookie.ts';
import { nextLoginTurn } from '../../server/auth/login-throttle.ts';
import { failedLoginsPerAddress, failedLoginsPerDevice, failedLoginsPerPair, loginDelayMs, loginPairKey, resetRequestsPerAddress, untrustedLoginsPerEmail } from '../../server/auth/rate-limit.ts';
import { loginTurnSeconds, resetMailSpacingSeconds, trustedResetMailsPerHour } from '../../server/auth/sign-in-rules.ts';
import { createTokenService } from '../../server/auth/tokens.ts';
import { demoLogin } from '../../server/seed/seed.ts';
import { responseErrors } from '../support/contract.ts';
import { type TestServer, startTestServer, testSecret, testWebhookSecret } from '../support/test-server.ts';

// Sign-in and reset that strangers cannot turn against a client (issue 28; OWASP ASVS V6, OWASP's device cookies).
// A browser that signed in holds a device cookie: its sign-ins are checked at once whatever strangers send; all other
// attempts are locked per (e-mail, address) after 5 failures, take turns per e-mail past 5 (one every 3 s, from every
// address and instance), and are slowed per address past 20. Addresses come from app.inject's remoteAddress (the
// socket peer the server reads as request.ip). Two app instances share the test server's database: one built with the
// server's TokenService, one with its own made from the same secret (as a second machine would).

let server: TestServer;
let app: FastifyInstance;
let other: FastifyInstance;
let secure: FastifyInstance;
let nextAddress = 1;
/** An address no other test uses, so each test starts with clean counts. */
const freshAddress = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

beforeAll(async () => {
  server = await startTestServer();
  app = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: server.url });
  other = await buildApp({ db: server.db, tokens: createTokenService(testSecret), paymentWebhookSecret: testWebhookSecret, publicUrl: server.url });
  secure = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: 'https://portal.example' });
});
afterAll(async () => {
  await secure?.close();
  await other?.close();
  await app?.close();
  await server?.close();
});

interface Tried {
  status: number;
  body: { message?: string; success?: boolean; user?: { clientid: number } };
  retryAfter: string | undefined;
  setCookie: string[];
  /** When the answer came (performance.now()): answers are compared by order, not by tight durations. */
  answeredAt: number;
  ms: number;
}

async function post(url: string, payload: Record<string, unknown>, address: string, device?: string, via: FastifyInstance = app): Promise<Tried> {
  const started = performance.now();
  const answer = await via.inject({ method: 'POST', url, remoteAddress: address, payload, ...(device ? { headers: { cookie: device } } : {}) });
  const retryAfter = answer.headers['retry-after'];
  const setCookie = answer.headers['set-cookie'];
  const answeredAt = performance.now();
  return {
    status: answer.statusCode,
    body: answer.json(),
    retryAfter: retryAfter === undefined ? undefined : String(retryAfter),
    setCookie: setCookie === undefined ? [] : [setCookie].flat(),
    answeredAt,
    ms: answeredAt - started,
  };
}

const login = (email: string, password: string, address: string, device?: string, via?: FastifyInstance) => post('/api/login', { email, password }, address, device, via);

/** The `name=value` a browser sends back of the device cookie an answer set. */
function deviceOf(answer: Tried): string {
  const cookie = answer.setCookie[0]?.split(';')[0];
  if (answer.status !== 200 || !cookie) throw new Error(`no device cookie: ${answer.status} ${JSON.stringify(answer.body)}`);
  return cookie;
}

/** A new client whose password is the demo password (the test server's newClient logs in from 127.0.0.1, counting nothing). */
const newClientEmail = async () => (await server.newClient(1)).email;
/** A new client and a browser that has signed in to it. */
async function clientWithDevice(): Promise<{ email: string; device: string }> {
  const email = await newClientEmail();
  return { email, device: deviceOf(await login(email, demoLogin.password, freshAddress())) };
}

const stored = async (kind: string, key: string) =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from rate_events where kind = $1 and key = $2', [kind, key.toLowerCase()]))[0]?.n;
const nonceOf = (device: string) => /=[0-9a-z]+\.([0-9a-f]{32})\./.exec(device)?.[1] ?? '';
const dbNow = async () => (await server.db.query<{ now: Date }>('select now() as now'))[0]?.now as Date;

async function flood(email: string, address: string, attempts: number): Promise<Tried[]> {
  const answers: Tried[] = [];
  for (let i = 1; i <= attempts; i++) answers.push(await login(email, `wrong-password-${i}`, address));
  return answers;
}
/**
 * Locks the pair (e-mail, address) for untrusted attempts: its 5 failures stored as the server stores them (5 wrong
 * passwords would cost 5 password checks; the lock itself is tested with real ones below).
 */
async function lockPair(email: string, address: string): Promise<void> {
  for (let i = 0; i < failedLoginsPerPair.limit; i++) {
    await server.db.query('insert into rate_events (kind, key) values ($1, $2)', [failedLoginsPerPair.kind, loginPairKey(email, address).toLowerCase()]);
  }
}
const count = (answers: Tried[], status: number) => answers.filter((a) => a.status === status).length;

describe('the device cookie', () => {
  it('is answered to a sign-in: HttpOnly, SameSite=Strict, Path=/api, 180 days, Secure only when PUBLIC_URL is https', async () => {
    const email = await newClientEmail();
    const plain = await login(email, demoLogin.password, freshAddress());
    expect(plain.setCookie).toEqual([expect.stringMatching(/^dv_[0-9a-f]{16}=[0-9a-z]+\.[0-9a-f]{32}\.[\w-]{43}; Max-Age=15552000; Path=\/api; HttpOnly; SameSite=Strict$/)]);
    const overHttps = await login(email, demoLogin.password, freshAddress(), undefined, secure);
    expect(overHttps.setCookie).toEqual([expect.stringMatching(/; HttpOnly; SameSite=Strict; Secure$/)]);
    // A failure answers none.
    expect((await login(email, 'wrong-password', freshAddress())).setCookie).toEqual([]);
  });

  it('lets a device that signed in before in at once from an address whose pair is locked; others are refused there', async () => {
    const { email, device } = await clientWithDevice();
    const attacker = freshAddress();
    await lockPair(email, attacker);
    expect((await login(email, demoLogin.password, attacker)).status).toBe(429);
    const trusted = await login(email, demoLogin.password, attacker, device);
    expect(trusted.status).toBe(200);
    expect(trusted.body.user).toBeDefined();
    // A trusted device's sign-in counts nowhere but against the device (and a success not even there).
    expect(await stored(untrustedLoginsPerEmail.kind, email)).toBe(0);
    expect(await stored(failedLoginsPerDevice.kind, nonceOf(device))).toBe(0);
  });

  it('is one per account: a parent and a student signed in on one browser are both trusted; a sixth account drops the oldest', async () => {
    const accounts = [await newClientEmail(), await newClientEmail()];
    const browser: string[] = [];
    for (const email of accounts) browser.push(deviceOf(await login(email, demoLogin.password, freshAddress(), browser.join('; '))));
    const attacker = freshAddress();
    for (const email of accounts) {
      await lockPair(email, attacker);
      expect((await login(email, demoLogin.password, attacker, browser.join('; '))).status).toBe(200);
    }
    // Four more accounts' cookies, issued days earlier (made with the key every instance derives): six in all.
    const key = server.tokens.deriveKey(deviceKeyLabel);
    const older = [4, 3, 2, 1].map((days) => issueDeviceCookie(key, `kid-${days}@example.com`, 0, Date.now() - days * 86_400_000));
    const sixth = await login(accounts[0] ?? '', demoLogin.password, freshAddress(), [...browser, ...older.map((c) => `${c.name}=${c.value}`)].join('; '));
    expect(sixth.setCookie).toEqual([expect.stringMatching(/^dv_/), `${older[0]?.name}=; Max-Age=0; Path=/api; HttpOnly; SameSite=Strict`]);
    // Five in all: signing in keeps the other four.
    const again = await login(accounts[1] ?? '', demoLogin.password, freshAddress(), [...browser, ...older.slice(1).map((c) => `${c.name}=${c.value}`)].join('; '));
    expect(again.setCookie).toHaveLength(1);
  });

  it('is not trusted when forged, altered, another account’s, or issued before a password reset; the reset link’s browser is', async () => {
    const { email, device } = await clientWithDevice();
    const someoneElse = (await clientWithDevice()).device;
    const attacker = freshAddress();
    await lockPair(email, attacker);
    const [name = '', value = ''] = device.split('=');
    const forged = `${name}=${value.replace(/[^.]+$/, 'A'.repeat(43))}`;
    const altered = `${name}=${value.replace(/\.(.)/, (_, c: string) => `.${c === 'a' ? 'b' : 'a'}`)}`;
    const borrowed = `${name}=${someoneElse.split('=')[1]}`;
    for (const cookie of [forged, altered, borrowed, `${name}=`]) {
      expect({ cookie, status: (await login(email, demoLogin.password, attacker, cookie)).status }).toEqual({ cookie, status: 429 });
    }

    await post('/api/forget_password', { email }, freshAddress());
    const [mail] = await server.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [email]);
    const token = /\/changepassword\/([\w-]+)/.exec(mail?.body ?? '')?.[1];
    const reset = await post(`/api/changepassword/${token}`, { newPassword: 'Reset-by-link-1' }, freshAddress());
    expect(reset.status).toBe(200);
    // The reset moved the token version on: the device trusted before (perhaps an attacker's) is not any more.
    expect((await login(email, 'Reset-by-link-1', attacker, device)).status).toBe(429);
    expect((await login(email, 'Reset-by-link-1', attacker, deviceOf(reset))).status).toBe(200);
  });

  it('keeps the device trusted across an in-app password change (the session that changed it goes on)', async () => {
    const email = await newClientEmail();
    const first = await login(email, demoLogin.password, freshAddress());
    const { token, user } = first.body as { token: string; user: { clientid: number } };
    const changed = await app.inject({
      method: 'POST', url: '/api/oldnewpassword', remoteAddress: freshAddress(),
      headers: { authorization: `Bearer ${token}`, cookie: deviceOf(first) },
      payload: { clientid: user.clientid, oldPassword: demoLogin.password, newPassword: 'Changed-in-app-1' },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = String([changed.headers['set-cookie']].flat()[0]).split(';')[0] ?? '';
    const attacker = freshAddress();
    await lockPair(email, attacker);
    expect((await login(email, 'Changed-in-app-1', attacker, deviceOf(first))).status).toBe(429);
    expect((await login(email, 'Changed-in-app-1', attacker, renewed)).status).toBe(200);
  });

  it('issued by one instance is trusted by another (its key comes from the shared JWT secret)', async () => {
    const email = await newClientEmail();
    const attacker = freshAddress();
    await lockPair(email, attacker);
    const fromOther = deviceOf(await login(email, demoLogin.password, freshAddress(), undefined, other));
    expect((await login(email, demoLogin.password, attacker, fromOther, app)).status).toBe(200);
    const made = issueDeviceCookie(createTokenService(testSecret).deriveKey(deviceKeyLabel), email, 0, Date.now());
    expect((await login(email, demoLogin.password, attacker, `${made.name}=${made.value}`, other)).status).toBe(200);
  });
});

describe('40 wrong passwords at once for one e-mail from 40 addresses, through two instances', () => {
  let email: string;
  let device: string;
  let started: Date;
  let guesses: Tried[];
  let floodAddress: string;
  let trustedAtHome: Tried;
  let trustedAtAttacker: Tried;
  let untrusted: Tried;
  beforeAll(async () => {
    ({ email, device } = await clientWithDevice());
    const addresses = Array.from({ length: 40 }, () => freshAddress());
    floodAddress = addresses[0] ?? '';
    started = await dbNow();
    const flooding = Promise.all(addresses.map((address, i) => login(email, `wrong-${i}`, address, undefined, i % 2 ? other : app)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    [trustedAtHome, trustedAtAttacker, untrusted] = await Promise.all([
      login(email, demoLogin.password, freshAddress(), device),
      login(email, demoLogin.password, floodAddress, device, other),
      login(email, demoLogin.password, freshAddress()),
    ]);
    guesses = await flooding;
  });

  it('checks at most 5 at once (fewer when the burst counts itself first), then one guess per turn of 3 s; the rest are refused at once', () => {
    expect(count(guesses, 401) + count(guesses, 429)).toBe(40);
    // A turn is granted only up to 10 s ahead: 4 turns (0, 3, 6, 9 s), a few more if requests arrived late.
    expect(count(guesses, 401)).toBeGreaterThanOrEqual(1);
    expect(count(guesses, 401)).toBeLessThanOrEqual(untrustedLoginsPerEmail.limit + 6);
    const refused = guesses.filter((g) => g.status === 429);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(r.body.message).toMatch(/^Many sign-ins to this account are being tried right now, so new devices take turns\. Try again in \d+ seconds?, sign in on a device you have signed in on before, or reset your password with Forgot Password\.$/);
      expect(responseErrors('login', 429, r.body)).toEqual([]);
    }
  });

  it('stores the turns in one row for both instances: every guess past the free ones had a turn of its own, 3 s after the one before', async () => {
    const turns = count(guesses, 401) - untrustedLoginsPerEmail.limit;
    const next = (await nextLoginTurn(server.db, email)) as Date;
    expect(next.getTime() - started.getTime()).toBeGreaterThanOrEqual(Math.max(1, turns) * loginTurnSeconds * 1000);
    // Each guess checked is a failure of the e-mail; the refused ones checked nothing and were taken back.
    expect(await stored(untrustedLoginsPerEmail.kind, email)).toBe(count(guesses, 401));
  });

  it("lets the client's trusted device in during the flood, from its own address and from an attacker's, before the flood's last guess", () => {
    expect(trustedAtHome.status).toBe(200);
    expect(trustedAtAttacker.status).toBe(200);
    const lastGuess = Math.max(...guesses.filter((g) => g.status === 401).map((g) => g.answeredAt));
    expect(trustedAtHome.answeredAt).toBeLessThan(lastGuess);
    expect(trustedAtAttacker.answeredAt).toBeLessThan(lastGuess);
  });

  it('answers an untrusted device with its turn, or with a 429 that says what to do', () => {
    expect([200, 429]).toContain(untrusted.status);
    if (untrusted.status === 429) {
      expect(untrusted.body.message).toMatch(/sign in on a device you have signed in on before, or reset your password/);
      expect(Number(untrusted.retryAfter)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('untrusted attempts take turns', () => {
  it('past the 5 free ones, each waits for the turn after the last: the right password, sent after a guess took a turn, is answered after it and gets in', async () => {
    const email = await newClientEmail();
    expect((await flood(email, freshAddress(), 3)).map((g) => g.status)).toEqual([401, 401, 401]);
    expect((await flood(email, freshAddress(), 2)).map((g) => g.status)).toEqual([401, 401]);
    const started = await dbNow();
    const guess = login(email, 'wrong-sixth', freshAddress());
    // Sent once the guess holds its turn, so the right password's turn is the one after.
    while (!(await nextLoginTurn(server.db, email))) await new Promise((resolve) => setTimeout(resolve, 20));
    const right = await login(email, demoLogin.password, freshAddress());
    expect((await guess).status).toBe(401);
    expect(right.status).toBe(200);
    expect(right.answeredAt).toBeGreaterThan((await guess).answeredAt);
    // Two turns were reserved (the 6th guess's and the right password's), 3 s apart.
    const next = (await nextLoginTurn(server.db, email)) as Date;
    expect(next.getTime() - started.getTime()).toBeGreaterThanOrEqual(2 * loginTurnSeconds * 1000);
    // The right password took its own count back: the 6 failures stay.
    expect(await stored(untrustedLoginsPerEmail.kind, email)).toBe(6);
  });
});

describe('a burst of right passwords from one browser', () => {
  it('gets every one in (none 429), although a device is locked after 10 failures', async () => {
    const { email, device } = await clientWithDevice();
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, demoLogin.password, address, device)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await stored('login-attempt:device', nonceOf(device))).toBe(0);
    expect(await stored(failedLoginsPerPair.kind, loginPairKey(email, address))).toBe(0);
  });
});

describe('a stolen device cookie', () => {
  let email: string;
  let device: string;
  let thief: string;
  let burst: Tried[];
  beforeAll(async () => {
    ({ email, device } = await clientWithDevice());
    thief = freshAddress();
    burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login(email, `guess-${i}`, thief, device)));
  });

  it('guesses 10 times as the device; the rest of a burst of 30 are untrusted attempts (at most 5 more, then the pair is locked)', async () => {
    expect(await stored(failedLoginsPerDevice.kind, nonceOf(device))).toBe(failedLoginsPerDevice.limit);
    // At most 5: a parallel burst counts itself before any is checked, so on PostgreSQL fewer may get through.
    const untrusted = (await stored(untrustedLoginsPerEmail.kind, email)) ?? 0;
    expect(untrusted).toBeLessThanOrEqual(failedLoginsPerPair.limit);
    expect(count(burst, 401)).toBe(failedLoginsPerDevice.limit + untrusted);
    expect(count(burst, 429)).toBe(30 - failedLoginsPerDevice.limit - untrusted);
    expect(await stored('login-attempt:device', nonceOf(device))).toBe(0);
  });

  it('is untrusted from then on, also with the right password; the client’s other browsers are not affected', async () => {
    expect((await login(email, demoLogin.password, thief, device)).status).toBe(429);
    const otherBrowser = deviceOf(await login(email, demoLogin.password, freshAddress()));
    expect((await login(email, demoLogin.password, thief, otherBrowser)).status).toBe(200);
  });
});

describe('wrong passwords against one e-mail from one address (the pair)', () => {
  let email: string;
  let attacker: string;
  let answers: Tried[];
  beforeAll(async () => {
    email = await newClientEmail();
    attacker = freshAddress();
    answers = await flood(email, attacker, 50);
  });

  it('answers 401 to the first 5, then 429 with Retry-After; the refused ones check no password and count nowhere else', async () => {
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).filter((a) => a.status !== 429)).toEqual([]);
    const refused = answers.at(-1) as Tried;
    expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/^Too many failed sign-ins to this account from your network\. Try again in 1\d minutes, sign in on a device/) });
    expect(responseErrors('login', 429, refused.body)).toEqual([]);
    for (const a of answers.slice(5)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    // 50 attempts are stored against the pair: it stays locked until 46 of them are out of the 15-minute window.
    expect(Number(refused.retryAfter)).toBeGreaterThan(800);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(failedLoginsPerPair.windowSeconds);
    expect(await stored(failedLoginsPerPair.kind, loginPairKey(email, attacker))).toBe(50);
    expect(await stored(untrustedLoginsPerEmail.kind, email)).toBe(5);
    expect(await stored(failedLoginsPerAddress.kind, attacker)).toBe(5);
  });

  it("the client's right password from another address gets in, on its turn", async () => {
    const right = await login(email, demoLogin.password, freshAddress());
    expect(right.status).toBe(200);
    // A success clears its own pair only: the flood's failures still make the next attempts on this e-mail take turns.
    expect(await stored(untrustedLoginsPerEmail.kind, email)).toBe(5);
  });

  it('another client behind the flooding address signs in', async () => {
    expect((await login(await newClientEmail(), demoLogin.password, attacker)).status).toBe(200);
  });

  it('is one e-mail whatever its case: 5 failures lock it for the right password too', async () => {
    const other = await newClientEmail();
    const address = freshAddress();
    await flood(other.toUpperCase(), address, 5);
    expect((await login(other, demoLogin.password, address)).status).toBe(429);
  });

  it('a success clears its failures: 4 wrong, the right one, then 5 more wrong are answered 401', async () => {
    const other = await newClientEmail();
    const address = freshAddress();
    expect((await flood(other, address, 4)).map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect((await login(other, demoLogin.password, address)).status).toBe(200);
    expect(await stored(failedLoginsPerPair.kind, loginPairKey(other, address))).toBe(0);
    expect((await flood(other, address, 5)).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
  });
});

describe('one address spraying wrong passwords over many e-mails', () => {
  it('is slowed past 20 failures, not refused; a client who has not failed from there signs in from it', async () => {
    const sprayer = freshAddress();
    const answers: Tried[] = [];
    for (let i = 1; i <= 22; i++) answers.push(await login(`nobody-${i}-${sprayer}@example.com`, 'Password1', sprayer));
    expect(answers.filter((a) => a.status !== 401)).toEqual([]);
    // Lower bounds only: the answer waits at least the delay, however busy the machine is.
    expect(answers[20]?.ms).toBeGreaterThanOrEqual(loginDelayMs(21, failedLoginsPerAddress));
    expect(answers[21]?.ms).toBeGreaterThanOrEqual(loginDelayMs(22, failedLoginsPerAddress));
    const client = await login(await newClientEmail(), demoLogin.password, sprayer);
    expect(client.status).toBe(200);
    expect(client.ms).toBeGreaterThanOrEqual(loginDelayMs(23, failedLoginsPerAddress));
  });
});

describe('password reset requests', () => {
  const resetMessage = 'If an account exists for that e-mail, a reset link has been sent to it.';
  const askReset = (email: string, address: string, device?: string) => post('/api/forget_password', { email }, address, device);
  const mails = async (email: string) =>
    server.db.query<{ body: string; age: number }>(
      `select body, extract(epoch from now() - created_at)::float8 as age from outbox where to_address = $1 and subject = 'Reset your password' order by id`,
      [email],
    );
  const linkOf = (mail: { body: string } | undefined) => /\/changepassword\/([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';

  it("strangers' requests cannot keep the client from a working link: a trusted device is mailed at once, elsewhere the newest link still works", async () => {
    const { email, device } = await clientWithDevice();
    for (let i = 0; i < 5; i++) expect((await askReset(email, freshAddress())).status).toBe(200);
    expect(await mails(email)).toHaveLength(1);

    // The client, on a device it never signed in on: no new mail, but the one in its mailbox is recent and works.
    const elsewhere = await askReset(email, freshAddress());
    expect(elsewhere.body).toEqual({ success: true, message: resetMessage });
    const [only] = await mails(email);
    expect(await mails(email)).toHaveLength(1);
    expect(only?.age).toBeLessThan(resetMailSpacingSeconds);

    // From its trusted device: a mail at once.
    expect((await askReset(email, freshAddress(), device)).body).toEqual({ success: true, message: resetMessage });
    const after = await mails(email);
    expect(after).toHaveLength(2);

    // Both links work until one is used; using one ends the other.
    const used = await post(`/api/changepassword/${linkOf(only)}`, { newPassword: 'Reset-after-flood-1' }, freshAddress());
    expect(used.status).toBe(200);
    expect((await post(`/api/changepassword/${linkOf(after[1])}`, { newPassword: 'Reset-after-flood-2' }, freshAddress())).status).toBe(400);
    // No link works any more, so the next request is mailed at once, whoever asks.
    await askReset(email, freshAddress());
    expect(await mails(email)).toHaveLength(3);
  });

  it('mails one link for 20 parallel requests from strangers, and 3 an hour for 20 from the trusted device', async () => {
    const { email, device } = await clientWithDevice();
    const strangers = await Promise.all(Array.from({ length: 20 }, () => askReset(email, freshAddress())));
    expect(strangers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await mails(email)).toHaveLength(1);
    const trusted = await Promise.all(Array.from({ length: 20 }, () => askReset(email, freshAddress(), device)));
    expect(trusted.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await mails(email)).toHaveLength(1 + trustedResetMailsPerHour);
    await Promise.all(Array.from({ length: 5 }, () => askReset(email, freshAddress())));
    expect(await mails(email)).toHaveLength(1 + trustedResetMailsPerHour);
  });

  it('never refuses a request for an e-mail, and answers a known and an unknown e-mail alike', async () => {
    const email = await newClientEmail();
    const unknown = `nobody-${nextAddress}@example.com`;
    const known = await Promise.all(Array.from({ length: 30 }, () => askReset(email, freshAddress())));
    const stranger = await Promise.all(Array.from({ length: 30 }, () => askReset(unknown, freshAddress())));
    for (const answer of [...known, ...stranger]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: resetMessage });
      expect(answer.setCookie).toEqual([]);
    }
  });

  it('caps one address at 30 requests an hour across e-mails, but never a device trusted for the e-mail', async () => {
    const { email, device } = await clientWithDevice();
    const sender = freshAddress();
    for (let i = 0; i < resetRequestsPerAddress.limit; i++) expect((await askReset(`spray-${i}-${sender}@example.com`, sender)).status).toBe(200);
    const refused = await askReset(email, sender);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many password reset requests from your network\. Try again in \d+ minutes, or ask on a device you have signed in on before\.$/);
    expect(responseErrors('forgetPassword', 429, refused.body)).toEqual([]);
    const before = (await mails(email)).length;
    expect((await askReset(email, sender, device)).status).toBe(200);
    expect(await mails(email)).toHaveLength(before + 1);
  });
});
