import { Link } from 'react-router-dom';
import type { ReceiptWeek } from '../../../machines/rules/lesson-weeks.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './payment.module.css';
import { confirmationEmailText, successTitle } from './success-view.tsx';

export interface ReceiptViewProps {
  loading: boolean;
  /** Why the lessons could not be loaded (with Retry); null when all is well. */
  error: string | null;
  weeks: ReceiptWeek[];
  onRetry: () => void;
}

/** /payment-successfull?ref=…: the receipt of a completed order, its lessons by week, each with a check mark. */
export function ReceiptView({ loading, error, weeks, onRetry }: ReceiptViewProps) {
  return (
    <ScreenFrame title="Payment Successful" titleHidden>
      <section className={`${ui.card} ${styles.success}`} aria-labelledby="receipt-title">
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <h2 id="receipt-title" className={styles.successTitle}>
          {successTitle}
        </h2>
        <p>{confirmationEmailText}</p>
        <Link className={`${ui.button} ${ui.primary} ${ui.block}`} to="/dashboard">
          Manage your Slots
        </Link>
      </section>
      {loading ? <CentredSpinner label="Loading your classes" /> : null}
      {error ? <LoadError message={error} onRetry={onRetry} /> : null}
      {weeks.map((week) => (
        <section key={week.label} className={styles.week} aria-label={week.label}>
          <h3 className={styles.weekTitle}>{week.label}</h3>
          <ul className={styles.lessons}>
            {week.lessons.map((lesson) => (
              <li key={lesson.id} className={`${ui.card} ${styles.lesson}`}>
                <span className={styles.tick} role="img" aria-label="Booked">
                  ✓
                </span>
                <span>
                  <strong>{lesson.subject}</strong>
                  <br />
                  {lesson.day} · {lesson.time}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </ScreenFrame>
  );
}
