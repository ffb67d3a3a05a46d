import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import type { RescheduleData } from '../../../machines/rules/draft-types.ts';
import { type RescheduleMachine, rescheduleHelperText, rescheduleWeekGrid } from '../../../machines/reschedule.machine.ts';
import { formatDateTime, zoneLabel } from '../../../contract/date-format.ts';
import { isAvailable } from '../../../machines/rules/slots.ts';
import { browserRescheduleMachine } from '../../actors/reschedule.ts';
import { branchToday } from '../../booking/branch-today.ts';
import { machineInspection } from '../../inspection/machine-inspection.ts';
import { readRescheduleData } from '../../booking/reschedule-storage.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { slotWhen } from '../../components/week-grid/day-columns.ts';
import { selectWeekGrid, showWeek, weekDays } from '../../components/week-grid/select-week-grid.ts';
import { WeekGridPage, type WeekGridPageProps } from '../../components/week-grid/week-grid-page.tsx';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';

type RescheduleSnapshot = SnapshotFrom<RescheduleMachine>;
type DataProps = Omit<WeekGridPageProps, `on${string}` | 'dialogOpen' | 'options' | 'dialogs' | 'frameDialogs'>;

function phaseOf(snapshot: RescheduleSnapshot): DataProps['phase'] {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'failed';
  return 'choosing';
}

/** 'Moving Mathematics with Amira Haddad, now Sun 6 Dec 2026 · 16:00 Dubai time'. */
function leadOf({ reschedule, currentStart, timeZone }: RescheduleSnapshot['context']): string {
  const lesson = `${reschedule.topic} with ${reschedule.contractorName}`;
  if (!currentStart) return `Moving ${lesson}`;
  return `Moving ${lesson}, now ${formatDateTime(currentStart, timeZone)} ${zoneLabel(timeZone)}`;
}

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectRescheduleView = (snapshot: RescheduleSnapshot): DataProps => {
  const { context } = snapshot;
  const { chosen, reschedule, availability } = context;
  const chosenWeek = chosen ? rescheduleWeekGrid.weeksOf(context).find((w) => w.days.some((d) => d.date === chosen.date)) : undefined;
  // Only the lesson's tutor's hours.
  const days = weekDays(context, rescheduleWeekGrid, (date, time) =>
    !isAvailable(availability, date, time, reschedule.contractorNameid) ? null : chosen?.date === date && chosen.time === time ? { state: 'chosen' } : { state: 'open' },
  );
  return {
    title: 'Reschedule',
    phase: phaseOf(snapshot),
    error: context.error,
    subjects: [{ name: reschedule.topic, count: chosen ? 1 : 0, current: true }],
    ...selectWeekGrid(snapshot, rescheduleWeekGrid, days),
    selectedWeeks: chosen
      ? [
          {
            label: chosenWeek?.label ?? 'New time',
            slots: [{ key: `${chosen.date} ${chosen.time}`, text: `${slotWhen(chosen.date, chosen.time, context.timeZone)} · ${reschedule.topic} · ${reschedule.contractorName}` }],
          },
        ]
      : [],
    // In the choosing state an error is the reason the last hour or move was refused.
    notice: context.error && snapshot.matches('choosing') ? { lines: [context.error], refused: true } : { lines: [rescheduleHelperText], refused: false },
    lead: leadOf(context),
    bookLabel: 'Reschedule',
    busyLabel: snapshot.matches('checkingHour') ? 'Checking…' : 'Rescheduling…',
    // `now` is only read by the future check, which the client's own click makes with the real clock.
    canBook: snapshot.can({ type: 'reschedule.requested', now: 0 }) && !snapshot.hasTag('busy'),
    // While the tutor is asked about an hour, or the move is sent, the grid waits for the answer.
    processing: snapshot.matches('checkingHour') || snapshot.matches('moving'),
  };
};

interface ScreenProps {
  /** The machine with its implementations; tests give one whose calls they answer. */
  machine?: RescheduleMachine;
}

/** /reschedule-slot: one new hour for the lesson the Rescheduling list stored (rescheduleData). */
export function RescheduleSlotScreen({ machine = browserRescheduleMachine }: ScreenProps) {
  const user = useSelector(useSessionActor(), selectUser);
  const [lesson] = useState(readRescheduleData);
  // Opened without a lesson to move (a bookmark, another tab finished it): the list is where one is chosen.
  if (!lesson) return <Navigate to="/rescheduling" replace />;
  if (!user) return <CentredSpinner label="Loading" />;
  return <RescheduleSlot machine={machine} lesson={lesson} user={user} />;
}

const selectDone = (snapshot: RescheduleSnapshot) => snapshot.status === 'done';

function RescheduleSlot({ machine, lesson, user }: { machine: RescheduleMachine; lesson: RescheduleData; user: User }) {
  const [input] = useState(() => ({ reschedule: lesson, today: branchToday(user.branch_time_zone, Date.now()), branchId: user.branch_id, timeZone: user.branch_time_zone }));
  const actorRef = useActorRef(machine, { input, inspect: machineInspection() });
  const view = useSelector(actorRef, selectRescheduleView, shallowEqual);
  const done = useSelector(actorRef, selectDone);
  if (done) return <Navigate to="/rescheduling" replace />;
  return (
    <WeekGridPage
      {...view}
      onRetry={() => actorRef.send({ type: 'load.retried' })}
      // The one tab is the lesson's subject: there is no other to show.
      onSubject={() => {}}
      onMonth={(month) => actorRef.send({ type: 'month.chosen', month })}
      onWeek={(index) => actorRef.send({ type: 'week.chosen', index })}
      onPreviousWeeks={() => actorRef.send({ type: 'weeks.previous' })}
      onNextWeeks={() => actorRef.send({ type: 'weeks.next' })}
      onShowWeek={(month, index) => showWeek(actorRef, view.month, month, index)}
      onSlot={(date, time) => actorRef.send({ type: 'slot.clicked', date, time })}
      onRemove={() => actorRef.send({ type: 'slot.removed' })}
      onBook={() => actorRef.send({ type: 'reschedule.requested', now: Date.now() })}
    />
  );
}
