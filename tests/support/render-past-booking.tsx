import type { RatedLesson, Reviewer, RatingMachine } from '../../machines/rating.machine.ts';
import { browserRatingMachine } from '../../src/actors/rating.ts';
import { RatingDialog, useRatingActor } from '../../src/screens/manage-booking/rating-dialog.tsx';
import { renderScreen } from './render-screen.tsx';

/** The completed lesson the dialog rates in these tests. */
export const ratedLesson: RatedLesson = { id: 41, name: 'Mathematics, Sun 1 Nov 2026 · 16:00' };

/** A completed lesson's Comment button and the Rate Us dialog it opens, as Manage Booking has them. */
function PastBooking({ reviewer, machine, lesson }: { reviewer: Reviewer | null; machine: RatingMachine; lesson: RatedLesson }) {
  const actor = useRatingActor(reviewer, machine);
  return (
    <>
      <button type="button" onClick={() => actor.send({ type: 'rating.opened', lesson })}>
        Comment
      </button>
      <RatingDialog actor={actor} />
    </>
  );
}

export const renderPastBooking = (reviewer: Reviewer | null, machine: RatingMachine = browserRatingMachine, lesson: RatedLesson = ratedLesson) =>
  renderScreen(<PastBooking reviewer={reviewer} machine={machine} lesson={lesson} />, { path: '/manage-booking' });
