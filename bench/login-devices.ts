/**
 * `npx tsx bench/login-devices.ts`: the figures of issue 28 (device cookies, untrusted sign-ins taking turns), against
 * the reference server on its embedded PGlite, in this process, listening on 127.0.0.1. Every attacker is a real
 * source address: node:http binds 127.0.1.N (all of 127/8 is loopback on Linux), so the server reads each as its own.
 * Writes `.ci-results/login-devices.json` and prints a table.
 * (a) a burst: 40 wrong passwords for one e-mail at once from 40 addresses; 300 ms in, the client signs in from its
 *     trusted browser at home, from its trusted browser behind an attacker's address, and from a browser it never used;
 * (b) a sustained flood: those 40 addresses each sending a guess as soon as the last was answered, for 30 s; the
 *     client signs in from its trusted browser in the middle of it;
 * (c) 50 right-password sign-ins of one client at once from one address, with its device cookie and without.
 * FLOOD_SECONDS changes (b)'s length.
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { createTokenService } from '../server/auth/tokens.ts';
import { freePort } from '../server/cluster/free-port.ts';
import { openPglite } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { demoLogin, seedIfEmpty } from '../server/seed/seed.ts';

const resultsFile = path.resolve(import.meta.dirname, '../.ci-results/login-devices.json');
const floodSeconds = Number(process.env.FLOOD_SECONDS ?? 30);
const attackers = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);

const db = await openPglite();
await migrate(db);
await seedIfEmpty(db);
const port = await freePort();
const app = await buildApp({ db, tokens: createTokenService('bench-jwt-secret-of-enough-length-0123456789'), publicUrl: `http://127.0.0.1:${port}`, paymentWebhookSecret: 'bench-webhook-secret-of-enough-length-0123456789' });
await app.listen({ port, host: '127.0.0.1' });
const t0 = performance.now();

interface Tried {
  status: number;
  /** ms since the bench began, when the answer came. */
  at: number;
  ms: number;
  /** The device cookie the answer set, as a browser sends it back. */
  device?: string;
}

function login(email: string, password: string, from: string, device?: string): Promise<Tried> {
  const started = performance.now();
  const body = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: '/api/login', method: 'POST', localAddress: from, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(device ? { cookie: device } : {}) } },
      (response) => {
        response.resume();
        response.on('end', () => {
          const now = performance.now();
          const device = response.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: response.statusCode ?? 0, at: Math.round(now - t0), ms: Math.round(now - started), ...(device ? { device } : {}) });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function newClient(name: string): Promise<string> {
  const email = `${name}@example.com`;
  await db.query(`insert into clients (branch_id, firstname, lastname, email, password_hash) select 1, 'Bench', $1, $2, password_hash from clients where email = $3`, [name, email, demoLogin.email]);
  return email;
}
async function signedIn(email: string, from: string): Promise<string | undefined> {
  return (await login(email, demoLogin.password, from)).device;
}
const statuses = (answers: Tried[]) => answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
const perSecond = (count: number, ms: number) => Math.round((count / (ms / 1000)) * 100) / 100;

try {
  const quietEmail = await newClient('quiet');
  const quietDevice = await signedIn(quietEmail, '127.0.3.1');
  const quiet = await login(quietEmail, demoLogin.password, '127.0.3.1', quietDevice);

  // (a) the burst.
  const victim = await newClient('victim');
  const home = '127.0.2.1';
  const device = await signedIn(victim, home);
  const burstStart = performance.now();
  const burst = Promise.all(attackers.map((from, i) => login(victim, `wrong-${i}`, from)));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [trustedAtHome, trustedAtAttacker, untrusted] = await Promise.all([
    login(victim, demoLogin.password, home, device),
    login(victim, demoLogin.password, attackers[0] ?? '', device),
    login(victim, demoLogin.password, '127.0.2.2'),
  ]);
  const burstAnswers = await burst;
  const burstMs = performance.now() - burstStart;
  const burstGuesses = burstAnswers.filter((a) => a.status === 401);

  // (b) the sustained flood, on another client so that (a) leaves nothing behind.
  const target = await newClient('target');
  const targetDevice = await signedIn(target, '127.0.2.3');
  const floodStart = performance.now();
  const floodEnd = floodStart + floodSeconds * 1000;
  const floodAnswers: Tried[] = [];
  const hammer = async (from: string) => {
    for (let i = 0; performance.now() < floodEnd; i++) {
      const answer = await login(target, `guess-${from}-${i}`, from);
      floodAnswers.push(answer);
      // A refused attempt costs the server nothing; a short pause keeps the bench from measuring its own loop.
      if (answer.status === 429) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const flooding = Promise.all(attackers.map(hammer));
  await new Promise((resolve) => setTimeout(resolve, (floodSeconds * 1000) / 2));
  const trustedMidFlood = await login(target, demoLogin.password, '127.0.2.3', targetDevice);
  await flooding;
  const floodGuesses = floodAnswers.filter((a) => a.status === 401 && a.at <= Math.round(floodEnd - t0));

  // (c) 50 right passwords at once from one address.
  const family = await newClient('family');
  const familyDevice = await signedIn(family, '127.0.4.1');
  const fiftyStart = performance.now();
  const fifty = await Promise.all(Array.from({ length: 50 }, () => login(family, demoLogin.password, '127.0.4.1', familyDevice)));
  const fiftyMs = performance.now() - fiftyStart;
  const bare = await newClient('family-bare');
  const fiftyBare = await Promise.all(Array.from({ length: 50 }, () => login(bare, demoLogin.password, '127.0.4.2')));

  const results = {
    date: new Date().toISOString(),
    database: 'PGlite (embedded)',
    quietSignInMs: quiet.ms,
    a_burst40: {
      answers: statuses(burstAnswers),
      guessesChecked: burstGuesses.length,
      guessesPerSecond: perSecond(burstGuesses.length, burstMs),
      guessAnsweredAtMs: burstGuesses.map((g) => Math.round(g.at - (burstStart - t0))).sort((x, y) => x - y),
      lastAnswerMs: Math.round(burstMs),
      clientTrustedAtHome: { status: trustedAtHome.status, ms: trustedAtHome.ms },
      clientTrustedBehindAttackerAddress: { status: trustedAtAttacker.status, ms: trustedAtAttacker.ms },
      clientUntrustedBrowser: { status: untrusted.status, ms: untrusted.ms },
    },
    b_sustained: {
      seconds: floodSeconds,
      attempts: floodAnswers.length,
      answers: statuses(floodAnswers),
      guessesChecked: floodGuesses.length,
      guessesPerSecond: perSecond(floodGuesses.length, floodSeconds * 1000),
      clientTrustedMidFlood: { status: trustedMidFlood.status, ms: trustedMidFlood.ms },
    },
    c_fiftyRightAtOnce: {
      withDeviceCookie: { answers: statuses(fifty), seconds: Math.round(fiftyMs / 100) / 10 },
      withoutDeviceCookie: { answers: statuses(fiftyBare) },
    },
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.table([
    { case: 'quiet sign-in (trusted)', answers: String(quiet.status), 'guesses/s': '', ms: quiet.ms },
    { case: '(a) 40 wrong at once, 40 addresses', answers: JSON.stringify(results.a_burst40.answers), 'guesses/s': results.a_burst40.guessesPerSecond, ms: results.a_burst40.lastAnswerMs },
    { case: '(a) client, trusted browser at home', answers: String(trustedAtHome.status), 'guesses/s': '', ms: trustedAtHome.ms },
    { case: "(a) client, trusted browser, attacker's address", answers: String(trustedAtAttacker.status), 'guesses/s': '', ms: trustedAtAttacker.ms },
    { case: '(a) client, browser never used', answers: String(untrusted.status), 'guesses/s': '', ms: untrusted.ms },
    { case: `(b) ${floodSeconds} s flood, 40 addresses`, answers: JSON.stringify(results.b_sustained.answers), 'guesses/s': results.b_sustained.guessesPerSecond, ms: '' },
    { case: '(b) client, trusted browser, mid-flood', answers: String(trustedMidFlood.status), 'guesses/s': '', ms: trustedMidFlood.ms },
    { case: '(c) 50 right at once, device cookie', answers: JSON.stringify(statuses(fifty)), 'guesses/s': '', ms: Math.round(fiftyMs) },
    { case: '(c) 50 right at once, no cookie', answers: JSON.stringify(statuses(fiftyBare)), 'guesses/s': '', ms: '' },
  ]);
  console.log(`written to ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await app.close();
  await db.close();
}
