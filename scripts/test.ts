import { spawn } from 'node:child_process';

/**
 * `npm test`: every check the project has, and how long each took.
 * 1. At once: the contract lint, the type check, the code lint and the e2e build (each one process on one core,
 *    their output held and printed whole as each ends), beside vitest (unit, contract, server, components, path
 *    tests, stories), which leaves part of the 2-core CI machine idle on its own (its files in flight averaged
 *    1.5). One after another the four checks took about a minute before vitest began.
 * 2. When all of that passed: the Playwright e2e against the built app, then the cluster e2e.
 * A failing check lets the others finish, so that one run names every check that failed.
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
    const done = (ok: boolean) => {
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
  const checked = Promise.all(checks.map((step) => run(step, true))).then((results) => {
    took.push(`checks ${seconds(started)} s (${checks.map((step, i) => `${step.name} ${results[i]?.took ?? 0} s`).join(', ')})`);
    return results.every((result) => result.ok);
  });
  console.log('\n== vitest (npm run test:vitest), beside the checks');
  const vitest = await run({ name: 'vitest', script: 'test:vitest' }, false);
  took.push(`vitest ${vitest.took} s`);
  if (!(await checked) || !vitest.ok) return 1;
  for (const step of [
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
