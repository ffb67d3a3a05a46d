import type { Reviewer, RatingMachine } from '../../machines/rating.machine.ts';
import { browserRatingMachine } from '../../src/actors/rating.ts';
import { RatingDialog, useRatingActor } from '../../src/screens/manage-booking/rating-dialog.tsx';
import { renderScreen } from './render-screen.tsx';

/** A past booking's Comment button and the Rate Us dialog it opens, as Manage Booking will have them. */
function PastBooking({ reviewer, machine }: { reviewer: Reviewer | null; machine: RatingMachine }) {
  const actor = useRatingActor(reviewer, machine);
  return (
    <>
      <button type="button" onClick={() => actor.send({ type: 'rating.opened' })}>
        Comment
      </button>
      <RatingDialog actor={actor} />
    </>
  );
}

export const renderPastBooking = (reviewer: Reviewer | null, machine: RatingMachine = browserRatingMachine) =>
  renderScreen(<PastBooking reviewer={reviewer} machine={machine} />, { path: '/manage-booking' });
