import { ModalDialog } from './modal-dialog.tsx';
import ui from './ui.module.css';

interface ConfirmBackDialogProps {
  open: boolean;
  /** What going back loses, in the spec's words. */
  warning: string;
  onStay: () => void;
  onGoBack: () => void;
}

/** 'Go back?': asked before a booking step's back clears the appointment data (Book Classes, the booking summary). */
export function ConfirmBackDialog({ open, warning, onStay, onGoBack }: ConfirmBackDialogProps) {
  return (
    <ModalDialog open={open} role="alertdialog" title="Go back?" onClose={onStay}>
      <p>{warning}</p>
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onStay}>
          Stay
        </button>
        <button type="button" className={`${ui.button} ${ui.primary}`} onClick={onGoBack}>
          Go back
        </button>
      </div>
    </ModalDialog>
  );
}
