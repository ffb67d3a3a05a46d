/**
 * `npx tsx bench/login-flood.ts`: the red team's figures for the login limiter (issue 20, item 6), against the
 * reference server on its embedded PGlite, in this process and listening on a port, behind a "proxy" (TRUST_PROXY:
 * X-Forwarded-For names the address). Writes `.ci-results/login-flood.json` and prints a table.
 * (a) 200 wrong passwords against one e-mail from one address, then the right password from another address;
 * (b) the same flood, then the right password from the same address (its pair is locked);
 * (c) a flood from 50 addresses against one e-mail: 12 one after another, then 38 at once; the time per attempt;
 * (d) another client behind the address of (a) logs in.
 * Before this change (5 failures per e-mail from any address, 20 per address), (a) and (d) answered 429.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { createTokenService } from '../server/auth/tokens.ts';
import { openPglite } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';
import { demoLogin, seedIfEmpty } from '../server/seed/seed.ts';
import { freePort } from '../server/cluster/free-port.ts';

const resultsFile = path.resolve(import.meta.dirname, '../.ci-results/login-flood.json');
const floodSize = 200;
const addresses = 50;
const oneByOne = 12;

const db = await openPglite();
await migrate(db);
await seedIfEmpty(db);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = await buildApp({ db, tokens: createTokenService('bench-jwt-secret-of-enough-length-0123456789'), publicUrl: base, paymentWebhookSecret: 'bench-webhook-secret-of-enough-length-0123456789', trustProxy: true });
await app.listen({ port, host: '127.0.0.1' });

interface Tried {
  status: number;
  ms: number;
  retryAfter: string | null;
}

async function login(email: string, password: string, address: string): Promise<Tried> {
  const started = performance.now();
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  await answer.arrayBuffer();
  return { status: answer.status, ms: Math.round(performance.now() - started), retryAfter: answer.headers.get('retry-after') };
}

/** A client with the demo password, straight in the database. */
async function newClient(name: string): Promise<string> {
  const email = `${name}@example.com`;
  await db.query(`insert into clients (branch_id, firstname, lastname, email, password_hash) select 1, 'Bench', $1, $2, password_hash from clients where email = $3`, [name, email, demoLogin.email]);
  return email;
}

const statuses = (answers: Tried[]) => answers.reduce<Record<string, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function timedFlood(email: string, address: string): Promise<{ answers: Tried[]; perSecond: number }> {
  const started = performance.now();
  const answers: Tried[] = [];
  for (let i = 1; i <= floodSize; i++) answers.push(await login(email, `wrong-${i}`, address));
  return { answers, perSecond: Math.round((floodSize / (performance.now() - started)) * 1000) };
}

try {
  const attacker = '203.0.113.66';
  // (a) and (b): the flood against the demo client.
  const a = await timedFlood(demoLogin.email, attacker);
  const fromElsewhere = await login(demoLogin.email, demoLogin.password, '198.51.100.20');
  const fromAttacker = await login(demoLogin.email, demoLogin.password, attacker);
  // (d) another client behind the attacker's address.
  const bystander = await login(await newClient('bystander'), demoLogin.password, attacker);

  // (c) 50 addresses against one e-mail.
  const target = await newClient('distributed-target');
  const started = performance.now();
  const sequential: Tried[] = [];
  for (let i = 1; i <= oneByOne; i++) sequential.push(await login(target, `wrong-${i}`, `192.0.2.${i}`));
  const burst = await Promise.all(Array.from({ length: addresses - oneByOne }, (_, i) => login(target, `wrong-burst-${i}`, `192.0.2.${oneByOne + i + 1}`)));
  const distributedSeconds = (performance.now() - started) / 1000;
  const targetLogsIn = await login(target, demoLogin.password, '198.51.100.21');

  const results = {
    date: new Date().toISOString(),
    database: 'PGlite (embedded)',
    rules: { pairLock: '5 failures per (e-mail, address) in 15 min, then 429 + Retry-After', perEmailDelay: 'past 5 failures in 15 min: 100 ms doubling, at most 5 s', perAddressDelay: 'past 20 failures in 15 min: the same curve' },
    a_floodOneEmailOneAddress: {
      attempts: floodSize,
      attemptsPerSecond: a.perSecond,
      answers: statuses(a.answers),
      rightPasswordFromAnotherAddress: fromElsewhere,
    },
    b_rightPasswordFromTheFloodingAddress: fromAttacker,
    c_floodOneEmailFiftyAddresses: {
      attempts: addresses,
      answers: statuses([...sequential, ...burst]),
      oneByOneMs: sequential.map((s) => s.ms),
      burstOf: burst.length,
      burstMedianMs: median(burst.map((b) => b.ms)),
      burstMaxMs: Math.max(...burst.map((b) => b.ms)),
      attemptsPerSecond: Math.round((addresses / distributedSeconds) * 10) / 10,
      rightPasswordFromAFreshAddress: targetLogsIn,
    },
    d_anotherClientBehindTheFloodingAddress: bystander,
  };
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

  console.table([
    { case: '(a) 200 wrong, one e-mail, one address', answers: JSON.stringify(statuses(a.answers)), 'attempts/s': a.perSecond, 'ms (median)': median(a.answers.map((x) => x.ms)) },
    { case: '(a) then right password, other address', answers: String(fromElsewhere.status), 'attempts/s': '', 'ms (median)': fromElsewhere.ms },
    { case: '(b) then right password, same address', answers: `${fromAttacker.status} (Retry-After ${fromAttacker.retryAfter} s)`, 'attempts/s': '', 'ms (median)': fromAttacker.ms },
    { case: `(c) ${oneByOne} addresses one by one`, answers: JSON.stringify(statuses(sequential)), 'attempts/s': '', 'ms (median)': `${sequential.map((s) => s.ms).join(', ')}` },
    { case: `(c) then ${burst.length} addresses at once`, answers: JSON.stringify(statuses(burst)), 'attempts/s': results.c_floodOneEmailFiftyAddresses.attemptsPerSecond, 'ms (median)': median(burst.map((b) => b.ms)) },
    { case: '(c) then right password, fresh address', answers: String(targetLogsIn.status), 'attempts/s': '', 'ms (median)': targetLogsIn.ms },
    { case: '(d) another client behind (a)', answers: String(bystander.status), 'attempts/s': '', 'ms (median)': bystander.ms },
  ]);
  console.log(`written to ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await app.close();
  await db.close();
}
