import { Link } from 'react-router';
import ui from '../../components/ui.module.css';
import styles from './payment.module.css';

export const dashboardLinkText = 'Go to Dashboard';

/**
 * A payment screen with nothing of the client's to confirm (no ref, an unknown ref, another client's order, an
 * unpaid order, no free class): what happened in a sentence, and the way to the dashboard. Never a success.
 */
export function PaymentNotice({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className={`${ui.card} ${styles.notice}`}>
      <span className={`${styles.check} ${styles.muted}`} aria-hidden="true">
        !
      </span>
      <h2 className={styles.infoTitle}>{title}</h2>
      <p>{text}</p>
      <Link className={`${ui.button} ${ui.primary}`} to="/dashboard">
        {dashboardLinkText}
      </Link>
    </div>
  );
}
