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

/** /success: the payment's sequence at work, then the success message with 'Manage your Slots'. */
export function SuccessView({ phase, progress, error, missingTitle, missingText, onRetry }: SuccessViewProps) {
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
          <Link className={`${ui.button} ${ui.primary} ${ui.block}`} to="/manage-booking">
            Manage your Slots
          </Link>
        </section>
      ) : null}
    </ScreenFrame>
  );
}
