import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { timesInText } from '../../../contract/date-format.ts';
import { slotCount } from '../../../machines/booking/booking-draft.ts';
import { type BookingSummaryMachine } from '../../../machines/booking/booking-summary.machine.ts';
import { backWarning } from '../../../machines/booking/booking-steps.ts';
import { classesLeftText } from '../../../machines/rules/slot-limits.ts';
import { browserBookingSummaryMachine } from '../../actors/booking-summary.ts';
import { useHeaderBack } from '../../components/header-back.tsx';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { useBrowserBackAsks } from '../../booking/use-browser-back-asks.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { BookingSummaryView, type BookingSummaryViewProps } from './booking-summary-view.tsx';
import { classMinutesOf, packageLineOf, weeksOf } from './summary-detail.ts';

type BookingSummarySnapshot = SnapshotFrom<BookingSummaryMachine>;
// The zone of the times is the signed-in client's branch's, not the machine's: the container adds it.
type DataProps = Omit<BookingSummaryViewProps, `on${string}` | 'timesIn'>;

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectBookingSummaryView = (snapshot: BookingSummarySnapshot): DataProps => {
  const { draft } = snapshot.context;
  const { lessons, slots } = draft;
  const name2 = lessons?.studentName.name2?.trim();
  return {
    title: 'Booking Summary',
    phase: snapshot.status === 'done' ? 'leaving' : 'viewing',
    studentName: lessons?.studentName.name1 ?? '',
    studentName2: name2 ? name2 : null,
    packageLine: lessons ? packageLineOf(lessons) : '',
    classDuration: `${classMinutesOf(lessons?.packageNames.description ?? '')} minutes`,
    total: lessons?.packageNames.total ?? '',
    weeks: weeksOf(slots),
    classesLeft: lessons ? classesLeftText(slotCount(draft), lessons.packageNames.lessons) : null,
    confirmingBack: snapshot.hasTag('confirming'),
    backWarning,
    canConfirm: snapshot.can({ type: 'summary.confirmed' }),
    processing: false,
    error: null,
  };
};

/**
 * /booking-summary, for a new booking, a renewal and the pending payment (the draft says which). The
 * header's back arrow and the browser's back button both ask before the slots are cleared.
 */
export function BookingSummaryScreen({ machine = browserBookingSummaryMachine }: { machine?: BookingSummaryMachine }) {
  const { actorRef, exit } = useBookingMachine(machine, 'summary', 'new');
  const view = useSelector(actorRef, selectBookingSummaryView, shallowEqual);
  // The route guard keeps users without a session out; a session ending meanwhile leaves the times unlabelled for a moment.
  const timeZone = useSelector(useSessionActor(), selectUser)?.branch_time_zone;
  const askBack = useCallback(() => actorRef.send({ type: 'back.requested' }), [actorRef]);
  useHeaderBack(askBack);
  useBrowserBackAsks(askBack);
  if (exit) return exit;
  return (
    <BookingSummaryView
      {...view}
      timesIn={timeZone ? timesInText(timeZone) : ''}
      onConfirm={() => actorRef.send({ type: 'summary.confirmed' })}
      onConfirmBack={() => actorRef.send({ type: 'back.confirmed' })}
      onCancelBack={() => actorRef.send({ type: 'back.cancelled' })}
    />
  );
}
