/**
 * What the benches that drive the reference server as a separate process share: starting it (`tsx
 * server/main.ts`, as `npm start` does) and stopping it, and the figures they report.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** The server on `env` (PORT, DATA_DIR, …), once it says it is ready; `readyMs` is the start time it reports. */
export async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; readyMs: number }> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const readyMs = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Ready in (\d+) ms/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, readyMs };
}

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** The nearest-rank quantile of ascending `sorted`. */
export const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
export const round = (ms: number) => Math.round(ms * 10) / 10;

/** Median, p95 and max of `timings`, in ms to a tenth. */
export function spread(timings: readonly number[]): { medianMs: number; p95Ms: number; maxMs: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  return { medianMs: round(quantile(sorted, 0.5)), p95Ms: round(quantile(sorted, 0.95)), maxMs: round(sorted.at(-1) ?? Number.NaN) };
}
