import { useAppQueryClient } from '../../queries/query-client.ts';
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { classesToPlaceText } from '../../../machines/booking/classes-to-place.ts';
import { useLocation } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import type { BookingEntry } from '../../../machines/booking/booking-draft.ts';
import type { SlotSelectionMachine } from '../../../machines/booking/slot-selection.machine.ts';
import { groupedByWeek, slotWeekGrid } from '../../../machines/booking/slot-selection.model.ts';
import { groupOfYear, programName } from '../../../machines/rules/programs.ts';
import { isChosen } from '../../../machines/rules/slot-limits.ts';
import { slotSelectionMachineFor } from '../../actors/slot-selection.ts';
import { useHeaderBack } from '../../components/header-back.tsx';
import { noticeIn } from '../../booking/booking-notice.ts';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { useBrowserBackAsks } from '../../booking/use-browser-back-asks.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { slotWhen } from '../../components/week-grid/day-columns.ts';
import { selectWeekGrid, showWeek, weekDays } from '../../components/week-grid/select-week-grid.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { BookClassView, type BookClassViewProps } from './book-class-view.tsx';
import { useTutorsAhead } from './use-tutors-ahead.ts';
import { freeAssessmentUsedText } from '../../../contract/refusals.ts';

type SlotSelectionSnapshot = SnapshotFrom<SlotSelectionMachine>;
type DataProps = Omit<BookClassViewProps, `on${string}`>;

function phaseOf(snapshot: SlotSelectionSnapshot): DataProps['phase'] {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'failed';
  if (snapshot.matches('confirmingBack') && !snapshot.context.loaded) return snapshot.context.error ? 'failed' : 'loading';
  return 'choosing';
}

/** What the free assessment means on this screen, or why it cannot be booked. */
export const freeOneClassText = 'Choose one class: it is booked as your free assessment, at no charge.';

function noticeOf({ context }: SlotSelectionSnapshot): DataProps['notice'] {
  // The hours checkout lost come first: they say why the client is here again.
  if (context.notice.length > 0) return { lines: context.notice, refused: true };
  if (!context.freeAssessment) return null;
  return context.freeAssessmentUsed ? { lines: [freeAssessmentUsedText], refused: true } : { lines: [freeOneClassText], refused: false };
}

/** Whom the free assessment is for, as the free flow names the program (spec §3: Key Stage 2 is 'Secondary' there). */
function freeLead({ context }: SlotSelectionSnapshot): string | null {
  const { learners } = context;
  if (context.draft.entry !== 'free' || !learners) return null;
  const group = groupOfYear(learners.year);
  const program = group === null ? null : programName(group, 'free');
  return ['For ' + learners.names.join(' & '), program, learners.program].filter(Boolean).join(' · ');
}

/** What the grid is for, above it: a paid order's lost classes (in the card's words), or the free assessment's student. */
function leadOf(snapshot: SlotSelectionSnapshot): string | null {
  const { context } = snapshot;
  if (context.draft.orderRef !== null && context.remainingClasses !== null) return classesToPlaceText(context.remainingClasses);
  return freeLead(snapshot);
}

/** 'Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad': a slot in Selected Slots and the Available Tutors dialog. */
const slotText = (slot: { date: string; time: string; subject: string; name?: string }, timeZone: string) => [slotWhen(slot.date, slot.time, timeZone), slot.subject, slot.name].filter(Boolean).join(' · ');

/** The grid's days: each hour free, selected for the subject shown, or taken by the subject it was chosen for. */
function daysOf(snapshot: SlotSelectionSnapshot): DataProps['days'] {
  const { context } = snapshot;
  const { chosen, subject } = context;
  return weekDays(context, slotWeekGrid, (date, time) => {
    if (isChosen(chosen, subject, date, time)) return { state: 'chosen' };
    const other = chosen.find((slot) => slot.date === date && slot.time === time);
    return other ? { state: 'taken', by: other.subject } : { state: 'open' };
  });
}

/** What the grid's days are derived from: while none of it changes (a tap, the tutors' answer), neither do they. */
const daysInputs = ({ context }: SlotSelectionSnapshot) =>
  [context.today, context.month, context.weekIndex, context.availability, context.chosen, context.subject, context.timeZone, context.draft, context.learners, context.freeAssessment, context.remainingClasses] as const;
let lastDays: { inputs: ReturnType<typeof daysInputs>; days: DataProps['days'] } | null = null;

/**
 * daysOf, the same array while its inputs are: the grid (a memo) then skips the renders of a tap, which only
 * opens the dialog and fills in its tutors (issue 20: the dialog's first paint waited on the grid's renders).
 */
function rememberedDays(snapshot: SlotSelectionSnapshot): DataProps['days'] {
  const inputs = daysInputs(snapshot);
  if (lastDays && inputs.every((input, i) => input === lastDays?.inputs[i])) return lastDays.days;
  lastDays = { inputs, days: daysOf(snapshot) };
  return lastDays.days;
}

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectBookClassView = (snapshot: SlotSelectionSnapshot): DataProps => {
  const { context } = snapshot;
  const { learners, chosen, subject, pending, tutors, tutorError } = context;
  const tutorsOpen = snapshot.hasTag('tutors');
  return {
    title: context.draft.entry === 'free' ? 'Free Assessment' : 'Book Classes',
    phase: phaseOf(snapshot),
    error: context.error,
    subjects: (learners?.subjects ?? []).map((name) => ({ name, count: chosen.filter((slot) => slot.subject === name).length, current: name === subject })),
    ...selectWeekGrid(snapshot, slotWeekGrid, rememberedDays(snapshot)),
    selectedWeeks: Object.entries(groupedByWeek(chosen)).map(([label, slots]) => ({ label, slots: slots.map((slot) => ({ key: slot.key, text: slotText(slot, context.timeZone) })) })),
    freeAssessment: { offered: context.freeAssessmentOffered, checked: context.freeAssessment, switchable: snapshot.can({ type: 'freeAssessment.toggled' }) },
    notice: noticeOf(snapshot),
    lead: leadOf(snapshot),
    bookLabel: 'Book Now',
    busyLabel: 'Booking…',
    canBook: snapshot.can({ type: 'book.requested' }) && !snapshot.hasTag('busy'),
    processing: snapshot.matches('booking') || snapshot.matches('bookingRemaining'),
    tutors:
      tutorsOpen && pending
        ? {
            slotText: slotText(pending, context.timeZone),
            loading: snapshot.matches('fetchingTutors'),
            error: tutorError,
            rows: tutors.map((tutor, index) => ({ index, name: tutor.name, selectable: tutor.id !== null })),
          }
        : null,
    confirmingBack: snapshot.hasTag('confirmingBack'),
  };
};

interface ScreenProps {
  /** The machine with its implementations; tests give one whose calls they answer. By default the app's (slotSelectionMachineFor). */
  machine?: SlotSelectionMachine;
}

/** /book-class: the slots and tutors of a new booking or a renewal. */
export function BookClassScreen({ machine }: ScreenProps) {
  return <SignedIn machine={machine} entry="new" />;
}

/** /free-book: the one class of the free assessment, for the students, year and subjects of the form. */
export function FreeBookScreen({ machine }: ScreenProps) {
  return <SignedIn machine={machine} entry="free" />;
}

/** /remainingbookclass: the remaining classes of a paid package, or the classes to place of a paid order, booked on it. */
export function RemainingBookClassScreen({ machine }: ScreenProps) {
  return <SignedIn machine={machine} entry="remaining" />;
}

function SignedIn({ machine, entry }: { machine: SlotSelectionMachine | undefined; entry: BookingEntry }) {
  const user = useSelector(useSessionActor(), selectUser);
  if (!user) return <CentredSpinner label="Loading" />;
  return <BookClass machine={machine} entry={entry} clientid={user.clientid} branchId={user.branch_id} timeZone={user.branch_time_zone} />;
}

function BookClass({ machine: given, entry, clientid, branchId, timeZone }: { machine: SlotSelectionMachine | undefined; entry: BookingEntry; clientid: number; branchId: number; timeZone: string }) {
  const queryClient = useAppQueryClient();
  const [machine] = useState(() => given ?? slotSelectionMachineFor(queryClient));
  // What the step before says on arrival (checkout's hours taken), read once with the rest of the input.
  const notice = noticeIn(useLocation().state);
  const { actorRef, exit } = useBookingMachine(machine, entry === 'free' ? 'freeSlot' : 'slots', entry, { clientid, branchId, timeZone, notice });
  const view = useSelector(actorRef, selectBookClassView, shallowEqual);
  // A tap lists the tutors the grid read ahead; a test's own machine answers its reads itself, so none is made for it.
  useTutorsAhead(actorRef, given === undefined);
  // The header's back arrow and the browser's back button both ask before the slots are cleared.
  const askBack = useCallback(() => actorRef.send({ type: 'back.requested' }), [actorRef]);
  useHeaderBack(askBack);
  useBrowserBackAsks(askBack);
  // The grid's handlers keep their identity, so that the grid (a memo) renders only when what it shows changes.
  const onSlot = useCallback((date: string, time: string) => actorRef.send({ type: 'slot.clicked', date, time }), [actorRef]);
  const onWeek = useCallback((index: number) => actorRef.send({ type: 'week.chosen', index }), [actorRef]);
  const onShowWeek = useCallback((month: string, index: number) => showWeek(actorRef, view.month, month, index), [actorRef, view.month]);
  if (exit) return exit;
  return (
    <BookClassView
      {...view}
      onRetry={() => actorRef.send({ type: 'load.retried' })}
      onSubject={(subject) => actorRef.send({ type: 'subject.chosen', subject })}
      onMonth={(month) => actorRef.send({ type: 'month.chosen', month })}
      onWeek={onWeek}
      onPreviousWeeks={() => actorRef.send({ type: 'weeks.previous' })}
      onNextWeeks={() => actorRef.send({ type: 'weeks.next' })}
      onShowWeek={onShowWeek}
      onSlot={onSlot}
      onRemove={(key) => actorRef.send({ type: 'slot.removed', key })}
      onTutor={(index) => actorRef.send({ type: 'tutor.chosen', index })}
      onCloseTutors={() => actorRef.send({ type: 'tutors.closed' })}
      onFreeAssessment={() => actorRef.send({ type: 'freeAssessment.toggled' })}
      onBook={() => actorRef.send({ type: 'book.requested' })}
      onConfirmBack={() => actorRef.send({ type: 'back.confirmed' })}
      onCancelBack={() => actorRef.send({ type: 'back.cancelled' })}
    />
  );
}
