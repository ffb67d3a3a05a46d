import type { SnapshotFrom } from 'xstate';
import { type TwoStudentSplitMachine, otherStudentLabel } from '../../../machines/booking/two-student-split.machine.ts';
import type { OtherStudentButtonViewProps } from './other-student-button-view.tsx';

type SplitSnapshot = SnapshotFrom<TwoStudentSplitMachine>;
type DataProps = Omit<OtherStudentButtonViewProps, `on${string}`>;

/**
 * What checkout's other-student button shows of the split it invokes: the one place the button's props are
 * derived (checkout's selector and the stories use it).
 */
export const selectOtherStudentView = (snapshot: SplitSnapshot): DataProps => {
  const { studentType } = snapshot.context.draft.split;
  return {
    label: snapshot.hasTag('showButton') && studentType !== null ? otherStudentLabel(studentType) : null,
    canSwitch: snapshot.can({ type: 'split.otherStudentRequested' }),
  };
};
