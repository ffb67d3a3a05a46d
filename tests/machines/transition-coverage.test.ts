import { describe, expect, it } from 'vitest';
import { type AnyEventObject, assign, fromPromise, setup } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { definedTransitions, pathsTakingEveryTransition, serializeWithArrivingTransitions, transitionCoverage } from '../support/transition-coverage.ts';

/** A chart with each kind of transition the assertion counts: guarded branches, eventless, a delay, an invoke. */
const toy = setup({
  types: { input: {} as { ready: boolean }, context: {} as { ready: boolean; count: number }, events: {} as { type: 'go'; fast: boolean } | { type: 'bump' } },
  actors: { load: fromPromise(async () => 'loaded') },
  actions: { bump: assign({ count: 1 }) },
  delays: { wait: 1000 },
  guards: { isReady: ({ context }) => context.ready, isFast: (_, params: { fast: boolean }) => params.fast },
}).createMachine({
  id: 'toy',
  context: ({ input }) => ({ ready: input.ready, count: 0 }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'isReady', target: 'idle' }, { target: 'loading' }] },
    loading: { invoke: { id: 'load', src: 'load', onDone: 'idle', onError: 'idle' } },
    idle: {
      on: {
        go: [{ guard: { type: 'isFast', params: ({ event }) => ({ fast: event.fast }) }, target: 'done' }, { target: 'waiting' }],
        // Targetless: a transition to take all the same.
        bump: { actions: 'bump' },
      },
    },
    waiting: { after: { wait: 'done' } },
    done: { type: 'final' },
  },
});

const events: AnyEventObject[] = [
  { type: 'go', fast: true },
  { type: 'go', fast: false },
  { type: 'bump' },
  { type: 'xstate.done.actor.load', output: 'loaded' },
  { type: 'xstate.error.actor.load', error: new Error('no') },
  { type: 'xstate.after.wait.toy.waiting' },
];

const pathsFrom = (input: { ready: boolean }) =>
  pathsTakingEveryTransition(
    toy,
    getShortestPaths(toy, { input, events: events as never, filterEvents: (s, e) => s.can(e), serializeState: serializeWithArrivingTransitions(toy, input) as never }),
    input,
  );

describe('transition coverage', () => {
  it('lists every (state, event, branch) the chart defines: guarded branches, eventless, delays and invokes', () => {
    expect(definedTransitions(toy)).toEqual([
      'start · always · #0',
      'start · always · #1',
      'loading · xstate.done.actor.load · #0',
      'loading · xstate.error.actor.load · #0',
      'idle · go · #0',
      'idle · go · #1',
      'idle · bump · #0',
      'waiting · xstate.after.wait.toy.waiting · #0',
    ]);
  });

  it('counts what the replayed paths took, eventless branches of the start by input', () => {
    const coverage = transitionCoverage(toy);
    for (const input of [{ ready: false }, { ready: true }]) for (const path of pathsFrom(input)) coverage.replayed(path, input);
    expect(coverage.untaken()).toEqual([]);
    expect(coverage.assertComplete()).toBe("8 of 8 transitions of 'toy' taken");
  });

  it('fails with the list of what no replayed path took', () => {
    const coverage = transitionCoverage(toy);
    const input = { ready: false };
    // Left out: the start with a ready input, and the path that ends with the delay.
    for (const path of pathsFrom(input)) {
      const last: AnyEventObject | undefined = path.steps.at(-1)?.event;
      if (last?.type !== 'xstate.after.wait.toy.waiting') coverage.replayed(path, input);
    }
    expect(() => coverage.assertComplete()).toThrow(
      "6 of 8 transitions of 'toy' taken; never taken by a replayed path:\n  - start · always · #0\n  - waiting · xstate.after.wait.toy.waiting · #0",
    );
  });
});
