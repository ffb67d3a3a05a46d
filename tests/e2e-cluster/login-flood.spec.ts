import { request } from 'node:http';
import { expect, test } from '@playwright/test';
import { demo } from '../e2e/support.ts';
import { freshClient, sql } from './cluster-database.ts';

// Issue 28 through HAProxy and two instances on one PostgreSQL (playwright.cluster.config.ts): 40 wrong passwords for
// one e-mail at once from 40 real source addresses (sockets bound to 127.0.1.N; all of 127/8 is loopback on Linux),
// spread over both instances by the balancer. Both instances take the e-mail's turns from one row: 5 free guesses,
// then one every 3 s, the rest refused at once. The client's browser that signed in before (its device cookie,
// issued by whichever instance answered) signs in during the flood, from home and from an attacker's address.

interface Answer {
  status: number;
  body: string;
  device?: string;
  /** When the answer came (performance.now()). */
  at: number;
}

function logIn(port: number, from: string, email: string, password: string, device?: string): Promise<Answer> {
  const payload = JSON.stringify({ email, password });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: '/api/login',
        agent: false,
        headers: { 'content-type': 'application/json', ...(device ? { cookie: device } : {}) },
      },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
        incoming.on('end', () => {
          const device = incoming.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: incoming.statusCode ?? 0, body: text, at: performance.now(), ...(device ? { device } : {}) });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

test('a flood from 40 addresses over two instances gets one guess per 3 s; the client’s trusted browser signs in at once', async ({ baseURL }) => {
  const port = Number(new URL(baseURL ?? '').port);
  const email = await freshClient('flood');
  const home = '127.0.2.1';
  const device = (await logIn(port, home, email, demo.password)).device;
  expect(device).toMatch(/^dv_[0-9a-f]{16}=/);

  const [{ now: started } = { now: new Date() }] = await sql<{ now: Date }>('select now() as now');
  const attackers = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);
  const flooding = Promise.all(attackers.map((from, i) => logIn(port, from, email, `wrong-${i}`)));
  await new Promise((resolve) => setTimeout(resolve, 300));
  const [atHome, atAttacker] = await Promise.all([logIn(port, home, email, demo.password, device), logIn(port, attackers[0] ?? '', email, demo.password, device)]);
  const guesses = await flooding;

  const checked = guesses.filter((g) => g.status === 401);
  const refused = guesses.filter((g) => g.status === 429);
  expect(checked.length + refused.length).toBe(40);
  // 5 free at most, then a turn every 3 s granted up to 10 s ahead: 4, a few more if requests arrived late.
  expect(checked.length).toBeLessThanOrEqual(11);
  expect(refused.length).toBeGreaterThanOrEqual(29);
  const [row] = await sql<{ next_turn: Date }>('select next_turn from login_turns where email = $1', [email]);
  expect((row?.next_turn.getTime() ?? 0) - started.getTime()).toBeGreaterThanOrEqual(Math.max(1, checked.length - 5) * 3000);

  expect(atHome.status).toBe(200);
  expect(atAttacker.status).toBe(200);
  const lastGuess = Math.max(...checked.map((g) => g.at));
  expect(atHome.at).toBeLessThan(lastGuess);
  expect(atAttacker.at).toBeLessThan(lastGuess);
});
