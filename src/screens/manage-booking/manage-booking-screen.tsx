import { type UseQueryResult, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { type BookingCard, type BookingTab, bookingPage, bookingsOfTab, groupTitles, manageBookingPageSize, peopleOf, studentNamesOf } from '../../../machines/rules/booking-list.ts';
import { ratingMachineFor } from '../../actors/rating.ts';
import { browserTimeZone } from '../../booking/browser-time-zone.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { type Service, serviceOptions } from '../../queries/appointment-queries.ts';
import { scheduledClassesOptions } from '../../queries/client-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import { type BookingCardView, ManageBookingView, lessonName } from './manage-booking-view.tsx';

/** A name the card shows, or null while it loads or when the provider has none ('N/A'). */
const known = (name: string | null): string | null => (name === null || name === 'N/A' ? null : name);
import { RatingDialog, useRatingActor } from './rating-dialog.tsx';

/** A card with its names: unknown while the service loads, 'N/A' when it has none or its look-up failed. */
function withPeople(card: BookingCard, service: UseQueryResult<Service> | undefined): BookingCardView {
  if (!service || service.isPending) return { ...card, studentName: null, teacherName: null };
  return { ...card, ...peopleOf(service.data) };
}

/**
 * /manage-booking: the client's current and past bookings; a completed one's Comment opens Rate Us for it.
 * Times are the branch's; a reader whose zone (the browser's, unless a test gives one) shows another clock
 * gets theirs under each.
 */
export function ManageBookingScreen({ viewerTimeZone }: { viewerTimeZone?: string }) {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <ManageBooking user={user} viewerTimeZone={viewerTimeZone} />;
}

function ManageBooking({ user, viewerTimeZone }: { user: User; viewerTimeZone: string | undefined }) {
  const queryClient = useQueryClient();
  // The derived action compares with the moment the screen opened; it is not shown, so it need not tick.
  const [now] = useState(() => Date.now());
  const [viewerZone] = useState(() => viewerTimeZone ?? browserTimeZone());
  const [tab, setTab] = useState<BookingTab>('current');
  const [page, setPage] = useState(1);

  const studentIds = useMemo(() => user.studentdetails.map((student) => student.id), [user.studentdetails]);
  // Not fetched without a student (the spec's rule): the list is then empty.
  const lessonsQuery = scheduledClassesOptions(studentIds, user.branch_id);
  const appointments = useQuery(lessonsQuery);
  // A rating given (or refused as given already) is read back with the lists, so the card shows its stars.
  const [ratingMachine] = useState(() => ratingMachineFor({ lessonsChanged: () => void queryClient.invalidateQueries({ queryKey: lessonsQuery.queryKey.slice(0, 1) }) }));
  const rating = useRatingActor({ clientid: user.clientid, email: user.email }, ratingMachine);

  const inTab = useMemo(() => bookingsOfTab(appointments.data ?? [], tab), [appointments.data, tab]);
  const shown = useMemo(
    () => bookingPage(inTab, { page, size: manageBookingPageSize, timeZone: user.branch_time_zone, viewerTimeZone: viewerZone, now }),
    [inTab, page, user.branch_time_zone, viewerZone, now],
  );
  // Only this page's services, one query each: the cards that share a service share its answer.
  const services = useQueries({ queries: shown.serviceIds.map((serviceId) => serviceOptions(serviceId, user.branch_id)) });
  const serviceOf = new Map(shown.serviceIds.map((serviceId, index) => [serviceId, services[index]]));
  const titles = groupTitles(shown.groups, (serviceId) => {
    const service = serviceOf.get(serviceId)?.data;
    return service ? studentNamesOf(service) : undefined;
  });
  const cards = shown.groups.flatMap((group) => group.items);

  return (
    <>
      <ManageBookingView
        tab={tab}
        loading={appointments.isLoading}
        error={appointments.isError ? appointments.error.message : null}
        retrying={appointments.isFetching}
        groups={shown.groups.map((group, index) => ({
          key: group.key,
          title: titles[index] ?? group.packageName,
          items: group.items.map((card) => withPeople(card, serviceOf.get(card.serviceId))),
        }))}
        page={shown.page}
        pageCount={shown.pageCount}
        timesIn={shown.timesIn}
        calendarControl={(card) =>
          // A lesson still to come; a cancelled or unpaid one is no event to add.
          card.status === 'planned' ? (
            <AddToCalendar
              lessonId={card.id}
              subject={card.subject}
              tutor={known(card.teacherName)}
              students={known(card.studentName)}
              start={card.start}
              finish={card.finish}
              timeZone={user.branch_time_zone}
            />
          ) : null
        }
        onTab={(next) => {
          setTab(next);
          setPage(1);
        }}
        onPage={setPage}
        onRetry={() => void appointments.refetch()}
        onComment={(id) => {
          const card = cards.find((candidate) => candidate.id === id);
          if (card) rating.send({ type: 'rating.opened', lesson: { id, name: lessonName(card) } });
        }}
      />
      <RatingDialog actor={rating} />
    </>
  );
}
