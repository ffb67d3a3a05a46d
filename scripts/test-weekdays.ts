import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/**
 * `npm run test:weekdays`: the suites that read the clock (unit rules, the server suite on PGlite, the slot rules
 * west of UTC), run seven times with the clock set to each of the seven days after today, each at another hour, by
 * libfaketime (Debian's `libfaketime`). A test that holds only on some weekdays or hours (a demo tutor booked every
 * Sunday, a seed laid out before the branch's midnight) fails here on the day it would fail in CI.
 *
 * The fake clock starts at the given moment and then runs (`@` form), so waits and timeouts behave; the monotonic
 * clock is left alone (timers are scheduled on it). PGlite runs inside the process, so its `now()` is faked too;
 * a separate PostgreSQL server is not, which is why these runs are on PGlite.
 *
 * WEEKDAYS_FROM=YYYY-MM-DD starts the week on that day instead of tomorrow; WEEKDAYS_ONLY=3 runs the third day only
 * (a failure names both, to run it again).
 */

/**
 * UTC hours, one per day: around both midnights that matter (the branch's, 20:00 UTC for Dubai, and UTC's), so some
 * runs cross one, and spread over the rest of the day.
 */
export const hours = ['19:52', '23:52', '03:30', '08:15', '12:40', '16:05', '21:20'] as const;

/** The seven (day, hour) pairs of a week starting on `from` (YYYY-MM-DD), as libfaketime's absolute start times. */
export function weekOfClocks(from: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || Number.isNaN(start)) throw new Error(`WEEKDAYS_FROM must be a date YYYY-MM-DD, got "${from}"`);
  return hours.map((hour, i) => `@${new Date(start + i * 86_400_000).toISOString().slice(0, 10)} ${hour}:00`);
}

function libfaketime(): string {
  // /usr/lib/<the machine's multiarch triplet>/faketime/ on Debian.
  const found = readdirSync('/usr/lib').map((dir) => `/usr/lib/${dir}/faketime/libfaketime.so.1`).find((file) => existsSync(file));
  if (!found) throw new Error('libfaketime is missing: apt-get install libfaketime');
  return found;
}

function runAt(clock: string, preload: string, report: string | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const args = ['vitest', 'run', '--project', 'node', '--project', 'node-west'];
    const child = spawn('npx', args, {
      stdio: 'inherit',
      env: {
        ...process.env,
        LD_PRELOAD: preload,
        FAKETIME: clock,
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        // Never a real PostgreSQL here: its clock is not the faked one.
        TEST_DATABASE_URL: '',
        ...(report ? { VITEST_JSON: report } : { VITEST_JSON: '' }),
      },
    });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const isMain = process.argv[1]?.endsWith('test-weekdays.ts');
if (isMain) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const from = process.env.WEEKDAYS_FROM || tomorrow;
  const clocks = weekOfClocks(from);
  const only = process.env.WEEKDAYS_ONLY ? Number(process.env.WEEKDAYS_ONLY) : undefined;
  if (only !== undefined && !(Number.isInteger(only) && only >= 1 && only <= 7)) throw new Error(`WEEKDAYS_ONLY must be 1 to 7, got "${process.env.WEEKDAYS_ONLY}"`);
  const preload = libfaketime();
  const results: string[] = [];
  let ok = true;
  for (const [i, clock] of clocks.entries()) {
    if (only !== undefined && only !== i + 1) continue;
    const weekday = new Date(`${clock.slice(1).replace(' ', 'T')}Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
    process.stdout.write(`\n== day ${i + 1} of 7: ${weekday} ${clock.slice(1)} UTC\n`);
    const started = performance.now();
    const dir = process.env.WEEKDAYS_JSON_DIR;
    const passed = await runAt(clock, preload, dir ? `${dir}/weekday-${i + 1}.json` : undefined);
    ok &&= passed;
    results.push(`day ${i + 1} (${weekday} ${clock.slice(1)} UTC): ${passed ? 'passed' : 'FAILED'} in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  process.stdout.write(`\n${results.join('\n')}\n`);
  if (!ok) process.stdout.write(`\nAgain for one day: WEEKDAYS_FROM=${from} WEEKDAYS_ONLY=<day> npm run test:weekdays\n`);
  process.exit(ok ? 0 : 1);
}
