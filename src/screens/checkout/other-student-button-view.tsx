import type { OtherStudentLabel } from '../../../machines/booking/two-student-split.machine.ts';
import ui from '../../components/ui.module.css';

export interface OtherStudentButtonViewProps {
  /** 'Go For First' / 'Go For Second' while the other student is still to be booked; null shows nothing (Pay Now is checkout's). */
  label: OtherStudentLabel | null;
  /** Whether the current student's choices can be kept (a package chosen); false leaves the button disabled. */
  canSwitch: boolean;
  onRequest: () => void;
}

/** Checkout's button for booking the other student of an individual two-student booking, in place of Pay Now. */
export function OtherStudentButtonView({ label, canSwitch, onRequest }: OtherStudentButtonViewProps) {
  if (label === null) return null;
  return (
    <button type="button" className={`${ui.button} ${ui.primary} ${ui.block}`} disabled={!canSwitch} onClick={onRequest}>
      {label}
    </button>
  );
}
