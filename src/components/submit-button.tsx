import type { ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import ui from './ui.module.css';

/** A form's primary button: a spinner while `busy`; disabled while busy unless `disabled` says otherwise. */
export function SubmitButton({ busy, disabled = busy, block = false, className, children }: { busy: boolean; disabled?: boolean; block?: boolean; className?: string; children: ReactNode }) {
  const classes = [ui.button, ui.primary, block ? ui.block : undefined, className].filter(Boolean).join(' ');
  return (
    <button type="submit" className={classes} disabled={disabled}>
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}
