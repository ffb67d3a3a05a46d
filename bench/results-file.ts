import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The one JSON file `npm run bench` leaves; each bench adds its section (kept outside test-results/, which Playwright empties). */
export const benchResultsFile = path.resolve(import.meta.dirname, '../.ci-results/bench.json');

/** Sets `section` in the results file, keeping the other benches' sections of this run. */
export function recordBench(section: string, value: unknown): void {
  mkdirSync(path.dirname(benchResultsFile), { recursive: true });
  let results: Record<string, unknown> = {};
  try {
    results = JSON.parse(readFileSync(benchResultsFile, 'utf8')) as Record<string, unknown>;
  } catch {
    // No file yet (or an unreadable one from an interrupted run): start afresh.
  }
  results[section] = value;
  results.updatedAt = new Date().toISOString();
  writeFileSync(benchResultsFile, `${JSON.stringify(results, null, 2)}\n`);
}

/** Removes the previous run's file: the first bench of `npm run bench` calls it so no stale section survives. */
export const resetBenchResults = (): void => rmSync(benchResultsFile, { force: true });
