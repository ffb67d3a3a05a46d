/**
 * Several instances of the server on one PostgreSQL, behind HAProxy (Debian's package): what
 * `npm run start:cluster` runs, and what the load bench and the cluster e2e start. The instances share
 * nothing but the database and the two secrets, which are generated once into the data directory and
 * handed to every instance by environment, so a token one instance signs, or a payment notification one
 * instance checks, is good on all of them.
 */
import { freePort } from './free-port.ts';
import { startOwnPostgres } from './own-postgres.ts';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import path from 'node:path';
import { loadSecret } from '../auth/tokens.ts';
import { localUrl } from '../config.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface ClusterOptions {
  size: number;
  /** The balancer's port: the one address clients use. */
  port: number;
  /** Where the secrets, the balancer's config, the instances' scratch directories and the own PostgreSQL live. */
  dataDir: string;
  /** The shared database; when unset, the cluster's own PostgreSQL in `dataDir`/postgres (see own-postgres.ts). */
  databaseUrl?: string | undefined;
  /** Given to every instance; unset, one generated once into `dataDir`. */
  jwtSecret?: string | undefined;
  /** Given to every instance; unset, one generated once into `dataDir`. */
  paymentWebhookSecret?: string | undefined;
  /** The origin clients use; http://localhost:<port> by default. */
  publicUrl?: string | undefined;
  /**
   * DEMO_DATA of every instance: unset, on with the cluster's own PostgreSQL (a database made for trying it), and on a
   * given `databaseUrl` whatever the environment says (off unless DEMO_DATA is set).
   */
  demoData?: boolean | undefined;
  /** Extra environment for every instance (e.g. ORDER_HOLD_SECONDS, REMINDER_SCAN_SECONDS). */
  env?: Record<string, string>;
  /** Extra environment for one instance, by its index from 0 (e.g. a test's PORTAL_FAILPOINT for one of them). */
  instanceEnv?: (index: number) => Record<string, string>;
  log?: (line: string) => void;
  /** Aborting it while the cluster starts stops what has started, and the start fails. */
  signal?: AbortSignal;
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

/** Where a running cluster writes its database's URL (removed when it stops), for tools and tests that read the database. */
export const databaseUrlFile = (dataDir: string) => path.join(path.resolve(dataDir), 'database-url');

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

/**
 * The step's outcome, or a rejection as soon as the start is aborted (what the step started is stopped by the caller).
 * An abort before it begins does not begin it.
 */
function unlessAborted<T>(step: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return step();
  signal.throwIfAborted();
  const running = step();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('The cluster was stopped while it started.'));
    signal.addEventListener('abort', onAbort, { once: true });
    running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Fails fast, before anything starts, when HAProxy is missing. */
function assertHaproxy(): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('haproxy', ['-v'], (error) => {
      if (!error) return resolve();
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(new Error(missing ? 'HAProxy is not installed: `apt-get install haproxy`.' : `haproxy -v failed: ${error.message}`));
    });
  });
}

/** Fails fast, before anything starts, when the balancer's port is taken (HAProxy binds every IPv4 interface). */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'EADDRINUSE' ? `Port ${port} is taken: stop what listens on it, or set PORT to another.` : `Port ${port}: ${error.message}`)),
    );
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Until the instance says it is ready; what it printed (its errors too, which go on to the terminal) goes in the error. */
function waitForReady(child: ChildProcess, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 180 s:\n${out}`)), 180_000);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code ?? signal} before it was ready:\n${out}`));
    };
    child.once('exit', onExit);
    const keep = (chunk: Buffer) => {
      if (!ready) out = (out + chunk.toString()).slice(-4000);
    };
    child.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (!ready && /Ready in \d+ ms/.test(out)) {
        ready = true;
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve();
      }
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited in 10 s; resolves when it has exited. */
async function terminate(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * HAProxy's config: round robin, a health check on /api/health, and a request whose connection fails tried on another
 * instance. The instances believe one hop of X-Forwarded-For (TRUST_PROXY=1), so the balancer writes it from the
 * connection and drops every forwarding header a client sent: only the balancer's word counts.
 */
export function haproxyConfig(port: number, instances: readonly { name: string; port: number }[], statsSocket: string): string {
  return `global
  maxconn 4096
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
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
  # What a client says about where it comes from is not passed on: X-Forwarded-For is exactly the connection's
  # source (set, not appended to the client's), and the other forwarding headers go.
  http-request del-header Forwarded
  http-request del-header X-Real-IP
  http-request del-header X-Forwarded-Host
  http-request del-header X-Forwarded-Port
  http-request set-header X-Forwarded-For %[src]
  http-request set-header X-Forwarded-Proto http
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fastinter 500ms fall 2 rise 2
${instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n')}
`;
}

/**
 * Starts the database (unless given), the instances and HAProxy. Any failure, or an abort, stops whatever had started
 * (HAProxy, the instances, the own PostgreSQL), and the start rejects with what went wrong.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  const { signal } = options;
  const dataDir = path.resolve(options.dataDir);
  // What has been started, to be stopped in the reverse order.
  const started: { name: string; stop: () => Promise<void> }[] = [];
  const stopStarted = async () => {
    for (const { name, stop } of started.splice(0).reverse()) {
      await stop().catch((error: unknown) => log(`stopping ${name}: ${(error as Error).message}`));
    }
  };
  try {
    await assertHaproxy();
    await assertPortFree(options.port);
    await mkdir(dataDir, { recursive: true });
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      // Not raced with the abort: a pg_ctl cut short could leave a server that nobody stops. It is quick.
      const own = await startOwnPostgres(dataDir, log);
      started.push({ name: 'PostgreSQL', stop: own.stop });
      databaseUrl = own.url;
      signal?.throwIfAborted();
    }
    const urlFile = databaseUrlFile(dataDir);
    writeFileSync(urlFile, `${databaseUrl}\n`, { mode: 0o600 });
    started.push({ name: urlFile, stop: async () => rmSync(urlFile, { force: true }) });
    // One value of each secret for every instance: generated once, kept in the data directory.
    const jwtSecret = await loadSecret(options.jwtSecret, dataDir, 'jwt-secret');
    const webhookSecret = await loadSecret(options.paymentWebhookSecret, dataDir, 'payment-webhook-secret');
    const publicUrl = options.publicUrl ?? localUrl(options.port);
    const demoData = options.demoData ?? (options.databaseUrl ? undefined : true);

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
              ...(demoData === undefined ? {} : { DEMO_DATA: demoData ? '1' : '0' }),
              ...options.env,
              ...options.instanceEnv?.(i - 1),
              PORT: String(port),
              HOST: '127.0.0.1',
              DATABASE_URL: databaseUrl,
              DATA_DIR: path.join(dataDir, name),
              JWT_SECRET: jwtSecret,
              PAYMENT_WEBHOOK_SECRET: webhookSecret,
              PUBLIC_URL: publicUrl,
              // Only the balancer reaches an instance (it listens on loopback), and the balancer writes X-Forwarded-For
              // from the connection: one hop, its word only.
              TRUST_PROXY: '1',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
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
    started.push({ name: 'the instances', stop: async () => void (await Promise.all(instances.map((instance) => terminate(instance.child)))) });
    // The first instance migrates and seeds; the others start together after it (migrations take an advisory lock anyway).
    await unlessAborted(async () => instances[0]?.start(), signal);
    await unlessAborted(() => Promise.all(instances.slice(1).map((i) => i.start())), signal);

    const configFile = path.join(dataDir, 'haproxy.cfg');
    const statsSocket = path.join(dataDir, 'haproxy.sock');
    writeFileSync(configFile, haproxyConfig(options.port, instances, statsSocket));
    const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    started.push({ name: 'HAProxy', stop: () => terminate(haproxy) });
    // Its messages go on to the terminal, and the last of them into the error when it fails.
    let haproxyOutput = '';
    haproxy.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      haproxyOutput = (haproxyOutput + chunk.toString()).slice(-2000);
    });
    const haproxyFailed = new Promise<never>((_, reject) => {
      haproxy.once('error', (error) => reject(new Error(`haproxy: ${error.message}`)));
      haproxy.once('exit', (code, exitSignal) => reject(new Error(`HAProxy exited with ${code ?? exitSignal}:\n${haproxyOutput}`)));
    });
    // Until the start is over; after it, an exit is the stop's business.
    haproxyFailed.catch(() => {});
    const url = `http://127.0.0.1:${options.port}`;
    const answering = async () => {
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`${url}/api/health`)).ok) return;
        } catch {
          // Not listening yet.
        }
        if (haproxy.exitCode !== null || haproxy.signalCode !== null) return haproxyFailed;
        if (i > 100) throw new Error(`HAProxy did not answer on ${url} in 20 s`);
        await sleep(200);
      }
    };
    await unlessAborted(() => Promise.race([answering(), haproxyFailed]), signal);
    log(`HAProxy on ${url}: round robin over ${instances.map((i) => `${i.name} (${i.port})`).join(', ')}`);

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
    return { url, databaseUrl, instances, states, stop: stopStarted };
  } catch (error) {
    await stopStarted();
    throw error;
  }
}
