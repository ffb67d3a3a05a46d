import { type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom, type StateValue, createActor } from 'xstate';

/**
 * How a machine's states become stories: a story's data args are the container's selector applied to a
 * real snapshot, the one its `events` lead to from the machine's start, so a story cannot drift from its
 * machine. tests/components/story-coverage.test.ts replays every story's events and compares.
 */
export interface MachineStories<TMachine extends AnyStateMachine, TProps extends object> {
  /** The machine as stories run it: its invoked actors never settle (a story is a moment at rest). */
  machine: TMachine;
  input: InputFrom<TMachine>;
  /** The container's selector: snapshot → the view's data props. */
  select: (snapshot: SnapshotFrom<TMachine>) => TProps;
  /**
   * Every event the screen can send, and the answers of its actors (`xstate.done.actor.<id>`,
   * `xstate.error.actor.<id>`), with sample payloads: the graph of resting states is walked with them.
   */
  events: readonly AnyEventObject[];
}

/** 'editing', 'loggedOut.idle': a state value as one dotted path per leaf. */
export function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${statePath(child)}`))
    .join(',');
}

/** The snapshot the machine reaches from its start by `events`, delivered in order. */
export function snapshotAfter<TMachine extends AnyStateMachine>(stories: MachineStories<TMachine, object>, events: readonly AnyEventObject[]): SnapshotFrom<TMachine> {
  const actor = createActor(stories.machine, { input: stories.input }).start();
  // An actor's answer is delivered as the event the invoke would raise (the story's actors never settle);
  // EventFromLogic does not list those events, hence the widening.
  for (const event of events) actor.send(event as EventFromLogic<TMachine>);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** A story's args and parameters for the state `events` lead to. */
export function storyAt<TMachine extends AnyStateMachine, TProps extends object>(stories: MachineStories<TMachine, TProps>, events: AnyEventObject[] = []) {
  const snapshot = snapshotAfter(stories, events);
  const { value }: AnyMachineSnapshot = snapshot;
  return { args: stories.select(snapshot), parameters: { machineState: statePath(value), machineEvents: events } };
}
