/**
 * `npm run bench`: start times of the real server (fresh and existing data dir) and the throughput of
 * GET /api/appointmentstwo/{ids} at 50 concurrent connections, on PGlite and, when BENCH_DATABASE_URL
 * points at a PostgreSQL server (an admin connection; a scratch database is made and dropped), on PostgreSQL.
 * Runs after bench/book-now.ts and adds its section to the same results file.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../server/cluster/free-port.ts';
import { root, startServer, stopServer } from './bench-server.ts';
import { benchResultsFile, recordBench } from './results-file.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = 50;

async function measure(label: string, env: Record<string, string>) {
  const port = await freePort();
  const first = await startServer({ ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'parent@example.com', password: 'Passw0rd!' }) });
  const { token, user } = (await login.json()) as { token: string; user: { studentdetails: { id: number }[] } };
  const ids = user.studentdetails.map((s) => s.id).join(',');
  const url = `${base}/api/appointmentstwo/${ids}?branch_id=1`;
  const sample = (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown[] };
  const result = await autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } });
  await stopServer(first.child);
  const again = await startServer({ ...env, PORT: String(port) });
  await stopServer(again.child);
  return {
    label,
    freshStartMs: first.readyMs,
    existingStartMs: again.readyMs,
    appointmentsPerAnswer: sample.data.length,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const rows = [];
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
try {
  rows.push(await measure('PGlite', { DATA_DIR: dataDir }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const admin = process.env.BENCH_DATABASE_URL;
if (admin) {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const secretDir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  try {
    // On DATABASE_URL a server seeds nothing unless asked; the bench reads the demo client's lessons.
    rows.push(await measure('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: secretDir, DEMO_DATA: '1' }));
  } finally {
    await run(`drop database if exists ${name} with (force)`);
    rmSync(secretDir, { recursive: true, force: true });
  }
}

console.log(`\nGET /api/appointmentstwo/{ids}, ${connections} connections, ${seconds} s each (autocannon)`);
console.table(rows);
recordBench('appointmentsThroughput', { connections, seconds, rows });
console.log(`written to ${path.relative(root, benchResultsFile)}`);
