/**
 * `npm run bench:load` (issue 20, item 2), writing `.ci-results/load.json`:
 * - `appointmentsRead`: GET /api/appointmentstwo/{ids} at 50 connections on one instance on PGlite (target p99 < 50 ms);
 * - `mix`: a client mix against the cluster (HAProxy + 1, then 2 instances on one PostgreSQL), all at once:
 *   dashboard reads (/clientsdata, /client-packages), grid reads (/subjectFilter/, /filter_tutor), tutor lookups
 *   (/contractorsalldata) through autocannon, and booking clients that create orders holding hours (drawn from a
 *   pool smaller than the attempts, so some collide: 409) and confirm half of them by the provider's signed
 *   webhook (the others are cancelled, so their hold goes). Per call: requests/s, p50/p95/p99 (autocannon gives
 *   p97.5 and p99; p95 is measured only for the booking calls, timed here), errors (non-2xx other than the
 *   expected 409 of a collision, and failed connections);
 * - `fault`: the two-instance mix again, with one instance SIGKILLed in the middle and started again;
 * - after every cluster run, `invariants`, checked by SQL.
 * PostgreSQL: BENCH_DATABASE_URL (an admin connection; a scratch database is made and dropped per run), or else a
 * private one (server/cluster/own-postgres.ts) in a temporary directory on a free loopback port, stopped and removed at
 * the end, on a failure and on Ctrl+C; the machine's own PostgreSQL is never used unless named. BENCH_SECONDS sets each
 * run's length, BENCH_ONLY the parts (read, mix1, mix2, fault). A missed read target or a broken invariant exits 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Cluster, startCluster } from '../server/cluster/cluster.ts';
import { freePort } from '../server/cluster/free-port.ts';
import { type OwnPostgres, startOwnPostgres } from '../server/cluster/own-postgres.ts';
import { signPaymentEvent } from '../server/domain/payment-signature.ts';
import { demoLogin } from '../server/seed/seed.ts';
import { type FreeHour, freeMathematicsHours } from '../tests/support/free-hours.ts';
import { type Target, reportTargets, under } from './targets.ts';

const root = path.resolve(import.meta.dirname, '..');
const resultsFile = path.join(root, '.ci-results/load.json');
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const readTargetP99Ms = 50;
const bookingClients = 6;

const round = (ms: number) => Math.round(ms * 10) / 10;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;

interface Login {
  token: string;
  user: { clientid: number; email: string; branch_id: number; studentdetails: { id: number; first_name: string }[] };
}

async function login(base: string): Promise<Login> {
  const answer = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demoLogin) });
  if (!answer.ok) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as Login;
}

// ---------------------------------------------------------------------------------------------------------
// GET /appointmentstwo on PGlite, one instance.

async function startPgliteServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/Ready in \d+ ms/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return child;
}

async function appointmentsRead() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'load-pglite-'));
  const port = await freePort();
  const child = await startPgliteServer(dataDir, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const { token, user } = await login(base);
    const url = `${base}/api/appointmentstwo/${user.studentdetails.map((s) => s.id).join(',')}?branch_id=1`;
    const headers = { authorization: `Bearer ${token}` };
    // A short warm-up: the first reads compile the statements' plans and JIT the handlers.
    await autocannon({ url, connections: 10, duration: 2, headers });
    const result = await autocannon({ url, connections: 50, duration: seconds, headers });
    return {
      database: 'PGlite',
      connections: 50,
      seconds,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p97_5Ms: result.latency.p97_5,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      targetP99Ms: readTargetP99Ms,
      withinTarget: result.latency.p99 < readTargetP99Ms,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// The mix against the cluster.

type Hour = FreeHour;

/** Free hours of Mathematics tutors, a week and more ahead: the pool the booking clients draw from. */
const freeHours = (db: pg.Client, studentId: number) => freeMathematicsHours(db, studentId, 400);

interface Timed {
  timings: number[];
  ok: number;
  conflicts: number;
  errors: number;
  firstError?: string;
}

const timed = (): Timed => ({ timings: [], ok: 0, conflicts: 0, errors: 0 });

function summary(name: string, t: Timed, elapsedS: number) {
  const sorted = [...t.timings].sort((a, b) => a - b);
  return {
    call: name,
    requests: t.timings.length + t.errors,
    requestsPerSecond: round((t.timings.length + t.errors) / elapsedS),
    p50Ms: round(quantile(sorted, 0.5)),
    p95Ms: round(quantile(sorted, 0.95)),
    p99Ms: round(quantile(sorted, 0.99)),
    conflicts409: t.conflicts,
    errors: t.errors,
    ...(t.firstError ? { firstError: t.firstError } : {}),
  };
}

/** One booking client: orders of one or two lessons on hours of the pool, half confirmed, half cancelled. */
async function bookingClient(base: string, session: Login, pool: Hour[], secret: string, until: number, pkg: { id: number; total: number }, stats: { order: Timed; confirm: Timed }) {
  const student = session.user.studentdetails[0] as { id: number };
  const call = async (t: Timed, url: string, init: RequestInit): Promise<Response | undefined> => {
    const started = performance.now();
    try {
      const answer = await fetch(`${base}/api${url}`, init);
      if (answer.ok) {
        t.timings.push(performance.now() - started);
        t.ok += 1;
      } else if (answer.status === 409) {
        t.timings.push(performance.now() - started);
        t.conflicts += 1;
      } else {
        t.errors += 1;
        t.firstError ??= `${answer.status} ${(await answer.clone().text()).slice(0, 200)}`;
      }
      return answer;
    } catch (error) {
      t.errors += 1;
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      t.firstError ??= `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`;
      return undefined;
    }
  };
  let n = 0;
  while (Date.now() < until) {
    n += 1;
    const count = 1 + (n % 2);
    const picked = Array.from({ length: count }, () => pool[Math.floor(Math.random() * pool.length)] as Hour);
    if (new Set(picked.map((h) => h.start.getTime())).size < count) continue;
    const order = {
      email: session.user.email,
      student_ids: [student.id],
      client_id: session.user.clientid,
      appoint_ids: [],
      amount: pkg.total,
      branch_id: session.user.branch_id,
      pkg_id: pkg.id,
      level: 5,
      lessons: picked.map((h) => ({ subject: 'Mathematics', start: h.start.toISOString(), finish: new Date(h.start.getTime() + 3_600_000).toISOString(), tutor: h.tutor, students: [student.id] })),
      weekly_lessons: { Mathematics: 4 },
    };
    const created = await call(stats.order, '/create-order', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` }, body: JSON.stringify(order) });
    if (!created?.ok) continue;
    const { ref } = (await created.json()) as { ref: string };
    const type = n % 4 < 2 ? 'payment.succeeded' : 'payment.cancelled';
    const body = JSON.stringify({ id: `evt_load_${randomBytes(6).toString('hex')}`, type, created: Math.floor(Date.now() / 1000), data: { ref, amount: pkg.total, method: 'card' } });
    await call(stats.confirm, '/payment-webhook', { method: 'POST', headers: { 'content-type': 'application/json', 'payment-signature': signPaymentEvent(secret, body, Math.floor(Date.now() / 1000)) }, body });
  }
}

/** After a run: what must hold whatever the load, read straight from the shared database. */
async function invariants(db: pg.Client) {
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]?.n ?? 0);
  const overlapping = (table: string, person: string) => `select count(*)::int as n from ${table} x join appointments a on a.id = x.appointment_id
      join ${table} y on y.${person} = x.${person} and y.appointment_id > x.appointment_id join appointments b on b.id = y.appointment_id
     where a.status <> 'cancelled' and b.status <> 'cancelled' and tstzrange(a.start, a.finish) && tstzrange(b.start, b.finish)`;
  const result = {
    tutorsInTwoLessons: await count(overlapping('appointment_contractors', 'contractor_id')),
    studentsInTwoLessons: await count(overlapping('appointment_recipients', 'student_id')),
    // Paid: every hour it held is a lesson now, or recorded as lost (a class to place); its count of booked classes is its lessons.
    paidOrdersNotBooked: await count(`select count(*)::int as n from orders o where o.status in ('paid', 'confirmed') and (
        exists (select 1 from order_lessons ol where ol.order_id = o.id and ol.appointment_id is null and ol.lost_at is null)
        or o.booked_classes <> (select count(*) from appointments a where a.order_id = o.id)
        or o.booked_classes > o.classes)`),
    duplicateInvoices: await count('select count(*)::int as n from (select order_id from proforma_invoices where order_id is not null group by order_id having count(*) > 1) d'),
    paidOrders: await count(`select count(*)::int as n from orders where status in ('paid', 'confirmed')`),
    lessonsBooked: await count('select count(*)::int as n from appointments where order_id is not null'),
  };
  return { ...result, hold: result.tutorsInTwoLessons + result.studentsInTwoLessons + result.paidOrdersNotBooked + result.duplicateInvoices === 0 };
}

async function scratchDatabase(admin: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_load_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function mixRun(admin: string, size: number, fault: boolean) {
  const database = await scratchDatabase(admin);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'load-cluster-'));
  let cluster: Cluster | undefined;
  const db = new pg.Client({ connectionString: database.url });
  // Its connection ends when an interrupted bench stops PostgreSQL under it: not a crash.
  db.on('error', () => {});
  const undo = async () => {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  onInterrupt.add(undo);
  try {
    // On DATABASE_URL a server seeds nothing unless asked; the bench signs in as the demo client.
    cluster = await startCluster({ size, port: await freePort(), dataDir, databaseUrl: database.url, demoData: true, log: () => {} });
    const base = cluster.url;
    await db.connect();
    const secret = readFileSync(path.join(dataDir, 'payment-webhook-secret'), 'utf8').trim();
    const session = await login(base);
    const student = session.user.studentdetails[0] as { id: number };
    const auth = { authorization: `Bearer ${session.token}` };
    const packages = (await (await fetch(`${base}/api/allpackegastudent?student=1&level=5`, { headers: auth })).json()) as { data: { data: { id: number; name: string; total: number }[] } };
    const pkg = packages.data.data.find((p) => p.name === 'PLATINUM') ?? packages.data.data[0];
    if (!pkg) throw new Error('no package for one Year 5 student');
    // Fewer hours than attempts: clients collide on some of them, as on a busy evening.
    const pool = (await freeHours(db, student.id)).slice(0, 240);
    const day = pool[0]?.start ?? new Date(Date.now() + 8 * 86_400_000);
    const dubai = new Date(day.getTime() + 4 * 3_600_000).toISOString();
    const reads: Record<string, autocannon.Options> = {
      'GET /clientsdata/{id}': { url: `${base}/api/clientsdata/${session.user.clientid}`, connections: 4 },
      'GET /client-packages/{id}': { url: `${base}/api/client-packages/${session.user.clientid}`, connections: 4 },
      'POST /subjectFilter/': { url: `${base}/api/subjectFilter/`, method: 'POST', connections: 4, body: JSON.stringify({ subjectNames: ['Mathematics'], yearLevels: [5], branch_id: 1 }), headers: { ...auth, 'content-type': 'application/json' } },
      'GET /filter_tutor': { url: `${base}/api/filter_tutor?subject=Mathematics&date=${dubai.slice(0, 10)}&time=${dubai.slice(11, 13)}:00&quallevel=5`, connections: 4 },
      'GET /contractorsalldata': { url: `${base}/api/contractorsalldata`, connections: 2 },
    };
    const stats = { order: timed(), confirm: timed() };
    const started = Date.now();
    const until = started + seconds * 1000;
    const faultLog: Record<string, unknown> = {};
    const faultDone = fault
      ? (async () => {
          const victim = cluster.instances[1] as Cluster['instances'][number];
          await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 3));
          faultLog.killedAtS = round((Date.now() - started) / 1000);
          // What can be in flight on it at that moment: at most one request per connection of the mix.
          faultLog.requestsInFlightAtMost = Object.values(reads).reduce((sum, options) => sum + (options.connections ?? 1), 0) + bookingClients;
          await victim.kill();
          faultLog.balancerAfterKill = await waitFor(cluster, victim.name, 'DOWN');
          faultLog.restartedAtS = round((Date.now() - started) / 1000);
          await victim.start();
          faultLog.balancerAfterRestart = await waitFor(cluster, victim.name, 'UP');
          faultLog.backAtS = round((Date.now() - started) / 1000);
        })()
      : Promise.resolve();
    const [readResults] = await Promise.all([
      Promise.all(Object.entries(reads).map(async ([name, options]) => {
        const result = await autocannon({ headers: auth, ...options, duration: seconds });
        return {
          call: name,
          requests: result.requests.total,
          requestsPerSecond: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p97_5Ms: result.latency.p97_5,
          p99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        };
      })),
      Promise.all(Array.from({ length: bookingClients }, () => bookingClient(base, session, pool, secret, until, pkg, stats))),
      faultDone,
    ]);
    const elapsed = (Date.now() - started) / 1000;
    const calls = [...readResults, summary('POST /create-order (holds)', stats.order, elapsed), summary('POST /payment-webhook (confirm or cancel)', stats.confirm, elapsed)];
    return { instances: size, database: 'PostgreSQL', seconds, calls, ...(fault ? { fault: faultLog } : {}), invariants: await invariants(db) };
  } finally {
    onInterrupt.delete(undo);
    await db.end().catch(() => {});
    await cluster?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitFor(cluster: Cluster, name: string, state: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const now = (await cluster.states())[name] ?? '';
    if (now.startsWith(state)) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `${(await cluster.states())[name]} (not ${state} after 20 s)`;
}

/** What Ctrl+C must stop and remove, in the order added: the PostgreSQL, then the run under way (undone last first). */
const onInterrupt = new Set<() => Promise<void>>();

/** The PostgreSQL of the cluster runs: BENCH_DATABASE_URL's, or a private one made for this run (`stop` removes it). */
async function benchPostgres(): Promise<{ admin: string; stop(): Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    console.log(`PostgreSQL of BENCH_DATABASE_URL on ${new URL(given).host}`);
    return { admin: given, stop: async () => {} };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-load-postgres-'));
  let own: OwnPostgres | undefined;
  const stop = async () => {
    await own?.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    own = await startOwnPostgres(dir, () => {}, 'BENCH_DATABASE_URL');
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`private PostgreSQL ${own.version} in ${own.dataDir}, port ${own.port} (removed at the end)`);
  return { admin: own.url, stop };
}

const only = process.env.BENCH_ONLY?.split(',');
const wanted = (part: string) => !only || only.includes(part);
const results: Record<string, unknown> = { seconds };
const targets: Target[] = [];
const write = () => {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify({ ...results, updatedAt: new Date().toISOString() }, null, 2)}\n`);
};
/** A run's invariants as a target: every count of a broken rule at 0. */
const invariantsHeld = (name: string, found: Awaited<ReturnType<typeof invariants>>): Target => {
  const { tutorsInTwoLessons, studentsInTwoLessons, paidOrdersNotBooked, duplicateInvoices } = found;
  return { name: `${name} invariants`, figure: JSON.stringify({ tutorsInTwoLessons, studentsInTwoLessons, paidOrdersNotBooked, duplicateInvoices }), target: 'all 0', met: found.hold };
};

if (wanted('read')) {
  const read = await appointmentsRead();
  results.appointmentsRead = read;
  console.log('GET /appointmentstwo, PGlite, 50 connections:', read);
  targets.push(under('GET /appointmentstwo (PGlite, 50 connections) p99', read.p99Ms, readTargetP99Ms));
  write();
}
const clusterRuns = [
  { part: 'mix1', size: 1, fault: false, title: 'mix, 1 instance(s) behind HAProxy' },
  { part: 'mix2', size: 2, fault: false, title: 'mix, 2 instance(s) behind HAProxy' },
  { part: 'fault', size: 2, fault: true, title: 'fault run: 2 instances, one SIGKILLed and restarted' },
].filter((run) => wanted(run.part));
if (clusterRuns.length > 0) {
  // Ctrl+C or a kill: the private PostgreSQL runs in a session of its own (pg_ctl detaches it), so nothing else stops
  // it, and a run's finally never comes. One interrupted while it starts is stopped once it has.
  const starting = benchPostgres();
  onInterrupt.add(async () => (await starting.catch(() => undefined))?.stop());
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.log(`\n${signal}: stopping what this bench started`);
    void (async () => {
      for (const undo of [...onInterrupt].reverse()) await undo().catch((error: unknown) => console.error((error as Error).message));
      process.exit(130);
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  const postgres = await starting;
  try {
    for (const { part, size, fault, title } of clusterRuns) {
      const run = await mixRun(postgres.admin, size, fault);
      results[part] = run;
      console.log(`\n${title}`);
      console.table(run.calls);
      if (run.fault) console.log(run.fault);
      console.log('invariants', run.invariants);
      targets.push(invariantsHeld(title, run.invariants));
      write();
    }
  } catch (error) {
    // Interrupted, the run fails as its instances and PostgreSQL go: the signal's stop ends the process, not this.
    if (interrupted) await new Promise(() => {});
    throw error;
  } finally {
    if (!interrupted) await postgres.stop();
  }
}
console.log(`written to ${path.relative(root, resultsFile)}`);
reportTargets(targets);
