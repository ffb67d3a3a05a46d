import { useActorRef } from '@xstate/react';
import { type ReactElement, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { type ActorRefFrom, type AnyStateMachine, type InputFrom, type SnapshotFrom, fromPromise } from 'xstate';
import { type BookingDraft, type BookingEntry, type BookingInput, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { withStudentIds } from '../../machines/booking/booking-plan.ts';
import { type BookingOutput, type BookingStep, inFlow, missingStep, stepBack } from '../../machines/booking/booking-steps.ts';
import { useSessionActor } from '../session/session-context.ts';
import { locationStateOf, missingDraftState } from './booking-notice.ts';
import { bookingPath } from './booking-paths.ts';
import { branchToday } from './branch-today.ts';
import { clearDraft, readDraft, writeDraft } from './booking-draft-storage.ts';
import { machineInspection } from '../inspection/machine-inspection.ts';

export interface BookingScreen<TMachine extends AnyStateMachine> {
  actorRef: ActorRefFrom<TMachine>;
  /** Where the screen goes instead of rendering: the step that makes a missing draft, or the machine's exit. */
  exit: ReactElement | null;
}

/** An actor that is never answered: what every call of a screen that leaves at once becomes. */
const silent = fromPromise(() => new Promise<never>(() => {}));

/**
 * The machine with no call behind any of its actors: a screen opened without its draft leaves at once, and
 * its machine has not the values its calls need (a grid of no subjects would POST /subjectFilter/ with none).
 */
const inert = <TMachine extends AnyStateMachine>(machine: TMachine): TMachine =>
  machine.provide({ actors: Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, silent])) }) as TMachine;

const selectDone = (snapshot: SnapshotFrom<AnyStateMachine>): BookingOutput | undefined =>
  snapshot.status === 'done' ? (snapshot.output as BookingOutput) : undefined;

/**
 * Runs a booking step's machine, the same way on every booking screen:
 * - its input is built once, from the stored draft and the branch-zone today (a draft of another flow, or
 *   none, starts the flow of `entry` afresh where this step is its first); a student the draft names without
 *   an id (a draft made from a saved package, or stored before the draft kept ids) gets it from the signed-in
 *   client's students, so that no step reads them again;
 * - `machine` comes with its implementations already injected (`machine.provide(...)` by the container);
 * - the draft in its context is written back to the working keys whenever it changes, so a refresh or the
 *   return from the payment page resumes where the client was; a snapshot that carries the same draft (a
 *   dialog opened, a read answered, or an equal draft made again) writes nothing;
 * - the Stately inspector is attached in development;
 * - a screen opened without the draft it needs, and a machine that reached its final state, leave by
 *   rendering `exit` (a <Navigate>), never by an imperative navigation from an effect; a final state's
 *   `notice` goes with it as the location state (booking-notice.ts), for the next screen to show, and so
 *   does what to do first when the draft is missing;
 * - a screen opened without the draft it needs sends no call (its actors are inert), and stores the draft of
 *   its flow, so that the step it sends the client to continues that flow (/free-book → /new-booking in the
 *   free flow, whose Next returns to /free-book).
 */
export function useBookingMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  step: BookingStep,
  entry: BookingEntry,
  /** What the machine takes besides the draft and today (the currency, the signed-in user). */
  moreInput: Omit<InputFrom<TMachine>, keyof BookingInput> = {} as Omit<InputFrom<TMachine>, keyof BookingInput>,
): BookingScreen<TMachine> {
  const session = useSessionActor();
  const [start] = useState(() => {
    const stored = readDraft();
    const user = session.getSnapshot().context.session?.user;
    const zone = user?.branch_time_zone;
    // A draft of a flow that does not pass through this step (a new booking left half-way for Renew) is not
    // this screen's; nor is one of another flow that lacks what this step needs.
    const ours = stored && (stored.entry === entry || inFlow(step, stored.entry)) ? stored : null;
    const draft = ours && ours.entry !== entry && missingStep(step, ours, entry) !== null ? null : ours;
    const started = draft ?? emptyDraft(entry);
    return {
      missing: missingStep(step, draft, entry),
      input: { ...moreInput, draft: user ? withStudentIds(started, user.studentdetails) : started, today: branchToday(zone ?? 'UTC', Date.now()) },
    };
  });
  const actorRef = useActorRef<AnyStateMachine>(start.missing ? inert(machine) : machine, { input: start.input, inspect: machineInspection() });

  // The machine's end comes to the screen through the actor's completion (observers are not sent the
  // final snapshot as a change), as the one piece of React state this hook keeps.
  const [done, setDone] = useState<BookingOutput | undefined>(undefined);
  useEffect(() => {
    // Storage holds this screen's draft from the start (another flow's left-overs are replaced); one that
    // leaves at once for a missing draft leaves its flow's draft for the step it sends the client to.
    writeDraft(start.input.draft);
    if (start.missing) return undefined;
    const draftOf = (snapshot: SnapshotFrom<AnyStateMachine>) => (snapshot.context as { draft: BookingDraft }).draft;
    // Most snapshots carry the draft they had (the charts replace it only to change it): the same object is
    // not looked at again, and a new one is compared by value, for a chart that makes an equal draft again.
    const stored = { draft: start.input.draft, json: JSON.stringify(start.input.draft) };
    const keep = (draft: BookingDraft) => {
      if (draft === stored.draft) return;
      const json = JSON.stringify(draft);
      stored.draft = draft;
      if (json === stored.json) return;
      stored.json = json;
      writeDraft(draft);
    };
    const subscription = actorRef.subscribe({
      next: (snapshot: SnapshotFrom<AnyStateMachine>) => keep(draftOf(snapshot)),
      complete: () => {
        const snapshot = actorRef.getSnapshot();
        const output = selectDone(snapshot);
        if (output?.clearDraft) clearDraft();
        else keep(draftOf(snapshot));
        setDone(output);
      },
    });
    return () => subscription.unsubscribe();
  }, [actorRef, start]);

  const target = start.missing ?? done?.next;
  // Going on is a new page in the browser's history (its back button returns to this step); a redirect for
  // a missing draft, and the step's own back, replace this one.
  const replace = start.missing !== null || target === stepBack(step, start.input.draft);
  const entryOf = start.input.draft.entry;
  const state = start.missing ? missingDraftState(start.missing, entryOf) : locationStateOf(done);
  const exit = target ? <Navigate to={bookingPath(target, entryOf)} replace={replace} state={state} /> : null;
  return { actorRef: actorRef as ActorRefFrom<TMachine>, exit };
}
