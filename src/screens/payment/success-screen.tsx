import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import {
  type SuccessSequenceInput,
  type SuccessSequenceMachine,
  refMissingText,
  refMissingTitle,
} from '../../../machines/booking/success-sequence.machine.ts';
import {
  type OrderCheck,
  type OrderProgress,
  type PaymentNoticeText,
  type Receipt,
  orderChecklist,
  orderUnavailableTexts,
  receiptOf,
  toPlaceText,
} from '../../../machines/rules/order-progress.ts';
import { browserSuccessSequenceMachine } from '../../actors/success-sequence.ts';
import { machineInspection } from '../../inspection/machine-inspection.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { type User, readText } from '../../storage/browser-storage.ts';
import { SuccessView, type SuccessViewProps } from './success-view.tsx';
import { useBackToDashboard } from './use-back-to-dashboard.ts';

type SuccessSnapshot = SnapshotFrom<SuccessSequenceMachine>;
type DataProps = Omit<SuccessViewProps, `on${string}`>;

export const verifyingText = 'Verifying payment…';
export const bookingText = 'Booking your classes…';
export const recordingText = 'Recording your payment…';

function phaseOf(snapshot: SuccessSnapshot): DataProps['phase'] {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.matches('missingRef')) return 'missingRef';
  if (snapshot.matches('unavailable')) return 'unavailable';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('succeeded')) return 'succeeded';
  return 'working';
}

function progressOf(snapshot: SuccessSnapshot): string {
  if (snapshot.hasTag('booking')) return bookingText;
  if (snapshot.hasTag('recording')) return recordingText;
  return verifyingText;
}

const noChecks: OrderCheck[] = [];
// One list per answer of the server, so that a snapshot with the same order selects the same props.
const checklists = new WeakMap<OrderProgress, OrderCheck[]>();
function checklistOf(order: OrderProgress | null): OrderCheck[] {
  if (!order) return noChecks;
  const known = checklists.get(order);
  if (known) return known;
  const checks = orderChecklist(order);
  checklists.set(order, checks);
  return checks;
}

const missingRefNotice: PaymentNoticeText = { title: refMissingTitle, text: refMissingText };

function noticeOf(snapshot: SuccessSnapshot): PaymentNoticeText | null {
  if (snapshot.matches('missingRef')) return missingRefNotice;
  const { unavailable } = snapshot.context;
  return snapshot.matches('unavailable') && unavailable ? orderUnavailableTexts[unavailable] : null;
}

// One receipt per answer of the server, for the same reason as the checklists.
const receipts = new WeakMap<OrderProgress, Receipt>();
function receiptFor(snapshot: SuccessSnapshot): Receipt | null {
  const { order, timeZone } = snapshot.context;
  if (!order || !snapshot.matches('succeeded')) return null;
  const known = receipts.get(order);
  if (known) return known;
  const receipt = receiptOf(order, { timeZone, currency: config.currency });
  receipts.set(order, receipt);
  return receipt;
}

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectSuccessView = (snapshot: SuccessSnapshot): DataProps => ({
  phase: phaseOf(snapshot),
  progress: progressOf(snapshot),
  checklist: checklistOf(snapshot.context.order),
  toPlace: snapshot.context.order ? toPlaceText(snapshot.context.order) : null,
  error: snapshot.context.error,
  notice: noticeOf(snapshot),
  receipt: receiptFor(snapshot),
});

/**
 * The sequence's input: the ref and the payer. Nothing of the booking comes from this browser (the server
 * books the order it holds); only the pending-payment card's flag (dashboard=1, spec §4) says that the
 * client's free package goes once paid.
 */
export function successInput(ref: string | null, user: User): SuccessSequenceInput {
  return {
    ref: ref === null || ref.trim() === '' ? null : ref,
    clientid: user.clientid,
    deletesFreePackage: readText('dashboard') === '1',
    timeZone: user.branch_time_zone,
  };
}

interface ScreenProps {
  /** The machine with its implementations; tests give one whose calls they answer. */
  machine?: SuccessSequenceMachine;
}

/** /success?ref=…: verifies the paid order, has it booked if the server has not yet, and confirms it. */
export function SuccessScreen({ machine = browserSuccessSequenceMachine }: ScreenProps) {
  const user = useSelector(useSessionActor(), selectUser);
  const [params] = useSearchParams();
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <SuccessSequence machine={machine} user={user} orderRef={params.get('ref')} />;
}

function SuccessSequence({ machine, user, orderRef }: { machine: SuccessSequenceMachine; user: User; orderRef: string | null }) {
  const [input] = useState(() => successInput(orderRef, user));
  const actorRef = useActorRef(machine, { input, inspect: machineInspection() });
  const view = useSelector(actorRef, selectSuccessView, shallowEqual);
  useBackToDashboard();
  // The end comes through the actor's completion (observers are not sent the final snapshot as a change).
  const [receipt, setReceipt] = useState(false);
  useEffect(() => {
    const subscription = actorRef.subscribe({ complete: () => setReceipt(true) });
    return () => subscription.unsubscribe();
  }, [actorRef]);
  // An order confirmed before is shown as its receipt, never replayed; this page is replaced in history.
  if (receipt || view.phase === 'leaving') return <Navigate to={`/payment-successfull?ref=${encodeURIComponent(input.ref ?? '')}`} replace />;
  return <SuccessView {...view} onRetry={() => actorRef.send({ type: 'sequence.retried' })} />;
}
