import { type ReactNode, useId } from 'react';
import styles from './modal-dialog.module.css';
import { useModalDialog } from './use-modal-dialog.ts';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for confirmations and warnings. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A native modal <dialog>: focus moves into it when it opens (the browser's own focus handling),
 * Escape closes it, and focus goes back where it was when it closes.
 */
export function ModalDialog({ open, title, onClose, children, role = 'dialog' }: ModalDialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
