import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateNode } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';

/** Every machine whose states designers review in Storybook, by the prefix stories use. */
const machines: Record<string, AnyStateMachine> = { session: sessionMachine };

function leafStates(node: StateNode<any, any>): string[] {
  const children = Object.values(node.states) as StateNode<any, any>[];
  if (children.length === 0) return [node.path.join('.')];
  return children.flatMap(leafStates);
}

const storyModules = import.meta.glob<Record<string, unknown>>('../../stories/*.stories.tsx', { eager: true });

function statesShownByStories(): Set<string> {
  const shown = new Set<string>();
  for (const module of Object.values(storyModules)) {
    const meta = module.default as { parameters?: { machineStates?: string[] } } | undefined;
    for (const state of meta?.parameters?.machineStates ?? []) shown.add(state);
    for (const [name, story] of Object.entries(module)) {
      if (name === 'default') continue;
      const states = (story as { parameters?: { machineStates?: string[] } } | undefined)?.parameters?.machineStates;
      for (const state of states ?? []) shown.add(state);
    }
  }
  return shown;
}

describe('Storybook shows every state of every machine', () => {
  const shown = statesShownByStories();
  const all = Object.entries(machines).flatMap(([id, machine]) => leafStates(machine.root).map((path) => `${id}:${path}`));

  it('finds the machines and the stories', () => {
    expect(all).toContain('session:loggedOut.submitting');
    expect(Object.keys(storyModules).length).toBeGreaterThan(0);
  });

  it.each(all)('%s has a story', (state) => {
    expect(shown, `no story declares parameters.machineStates containing '${state}'`).toContain(state);
  });

  it('names no state that does not exist', () => {
    expect([...shown].filter((state) => !all.includes(state))).toEqual([]);
  });
});
