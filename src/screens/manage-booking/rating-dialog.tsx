import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { type RatingMachine, type Reviewer, ratingScale, ratingText } from '../../../machines/rating.machine.ts';
import { browserRatingMachine } from '../../actors/rating.ts';
import { machineInspection } from '../../inspection/machine-inspection.ts';
import { RatingDialogView, type RatingDialogViewProps } from './rating-dialog-view.tsx';

type RatingSnapshot = SnapshotFrom<RatingMachine>;
type DataProps = Omit<RatingDialogViewProps, `on${string}`>;

/** What the view shows of a snapshot: the one place the dialog's props are derived (stories use it too). */
export const selectRatingView = (snapshot: RatingSnapshot): DataProps => ({
  open: snapshot.hasTag('open'),
  lesson: snapshot.context.lesson?.name ?? null,
  scale: ratingScale,
  stars: snapshot.context.stars,
  lit: snapshot.context.hovered || snapshot.context.stars,
  text: ratingText(snapshot.context.stars),
  feedback: snapshot.context.feedback,
  canSubmit: snapshot.can({ type: 'rating.submitted' }),
  sending: snapshot.hasTag('sending'),
  error: snapshot.context.error,
});

/** Runs a rating dialog for the signed-in client (null when no userdata is stored); open it on a lesson with `rating.opened`. */
export function useRatingActor(reviewer: Reviewer | null, machine: RatingMachine = browserRatingMachine): ActorRefFrom<RatingMachine> {
  const [input] = useState(() => ({ reviewer }));
  return useActorRef(machine, { input, inspect: machineInspection() });
}

/** The Rate Us dialog of a rating actor. */
export function RatingDialog({ actor }: { actor: ActorRefFrom<RatingMachine> }) {
  const view = useSelector(actor, selectRatingView, shallowEqual);
  return (
    <RatingDialogView
      {...view}
      onHover={(stars) => actor.send({ type: 'rating.starHovered', stars })}
      onHoverEnd={() => actor.send({ type: 'rating.hoverEnded' })}
      onChoose={(stars) => actor.send({ type: 'rating.starChosen', stars })}
      onFeedbackChange={(text) => actor.send({ type: 'rating.feedbackChanged', text })}
      onSubmit={() => actor.send({ type: 'rating.submitted' })}
      onCancel={() => actor.send({ type: 'rating.cancelled' })}
    />
  );
}
