import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { type PaymentFailedMachine, paymentFailedText, paymentFailedTitle } from '../../../machines/booking/payment-failed.machine.ts';
import { browserPaymentFailedMachine } from '../../actors/payment-failed.ts';
import { machineInspection } from '../../inspection/machine-inspection.ts';
import { PaymentFailedView, type PaymentFailedViewProps } from './payment-failed-view.tsx';

type DataProps = Omit<PaymentFailedViewProps, 'title'>;

/** What the view shows of a snapshot (stories use it too). */
export const selectPaymentFailedView = (snapshot: SnapshotFrom<PaymentFailedMachine>): DataProps => ({
  alertTitle: paymentFailedTitle,
  alertText: paymentFailedText,
  leaving: snapshot.status === 'done',
});

interface ScreenProps {
  machine?: PaymentFailedMachine;
}

/** /failed: the payment provider refused the payment. */
export function PaymentFailedScreen({ machine = browserPaymentFailedMachine }: ScreenProps) {
  return <PaymentOutcome machine={machine} title="Payment Failed" />;
}

/** /cancel: the client cancelled on the payment page. */
export function PaymentCancelledScreen({ machine = browserPaymentFailedMachine }: ScreenProps) {
  return <PaymentOutcome machine={machine} title="Payment Cancelled" />;
}

function PaymentOutcome({ machine, title }: { machine: PaymentFailedMachine; title: string }) {
  const actorRef = useActorRef(machine, { inspect: machineInspection() });
  const view = useSelector(actorRef, selectPaymentFailedView, shallowEqual);
  // The end comes through the actor's completion (observers are not sent the final snapshot as a change).
  const [done, setDone] = useState(false);
  useEffect(() => {
    const subscription = actorRef.subscribe({ complete: () => setDone(true) });
    return () => subscription.unsubscribe();
  }, [actorRef]);
  if (done) return <Navigate to="/dashboard" replace />;
  return <PaymentFailedView {...view} title={title} />;
}
