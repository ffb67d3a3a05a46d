import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { databaseUrlFile, startCluster } from '../../server/cluster/cluster.ts';
import { freePort } from '../../server/cluster/free-port.ts';
import { demo } from '../e2e/support.ts';

// `npm run start:cluster` without DATABASE_URL, on this machine as it is: the cluster makes and runs a PostgreSQL of
// its own in DATA_DIR/postgres (no password of the machine's PostgreSQL is known or set), listening on loopback only,
// kept between starts, and stopped with the cluster, also when the start fails halfway or is interrupted. The
// machine's own PostgreSQL (port 5432) is left as it was. (The cluster e2e's own server is started the same way.)

const root = path.resolve(import.meta.dirname, '../..');
// One data directory for the file, made by the first start and reused by the others (a cluster start is the cost here).
test.describe.configure({ mode: 'serial' });
const dataDirs: string[] = [];
const freshDataDir = () => {
  const made = mkdtempSync(path.join(tmpdir(), 'portal-own-postgres-'));
  dataDirs.push(made);
  return made;
};
test.afterAll(() => {
  for (const made of dataDirs) rmSync(made, { recursive: true, force: true });
});

/** Every process that names the directory in its command line or environment: a server, an instance, HAProxy. */
function processesUsing(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes(dir) || readFileSync(`/proc/${pid}/environ`, 'utf8').includes(dir)) found.push(`${pid} ${cmdline.replaceAll('\0', ' ')}`);
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** Whether the process runs (a zombie no one has reaped yet has stopped). */
function running(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/** The local addresses listening on a TCP port, from the kernel's tables (IPv4 and IPv6). */
function listeners(port: number): string[] {
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, hexPort] = (local ?? '').split(':');
      if (state !== '0A' || Number.parseInt(hexPort ?? '', 16) !== port || !address) continue;
      // IPv4 in the table is little-endian hex; IPv6 is shown as is.
      found.push(address.length === 8 ? (address.match(/../g) ?? []).reverse().map((byte) => Number.parseInt(byte, 16)).join('.') : address);
    }
  }
  return found;
}

/** The machine's own PostgreSQL as this test finds it: its pid files and whether something listens on 5432. */
async function machinePostgres(): Promise<{ pidFiles: Record<string, string>; listening5432: boolean }> {
  const dir = '/run/postgresql';
  const pidFiles = existsSync(dir) ? Object.fromEntries(readdirSync(dir).filter((name) => name.endsWith('.pid')).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')])) : {};
  const listening5432 = await new Promise<boolean>((resolve) => {
    const socket = connect(5432, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return { pidFiles, listening5432 };
}

async function query<Row>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

let dataDir = '';

test('without DATABASE_URL the cluster runs its own PostgreSQL in DATA_DIR: on loopback only, stopped with the cluster', async () => {
  test.setTimeout(300_000);
  dataDir = freshDataDir();
  const pgData = path.join(dataDir, 'postgres');
  const machineBefore = await machinePostgres();

  const lines: string[] = [];
  const first = await startCluster({ size: 1, port: await freePort(), dataDir, log: (line) => lines.push(line) });
  let pid: number;
  let port: number;
  try {
    const url = new URL(first.databaseUrl);
    port = Number(url.port);
    expect([url.hostname, url.pathname]).toEqual(['127.0.0.1', '/portal']);
    expect(port).not.toBe(5432);
    expect(readFileSync(databaseUrlFile(dataDir), 'utf8').trim()).toBe(first.databaseUrl);
    // Made here, now, by initdb: a data directory of its own, not one of the machine's clusters.
    expect(lines.filter((line) => line.startsWith('initdb: '))).toHaveLength(1);
    const [settings] = await query<Record<string, string>>(
      first.databaseUrl,
      `select current_setting('data_directory') as data, current_setting('listen_addresses') as listen,
              current_setting('unix_socket_directories') as sockets, host(inet_server_addr()) as server`,
    );
    expect(settings).toEqual({ data: pgData, listen: '127.0.0.1', sockets: '.', server: '127.0.0.1' });
    expect(listeners(port)).toEqual(['127.0.0.1']);
    // Its socket is in its data directory, not in the machine's /run/postgresql.
    expect(existsSync(path.join(pgData, `.s.PGSQL.${port}`))).toBe(true);
    expect(existsSync(`/run/postgresql/.s.PGSQL.${port}`)).toBe(false);
    // A password is asked for: the URL's is the one that opens it.
    const wrong = new URL(first.databaseUrl);
    wrong.password = 'postgres';
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);

    pid = postmasterPid(dataDir);
    expect(running(pid)).toBe(true);
    const login = await fetch(`${first.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demo) });
    expect(login.status).toBe(200);
    await query(first.databaseUrl, `create table kept_between_starts (note text); insert into kept_between_starts values ('kept')`);
  } finally {
    await first.stop();
  }
  expect(running(pid)).toBe(false);
  expect(existsSync(path.join(pgData, 'postmaster.pid'))).toBe(false);
  expect(listeners(port)).toEqual([]);
  expect(existsSync(databaseUrlFile(dataDir))).toBe(false);
  expect(processesUsing(dataDir)).toEqual([]);
  expect(await machinePostgres()).toEqual(machineBefore);
});

test('a start that fails halfway (an instance exits) stops the PostgreSQL it had started, and says why', async () => {
  test.setTimeout(180_000);
  const lines: string[] = [];
  // An instance that cannot read its settings exits at once, after the database is up.
  const start = startCluster({ size: 2, port: await freePort(), dataDir, env: { REMINDER_SCAN_SECONDS: 'soon' }, log: (line) => lines.push(line) });
  await expect(start).rejects.toThrow(/app1 exited with 1 before it was ready:[\s\S]*Setting REMINDER_SCAN_SECONDS: got "soon", wants a whole number of seconds/);
  expect(lines.filter((line) => /^PostgreSQL \d+ of .* on 127\.0\.0\.1:\d+$/.test(line))).toHaveLength(1);
  expect(lines).toContain(`PostgreSQL of ${path.join(dataDir, 'postgres')} stopped`);
  expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  expect(existsSync(databaseUrlFile(dataDir))).toBe(false);
  expect(processesUsing(dataDir)).toEqual([]);
});

test('a balancer port already taken fails the start before anything runs, naming the port', async () => {
  const dataDir = freshDataDir();
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
  const port = (taken.address() as { port: number }).port;
  try {
    await expect(startCluster({ size: 1, port, dataDir, log: () => {} })).rejects.toThrow(`Port ${port} is taken`);
    expect(processesUsing(dataDir)).toEqual([]);
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
});

/** `npm run start:cluster` (server/cluster/main.ts) on a data directory; its output so far, and the line it waits for. */
function startCommand(dataDir: string, port: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/cluster/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', CLUSTER_SIZE: '1', SPA_DIR: 'dist-e2e', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = (pattern: RegExp) => expect.poll(() => pattern.test(output), { timeout: 120_000, intervals: [100] }).toBe(true);
  return { child, exited, printed, output: () => output };
}

test('npm run start:cluster keeps its PostgreSQL between starts, stops it on SIGTERM once up, and on Ctrl+C while it starts', async () => {
  test.setTimeout(300_000);
  const machineBefore = await machinePostgres();

  const up = startCommand(dataDir, await freePort());
  await up.printed(/Client portal: /);
  const pid = postmasterPid(dataDir);
  expect(running(pid)).toBe(true);
  // The data directory of the first test's start, found and used: what was stored is there, nothing is made again.
  expect(up.output()).not.toContain('initdb: ');
  const url = readFileSync(databaseUrlFile(dataDir), 'utf8').trim();
  expect(await query(url, 'select note from kept_between_starts')).toEqual([{ note: 'kept' }]);
  up.child.kill('SIGTERM');
  expect(await up.exited).toBe(0);
  expect(running(pid)).toBe(false);
  expect(processesUsing(dataDir)).toEqual([]);

  // Ctrl+C once its PostgreSQL is up, while the instance starts: it stops what it started and fails.
  const starting = startCommand(dataDir, await freePort());
  await starting.printed(/PostgreSQL \d+ of .* on 127\.0\.0\.1:\d+/);
  starting.child.kill('SIGINT');
  expect(await starting.exited).toBe(1);
  expect(starting.output()).toContain('start:cluster failed, and stopped what it had started: SIGINT while the cluster started');
  expect(starting.output()).not.toContain('Client portal: ');
  expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  expect(processesUsing(dataDir)).toEqual([]);
  expect(await machinePostgres()).toEqual(machineBefore);
});
