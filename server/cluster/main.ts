/**
 * `npm run start:cluster`: CLUSTER_SIZE instances (default 2) of the server on one PostgreSQL (DATABASE_URL,
 * or the local Debian PostgreSQL, started if need be), behind HAProxy on PORT (default 3000). Ctrl+C stops
 * the balancer, the instances and the PostgreSQL this command started.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { demoLogin } from '../seed/seed.ts';
import { startCluster } from './cluster.ts';

const root = path.resolve(import.meta.dirname, '../..');
const size = Number(process.env.CLUSTER_SIZE ?? 2);
if (!Number.isInteger(size) || size < 1) throw new Error(`CLUSTER_SIZE must be a whole number, at least 1, got "${process.env.CLUSTER_SIZE}"`);
const port = Number(process.env.PORT || 3000);

// The instances serve the built app; build it once, here, rather than in each of them.
if (!existsSync(path.join(root, 'dist/index.html'))) {
  console.log('building the app (dist/ is missing)');
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, stdio: 'inherit' });
}

const cluster = await startCluster({ size, port, dataDir: process.env.DATA_DIR || path.join(root, '.data/cluster'), databaseUrl: process.env.DATABASE_URL });
const shown = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
console.log(`Client portal: ${shown}  (${size} instances behind HAProxy, PostgreSQL ${new URL(cluster.databaseUrl).pathname.slice(1)})`);
console.log(`Demo login:    ${demoLogin.email} / ${demoLogin.password}`);
console.log('Ctrl+C stops the balancer, the instances and a PostgreSQL this command started.');

const stop = async () => {
  await cluster.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
