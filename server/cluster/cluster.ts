/**
 * Several instances of the server on one PostgreSQL, behind HAProxy (Debian's package): what
 * `npm run start:cluster` runs, and what the load bench and the cluster e2e start. The instances share
 * nothing but the database and the two secrets, which are generated once into the data directory and
 * handed to every instance by environment, so a token one instance signs, or a payment notification one
 * instance checks, is good on all of them.
 */
import { freePort } from './free-port.ts';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createConnection } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadSecret } from '../auth/tokens.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ClusterOptions {
  size: number;
  /** The balancer's port: the one address clients use. */
  port: number;
  /** Where the secrets, the balancer's config and the instances' scratch directories live. */
  dataDir: string;
  /** The shared database; when unset, a local Debian PostgreSQL is started and a database made on it. */
  databaseUrl?: string | undefined;
  /** Extra environment for every instance (e.g. ORDER_HOLD_SECONDS, REMINDER_SCAN_SECONDS). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly child: ChildProcess | undefined;
  /** SIGKILL: no goodbye, as when a machine dies. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

export interface Cluster {
  url: string;
  databaseUrl: string;
  instances: Instance[];
  /** The balancer's view of each instance ('UP', 'DOWN', ...), from its stats socket. */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}


/** HAProxy's `show stat` answer, from its stats socket. */
function statsOf(socket: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const connection = createConnection(socket, () => connection.end('show stat\n'));
    connection.on('data', (chunk: Buffer) => (out += chunk.toString()));
    connection.once('error', reject);
    connection.once('close', () => resolve(out));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest PostgreSQL cluster Debian has, started (as .ci/run does) if it is not running; answers whether this call started it. */
function startDebianPostgres(log: (line: string) => void): { version: string; startedHere: boolean } {
  if (!existsSync('/etc/postgresql')) throw new Error('No DATABASE_URL and no Debian PostgreSQL: `apt-get install postgresql`, or set DATABASE_URL.');
  const version = execFileSync('ls', ['/etc/postgresql']).toString().split('\n').filter(Boolean).sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!version) throw new Error('No PostgreSQL cluster in /etc/postgresql.');
  const running = spawnOk('pg_isready', ['-q', '-h', '127.0.0.1']);
  if (running) return { version, startedHere: false };
  log(`starting PostgreSQL ${version} (pg_ctlcluster)`);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  return { version, startedHere: true };
}

function spawnOk(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A database for the cluster on the local PostgreSQL, made once; answers its URL. */
async function localDatabase(log: (line: string) => void): Promise<{ url: string; stopPostgres: () => void }> {
  const { version, startedHere } = startDebianPostgres(log);
  for (let i = 0; i < 30 && !spawnOk('pg_isready', ['-q', '-h', '127.0.0.1']); i++) await sleep(1000);
  const admin = process.env.CLUSTER_PG_ADMIN_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (error) {
    // A fresh Debian install has no password for postgres: give it the one .ci/run gives (root only).
    if (process.getuid?.() !== 0) throw error;
    execFileSync('su', ['postgres', '-c', `psql -q -c "alter user postgres password 'postgres'"`]);
    await client.connect();
  }
  const name = 'portal_cluster';
  const [exists] = (await client.query('select 1 from pg_database where datname = $1', [name])).rows;
  if (!exists) await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const stopPostgres = () => {
    if (startedHere) execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'stop'], { stdio: 'ignore' });
  };
  return { url: url.toString(), stopPostgres };
}

function waitForReady(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${out}`)), 180_000);
    const onExit = (code: number | null) => reject(new Error(`${name} exited with ${code}:\n${out}`));
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Ready in \d+ ms/.test(out)) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    });
  });
}

/** HAProxy's config: round robin, a health check on /api/health, and a request whose connection fails tried on another instance. */
export function haproxyConfig(port: number, instances: readonly { name: string; port: number }[], statsSocket: string): string {
  return `global
  maxconn 4096
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout server 60s
  timeout http-request 10s
  # An idle client connection is kept longer than clients keep theirs (Node's fetch: 4 s), so the client closes it
  # first: a request sent just as the balancer closed it would fail without reaching any instance.
  timeout http-keep-alive 75s
  timeout client 75s
  # A request is retried only when it never reached an instance (the connection failed), so no write is sent twice;
  # redispatch sends the retry to another instance.
  retries 3
  retry-on conn-failure
  option redispatch 1

frontend portal
  bind *:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 2
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  let stopPostgres = () => {};
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    const local = await localDatabase(log);
    databaseUrl = local.url;
    stopPostgres = local.stopPostgres;
  }
  // One value of each secret for every instance: generated once, kept in the data directory.
  const jwtSecret = await loadSecret(process.env.JWT_SECRET, dataDir, 'jwt-secret');
  const webhookSecret = await loadSecret(process.env.PAYMENT_WEBHOOK_SECRET, dataDir, 'payment-webhook-secret');
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${options.port}`;

  const instances: Instance[] = [];
  for (let i = 1; i <= options.size; i++) {
    const name = `app${i}`;
    const port = await freePort();
    let child: ChildProcess | undefined;
    const instance: Instance = {
      name,
      port,
      get child() {
        return child;
      },
      async start() {
        // Node itself with tsx's loader, not the tsx CLI: the CLI runs the server in a child of its own, which a
        // SIGKILL of the CLI would leave running.
        child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          cwd: root,
          env: {
            ...process.env,
            LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
            ...options.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: databaseUrl,
            DATA_DIR: path.join(dataDir, name),
            JWT_SECRET: jwtSecret,
            PAYMENT_WEBHOOK_SECRET: webhookSecret,
            PUBLIC_URL: publicUrl,
            // Only the balancer reaches an instance (it listens on loopback), so its X-Forwarded-For is the client's address.
            TRUST_PROXY: '1',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        await waitForReady(child, name);
        log(`${name} ready on 127.0.0.1:${port}`);
      },
      async kill() {
        const running = child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGKILL');
        await exited;
      },
    };
    instances.push(instance);
  }
  // The first instance migrates and seeds; the others start together after it (migrations take an advisory lock anyway).
  await instances[0]?.start();
  await Promise.all(instances.slice(1).map((i) => i.start()));

  const configFile = path.join(dataDir, 'haproxy.cfg');
  const statsSocket = path.join(dataDir, 'haproxy.sock');
  writeFileSync(configFile, haproxyConfig(options.port, instances, statsSocket));
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  const haproxyExit = new Promise<void>((resolve) => haproxy.once('exit', () => resolve()));
  haproxy.once('error', (error) => log(`haproxy: ${error.message} (apt-get install haproxy)`));
  const url = `http://127.0.0.1:${options.port}`;
  const states = async () => {
    const answer = await statsOf(statsSocket);
    const result: Record<string, string> = {};
    for (const line of answer.split('\n')) {
      // CSV of `show stat`: proxy, server, then its counters; the 18th field is the check's status.
      const fields = line.split(',');
      if (fields[0] === 'instances' && fields[1] && fields[1] !== 'BACKEND') result[fields[1]] = fields[17] ?? '';
    }
    return result;
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 100 || haproxy.exitCode !== null) throw new Error('HAProxy did not answer on the cluster port');
    await sleep(200);
  }
  log(`HAProxy on ${url}: round robin over ${instances.map((i) => `${i.name} (${i.port})`).join(', ')}`);

  let stopped = false;
  return {
    url,
    databaseUrl,
    instances,
    states,
    async stop() {
      if (stopped) return;
      stopped = true;
      haproxy.kill('SIGTERM');
      await haproxyExit;
      await Promise.all(instances.map(async (instance) => {
        const running = instance.child;
        if (!running || running.exitCode !== null || running.signalCode !== null) return;
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGTERM');
        await exited;
      }));
      stopPostgres();
    },
  };
}
