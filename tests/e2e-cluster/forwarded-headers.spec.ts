import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo } from '../e2e/support.ts';
import { freshClient } from './cluster-database.ts';

// Through HAProxy and two instances (playwright.cluster.config.ts): only the balancer's word on where a request comes
// from counts. A client writes X-Forwarded-For, Forwarded and X-Real-IP as it likes; the balancer replaces them with
// the connection's source, and the instances believe one hop. The real source is picked by binding the client's
// socket to an address of 127.0.0.0/8 (all of it is loopback on Linux).

const attacker = '127.0.0.1';
const victim = '127.0.0.2';
const wrongPassword = 'not-the-Passw0rd!';

interface Answer {
  status: number;
  body: string;
}

/** One request over a socket bound to `from`: the address the balancer sees, whatever the headers claim. */
function send(port: number, from: string, method: string, pathname: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method,
        path: pathname,
        // A socket of its own for each request: a kept-alive one would carry the next request from the same address anyway.
        agent: false,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      },
      (incoming) => {
        let text = '';
        incoming.on('data', (chunk: Buffer) => (text += chunk.toString()));
        incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body: text }));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const balancerPort = (baseURL: string | undefined) => Number(new URL(baseURL ?? '').port);

const logIn = (port: number, from: string, email: string, password: string, headers: Record<string, string> = {}) =>
  send(port, from, 'POST', '/api/login', headers, { email, password });


test('six wrong passwords from one address, each claiming another in X-Forwarded-For, Forwarded or X-Real-IP, count as one address: the sixth is refused', async ({ baseURL }) => {
  const port = balancerPort(baseURL);
  const email = await freshClient('forwarded');
  const claims: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.1' },
    { 'x-forwarded-for': '198.51.100.2, 203.0.113.2' },
    { forwarded: 'for=203.0.113.3;proto=https' },
    { 'x-real-ip': '203.0.113.4' },
    { 'x-forwarded-for': '203.0.113.5', forwarded: 'for="[2001:db8::5]"', 'x-real-ip': '203.0.113.5' },
    { 'x-forwarded-for': '127.0.0.9', 'x-forwarded-host': 'portal.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' },
  ];
  const statuses: number[] = [];
  // One after another: each failure is stored before the next attempt counts.
  for (const headers of claims) statuses.push((await logIn(port, attacker, email, wrongPassword, headers)).status);
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

  // The lock is on the address the attempts really came from: from it, even the right password waits now.
  const right = await logIn(port, attacker, email, demo.password, { 'x-forwarded-for': '203.0.113.7' });
  expect(right.status).toBe(429);
});

test("wrong passwords that name the victim's address in every forwarding header do not lock the victim out", async ({ baseURL }) => {
  const port = balancerPort(baseURL);
  const email = await freshClient('forwarded');
  const naming = { 'x-forwarded-for': victim, forwarded: `for=${victim}`, 'x-real-ip': victim };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await logIn(port, attacker, email, wrongPassword, naming)).status);
  // Counted as the attacker's own address, which the sixth locks.
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

  // The victim, from its own address, still logs in with its password.
  const answer = await logIn(port, victim, email, demo.password);
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body)).toMatchObject({ success: true, token: expect.any(String) });
});

test('the development pages, switched on (DEV_OUTBOX=1), answer this machine straight but 404 through the balancer, whatever it claims', async ({ baseURL }) => {
  const port = balancerPort(baseURL);
  // An instance's own port, from the balancer's config in the cluster's DATA_DIR.
  const config = readFileSync(path.join(process.env.CLUSTER_E2E_DATA_DIR ?? '', 'haproxy.cfg'), 'utf8');
  const instancePort = Number(/server app1 127\.0\.0\.1:(\d+)/.exec(config)?.[1]);
  // The page is there: a request from this machine, straight to the instance, gets it.
  expect((await send(instancePort, attacker, 'GET', '/dev/outbox.json', {})).status).toBe(200);

  const claims: Record<string, string>[] = [{}, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }];
  const answers: Record<string, number> = {};
  for (const [i, headers] of claims.entries()) {
    for (const pathname of ['/dev/outbox', '/dev/outbox.json']) {
      answers[`GET ${pathname} ${i}`] = (await send(port, attacker, 'GET', pathname, { accept: 'text/html', ...headers })).status;
    }
    answers[`POST /dev/appointments/1/complete ${i}`] = (await send(port, attacker, 'POST', '/dev/appointments/1/complete', headers)).status;
  }
  expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, 404])));
  expect(Object.keys(answers)).toHaveLength(12);
});
