import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { type MachineStories, snapshotAfter, statePath } from '../../stories/machine-story.ts';

// Storybook shows every resting state of every machine, with args that are the container's selector of a
// real snapshot. Machines and stories are found by glob, as Storybook finds stories.

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'getInitialSnapshot' in value && 'provide' in value;

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.machine.ts', { eager: true });
const machines = Object.entries(machineModules).flatMap(([file, module]) => Object.values(module).filter(isMachine).map((machine) => ({ file, machine })));

interface StoryParameters {
  machine?: MachineStories<AnyStateMachine, object>;
  machineState?: string;
  machineEvents?: unknown[];
}
interface StoryLike {
  args?: Record<string, unknown>;
  parameters?: StoryParameters;
}
// Storybook's own glob (.storybook/main.ts: stories/**/*.stories.@(ts|tsx)), in the brace form Vite reads.
const storyModules = import.meta.glob<Record<string, StoryLike>>('../../stories/**/*.stories.{ts,tsx}', { eager: true });
const stories = Object.entries(storyModules).flatMap(([file, module]) => {
  const meta = module.default ?? {};
  return Object.entries(module)
    .filter(([name]) => name !== 'default')
    .map(([name, story]) => ({
      name: `${file.replace('../../stories/', '')} › ${name}`,
      def: story.parameters?.machine ?? meta.parameters?.machine,
      state: story.parameters?.machineState,
      events: story.parameters?.machineEvents ?? [],
      args: { ...meta.args, ...story.args },
    }));
});
const machineStories = stories.filter((story) => story.def && story.state !== undefined);
// The story definitions of each machine (a story may bring its own input: the remaining classes, the free assessment).
const defsById = new Map<string, MachineStories<AnyStateMachine, object>[]>();
for (const story of stories) {
  if (!story.def) continue;
  const defs = defsById.get(story.def.machine.id) ?? [];
  if (!defs.includes(story.def)) defsById.set(story.def.machine.id, [...defs, story.def]);
}

/**
 * Every state of the chart a screen can rest in: its leaves (final ones included: the screen shows them while
 * it leaves), less the transient ones, whose eventless transitions leave at once. Read from the chart itself,
 * not from the states some story's events reach, so a state no story walks to is still asked for.
 */
function restingStates(machine: AnyStateMachine): string[] {
  const leaves: string[] = [];
  const visit = (node: AnyStateNode) => {
    const children = Object.values(node.states);
    if (children.length === 0 && (node.always ?? []).length === 0) leaves.push(node.path.join('.'));
    children.forEach(visit);
  };
  visit(machine.root);
  return leaves.sort();
}

const pick = (args: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, args[key]]));

describe('Storybook shows every state of every machine', () => {
  it('finds the machines and their stories by glob', () => {
    expect(machines.map(({ machine }) => machine.id)).toContain('rating');
    expect(machineStories.length).toBeGreaterThan(0);
  });

  it.each(machines.map(({ file, machine }) => [machine.id, file]))('machine %s (%s) has stories', (id) => {
    expect(defsById.has(id), `no story file has parameters.machine for the machine '${id}'`).toBe(true);
  });

  const states = machines.flatMap(({ machine }) => restingStates(machine).map((state) => [machine.id, state] as const));
  it.each(states)('%s: %s has a story', (id, state) => {
    const shown = machineStories.filter((story) => story.def?.machine.id === id && story.state === state);
    expect(shown.map((story) => story.name), `no story shows ${id}:${state}`).not.toEqual([]);
  });

  it.each(machineStories.map((story) => [story.name, story] as const))("%s: its args are its snapshot's, through the container's selector", (_name, story) => {
    const def = story.def as MachineStories<AnyStateMachine, object>;
    const snapshot = snapshotAfter(def, story.events as AnyEventObject[]);
    const { value }: AnyMachineSnapshot = snapshot;
    expect(statePath(value)).toBe(story.state);
    // The args the selector makes are the snapshot's; the rest (typed text, a title) is the story's own.
    const selected = def.select(snapshot) as Record<string, unknown>;
    expect(pick(story.args, Object.keys(selected))).toEqual(selected);
  });
});
