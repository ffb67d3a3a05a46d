/**
 * `npm run bench`: the four benches in order, each run whatever the one before it gave (a missed target must not hide
 * the figures after it), then every missed target again in one list; non-zero when any was missed or any bench failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './bench-server.ts';
import { missesFileVariable } from './targets.ts';

// book-now.ts first: it starts the results file afresh.
const benches = ['bench/book-now.ts', 'bench/holds.ts', 'bench/appointments.ts', 'bench/tap-tutors.ts'];

const dir = mkdtempSync(path.join(tmpdir(), 'bench-misses-'));
const missesFile = path.join(dir, 'missed.txt');
const missed = () => readFileSync(missesFile, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean);
/** Benches that ended non-zero without a missed target: they failed to run (their error is in their output). */
const failed: string[] = [];
try {
  for (const bench of benches) {
    console.log(`\n== ${bench}`);
    const missedBefore = missed().length;
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), [bench], { cwd: root, stdio: 'inherit', env: { ...process.env, [missesFileVariable]: missesFile } });
    // Ctrl+C reaches the bench too, which stops what it started: the rest is not run.
    if (result.signal === 'SIGINT' || result.signal === 'SIGTERM') process.exit(130);
    if (result.status !== 0 && missed().length === missedBefore) failed.push(`${bench} (exit ${result.status ?? result.signal})`);
  }
  const misses = missed();
  console.log('');
  for (const line of misses) console.log(line);
  if (failed.length > 0) console.log(`Failed to run: ${failed.join(', ')}`);
  if (misses.length === 0 && failed.length === 0) console.log(`All ${benches.length} benches met their targets.`);
  else process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
