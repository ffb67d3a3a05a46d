import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console error or warning fails the test that caused it, unless the test said it expects it:
 * `expectConsole('error', 'No user data found')`. Installed by every vitest project's setup file.
 */
type Level = 'error' | 'warn';
interface Logged {
  level: Level;
  text: string;
}

let logged: Logged[] = [];
let expected: { level: Level; match: string | RegExp }[] = [];

const textOf = (args: unknown[]) => args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ');

/** Declares a console message the current test expects: each declaration allows every message it matches. */
export function expectConsole(level: Level, match: string | RegExp): void {
  expected.push({ level, match });
}

/**
 * Registers the guard's hooks for the file being set up. A function called by each setup file, not hooks run on
 * import: with `isolate: false` a worker imports this module once, and hooks registered on import would guard its
 * first file only.
 */
export function guardTheConsole(): void {
  beforeEach(() => {
    logged = [];
    expected = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push({ level, text: textOf(args) });
      });
    }
  });

  afterEach(() => {
    const isExpected = ({ level, text }: Logged) =>
      expected.some((e) => e.level === level && (typeof e.match === 'string' ? text.includes(e.match) : e.match.test(text)));
    const unexpected = logged.filter((entry) => !isExpected(entry));
    vi.restoreAllMocks();
    if (unexpected.length > 0) {
      throw new Error(`The test logged what it did not expect (declare it with expectConsole):\n${unexpected.map((e) => `  console.${e.level}: ${e.text}`).join('\n')}`);
    }
  });
}
