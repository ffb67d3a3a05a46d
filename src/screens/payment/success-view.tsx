import { Link } from 'react-router';
import type { PaymentNoticeText, Receipt } from '../../../machines/rules/order-progress.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import { PaymentNotice, dashboardLinkText } from './payment-notice.tsx';
import { ReceiptClasses, ReceiptFacts } from './receipt-details.tsx';
import styles from './payment.module.css';

export const successTitle = 'Successful!';
export const confirmationEmailText = 'You will receive order confirmation by email shortly';

export interface SuccessViewProps {
  /**
   * What the screen shows: no order to confirm (no ref, an unknown ref, another client's order), the sequence
   * at work, a failed step, the end, or nothing (leaving for the receipt).
   */
  phase: 'missingRef' | 'unavailable' | 'working' | 'failed' | 'succeeded' | 'leaving';
  /** What the sequence is doing now, while it works. */
  progress: string;
  /** What the order has done (payment, lessons, invoice), as the server last said; empty until it is read. */
  checklist: readonly { label: string; done: boolean }[];
  /** Paid classes that lost their hours and wait to be placed; null when none. */
  toPlace: string | null;
  /** The failed step's message (with Retry). */
  error: string | null;
  /** Why there is nothing to confirm (missingRef, unavailable); null otherwise. */
  notice: PaymentNoticeText | null;
  /** The paid order's receipt, once the sequence is done; null before. */
  receipt: Receipt | null;
  onRetry: () => void;
}

/** Decorative confetti: CSS only, behind the card's words (never over them or the receipt), still under prefers-reduced-motion. */
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

/** /success: the payment's sequence at work, then the success message with 'Manage your Slots' and the receipt. */
export function SuccessView({ phase, progress, checklist, toPlace, error, notice, receipt, onRetry }: SuccessViewProps) {
  return (
    <ScreenFrame title="Payment" titleHidden>
      {(phase === 'missingRef' || phase === 'unavailable') && notice ? <PaymentNotice title={notice.title} text={notice.text} /> : null}
      {phase === 'working' ? (
        <div className={styles.working}>
          <CentredSpinner label={progress} />
          <p aria-hidden="true" className={styles.progress}>
            {progress}
          </p>
          <Checklist checklist={checklist} toPlace={toPlace} />
        </div>
      ) : null}
      {phase === 'failed' ? (
        <>
          <LoadError message={error ?? ''} onRetry={onRetry} />
          <Link className={`${ui.button} ${ui.secondary} ${ui.block} ${styles.after}`} to="/dashboard">
            {dashboardLinkText}
          </Link>
        </>
      ) : null}
      {phase === 'succeeded' ? (
        <div className={styles.layout}>
          <div className={styles.columns}>
            <div className={styles.column}>
              <section className={`${ui.card} ${styles.success}`} aria-labelledby="payment-success-title">
                <Confetti />
                <span className={styles.check} aria-hidden="true">
                  ✓
                </span>
                <h2 id="payment-success-title" className={styles.successTitle}>
                  {successTitle}
                </h2>
                <p>{confirmationEmailText}</p>
                <Checklist checklist={checklist} toPlace={receipt ? null : toPlace} />
                <Link className={`${ui.button} ${ui.primary} ${ui.block}`} to="/manage-booking">
                  Manage your Slots
                </Link>
              </section>
              {receipt ? <ReceiptFacts receipt={receipt} /> : null}
            </div>
            {receipt ? <ReceiptClasses receipt={receipt} /> : null}
          </div>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
