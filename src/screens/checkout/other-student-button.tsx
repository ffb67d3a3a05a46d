import { shallowEqual, useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { type TwoStudentSplitMachine, otherStudentLabel, twoStudentSplitMachine } from '../../../machines/booking/two-student-split.machine.ts';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { OtherStudentButtonView, type OtherStudentButtonViewProps } from './other-student-button-view.tsx';

type SplitSnapshot = SnapshotFrom<TwoStudentSplitMachine>;
type DataProps = Omit<OtherStudentButtonViewProps, `on${string}`>;

/** What the view shows of a snapshot: the one place the button's props are derived (stories use it too). */
export const selectOtherStudentView = (snapshot: SplitSnapshot): DataProps => {
  const { studentType } = snapshot.context.draft.split;
  return {
    label: snapshot.hasTag('showButton') && studentType !== null ? otherStudentLabel(studentType) : null,
    canSwitch: snapshot.can({ type: 'split.otherStudentRequested' }),
  };
};

/** The split is pure draft transforms: nothing to inject, the app runs the machine as it is. */
export const browserTwoStudentSplitMachine: TwoStudentSplitMachine = twoStudentSplitMachine;

/**
 * 'Go For First' / 'Go For Second' on checkout, or nothing when there is no other student to book. It runs
 * on the stored draft and, once pressed, writes the switched draft and goes to the other student's packages.
 */
export function OtherStudentButton() {
  const { actorRef, exit } = useBookingMachine(browserTwoStudentSplitMachine, 'checkout', 'new');
  const view = useSelector(actorRef, selectOtherStudentView, shallowEqual);
  if (exit) return exit;
  return <OtherStudentButtonView {...view} onRequest={() => actorRef.send({ type: 'split.otherStudentRequested' })} />;
}
