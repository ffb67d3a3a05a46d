import { useAppQueryClient } from '../../queries/query-client.ts';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SlotSelectionMachine } from '../../../machines/booking/slot-selection.machine.ts';
import { type TutorQuery, tutorQueriesOfWeek } from '../../../machines/booking/slot-selection.model.ts';
import { prefetchHourTutors } from '../../queries/hour-tutor-queries.ts';

const selectQueries = (snapshot: SnapshotFrom<SlotSelectionMachine>): TutorQuery[] => (snapshot.status === 'active' ? tutorQueriesOfWeek(snapshot.context) : []);

const keyOf = (query: TutorQuery | undefined) => (query ? `${query.subject}|${query.date}|${query.time}|${query.quallevel}|${query.branch_id}` : '');

/** The same hours: every snapshot makes a new list, and a new list would restart the reads ahead. */
const sameQueries = (a: readonly TutorQuery[], b: readonly TutorQuery[]) => a.length === b.length && a.every((query, i) => keyOf(query) === keyOf(b[i]));

/**
 * Reads ahead the tutors of the hours a tap on the week shown would ask for (issue 20: the dialog waited on
 * GET /filter_tutor after the tap), again whenever those hours change (another week, month or subject, a slot
 * chosen); the reads of a week no longer shown that have not started are dropped. Only with `enabled`: the app's
 * machine reads a tap's tutors from the same cache, a machine given by a test answers its calls itself.
 */
export function useTutorsAhead(actorRef: ActorRefFrom<SlotSelectionMachine>, enabled: boolean): void {
  const queryClient = useAppQueryClient();
  const queries = useSelector(actorRef, selectQueries, sameQueries);
  useEffect(() => {
    if (!enabled || queries.length === 0) return undefined;
    return prefetchHourTutors(queryClient, queries);
  }, [enabled, queries, queryClient]);
}
