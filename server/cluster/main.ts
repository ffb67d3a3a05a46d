/**
 * `npm run start:cluster`: CLUSTER_SIZE instances (default 2) of the server on one PostgreSQL (DATABASE_URL, or the
 * cluster's own in DATA_DIR/postgres), behind HAProxy on PORT (default 3000). Ctrl+C, SIGTERM or a closed terminal
 * stops the balancer, the instances and the own PostgreSQL; so does any failure to start, which exits non-zero.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { settingsOrExit } from '../config.ts';
import { demoLogin } from '../seed/seed.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { readClusterConfig } from './cluster-config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const config = settingsOrExit(() => readClusterConfig());

// The instances serve the built app; build it once, here, rather than in each of them. SPA_DIR names another build.
if (!config.spaDir && !existsSync(path.join(root, 'dist/index.html'))) {
  console.log('building the app (dist/ is missing)');
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
}

const starting = new AbortController();
let cluster: Cluster | undefined;
let stopping = false;
const stop = async (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  // While starting, the start stops what it started and fails (below); after, stop it here.
  if (!cluster) return starting.abort(new Error(`${signal} while the cluster started`));
  await cluster.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, (received) => void stop(received));

try {
  cluster = await startCluster({
    size: config.size,
    port: config.port,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    jwtSecret: config.jwtSecret,
    paymentWebhookSecret: config.paymentWebhookSecret,
    publicUrl: config.publicUrl,
    demoData: config.demoData,
    signal: starting.signal,
  });
} catch (error) {
  console.error(`start:cluster failed, and stopped what it had started: ${(error as Error).message}`);
  process.exit(1);
}
const database = config.databaseUrl
  ? `PostgreSQL ${new URL(config.databaseUrl).pathname.slice(1)} (DATABASE_URL)`
  : `its own PostgreSQL in ${path.join(config.dataDir, 'postgres')}`;
console.log(`Client portal: ${config.publicUrl}  (${config.size} instances behind HAProxy, ${database})`);
// The instances seed the demo, and say so, only with demo data (on by default on the cluster's own PostgreSQL).
if (config.demoData) console.log(`Demo login:    ${demoLogin.email} / ${demoLogin.password}`);
console.log('Ctrl+C stops the balancer, the instances and the PostgreSQL this command started.');
