import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { failedLoginsPerAddress, failedLoginsPerEmail, failedLoginsPerPair, loginDelayMs, loginPairKey } from '../../server/auth/rate-limit.ts';
import { demoLogin } from '../../server/seed/seed.ts';
import { responseErrors } from '../support/contract.ts';
import { type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';

// The login limiter (issue 20, item 6; OWASP ASVS 2.2.1): the pair (e-mail, address) is locked, a flood against
// one e-mail from many addresses and a spray from one address against many e-mails are slowed, never refused.
// Addresses come from app.inject's remoteAddress (the socket peer the server reads as request.ip).

let server: TestServer;
let app: FastifyInstance;
let nextAddress = 1;
/** An address no other test uses, so each test starts with clean counts. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

beforeAll(async () => {
  server = await startTestServer();
  app = await buildApp({ db: server.db, tokens: server.tokens, paymentWebhookSecret: testWebhookSecret, publicUrl: server.url });
});
afterAll(async () => {
  await app?.close();
  await server?.close();
});

interface Tried {
  status: number;
  body: { message?: string; user?: { clientid: number } };
  retryAfter: string | undefined;
  ms: number;
}

async function login(email: string, password: string, address: string): Promise<Tried> {
  const started = performance.now();
  const answer = await app.inject({ method: 'POST', url: '/api/login', remoteAddress: address, payload: { email, password } });
  const retryAfter = answer.headers['retry-after'];
  return { status: answer.statusCode, body: answer.json(), retryAfter: retryAfter === undefined ? undefined : String(retryAfter), ms: performance.now() - started };
}

/** A new client whose password is the demo password (the test server's newClient logs in from 127.0.0.1, counting nothing). */
const newClientEmail = async () => (await server.newClient(1)).email;

const stored = async (kind: string, key: string) =>
  (await server.db.query<{ n: number }>('select count(*)::int as n from rate_events where kind = $1 and key = $2', [kind, key.toLowerCase()]))[0]?.n;

async function flood(email: string, address: string, attempts: number): Promise<Tried[]> {
  const answers: Tried[] = [];
  for (let i = 1; i <= attempts; i++) answers.push(await login(email, `wrong-password-${i}`, address));
  return answers;
}

describe('the delay curve', () => {
  it.each([
    [0, 0],
    [5, 0],
    [6, 100],
    [7, 200],
    [10, 1600],
    [11, 3200],
    [12, 5000],
    [500, 5000],
  ])('%i failures for one e-mail: %i ms', (failures, ms) => {
    expect(loginDelayMs(failures, failedLoginsPerEmail)).toBe(ms);
  });

  it('per address, the delay starts past 20 failures', () => {
    expect([20, 21, 22].map((n) => loginDelayMs(n, failedLoginsPerAddress))).toEqual([0, 100, 200]);
  });
});

describe('200 wrong passwords against one e-mail from one address', () => {
  let email: string;
  let attacker: string;
  let answers: Tried[];
  beforeAll(async () => {
    email = await newClientEmail();
    attacker = freshAddress();
    answers = await flood(email, attacker, 200);
  });

  it('answers 401 to the first 5, then 429 with Retry-After (the pair is locked); the refused ones check no password', async () => {
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).filter((a) => a.status !== 429)).toEqual([]);
    const refused = answers.at(-1) as Tried;
    expect(refused.body).toMatchObject({ success: false, message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(responseErrors('login', 429, refused.body)).toEqual([]);
    for (const a of answers.slice(5)) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    // 200 attempts are stored against the pair: it stays locked until 196 of them are out of the 15-minute window.
    expect(Number(refused.retryAfter)).toBeGreaterThan(800);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(failedLoginsPerPair.windowSeconds);
    expect(await stored(failedLoginsPerPair.kind, loginPairKey(email, attacker))).toBe(200);
    expect(await stored(failedLoginsPerEmail.kind, email)).toBe(5);
    expect(await stored(failedLoginsPerAddress.kind, attacker)).toBe(5);
  });

  it('the right password from the same address is refused too (429)', async () => {
    const right = await login(email, demoLogin.password, attacker);
    expect(right.status).toBe(429);
    expect(right.retryAfter).toBeDefined();
  });

  it("the client's right password from another address logs in (before: 429 for 15 minutes), after the e-mail's delay", async () => {
    const right = await login(email, demoLogin.password, freshAddress());
    expect(right.status).toBe(200);
    expect(right.body.user).toBeDefined();
    // 5 failures + this attempt, which counts as one until the password proves right: 100 ms.
    expect(right.ms).toBeGreaterThanOrEqual(100);
    // A success clears its own pair only: the flood's failures still slow the next attempt on this e-mail.
    expect(await stored(failedLoginsPerEmail.kind, email)).toBe(5);
  });

  it('another client behind the flooding address logs in, with no delay to wait', async () => {
    const bystander = await login(await newClientEmail(), demoLogin.password, attacker);
    expect(bystander.status).toBe(200);
  });
});

describe('a flood against one e-mail from many addresses', () => {
  it('is never refused, and each failure past the fifth makes the next attempt wait longer; the right password still gets in', async () => {
    const email = await newClientEmail();
    const answers: Tried[] = [];
    for (let i = 1; i <= 9; i++) answers.push(await login(email, `wrong-${i}`, freshAddress()));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401]);
    // Lower bounds only: the answer waits at least the delay, however busy the machine is.
    answers.forEach((a, i) => expect({ attempt: i + 1, waited: a.ms >= loginDelayMs(i + 1, failedLoginsPerEmail) }).toEqual({ attempt: i + 1, waited: true }));
    const right = await login(email, demoLogin.password, freshAddress());
    expect(right.status).toBe(200);
    expect(right.ms).toBeGreaterThanOrEqual(loginDelayMs(10, failedLoginsPerEmail));
  });

  it('the attempts of a parallel burst see each other: the later ones wait longer', async () => {
    const email = await newClientEmail();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(email, `wrong-${i}`, freshAddress())));
    expect(answers.every((a) => a.status === 401)).toBe(true);
    // 8 failures recorded before any is counted: at least one waited for the 8th (400 ms).
    expect(Math.max(...answers.map((a) => a.ms))).toBeGreaterThanOrEqual(loginDelayMs(8, failedLoginsPerEmail));
  });
});

describe('one address spraying wrong passwords over many e-mails', () => {
  it('is slowed past 20 failures, not refused; a client who has not failed from there logs in from it', async () => {
    const sprayer = freshAddress();
    const answers: Tried[] = [];
    for (let i = 1; i <= 22; i++) answers.push(await login(`nobody-${i}-${sprayer}@example.com`, 'Password1', sprayer));
    expect(answers.filter((a) => a.status !== 401)).toEqual([]);
    expect(answers[20]?.ms).toBeGreaterThanOrEqual(loginDelayMs(21, failedLoginsPerAddress));
    expect(answers[21]?.ms).toBeGreaterThanOrEqual(loginDelayMs(22, failedLoginsPerAddress));
    const client = await login(await newClientEmail(), demoLogin.password, sprayer);
    expect(client.status).toBe(200);
    expect(client.ms).toBeGreaterThanOrEqual(loginDelayMs(23, failedLoginsPerAddress));
  });
});

describe('the pair', () => {
  it('is one e-mail whatever its case, from one address: 5 failures lock it for the right password too', async () => {
    const email = await newClientEmail();
    const address = freshAddress();
    await flood(email.toUpperCase(), address, 5);
    const right = await login(email, demoLogin.password, address);
    expect(right.status).toBe(429);
  });

  it('a success clears its failures: 4 wrong, the right one, then 5 more wrong are answered 401', async () => {
    const email = await newClientEmail();
    const address = freshAddress();
    expect((await flood(email, address, 4)).map((a) => a.status)).toEqual([401, 401, 401, 401]);
    expect((await login(email, demoLogin.password, address)).status).toBe(200);
    expect(await stored(failedLoginsPerPair.kind, loginPairKey(email, address))).toBe(0);
    expect((await flood(email, address, 5)).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
  });
});
