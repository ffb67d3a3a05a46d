import { type RefObject, useRef } from 'react';
import { flushSync } from 'react-dom';
import { pageText } from '../../machines/rules/booking-list.ts';
import ui from './ui.module.css';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** What comes into view when the page changes: the top of the list, not the buttons at its foot. */
  top: RefObject<HTMLElement | null>;
}

/**
 * Previous / 'Page X of Y' / Next of a paged list (Manage Booking, Rescheduling). A button that becomes
 * disabled by its own press hands the focus to the other one, so the keyboard is never dropped on the body.
 */
export function Pager({ page, pageCount, onPage, top }: PagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const go = (to: number) => {
    // The new page is rendered before the focus moves: the other button is enabled only then.
    flushSync(() => onPage(to));
    if (to <= 1) next.current?.focus();
    else if (to >= pageCount) previous.current?.focus();
    // jsdom has no scrolling; browsers do.
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <nav className={styles.pager} aria-label="Pages">
      <button ref={previous} type="button" className={`${ui.button} ${ui.secondary} ${styles.button}`} disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </button>
      <p className={styles.text} aria-live="polite" aria-atomic="true">
        {pageText(page, pageCount)}
      </p>
      <button ref={next} type="button" className={`${ui.button} ${ui.secondary} ${styles.button}`} disabled={page >= pageCount} onClick={() => go(page + 1)}>
        Next
      </button>
    </nav>
  );
}
