import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { type SnapshotFrom, fromPromise } from 'xstate';
import { backWarning } from '../../../machines/booking/booking-summary.machine.ts';
import { type FreeBookingSummaryMachine, freeBookingSummaryMachine } from '../../../machines/booking/free-booking-summary.machine.ts';
import { freeAppointmentPayload, freeAssessmentBookedText, freeAssessmentBooking, freePackageLine, freeServicePayload } from '../../../machines/rules/free-assessment.ts';
import { freeAssessmentUsedText } from '../../../machines/rules/slot-limits.ts';
import { formatMoney } from '../../../machines/rules/money.ts';
import { api } from '../../api/api.ts';
import { ApiError } from '../../api/client.ts';
import { getClientData } from '../../api/calls/client.ts';
import { createAppointments, createServices } from '../../api/calls/payment.ts';
import { freeAssessmentStatus } from '../../api/calls/slots.ts';
import { useHeaderBack } from '../../app/header-back.tsx';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { useBrowserBackAsks } from '../../booking/use-browser-back-asks.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { notify } from '../../toasts/notify.ts';
import { BookingSummaryView, type BookingSummaryViewProps } from './booking-summary-view.tsx';
import { weeksOf } from './summary-detail.ts';

type FreeBookingSummarySnapshot = SnapshotFrom<FreeBookingSummaryMachine>;
type DataProps = Omit<BookingSummaryViewProps, `on${string}`>;

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectFreeBookingSummaryView = (snapshot: FreeBookingSummarySnapshot): DataProps => {
  const { draft, error } = snapshot.context;
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
    confirmingBack: snapshot.hasTag('confirming'),
    backWarning,
    canConfirm: snapshot.can({ type: 'summary.confirmed' }),
    processing: snapshot.hasTag('busy'),
    error,
  };
};

/** The free summary's machine with the API and the toasts: what the app runs. */
export const browserFreeBookingSummaryMachine = freeBookingSummaryMachine.provide({
  actors: {
    bookFreeAssessment: fromPromise(async ({ input }) => {
      // Asked first, so that a second free assessment is refused before anything is written; the server's
      // unique index still decides a race between two tabs.
      if ((await freeAssessmentStatus(api, { clientid: input.clientid })).used) throw new ApiError(409, freeAssessmentUsedText);
      const { client } = await getClientData(api, { clientid: input.clientid });
      const booking = freeAssessmentBooking(input.draft, client.studentdetails);
      if ('problem' in booking) throw new Error(booking.problem);
      const payer = { clientid: input.clientid, branch_id: input.branchId, timeZone: input.timeZone };
      const [service] = await createServices(api, [freeServicePayload(booking, payer)]);
      if (service === undefined) throw new Error('no service was made for the free assessment');
      return createAppointments(api, freeAppointmentPayload(booking, service, payer));
    }),
  },
  actions: {
    notifyProblem: (_, { message }) => notify.error(message),
    notifyBooked: () => notify.success(freeAssessmentBookedText),
  },
});

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
