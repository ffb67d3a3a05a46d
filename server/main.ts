import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { createTokenService, loadJwtSecret, loadSecret } from './auth/tokens.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { demoLogin, extendAvailability, seedIfEmpty } from './seed/seed.ts';

const started = performance.now();
const config = readConfig();
await mkdir(config.dataDir, { recursive: true });
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
await migrate(db);
const seeded = await seedIfEmpty(db);
if (!seeded) await extendAvailability(db);
const tokens = createTokenService(await loadJwtSecret(config.jwtSecret, config.dataDir));
const app = await buildApp({
  db,
  tokens,
  publicUrl: config.publicUrl,
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
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});
await app.listen({ port: config.port, host: config.host });

const url = config.publicUrl;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`;
console.log(`Client portal: ${url}  (API ${url}/api, ${where}${seeded ? ', seeded' : ''})`);
console.log(`Demo login:    ${demoLogin.email} / ${demoLogin.password}`);
if (config.devOutbox) console.log(`Mail outbox:   ${url}/dev/outbox`);
console.log(`Ready in ${Math.round(performance.now() - started)} ms`);

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
