import type { FreeClassRow } from '../../../machines/booking/free-assessment-class.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import { LessonLines } from './receipt-details.tsx';
import styles from './payment.module.css';

export const thankYouText = 'Thank you for your payment';
export const congratulationsText = 'Congratulations! You have successfully purchased a package, and your classes have been scheduled for the next two weeks.';
export const noFreeClassTitle = 'No class to confirm';
export const noFreeClassText = 'There is no free assessment class booked on your account, so there is nothing to confirm here. Your bookings are on your dashboard.';

export interface PaymentSummaryViewProps {
  /** Reading the class; the class booked; no free class on the account; a failed read (Retry). */
  phase: 'loading' | 'booked' | 'none' | 'failed';
  /** The free class as the server holds it; null in every phase but booked. */
  lesson: FreeClassRow | null;
  error: string | null;
  retrying: boolean;
  onBack: () => void;
  onRetry: () => void;
}

/** /payment-summary: the thanks and the class blocked for the client, or why there is nothing to confirm. */
export function PaymentSummaryView({ phase, lesson, error, retrying, onBack, onRetry }: PaymentSummaryViewProps) {
  const backButton = (
    <button type="button" className={`${ui.button} ${phase === 'booked' ? ui.secondary : ui.primary} ${ui.block} ${phase === 'none' ? '' : styles.after}`} onClick={onBack}>
      Back to Dashboard
    </button>
  );
  return (
    <ScreenFrame title="Payment Summary" titleHidden>
      {phase === 'loading' ? <CentredSpinner label="Loading your class" /> : null}
      {phase === 'failed' ? (
        <>
          <LoadError message={error ?? ''} onRetry={onRetry} retrying={retrying} />
          {backButton}
        </>
      ) : null}
      {phase === 'none' ? (
        <div role="alert" className={`${ui.card} ${styles.notice}`}>
          <span className={`${styles.check} ${styles.muted}`} aria-hidden="true">
            !
          </span>
          <h2 className={styles.infoTitle}>{noFreeClassTitle}</h2>
          <p>{noFreeClassText}</p>
          {backButton}
        </div>
      ) : null}
      {phase === 'booked' && lesson ? (
        <div className={styles.layout}>
          <div className={styles.columns}>
            <section className={`${ui.card} ${styles.success}`} aria-labelledby="payment-summary-title">
              <span className={styles.check} aria-hidden="true">
                ✓
              </span>
              <h2 id="payment-summary-title" className={styles.successTitle}>
                {thankYouText}
              </h2>
              <p>{congratulationsText}</p>
            </section>
            <section className={styles.classes} aria-labelledby="blocked-classes-title">
              <h2 id="blocked-classes-title" className={styles.sectionTitle}>
                Blocked Classes
              </h2>
              <ul className={styles.lessons}>
                <li className={`${ui.card} ${styles.lesson}`}>
                  <span className={styles.tick} role="img" aria-label="Blocked">
                    ✓
                  </span>
                  <LessonLines {...lesson} />
                </li>
              </ul>
              {backButton}
            </section>
          </div>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
