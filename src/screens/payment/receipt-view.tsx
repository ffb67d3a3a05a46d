import { Link } from 'react-router';
import type { PaymentNoticeText, Receipt } from '../../../machines/rules/order-progress.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import { PaymentNotice, dashboardLinkText } from './payment-notice.tsx';
import { ReceiptClasses, ReceiptFacts } from './receipt-details.tsx';
import styles from './payment.module.css';
import { confirmationEmailText, successTitle } from './success-view.tsx';

export interface ReceiptViewProps {
  /** No ref; reading the order; no order of the client's; a failed read (Retry); an order not paid; the receipt. */
  phase: 'missingRef' | 'loading' | 'unavailable' | 'failed' | 'unpaid' | 'paid';
  /** Why there is nothing to confirm (missingRef, unavailable, unpaid); null otherwise. */
  notice: PaymentNoticeText | null;
  /** The paid order's receipt; null in every other phase. */
  receipt: Receipt | null;
  /** Why the order could not be read (with Retry); null when all is well. */
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
}

/** /payment-successfull?ref=…: the receipt of a paid order: the success, what was paid, and its lessons by week. */
export function ReceiptView({ phase, notice, receipt, error, retrying, onRetry }: ReceiptViewProps) {
  return (
    <ScreenFrame title="Payment Successful" titleHidden>
      {phase === 'loading' ? <CentredSpinner label="Loading your receipt" /> : null}
      {notice ? <PaymentNotice title={notice.title} text={notice.text} /> : null}
      {phase === 'failed' ? (
        <>
          <LoadError message={error ?? ''} onRetry={onRetry} retrying={retrying} />
          <Link className={`${ui.button} ${ui.secondary} ${ui.block} ${styles.after}`} to="/dashboard">
            {dashboardLinkText}
          </Link>
        </>
      ) : null}
      {receipt ? (
        <div className={styles.layout}>
          <div className={styles.columns}>
            <div className={styles.column}>
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
              <ReceiptFacts receipt={receipt} />
            </div>
            <ReceiptClasses receipt={receipt} />
          </div>
        </div>
      ) : null}
    </ScreenFrame>
  );
}
