import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CentredSpinner } from '../../components/spinner.tsx';
import { clientDataOptions, scheduledClassesOptions, unpaidPackagesOptions } from '../../queries/client-queries.ts';
import { ordersToPlaceOptions } from '../../queries/order-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { gridCalls } from '../../actors/grid-calls.ts';
import { clearDraft, writeDraft } from '../../booking/booking-draft-storage.ts';
import type { BookingLocationState } from '../../booking/booking-notice.ts';
import { bookingPath } from '../../booking/booking-paths.ts';
import { branchToday } from '../../booking/branch-today.ts';
import { notify } from '../../toasts/notify.ts';
import { DashboardView } from './dashboard-view.tsx';
import { firstStep } from '../../../machines/booking/booking-steps.ts';
import { scheduledCountOf } from '../../../machines/rules/booking-list.ts';
import { checkPendingHours, draftFromUnpaidPackage } from '../../../machines/booking/pending-payment.ts';
import { type OrderProgress, classesToPlaceText, draftFromOrder, unreadableOrderText } from '../../../machines/booking/classes-to-place.ts';

export const noPendingPaymentText = 'There is no pending payment any more.';
export const unreadablePendingPaymentText = 'This pending payment could not be opened. Please contact us.';

class PendingPaymentError extends Error {}

/** /dashboard. Arriving clears the working keys (the session's keys stay). */
export function DashboardScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  useEffect(() => {
    clearDraft();
  }, []);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <Dashboard user={user} />;
}

function Dashboard({ user }: { user: User }) {
  const actor = useSessionActor();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const studentIds = useMemo(() => user.studentdetails.map((student) => student.id), [user.studentdetails]);

  // The refreshed client (with its students) goes to the session, which stores it as userdata.
  const clientData = useQuery(clientDataOptions(user.clientid, actor));
  const scheduled = useQuery(scheduledClassesOptions(studentIds, user.branch_id));
  const unpaid = useQuery(unpaidPackagesOptions(user.clientid));
  const toPlace = useQuery(ordersToPlaceOptions(user.clientid));
  // Shown once read on this visit: an order whose classes were placed since the last one has no card.
  const ordersToPlace = toPlace.isFetchedAfterMount ? (toPlace.data ?? []) : [];

  // An order's card opens the remaining-classes grid for it: a draft of the order's students, year, package,
  // lost subjects and lessons per week, booked on the order (nothing is paid again).
  const openOrder = (order: OrderProgress) => {
    const draft = draftFromOrder(order, user.studentdetails);
    if (!draft) {
      console.error('Unreadable order to place', order.ref);
      notify.error(unreadableOrderText);
      return;
    }
    writeDraft(draft);
    navigate(bookingPath('slots', draft.entry));
  };

  const openPayment = useMutation({
    mutationFn: async () => {
      // Tapping fetches the pending payment afresh: it may have been paid or removed meanwhile.
      const packages = await queryClient.fetchQuery({ ...unpaidPackagesOptions(user.clientid), staleTime: 0 });
      const first = packages[0];
      if (!first) throw new PendingPaymentError(noPendingPaymentText);
      const draft = draftFromUnpaidPackage(first);
      if (!draft) {
        console.error('Unreadable packageForm of the pending payment', first.id);
        throw new PendingPaymentError(unreadablePendingPaymentText);
      }
      // Its hours may have gone since it was saved (someone else booked them, or their day came): checked now.
      const now = Date.now();
      const today = branchToday(user.branch_time_zone, now);
      return checkPendingHours(draft, { clientid: user.clientid, branchId: user.branch_id, timeZone: user.branch_time_zone, today, now }, gridCalls);
    },
    onSuccess: ({ draft, notice }) => {
      // The pending payment is a booking draft like any other: the summary takes it from there, or the grid,
      // told which hours went, when some did.
      writeDraft(draft);
      if (notice.length === 0) navigate(bookingPath(firstStep('pendingPayment'), 'pendingPayment'));
      else navigate(bookingPath('slots', 'pendingPayment'), { state: { notice } satisfies BookingLocationState });
    },
    onError: (error) => {
      if (!(error instanceof PendingPaymentError)) console.error(error);
      notify.error(error.message);
    },
  });

  const failed = [unpaid, scheduled, clientData, toPlace].filter((query) => query.isError);
  const loadError = failed[0]?.error?.message ?? null;
  const retry = () => {
    for (const query of failed) void query.refetch();
  };

  const scheduledLoading = studentIds.length > 0 && scheduled.isPending && scheduled.fetchStatus !== 'idle';
  return (
    <DashboardView
      scheduled={studentIds.length === 0 ? scheduledCountOf([]) : scheduled.data ? scheduledCountOf(scheduled.data) : null}
      scheduledLoading={scheduledLoading}
      loading={scheduledLoading || (unpaid.isPending && unpaid.fetchStatus !== 'idle') || (!toPlace.isFetchedAfterMount && toPlace.fetchStatus === 'fetching')}
      pendingPayment={(unpaid.data?.length ?? 0) > 0}
      openingPayment={openPayment.isPending}
      ordersToPlace={ordersToPlace.map((order) => ({ ref: order.ref, text: classesToPlaceText(order.to_place) }))}
      loadError={loadError}
      retrying={failed.some((query) => query.isFetching)}
      onOpenPendingPayment={() => openPayment.mutate()}
      onOpenOrder={(ref) => {
        const order = ordersToPlace.find((o) => o.ref === ref);
        if (order) openOrder(order);
      }}
      onRetry={retry}
    />
  );
}
