import { spawn } from 'node:child_process';

/**
 * `npm test`: every check the project has, in two stages, and how long each step took.
 * 1. Side by side: the contract lint, the type check, the code lint, vitest (unit, contract, server, components, path
 *    tests, stories), and the e2e build followed by the cluster e2e. vitest alone keeps the 2-core CI machine about
 *    90% busy; the checks (one process on one core each) and the cluster e2e (60% busy on its own: it waits on its
 *    servers and the reminder scans) fill the rest, which one after another took about a minute more.
 * 2. The Playwright e2e against the built app, alone: its tests wait on timers and toasts a busier machine would
 *    stretch.
 * Stage 2 runs only when every step of stage 1 passed; a failing step lets its neighbours finish, so that one run
 * names every check that failed.
 */

interface Step {
  name: string;
  script: string;
}

/** Steps that run one after another, the next only when the one before it passed. */
type Chain = Step[];

const seconds = (from: number) => Math.round((performance.now() - from) / 1000);

/**
 * Runs `npm run <script>`; with `quiet`, its output is held and printed in one piece when it ends (a loud step has
 * the terminal; the quiet ones beside it would otherwise cut into its lines).
 */
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
      process.stdout.write(`\n== ${step.name} (npm run ${step.script}): ${ok ? 'passed' : 'FAILED'} in ${took} s\n`);
      if (quiet) process.stdout.write(Buffer.concat(output));
      resolve({ ok, took });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${String(error)}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** A stage: its chains side by side; whether every step ran and passed, and each step's time. */
async function stage(chains: Chain[], loud: Step): Promise<{ ok: boolean; took: string[] }> {
  const took: string[] = [];
  const results = await Promise.all(
    chains.map(async (chain) => {
      for (const step of chain) {
        const result = await run(step, step !== loud);
        took.push(`${step.name} ${result.took} s`);
        if (!result.ok) return false;
      }
      return true;
    }),
  );
  return { ok: results.every(Boolean), took };
}

const vitest: Step = { name: 'vitest', script: 'test:vitest' };
const e2e: Step = { name: 'e2e', script: 'test:e2e:run' };

const sideBySide: Chain[] = [
  [vitest],
  [{ name: 'contract lint', script: 'lint:api' }],
  [{ name: 'typecheck', script: 'typecheck' }],
  [{ name: 'lint', script: 'lint' }],
  [
    { name: 'e2e build', script: 'build:e2e' },
    { name: 'cluster e2e', script: 'test:e2e:cluster' },
  ],
];

const took: string[] = [];
const report = () => console.log(`\nnpm test stages: ${took.join(', ')}`);

async function main(): Promise<number> {
  let started = performance.now();
  console.log('\n== side by side: vitest (below), the contract lint, typecheck, lint, the e2e build and the cluster e2e (each printed when it ends)');
  const first = await stage(sideBySide, vitest);
  took.push(`side by side ${seconds(started)} s (${first.took.join(', ')})`);
  if (!first.ok) return 1;
  started = performance.now();
  console.log(`\n== ${e2e.name} (npm run ${e2e.script})`);
  const second = await stage([[e2e]], e2e);
  took.push(`e2e ${seconds(started)} s`);
  return second.ok ? 0 : 1;
}

const code = await main();
report();
process.exit(code);
