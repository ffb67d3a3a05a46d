import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native <dialog> as a modal with `open`: the browser moves focus in, makes the
 * page behind inert, and gives focus back when it closes. Where showModal is missing (jsdom), the
 * open attribute stands in and focus is moved in by hand. An element marked data-autofocus gets the focus.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The browser focuses the first control; a dialog may name a better start with data-autofocus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      if (!dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>('input, select, textarea, button, a[href]')?.focus();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return ref;
}
