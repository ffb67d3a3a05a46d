/**
 * The cluster's own PostgreSQL, when no DATABASE_URL is given: a data directory of its own (DATA_DIR/postgres), made
 * once with Debian's binaries, listening on 127.0.0.1 only on a port free at start, its unix socket in the data
 * directory, a generated password for every connection. Started with the cluster, stopped with it, kept between
 * starts. Nothing of the machine's own PostgreSQL (its clusters, its postgres password, /etc/postgresql) is touched.
 * `npm run bench:load` without BENCH_DATABASE_URL runs one the same way in a temporary directory.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

const versionsDir = '/usr/lib/postgresql';
const superuser = 'postgres';
const database = 'portal';

export interface OwnPostgres {
  /** postgres://postgres:…@127.0.0.1:<port>/portal */
  url: string;
  /** The data directory (PGDATA). */
  dataDir: string;
  /** The major version of the binaries it runs on, e.g. '15'. */
  version: string;
  port: number;
  /** Stops the server (fast shutdown: open sessions are ended); again is a no-op. */
  stop(): Promise<void>;
}

/** The system user PostgreSQL runs as: ours, or `postgres` when we are root (initdb and postgres refuse root). */
interface ServerUser {
  uid: number;
  gid: number;
}

function serverUser(urlVariable: string): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, superuser], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      `No ${urlVariable}, and running as root: PostgreSQL refuses to run as root and there is no \`postgres\` user to run it as. \`apt-get install postgresql\` (it makes that user), or set ${urlVariable}.`,
    );
  }
}

/** Debian's binaries of the version the data directory was made with, or else of the newest version installed. */
function binaries(madeWith: string | undefined, urlVariable: string): { version: string; bin: string } {
  const installed = existsSync(versionsDir)
    ? readdirSync(versionsDir)
        .filter((version) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(versionsDir, version, 'bin', name))))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const version = madeWith ?? installed.at(-1);
  if (version === undefined) {
    throw new Error(`No ${urlVariable}, and no PostgreSQL binaries in ${versionsDir}/<version>/bin: \`apt-get install postgresql\`, or set ${urlVariable}.`);
  }
  if (!installed.includes(version)) {
    throw new Error(`The PostgreSQL data directory was made by PostgreSQL ${version}, whose binaries are not in ${versionsDir}/${version}/bin: install them, or remove the data directory to start afresh.`);
  }
  return { version, bin: path.join(versionsDir, version, 'bin') };
}

/** PostgreSQL as the server user (chdir'd to /, which that user can always enter); its output in the error. */
function runner(bin: string, user: ServerUser | undefined) {
  return (name: string, args: string[]): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(
        path.join(bin, name),
        args,
        // A clean environment: a PGDATA, PGPORT or LANG of the caller's would change what the binaries do.
        { cwd: '/', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C.UTF-8' }, ...(user ?? {}) },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`${name} ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stdout}${stderr}`.trim()));
          else resolve(stdout);
        },
      );
    });
}

/**
 * initdb and postgres as the `postgres` user must reach the data directory: each directory above it that others cannot
 * enter (a mkdtemp directory is 0700) gets the search bit for others, which lets them open a name they already know
 * inside it, not list it.
 */
async function letServerUserReach(dir: string, log: (line: string) => void): Promise<void> {
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    const { mode } = await stat(parent);
    if ((mode & 0o001) === 0) {
      await chmod(parent, (mode & 0o7777) | 0o001);
      log(`made ${parent} enterable by the postgres user (o+x)`);
    }
    if (path.dirname(parent) === parent) return;
  }
}

async function initialise(pgData: string, passwordFile: string, run: ReturnType<typeof runner>, user: ServerUser | undefined, log: (line: string) => void) {
  await mkdir(pgData, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  await writeFile(passwordFile, password, { mode: 0o600 });
  // initdb reads the password from a file the server user can read; the kept copy stays the caller's.
  const initdbPassword = `${pgData}.initdb-password`;
  await writeFile(initdbPassword, password, { mode: 0o600 });
  try {
    if (user) {
      await letServerUserReach(pgData, log);
      await chown(pgData, user.uid, user.gid);
      await chown(initdbPassword, user.uid, user.gid);
    }
    // --no-sync: the new directory holds nothing yet, and the final fsync of every file was two thirds of initdb's
    // time; the server itself syncs everything written after.
    await run('initdb', ['--pgdata', pgData, '--username', superuser, '--pwfile', initdbPassword, '--auth', 'scram-sha-256', '--encoding', 'UTF8', '--locale', 'C.UTF-8', '--no-sync']);
  } finally {
    await rm(initdbPassword, { force: true });
  }
  // In the data directory's own settings, so that a `pg_ctl start` by hand keeps them too. The socket directory is
  // relative to the data directory ('.'), where the server runs.
  await appendFile(path.join(pgData, 'postgresql.conf'), "\n# server/cluster/own-postgres.ts\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '.'\n");
}

/** The pid of the data directory's running server, from postmaster.pid, when that process is alive. */
function runningPostgresPid(pgData: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, and someone else's (the postgres user's, when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Whether a process runs: /proc has it and it is not a zombie (one that exited and no one has reaped yet). */
function processRuns(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Waits until the process has exited. `pg_ctl stop --wait` returns once postmaster.pid is gone, which the postmaster
 * removes in its exit handlers, a moment before the process itself ends (seen still running then under load).
 */
async function processEnded(pid: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (processRuns(pid)) {
    if (performance.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) is still running ${timeoutMs} ms after pg_ctl stopped it.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function createDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // A client that failed to connect cannot connect again: a new one for each attempt.
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: admin.toString() });
    try {
      await client.connect();
      const [exists] = (await client.query('select 1 from pg_database where datname = $1', [database])).rows;
      if (!exists) await client.query(`create database ${database}`);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * Starts the cluster's own PostgreSQL in `clusterDataDir`/postgres, making it first if need be. `urlVariable` is the
 * setting that would have named a PostgreSQL instead, for the messages that say what to do when this one cannot run.
 */
export async function startOwnPostgres(clusterDataDir: string, log: (line: string) => void, urlVariable = 'DATABASE_URL'): Promise<OwnPostgres> {
  const pgData = path.join(clusterDataDir, 'postgres');
  const passwordFile = path.join(clusterDataDir, 'postgres-password');
  const versionFile = path.join(pgData, 'PG_VERSION');
  const made = existsSync(versionFile);
  const { version, bin } = binaries(made ? readFileSync(versionFile, 'utf8').trim() : undefined, urlVariable);
  const user = serverUser(urlVariable);
  const run = runner(bin, user);
  const stopCommand = `${user ? 'runuser -u postgres -- ' : ''}${path.join(bin, 'pg_ctl')} stop -D ${pgData}`;
  if (made) {
    const pid = runningPostgresPid(pgData);
    // Not ours to stop: another start:cluster may be using it.
    if (pid !== undefined) throw new Error(`The PostgreSQL of ${pgData} is already running (pid ${pid}): another start:cluster on this DATA_DIR, or one killed before it could stop it. Stop it with: ${stopCommand}`);
    if (!existsSync(passwordFile)) throw new Error(`The password of ${pgData} is missing (${passwordFile}): remove ${pgData} to start afresh.`);
  } else {
    const started = performance.now();
    await initialise(pgData, passwordFile, run, user, log);
    log(`initdb: PostgreSQL ${version} in ${pgData} (${Math.round(performance.now() - started)} ms)`);
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const port = await freePort();
  const logFile = path.join(pgData, 'server.log');

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    const pid = runningPostgresPid(pgData);
    if (pid === undefined) return;
    await run('pg_ctl', ['stop', '--pgdata', pgData, '--mode', 'fast', '--wait', '--timeout', '60']);
    await processEnded(pid, 10_000);
    log(`PostgreSQL of ${pgData} stopped`);
  };
  try {
    await run('pg_ctl', ['start', '--pgdata', pgData, '--log', logFile, '--wait', '--timeout', '60', '--options', `-p ${port}`]).catch(async (error: unknown) => {
      const tail = await readFile(logFile, 'utf8').then((text) => text.split('\n').slice(-15).join('\n'), () => '');
      throw new Error(`${(error as Error).message}\n${logFile}:\n${tail}`);
    });
    const url = `postgres://${superuser}:${password}@127.0.0.1:${port}/${database}`;
    await createDatabase(url);
    log(`PostgreSQL ${version} of ${pgData} on 127.0.0.1:${port}`);
    return { url, dataDir: pgData, version, port, stop };
  } catch (error) {
    // pg_ctl may have started the server before it failed to answer in time: nothing is left running.
    await stop().catch((stopError: unknown) => log(`stopping PostgreSQL: ${(stopError as Error).message}`));
    throw error;
  }
}
