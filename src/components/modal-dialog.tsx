import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modal-dialog.module.css';

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
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // jsdom has no showModal; the open attribute is the same to its accessibility tree.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
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
