import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { createTokenService, loadJwtSecret, loadSecret } from './auth/tokens.ts';
import { freePort } from './cluster/free-port.ts';
import { localUrl, readConfig, settingsOrExit } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { demoLogin, extendAvailability, isUnseeded, seedIfEmpty } from './seed/seed.ts';

const started = performance.now();
const config = settingsOrExit(() => readConfig());

/** A path as short as it can be said: relative to the working directory when inside it. */
function shownPath(where: string): string {
  const relative = path.relative(process.cwd(), where);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : where;
}

/** Where the database is, never with its password: host:port/database. */
function postgresAt(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const host = url.hostname || new URLSearchParams(url.search).get('host') || 'localhost';
  return `${decodeURIComponent(host)}:${url.port || 5432}/${decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username)}`;
}

const pgliteDir = path.join(config.dataDir, 'pglite');
// A first start makes, migrates and seeds the database for several seconds: each step is said as it begins.
if (config.databaseUrl) console.log(`Connecting to PostgreSQL at ${postgresAt(config.databaseUrl)}…`);
else console.log(`${existsSync(path.join(pgliteDir, 'PG_VERSION')) ? 'Opening' : 'Creating'} the embedded database in ${shownPath(pgliteDir)}…`);
await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir });
await migrate(db, undefined, () => console.log('Migrating…'));
// Without demo data nothing is written: a production database never holds the published demo login.
if (config.demoData) {
  if (await isUnseeded(db)) {
    console.log('Seeding the demo…');
    await seedIfEmpty(db);
  } else {
    await extendAvailability(db);
  }
}
const tokens = createTokenService(await loadJwtSecret(config.jwtSecret, config.dataDir));
// PORT=0 with no PUBLIC_URL: the links the app writes need the port before it is built, so one is taken now and
// listened on; the line below still says the port actually bound.
const port = config.port === 0 && config.publicUrl === undefined ? await freePort() : config.port;
const app = await buildApp({
  db,
  tokens,
  publicUrl: config.publicUrl ?? localUrl(port),
  trustProxy: config.trustProxy,
  devOutbox: config.devOutbox,
  staffEmail: config.staffEmail,
  orderHoldSeconds: config.orderHoldSeconds,
  paymentWebhookSecret: await loadSecret(config.paymentWebhookSecret, config.dataDir, 'payment-webhook-secret'),
  reminders: { leadHours: config.reminderLeadHours, scanSeconds: config.reminderScanSeconds },
  jobs: { reconcileScanSeconds: config.reconcileScanSeconds },
  paymentNotifications: { retrySeconds: config.sandboxNotifyRetrySeconds },
  failpoint: config.failpoint,
  ...(config.spaDir ? { spaDir: config.spaDir } : {}),
  logger: { level: config.logLevel },
});
await app.listen({ port, host: config.host });

const address = app.server.address();
const bound = typeof address === 'object' && address !== null ? address.port : port;
const url = config.publicUrl ?? localUrl(bound);
const where = config.databaseUrl ? `PostgreSQL at ${postgresAt(config.databaseUrl)}` : `embedded PGlite in ${shownPath(pgliteDir)}`;
console.log(`Client portal: ${url}  (API ${url}/api, ${where})`);
if (config.demoData) console.log(`Demo login:    ${demoLogin.email} / ${demoLogin.password}`);
if (config.devOutbox) console.log(`Mail outbox:   ${url}/dev/outbox`);
console.log(`Ready in ${Math.round(performance.now() - started)} ms`);

// Ctrl+C on start:cluster reaches an instance twice (the terminal's SIGINT, then the cluster's SIGTERM): it stops once.
let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= (async () => {
    await app.close();
    await db.close();
    process.exit(0);
  })();
  return stopping;
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
