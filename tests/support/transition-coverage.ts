import {
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  createActor,
  fromTransition,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/**
 * The transition-coverage assertion of the path tests (docs/architecture.md, "Stories and generated path tests").
 *
 * What counts as one transition: a `(source state, event type, branch)` the chart defines.
 * - Every event a state node handles in `on`, every invoke's `onDone` / `onError` / `onSnapshot`
 *   (`xstate.done.actor.<id>` …), a compound state's `onDone`, and every `after` delay
 *   (`xstate.after.<delay>.<state id>`) is an event type; each of its guarded alternatives is a branch of
 *   its own, numbered in chart order from 0 (the unguarded fallback included). Targetless transitions
 *   (actions only, or a self-transition) count like any other.
 * - A delay counts as taken when a replayed step is its `xstate.after…` event: path tests send the
 *   event the timer would, and advance fake timers on the screen.
 * - Eventless transitions (`always`) count under the event type `always`, one branch each, and are taken
 *   when they fire during any step, the machine's start included: starting from several `input`s is
 *   how the branches of a transient start state are covered.
 * - A forbidden transition (no target, no actions) is defined like any other; `snapshot.can()` answers
 *   false for it, so a path generator filtering events with `can` never steps through one.
 *
 * Which transition a step took is not guessed from state values: the step is run again on the machine
 * (its pure `transition`, with no actor started and no action executed) and the transitions it selects
 * are read from XState's own microstep inspection.
 */

/** A replayed path: the `steps` of a path from `getShortestPaths` / `getSimplePaths` (xstate/graph). */
export interface ReplayedPath {
  steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }>;
}

const stateName = (node: AnyStateNode) => node.path.join('.') || '(machine)';

/** '<state> · <event> · #<branch>', as the failure lists it. */
function keyOf(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition;
  const branches = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const branch = branches.indexOf(transition);
  if (branch < 0) throw new Error(`a transition of ${stateName(source)} on '${eventType}' that the chart does not define`);
  return `${stateName(source)} · ${eventType === '' ? 'always' : eventType} · #${branch}`;
}

/** Every transition the chart defines, in chart order. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const branches of node.transitions.values()) for (const transition of branches) keys.push(keyOf(transition));
    for (const transition of node.always ?? []) keys.push(keyOf(transition));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return keys;
}

/**
 * A scope for the machine's pure functions that executes nothing (no action, no actor is started) and
 * records the transitions each microstep selects, into `recording.into`. One for the module: making an
 * actor per step was a tenth of a path generator's time.
 */
const recording: { into: AnyTransitionDefinition[] } = { into: [] };
const recordingSelf = createActor(
  fromTransition((state) => state, null),
  {
    inspect: (event) => {
      if (event.type === '@xstate.microstep' && event.actorRef === recordingSelf) recording.into.push(...event._transitions);
    },
  },
);
const recordingScope: AnyActorScope = {
  self: recordingSelf,
  id: '',
  sessionId: '',
  system: recordingSelf.system,
  logger: () => {},
  defer: () => {},
  emit: () => {},
  stopChild: () => {},
  actionExecutor: () => {},
};

/**
 * The keys each (snapshot, event) step took, by the identity of both: snapshots are immutable, and a
 * generator's paths share theirs, so the exploration's answer serves every path through that step.
 */
const stepsTaken = new WeakMap<AnyMachineSnapshot, WeakMap<EventObject, string[]>>();
/** The same for a machine's start, by the identity of the machine and its input (every path begins there). */
const startsTaken = new WeakMap<AnyStateMachine, WeakMap<object, string[]>>();

/**
 * The transitions one step takes, eventless ones included: from `before` on `event`, or, without `before`,
 * the machine's start with `input`.
 */
export function transitionsOf(machine: AnyStateMachine, before: AnyMachineSnapshot | undefined, event: EventObject, input?: unknown): string[] {
  const startInput = !before && typeof input === 'object' && input !== null ? input : undefined;
  const known = before ? stepsTaken.get(before)?.get(event) : startInput && startsTaken.get(machine)?.get(startInput);
  if (known) return known;
  const recorded: AnyTransitionDefinition[] = [];
  recording.into = recorded;
  try {
    if (before) machine.transition(before, event, recordingScope);
    else machine.getInitialSnapshot(recordingScope, input);
  } finally {
    recording.into = [];
  }
  const keys = recorded.map(keyOf);
  if (before) {
    let byEvent = stepsTaken.get(before);
    if (!byEvent) stepsTaken.set(before, (byEvent = new WeakMap()));
    byEvent.set(event, keys);
  } else if (startInput) {
    let byInput = startsTaken.get(machine);
    if (!byInput) startsTaken.set(machine, (byInput = new WeakMap()));
    byInput.set(startInput, keys);
  }
  return keys;
}

/** The transitions a path takes, in order: its start with `input`, then each step. */
export function transitionsOfPath(machine: AnyStateMachine, path: ReplayedPath, input?: unknown): string[] {
  return path.steps.flatMap((step, index) => transitionsOf(machine, index === 0 ? undefined : path.steps[index - 1]?.state, step.event, input));
}

/**
 * A `serializeState` for `getShortestPaths` / `getSimplePaths` that tells states apart by their value, their
 * context and the transitions that led into them, so that every transition gets a path, not only every
 * state: a guarded branch, or a transition that changes nothing, into a state already reached is a vertex of
 * its own. The start is keyed by `input`.
 */
export function serializeWithArrivingTransitions(machine: AnyStateMachine, input?: unknown) {
  // The generator serializes each snapshot it reaches twice (exploring, then weighing paths): once is enough.
  const written = new WeakMap<AnyMachineSnapshot, string>();
  const init = { type: 'xstate.init' };
  return (state: AnyMachineSnapshot, event: EventObject | undefined, before?: AnyMachineSnapshot): string => {
    let valueAndContext = written.get(state);
    if (valueAndContext === undefined) written.set(state, (valueAndContext = JSON.stringify([state.value, state.context])));
    const arriving = before && event ? transitionsOf(machine, before, event) : transitionsOf(machine, undefined, init, input);
    return `${valueAndContext}${JSON.stringify(arriving)}`;
  };
}

/**
 * Of `paths`, the fewest (shortest first) that together take every transition any of them takes: what a
 * path test replays. A path is kept only for a transition no shorter kept path takes.
 */
export function pathsTakingEveryTransition<TPath extends ReplayedPath>(machine: AnyStateMachine, paths: readonly TPath[], input?: unknown): TPath[] {
  const taken = new Set<string>();
  const kept: TPath[] = [];
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const keys = transitionsOfPath(machine, path, input);
    if (keys.every((key) => taken.has(key))) continue;
    for (const key of keys) taken.add(key);
    kept.push(path);
  }
  return kept;
}

export interface TransitionCoverage {
  /** Records a path the test has replayed (call it once the replay passed), with the machine's input. */
  replayed(path: ReplayedPath, input?: unknown): void;
  /** Every transition the chart defines, and the ones the replayed paths took. */
  readonly defined: readonly string[];
  readonly taken: ReadonlySet<string>;
  /** The defined transitions no replayed path took, in chart order. */
  untaken(): string[];
  /** Throws an Error listing every untaken transition; answers `taken / defined` otherwise. */
  assertComplete(): string;
}

/** Collects the transitions of the paths a test replays, and fails when the chart has any left untaken. */
export function transitionCoverage(machine: AnyStateMachine): TransitionCoverage {
  const defined = definedTransitions(machine);
  const taken = new Set<string>();
  const untaken = () => defined.filter((key) => !taken.has(key));
  return {
    defined,
    taken,
    replayed(path, input) {
      for (const key of transitionsOfPath(machine, path, input)) taken.add(key);
    },
    untaken,
    assertComplete() {
      const missing = untaken();
      const summary = `${defined.length - missing.length} of ${defined.length} transitions of '${machine.id}' taken`;
      if (missing.length > 0) throw new Error(`${summary}; never taken by a replayed path:\n${missing.map((key) => `  - ${key}`).join('\n')}`);
      return summary;
    },
  };
}

/**
 * The paths a path test replays from `input`: of the shortest paths to every state, told apart by the
 * transitions into it too, the fewest that take every transition. Only events the state takes are steps.
 */
export function coveringPaths(machine: AnyStateMachine, input: unknown, events: readonly EventObject[]) {
  return pathsTakingEveryTransition(
    machine,
    getShortestPaths(machine, {
      input,
      events: events as never,
      filterEvents: (snapshot, event) => snapshot.can(event),
      serializeState: serializeWithArrivingTransitions(machine, input) as never,
    }),
    input,
  );
}
