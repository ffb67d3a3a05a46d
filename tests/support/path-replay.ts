import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyEventObject, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { type ReplayedPath, type TransitionCoverage, coveringPaths, transitionCoverage } from './transition-coverage.ts';

/**
 * The one skeleton of the path tests (docs/architecture.md, "Stories and generated path tests"): for each start, the
 * paths that take every transition of the chart are generated, each is replayed on the mounted screen one
 * step at a time (the step sent as a user or an answered call would send it), the screen is checked against
 * the snapshot the step reached, and, once every path passed, the chart's transition coverage must be full.
 * A file says only what is its own: the starts, how to mount the screen, how to send each event type, what
 * each state shows.
 */

/** Where paths start from: the machine's input and the events the generator may step with. */
export interface ReplayStart<TInput> {
  /** Names the start in the describe title (`$who`). */
  who: string;
  input: TInput;
  events: readonly AnyEventObject[];
  /**
   * Which of the generated paths this start replays (all by default): a start whose other paths only repeat
   * transitions another start takes on the same screen keeps just the ones that are its own.
   */
  keep?: (path: ReplayedPath) => boolean;
}

/** One step of a path being replayed, with the start and what `mount` answered. */
export interface ReplayStep<TMachine extends AnyStateMachine, TStart, TScreen> {
  event: AnyEventObject;
  /** The snapshot the step reached, and the one it left (undefined for the start). */
  state: SnapshotFrom<TMachine>;
  before: SnapshotFrom<TMachine> | undefined;
  path: ReplayedPath;
  start: TStart;
  mounted: TScreen;
}

export interface PathReplay<TMachine extends AnyStateMachine, TStart extends ReplayStart<InputFrom<TMachine>>, TScreen> {
  machine: TMachine;
  /**
   * The describe title of each start, e.g. 'rating machine paths with $who, replayed on the screen'; or the
   * start's own title, for starts that each name their route or flow in words of their own (no `$` quoting).
   */
  title: string | ((start: TStart) => string);
  starts: readonly TStart[];
  /** Mounts the screen for a path (stored draft, stubbed calls, router); its answer goes to every step. */
  mount: (start: TStart) => TScreen | Promise<TScreen>;
  /** How each event type is sent on the screen; `xstate.init` needs none. An event type missing here fails. */
  send: Readonly<Record<string, (step: ReplayStep<TMachine, TStart, TScreen>) => unknown>>;
  /**
   * What the screen shows once a step reached its state; awaited, for a screen that catches up with its
   * state after the step (a route guard re-rendering, a field enabled after a re-check).
   */
  expectScreen: (state: SnapshotFrom<TMachine>, step: ReplayStep<TMachine, TStart, TScreen>) => void | Promise<void>;
  /** Checks on the whole replayed path: what the calls were sent, what was logged. */
  afterPath?: (path: ReplayedPath, start: TStart, mounted: TScreen) => void;
  /**
   * Fake timers that still advance (a toast's or a redirect's wait is stepped by the test); with `now`, the
   * clock starts there: a screen that reads the branch's today from the clock gets the test's today.
   */
  fakeTimers?: boolean | { now: number | Date };
  /**
   * The test's name for a path; by default its event types without the 'xstate.' prefix. With the start, as
   * a path's first step (the machine's start) takes a transition that only the start's input decides.
   */
  label?: (path: ReplayedPath, start: TStart) => string;
}

export const pathLabel = (path: ReplayedPath) => path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ');

/** Declares the path tests of a machine; answers the coverage it asserts complete after them. */
export function replayPaths<TMachine extends AnyStateMachine, TStart extends ReplayStart<InputFrom<TMachine>>, TScreen>(
  replay: PathReplay<TMachine, TStart, TScreen>,
): TransitionCoverage {
  const coverage = transitionCoverage(replay.machine);
  const label = replay.label ?? pathLabel;
  const { fakeTimers } = replay;
  if (fakeTimers) {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true, ...(fakeTimers === true ? {} : fakeTimers) });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
  }
  afterAll(() => {
    // Every (state, event, branch) of the chart was taken by a replayed path.
    expect(coverage.assertComplete()).toMatch(/^(\d+) of \1 transitions/);
  });
  const declare = (start: TStart) => {
    const paths = coveringPaths(replay.machine, start.input, start.events).filter((path) => start.keep?.(path) ?? true);
    it.each(paths.map((path) => [label(path, start), path] as const))('%s', async (_, path: ReplayedPath) => {
      const mounted = await replay.mount(start);
      for (const [index, { event, state }] of path.steps.entries()) {
        const step: ReplayStep<TMachine, TStart, TScreen> = {
          event: event as AnyEventObject,
          state: state as SnapshotFrom<TMachine>,
          before: path.steps[index - 1]?.state as SnapshotFrom<TMachine> | undefined,
          path,
          start,
          mounted,
        };
        const send = replay.send[event.type];
        if (send) await send(step);
        else if (event.type !== 'xstate.init') throw new Error(`no way to replay ${event.type} on the screen`);
        await replay.expectScreen(step.state, step);
      }
      replay.afterPath?.(path, start, mounted);
      coverage.replayed(path, start.input);
    });
  };
  const { title } = replay;
  if (typeof title === 'string') describe.each(replay.starts as TStart[])(title, declare);
  else for (const start of replay.starts) describe(title(start), () => declare(start));
  return coverage;
}
