import type { QueryClient } from '@tanstack/react-query';
import type { TutorOffer, TutorQuery } from '../../machines/booking/slot-selection.model.ts';
import { api } from '../api/api.ts';
import { filterTutor } from '../api/calls/slots.ts';

/** GET /filter_tutor: the tutors free at an hour of a subject, as the Available Tutors dialog lists them. */
export const hourTutors = async (query: TutorQuery): Promise<TutorOffer[]> =>
  (await filterTutor(api, query)).map((tutor) => ({ id: tutor.id ?? null, name: `${tutor.first_name} ${tutor.last_name}`.trim(), price: Number(tutor.tutorprice) || 0 }));

/**
 * hourTutors through the query cache. The grid asks it ahead for the hours of the week shown (prefetchHourTutors)
 * and a tap reads it (the fetchTutors actor), so a tap within staleTime of the read ahead lists its tutors at once.
 * An answer up to that old is good enough to offer: the hold at Pay Now is the final word on a tutor, and refuses
 * one taken meanwhile. Not retried: a tap says at once that the read failed, and a read ahead that failed is
 * simply asked again by the tap.
 */
export const hourTutorsOptions = ({ subject, date, time, quallevel, branch_id }: TutorQuery) => ({
  queryKey: ['filter_tutor', subject, date, time, quallevel, branch_id] as const,
  queryFn: () => hourTutors({ subject, date, time, quallevel, branch_id }),
  staleTime: 30_000,
  retry: false,
});

/**
 * How many reads ahead are in flight at once: a week has up to a few dozen free hours, and the browser opens at
 * most six connections to the API, so a tap on an hour not yet read still finds one free.
 */
const hourTutorsAtATime = 4;

/**
 * Reads ahead the tutors of `queries`, in order, `hourTutorsAtATime` at a time; an answer still fresh is not asked
 * again, and one in flight is shared with the tap that wants it. Answers stop(): the reads not yet started are
 * dropped (the week is no longer shown); those in flight finish into the cache. A failed read is left as it is:
 * the tap asks again.
 */
export function prefetchHourTutors(queryClient: QueryClient, queries: readonly TutorQuery[]): () => void {
  let next = 0;
  let stopped = false;
  const lane = async () => {
    for (let query = queries[next]; !stopped && query; query = queries[next]) {
      next += 1;
      await queryClient.prefetchQuery(hourTutorsOptions(query));
    }
  };
  for (let lanes = 0; lanes < Math.min(hourTutorsAtATime, queries.length); lanes += 1) void lane();
  return () => {
    stopped = true;
  };
}
