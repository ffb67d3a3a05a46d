import { Link } from 'react-router-dom';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './payment.module.css';

export const successTitle = 'Successful!';
export const confirmationEmailText = 'You will receive order confirmation by email shortly';

export interface SuccessViewProps {
  /** What the screen shows: the missing ref, the sequence at work, a failed step, the end, or nothing (leaving for the receipt). */
  phase: 'missingRef' | 'working' | 'failed' | 'succeeded' | 'leaving';
  /** What the sequence is doing now, while it works. */
  progress: string;
  /** What the order has done (payment, lessons, invoice), as the server last said; empty until it is read. */
  checklist: readonly { label: string; done: boolean }[];
  /** Paid classes that lost their hours and wait to be placed; null when none. */
  toPlace: string | null;
  /** The failed step's message (with Retry). */
  error: string | null;
  /** The missing-ref alert's title and text. */
  missingTitle: string;
  missingText: string;
  onRetry: () => void;
}

/** Decorative confetti: CSS only, still under prefers-reduced-motion. */
function Confetti() {
  return (
    <div className={styles.confetti} aria-hidden="true">
      {Array.from({ length: 18 }, (_, i) => (
        <span key={i} className={styles.piece} />
      ))}
    </div>
  );
}

export const checklistLabel = 'Your order';

/** What the order has done, each step with a mark and, for screen readers, the word for it. */
function Checklist({ checklist, toPlace }: Pick<SuccessViewProps, 'checklist' | 'toPlace'>) {
  if (checklist.length === 0) return null;
  return (
    <>
      <ul className={styles.checklist} aria-label={checklistLabel}>
        {checklist.map((check) => (
          <li key={check.label} className={styles.checkItem}>
            <span className={check.done ? styles.tick : styles.pending} aria-hidden="true">
              {check.done ? '✓' : '…'}
            </span>
            {check.label}
            <span className={ui.visuallyHidden}>{check.done ? ': done' : ': not yet'}</span>
          </li>
        ))}
      </ul>
      {toPlace ? <p className={styles.toPlace}>{toPlace}</p> : null}
    </>
  );
}

/** /success: the payment's sequence at work, then the success message with 'Manage your Slots'. */
export function SuccessView({ phase, progress, checklist, toPlace, error, missingTitle, missingText, onRetry }: SuccessViewProps) {
  return (
    <ScreenFrame title="Payment" titleHidden>
      {phase === 'missingRef' ? (
        <div role="alert" className={`${ui.card} ${styles.notice}`}>
          <h2 className={styles.noticeTitle}>{missingTitle}</h2>
          <p>{missingText}</p>
          <Link className={`${ui.button} ${ui.secondary}`} to="/dashboard">
            Go to Dashboard
          </Link>
        </div>
      ) : null}
      {phase === 'working' ? (
        <div className={styles.working}>
          <CentredSpinner label={progress} />
          <p aria-hidden="true" className={styles.progress}>
            {progress}
          </p>
          <Checklist checklist={checklist} toPlace={toPlace} />
        </div>
      ) : null}
      {phase === 'failed' ? <LoadError message={error ?? ''} onRetry={onRetry} /> : null}
      {phase === 'succeeded' ? (
        <section className={`${ui.card} ${styles.success}`} aria-labelledby="payment-success-title">
          <Confetti />
          <span className={styles.check} aria-hidden="true">
            ✓
          </span>
          <h2 id="payment-success-title" className={styles.successTitle}>
            {successTitle}
          </h2>
          <p>{confirmationEmailText}</p>
          <Checklist checklist={checklist} toPlace={toPlace} />
          <Link className={`${ui.button} ${ui.primary} ${ui.block}`} to="/manage-booking">
            Manage your Slots
          </Link>
        </section>
      ) : null}
    </ScreenFrame>
  );
}
