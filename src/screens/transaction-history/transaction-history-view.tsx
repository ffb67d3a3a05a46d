import { useId } from 'react';
import { Link } from 'react-router';
import type { InvoiceRow } from '../../../machines/rules/invoices.ts';
import { LoadError } from '../../components/load-error.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './transaction-history.module.css';

export const noTransactionsText = 'You have no transactions yet.';

export interface TransactionHistoryViewProps {
  loading: boolean;
  /** Why the invoices could not be loaded (with Retry); null when all is well. */
  error: string | null;
  retrying: boolean;
  /** The client's invoices, newest first. */
  invoices: InvoiceRow[];
  onRetry: () => void;
  /** Pay was chosen on an unpaid invoice: its payment page opens. */
  onPay: (link: string) => void;
}

function Invoice({ invoice, onPay }: { invoice: InvoiceRow; onPay: (link: string) => void }) {
  const descriptionId = useId();
  const payForId = useId();
  const { payLink } = invoice;
  return (
    <article className={`${ui.card} ${styles.invoice}`} aria-labelledby={descriptionId}>
      <div className={styles.main}>
        {/* One line per thing bought, its package over its students and subjects; named as one text. */}
        <h2 id={descriptionId} className={styles.description} aria-label={invoice.description}>
          {invoice.lines.map((line, index) => (
            <span key={`${index}-${line.title}`} className={styles.line}>
              <span className={styles.lineTitle}>{line.title}</span>
              {line.detail ? <span className={styles.lineDetail}>{line.detail}</span> : null}
            </span>
          ))}
        </h2>
        <p className={styles.meta}>
          <time dateTime={invoice.sent}>{invoice.date}</time>
          {invoice.method ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                <span className={ui.visuallyHidden}>Payment method: </span>
                {invoice.method}
              </span>
            </>
          ) : null}
        </p>
      </div>
      <div className={styles.side}>
        <p className={styles.amount}>{invoice.amount}</p>
        {/* The word says the status; the colour (by data-tone) only repeats it. */}
        <p className={styles.status} data-tone={invoice.tone}>
          <span className={ui.visuallyHidden}>Status: </span>
          {invoice.status}
        </p>
        {payLink ? (
          <>
            <button type="button" className={`${ui.button} ${ui.primary} ${styles.pay}`} aria-describedby={payForId} onClick={() => onPay(payLink)}>
              Pay
            </button>
            {/* What Pay pays for, for screen readers (a hidden element may describe). */}
            <span id={payForId} hidden>
              {`${invoice.amount}: ${invoice.description}`}
            </span>
          </>
        ) : null}
      </div>
    </article>
  );
}

function Body(props: TransactionHistoryViewProps) {
  if (props.loading) return <CentredSpinner label="Loading transactions" />;
  if (props.error) return <LoadError message={props.error} onRetry={props.onRetry} retrying={props.retrying} />;
  if (props.invoices.length === 0) {
    return (
      <div className={`${ui.card} ${styles.empty}`}>
        <p>{noTransactionsText}</p>
      </div>
    );
  }
  return (
    <ul className={styles.list} aria-label="Transactions">
      {props.invoices.map((invoice) => (
        <li key={invoice.id}>
          <Invoice invoice={invoice} onPay={props.onPay} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /transaction-history: the client's invoices with what each paid for, date, payment method, amount and status,
 * Pay on an unpaid one, and Renew (props only).
 */
export function TransactionHistoryView(props: TransactionHistoryViewProps) {
  return (
    <ScreenFrame title="Transaction History" titleHidden>
      <Body {...props} />
      {/* Not under the spinner: it would jump down when the list arrives. */}
      {props.loading ? null : (
        <Link className={`${ui.button} ${ui.primary} ${ui.block} ${styles.renew}`} to="/new-booking">
          Renew
        </Link>
      )}
    </ScreenFrame>
  );
}
