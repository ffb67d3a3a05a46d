/**
 * A bench's targets, checked after it has printed its figures: each missed one gets a closing line that names it and
 * the figure (`Missed: tap → tutors p95 116.7 ms, target ≤ 100 ms`), and the bench exits non-zero, so that a script
 * or CI running it fails instead of scrolling past a FAIL.
 */
import { appendFileSync } from 'node:fs';

export interface Target {
  /** What was measured, e.g. 'tap → tutors p95'. */
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

const ms = (value: number) => `${Math.round(value * 1000) / 1000} ms`;

/** Met when `figureMs` is under `limitMs`. */
export const under = (name: string, figureMs: number, limitMs: number): Target => ({ name, figure: ms(figureMs), target: `< ${ms(limitMs)}`, met: figureMs < limitMs });

/** Met when `figureMs` is `limitMs` or less. */
export const atMost = (name: string, figureMs: number, limitMs: number): Target => ({ name, figure: ms(figureMs), target: `≤ ${ms(limitMs)}`, met: figureMs <= limitMs });

/** The line of a missed target. */
export const missedLine = (missed: Target) => `Missed: ${missed.name} ${missed.figure}, target ${missed.target}`;

/**
 * `bench/run-all.ts` names a file here, to list every bench's misses once all have run; a bench run alone has none.
 * The runner owns the file; a bench only appends to it.
 */
export const missesFileVariable = 'BENCH_MISSES_FILE';

/** Prints one line per missed target (or that all were met) and sets a non-zero exit code if any was missed. */
export function reportTargets(targets: readonly Target[]): void {
  const missed = targets.filter((target) => !target.met);
  if (missed.length === 0) {
    console.log(`Targets met: ${targets.map((target) => `${target.name} ${target.figure} (${target.target})`).join('; ')}`);
    return;
  }
  const lines = missed.map(missedLine);
  for (const line of lines) console.log(line);
  const missesFile = process.env[missesFileVariable];
  if (missesFile) appendFileSync(missesFile, lines.map((line) => `${line}\n`).join(''));
  process.exitCode = 1;
}
