import { shallowEqual, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { paymentMethods } from '../../../machines/booking/booking-draft.ts';
import type { CheckoutMachine } from '../../../machines/booking/checkout.machine.ts';
import { grandTotalOf, packageLinesOf, paymentMethodLabels, paymentMethodOf, studentNamesOf, subtotalOf, tutorNamesOf } from '../../../machines/booking/checkout-order.ts';
import type { User } from '../../storage/browser-storage.ts';
import { formatMoney } from '../../../machines/rules/money.ts';
import { browserCheckoutMachine } from '../../actors/checkout.ts';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { CheckoutView, type CheckoutViewProps } from './checkout-view.tsx';
import { selectOtherStudentView } from './select-other-student.ts';

type CheckoutSnapshot = SnapshotFrom<CheckoutMachine>;

const methods = paymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] }));
type DataProps = Omit<CheckoutViewProps, `on${string}`>;

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectCheckoutView = (snapshot: CheckoutSnapshot): DataProps => {
  const { draft, currency, code, coupon, couponMessage, error } = snapshot.context;
  const subtotal = subtotalOf(draft);
  const total = grandTotalOf(draft, coupon);
  // The invoked split says whether its button replaces Pay Now. A checkout opened without its draft runs
  // its machine with inert actors while it leaves (use-booking-machine.tsx): no split snapshot then.
  const split = snapshot.children.twoStudentSplit?.getSnapshot();
  const other = split?.context ? selectOtherStudentView(split) : null;
  return {
    phase: snapshot.status === 'done' ? 'leaving' : snapshot.matches('redirecting') ? 'redirecting' : 'ready',
    studentNames: studentNamesOf(draft).join(', '),
    tutorNames: tutorNamesOf(draft).join(', '),
    packages: packageLinesOf(draft),
    subtotal: formatMoney(subtotal, currency),
    discount: coupon ? formatMoney(subtotal - total, currency) : null,
    grandTotal: formatMoney(total, currency),
    code,
    appliedCode: coupon?.code ?? null,
    couponMessage: snapshot.hasTag('couponMessage') ? couponMessage : null,
    canApplyCoupon: snapshot.can({ type: 'coupon.applied' }),
    applyingCoupon: snapshot.matches('applyingCoupon'),
    methods,
    method: paymentMethodOf(draft),
    otherStudent: other?.label ? { label: other.label, canSwitch: other.canSwitch } : null,
    canPay: snapshot.can({ type: 'payment.requested' }),
    paying: snapshot.matches('paying'),
    error,
  };
};

/** /checkout: pays for the booking in the draft (a new booking, a renewal or the pending payment). */
export function CheckoutScreen({ machine = browserCheckoutMachine }: { machine?: CheckoutMachine }) {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <Checkout machine={machine} user={user} />;
}

function Checkout({ machine, user }: { machine: CheckoutMachine; user: User }) {
  const { actorRef, exit } = useBookingMachine(machine, 'checkout', 'new', {
    currency: config.currency,
    payer: { clientid: user.clientid, email: user.email, branch_id: user.branch_id, timeZone: user.branch_time_zone, students: user.studentdetails },
  });
  const view = useSelector(actorRef, selectCheckoutView, shallowEqual);
  if (exit) return exit;
  return (
    <CheckoutView
      {...view}
      onCodeChange={(code) => actorRef.send({ type: 'coupon.changed', code })}
      onApplyCoupon={() => actorRef.send({ type: 'coupon.applied' })}
      onMethodChange={(method) => actorRef.send({ type: 'method.changed', method })}
      onCancel={() => actorRef.send({ type: 'checkout.cancelled' })}
      onPay={() => actorRef.send({ type: 'payment.requested' })}
      onOtherStudent={() => actorRef.getSnapshot().children.twoStudentSplit?.send({ type: 'split.otherStudentRequested' })}
    />
  );
}
