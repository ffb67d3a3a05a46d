import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { CentredSpinner } from '../../components/spinner.tsx';
import { type ClientPackage, clientDataOptions, scheduledClassesOptions, unpaidPackagesOptions } from '../../queries/client-queries.ts';
import { type SessionActor, useSessionActor } from '../../session/session-context.ts';
import { type User, clearWorkingKeys, writeJson, writeText } from '../../storage/browser-storage.ts';
import { notify } from '../../toasts/notify.ts';
import { DashboardView } from './dashboard-view.tsx';

type Snapshot = ReturnType<SessionActor['getSnapshot']>;

const selectUser = (snapshot: Snapshot) => snapshot.context.session?.user ?? null;

export const noPendingPaymentText = 'There is no pending payment any more.';
export const unreadablePendingPaymentText = 'This pending payment could not be opened. Please contact us.';

/** What tapping the pending payment stores, read from the first unpaid package. */
export interface PendingPaymentKeys {
  bookingdata: unknown;
  lessonData: Record<string, unknown>;
  packageFormData: Record<string, unknown>;
  groupedByWeek: unknown;
  selectedTeacher: unknown;
  selectedTeachers: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Reads the pending payment's booking out of an unpaid package, or null when its packageForm is not
 * the JSON object the portal stores ({ lessonData, packageFormData, groupedByWeek?, storedTeacher?,
 * storedTeacher2? }; the week grouping and teachers may also sit inside lessonData).
 */
export function readPendingPayment(pkg: ClientPackage): PendingPaymentKeys | null {
  const form = parseJson(pkg.packageForm);
  if (!isRecord(form)) return null;
  const { lessonData, packageFormData } = form;
  if (!isRecord(lessonData) || !isRecord(packageFormData)) return null;
  // bookingdata is JSON ({ bookdata }); some providers send it as JSON text.
  const bookingdata: unknown = typeof pkg.bookingdata === 'string' ? parseJson(pkg.bookingdata) : pkg.bookingdata;
  if (typeof pkg.bookingdata === 'string' && bookingdata === undefined) return null;
  return {
    bookingdata: bookingdata ?? null,
    lessonData,
    packageFormData,
    groupedByWeek: form.groupedByWeek ?? lessonData.groupedByWeek ?? null,
    selectedTeacher: form.storedTeacher ?? lessonData.storedTeacher ?? null,
    selectedTeachers: form.storedTeacher2 ?? lessonData.storedTeacher2 ?? null,
  };
}

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
