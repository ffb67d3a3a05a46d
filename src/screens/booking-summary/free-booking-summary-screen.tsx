import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { freePackageLine } from '../../../machines/booking/book-lessons.ts';
import { timesInText } from '../../../contract/date-format.ts';
import { backWarning } from '../../../machines/booking/booking-steps.ts';
import type { FreeBookingSummaryMachine } from '../../../machines/booking/free-booking-summary.machine.ts';
import { formatMoney } from '../../../machines/rules/money.ts';
import { browserFreeBookingSummaryMachine } from '../../actors/free-booking-summary.ts';
import { useHeaderBack } from '../../components/header-back.tsx';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { useBrowserBackAsks } from '../../booking/use-browser-back-asks.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { BookingSummaryView, type BookingSummaryViewProps } from './booking-summary-view.tsx';
import { weeksOf } from './summary-detail.ts';

type FreeBookingSummarySnapshot = SnapshotFrom<FreeBookingSummaryMachine>;
type DataProps = Omit<BookingSummaryViewProps, `on${string}`>;

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectFreeBookingSummaryView = (snapshot: FreeBookingSummarySnapshot): DataProps => {
  const { draft, error, timeZone } = snapshot.context;
  return {
    title: 'Free Assessment Summary',
    phase: snapshot.status === 'done' ? 'leaving' : 'viewing',
    // The free class is for the first student named (one lesson for one student).
    studentName: draft.lessons?.studentName.name1 ?? draft.form?.name1 ?? '',
    studentName2: null,
    packageLine: freePackageLine,
    // Every class lasts an hour (spec §9).
    classDuration: '60 minutes',
    total: formatMoney(0, config.currency),
    weeks: weeksOf(draft.slots),
    timesIn: timesInText(timeZone),
    confirmingBack: snapshot.hasTag('confirming'),
    backWarning,
    canConfirm: snapshot.can({ type: 'summary.confirmed' }),
    processing: snapshot.hasTag('busy'),
    error,
  };
};

/** /freebooking-summary: the free assessment's one class; Confirm Booking books it, then /payment-summary. */
export function FreeBookingSummaryScreen({ machine = browserFreeBookingSummaryMachine }: { machine?: FreeBookingSummaryMachine }) {
  const user = useSelector(useSessionActor(), selectUser);
  if (!user) return <CentredSpinner label="Loading" />;
  return <FreeBookingSummary machine={machine} clientid={user.clientid} branchId={user.branch_id} timeZone={user.branch_time_zone} />;
}

function FreeBookingSummary({ machine, clientid, branchId, timeZone }: { machine: FreeBookingSummaryMachine; clientid: number; branchId: number; timeZone: string }) {
  const { actorRef, exit } = useBookingMachine(machine, 'freeSummary', 'free', { clientid, branchId, timeZone });
  const view = useSelector(actorRef, selectFreeBookingSummaryView, shallowEqual);
  const askBack = useCallback(() => actorRef.send({ type: 'back.requested' }), [actorRef]);
  useHeaderBack(askBack);
  useBrowserBackAsks(askBack);
  if (exit) return exit;
  return (
    <BookingSummaryView
      {...view}
      onConfirm={() => actorRef.send({ type: 'summary.confirmed' })}
      onConfirmBack={() => actorRef.send({ type: 'back.confirmed' })}
      onCancelBack={() => actorRef.send({ type: 'back.cancelled' })}
    />
  );
}
