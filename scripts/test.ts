import { spawn } from 'node:child_process';

/**
 * `npm test`: every check the project has, in three stages, and how long each took.
 * 1. The contract lint, the type check, the code lint and the e2e build side by side: each is one process on one
 *    core, and none needs another's result (run one after another they took about a minute of the 2-core CI machine).
 * 2. vitest (unit, contract, server, components, path tests, stories), which fills both cores on its own.
 * 3. The Playwright e2e against the built app, then the cluster e2e.
 * A stage runs only when the one before it passed; a failing check of stage 1 lets its neighbours finish, so that one
 * run names every check that failed.
 */

interface Step {
  name: string;
  script: string;
}

const checks: Step[] = [
  { name: 'contract lint', script: 'lint:api' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'e2e build', script: 'build:e2e' },
];

const seconds = (from: number) => Math.round((performance.now() - from) / 1000);

/** Runs `npm run <script>`; with `quiet`, its output is held and printed in one piece when it ends. */
function run(step: Step, quiet: boolean): Promise<{ ok: boolean; took: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    let ended = false;
    // A child that fails to start may report both 'error' and 'close': it is told once.
    const done = (ok: boolean) => {
      if (ended) return;
      ended = true;
      const took = seconds(started);
      if (quiet) {
        process.stdout.write(`\n== ${step.name} (npm run ${step.script}): ${ok ? 'passed' : 'FAILED'} in ${took} s\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ ok, took });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

const took: string[] = [];
const report = () => console.log(`\nnpm test stages: ${took.join(', ')}`);

async function main(): Promise<number> {
  const started = performance.now();
  const results = await Promise.all(checks.map((step) => run(step, true)));
  took.push(`checks ${seconds(started)} s (${checks.map((step, i) => `${step.name} ${results[i]?.took ?? 0} s`).join(', ')})`);
  if (!results.every((result) => result.ok)) return 1;
  for (const step of [
    { name: 'vitest', script: 'test:vitest' },
    { name: 'e2e', script: 'test:e2e:run' },
    { name: 'cluster e2e', script: 'test:e2e:cluster' },
  ]) {
    console.log(`\n== ${step.name} (npm run ${step.script})`);
    const result = await run(step, false);
    took.push(`${step.name} ${result.took} s`);
    if (!result.ok) return 1;
  }
  return 0;
}

const code = await main();
report();
process.exit(code);
