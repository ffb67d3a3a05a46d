import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { CentredSpinner } from '../../components/spinner.tsx';
import { clientDataOptions, scheduledClassesOptions, unpaidPackagesOptions } from '../../queries/client-queries.ts';
import { type SessionActor, useSessionActor } from '../../session/session-context.ts';
import { type User, clearWorkingKeys, writeJson, writeText } from '../../storage/browser-storage.ts';
import { notify } from '../../toasts/notify.ts';
import { DashboardView } from './dashboard-view.tsx';
import { type PendingPaymentKeys, readPendingPayment } from '../../../machines/rules/pending-payment.ts';

type Snapshot = ReturnType<SessionActor['getSnapshot']>;

const selectUser = (snapshot: Snapshot) => snapshot.context.session?.user ?? null;

export const noPendingPaymentText = 'There is no pending payment any more.';
export const unreadablePendingPaymentText = 'This pending payment could not be opened. Please contact us.';

/** Stores the working keys of the booking summary, and the flags that mark it as the dashboard's pending payment. */
function storePendingPayment(keys: PendingPaymentKeys): void {
  writeJson('bookingdata', keys.bookingdata);
  writeJson('lessonData', keys.lessonData);
  writeJson('groupedByWeek', keys.groupedByWeek);
  writeJson('packageFormData', keys.packageFormData);
  writeJson('selectedTeacher', keys.selectedTeacher);
  writeJson('selectedTeachers', keys.selectedTeachers);
  writeText('dashboard', '1');
  writeText('showLock', '1');
}

class PendingPaymentError extends Error {}

/** /dashboard. Arriving clears the working keys (the session's keys stay). */
export function DashboardScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  useEffect(() => {
    clearWorkingKeys();
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

  const clientData = useQuery(clientDataOptions(user.clientid));
  const scheduled = useQuery(scheduledClassesOptions(studentIds, user.branch_id));
  const unpaid = useQuery(unpaidPackagesOptions(user.clientid));

  // The refreshed client (with its students) goes back to the session, which stores it as userdata.
  useEffect(() => {
    if (clientData.data) actor.send({ type: 'user.updated', user: clientData.data.client });
  }, [actor, clientData.data]);

  const openPayment = useMutation({
    mutationFn: async () => {
      // Tapping fetches the pending payment afresh: it may have been paid or removed meanwhile.
      const packages = await queryClient.fetchQuery({ ...unpaidPackagesOptions(user.clientid), staleTime: 0 });
      const first = packages[0];
      if (!first) throw new PendingPaymentError(noPendingPaymentText);
      const keys = readPendingPayment(first);
      if (!keys) {
        console.error('Unreadable packageForm of the pending payment', first.id);
        throw new PendingPaymentError(unreadablePendingPaymentText);
      }
      return keys;
    },
    onSuccess: (keys) => {
      storePendingPayment(keys);
      navigate('/booking-summary');
    },
    onError: (error) => {
      if (!(error instanceof PendingPaymentError)) console.error(error);
      notify.error(error.message);
    },
  });

  const failed = [unpaid, scheduled, clientData].filter((query) => query.isError);
  const loadError = failed[0]?.error?.message ?? null;
  const retry = () => {
    for (const query of failed) void query.refetch();
  };

  return (
    <DashboardView
      scheduledCount={studentIds.length === 0 ? 0 : (scheduled.data?.length ?? null)}
      scheduledLoading={studentIds.length > 0 && scheduled.isPending && scheduled.fetchStatus !== 'idle'}
      pendingPayment={(unpaid.data?.length ?? 0) > 0}
      openingPayment={openPayment.isPending}
      loadError={loadError}
      retrying={failed.some((query) => query.isFetching)}
      onOpenPendingPayment={() => openPayment.mutate()}
      onRetry={retry}
    />
  );
}
