import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { rescheduleNoticeText } from '../../../contract/reschedule-notice.ts';
import { type Appointment, groupTitles, rescheduleDataOf, reschedulePage, reschedulingPageSize, studentNamesOf } from '../../../machines/rules/booking-list.ts';
import { branchToday } from '../../booking/branch-today.ts';
import { browserTimeZone } from '../../booking/browser-time-zone.ts';
import { storeRescheduleData } from '../../booking/reschedule-storage.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { serviceOptions } from '../../queries/appointment-queries.ts';
import { scheduledClassesOptions } from '../../queries/client-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { notify } from '../../toasts/notify.ts';
import { ReschedulingView } from './rescheduling-view.tsx';

export const noTutorText = 'This lesson has no tutor to reschedule with. Please contact us.';

/**
 * /rescheduling: the client's lessons to come; Reschedule keeps the lesson and its tutor as rescheduleData and
 * opens /reschedule-slot. Times are the branch's; a reader whose zone (the browser's, unless a test gives one)
 * shows another clock gets theirs under each.
 */
export function ReschedulingScreen({ viewerTimeZone }: { viewerTimeZone?: string }) {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <Rescheduling user={user} viewerTimeZone={viewerTimeZone} />;
}

function Rescheduling({ user, viewerTimeZone }: { user: User; viewerTimeZone: string | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The notice counts from the branch's day when the screen opened.
  const [today] = useState(() => branchToday(user.branch_time_zone, Date.now()));
  const [viewerZone] = useState(() => viewerTimeZone ?? browserTimeZone());
  const [page, setPage] = useState(1);

  const studentIds = useMemo(() => user.studentdetails.map((student) => student.id), [user.studentdetails]);
  // Not fetched without a student (the spec's rule): the list is then empty.
  const appointments = useQuery(scheduledClassesOptions(studentIds, user.branch_id));
  const shown = useMemo(
    () => reschedulePage(appointments.data ?? [], { page, size: reschedulingPageSize, timeZone: user.branch_time_zone, viewerTimeZone: viewerZone, today }),
    [appointments.data, page, user.branch_time_zone, viewerZone, today],
  );
  // Whose lessons a group holds comes from this page's services (shared with Manage Booking's cache).
  const services = useQueries({ queries: shown.serviceIds.map((serviceId) => serviceOptions(serviceId, user.branch_id)) });
  const serviceOf = new Map(shown.serviceIds.map((serviceId, index) => [serviceId, services[index]?.data]));
  const titles = groupTitles(shown.groups, (serviceId) => {
    const service = serviceOf.get(serviceId);
    return service ? studentNamesOf(service) : undefined;
  });

  const reschedule = useMutation({
    mutationFn: async (appointment: Appointment) => {
      // The tutor is the service's first; a service looked up before (on Manage Booking) is not asked again.
      const service = await queryClient.fetchQuery(serviceOptions(appointment.service.id, user.branch_id));
      const data = rescheduleDataOf(appointment, service);
      if (!data) throw new Error(noTutorText);
      return data;
    },
    onSuccess: (data) => {
      storeRescheduleData(data);
      navigate('/reschedule-slot');
    },
    onError: (error) => notify.error(error.message),
  });

  return (
    <ReschedulingView
      loading={appointments.isLoading}
      error={appointments.isError ? appointments.error.message : null}
      retrying={appointments.isFetching}
      groups={shown.groups.map((group, index) => ({ key: group.key, title: titles[index] ?? group.packageName, items: group.items }))}
      page={shown.page}
      pageCount={shown.pageCount}
      timesIn={shown.timesIn}
      opening={reschedule.isPending ? reschedule.variables.id : null}
      noticeText={rescheduleNoticeText}
      onPage={setPage}
      onRetry={() => void appointments.refetch()}
      onReschedule={(id) => {
        const appointment = appointments.data?.find((candidate) => candidate.id === id);
        if (appointment) reschedule.mutate(appointment);
      }}
    />
  );
}
