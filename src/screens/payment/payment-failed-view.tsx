import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import styles from './payment.module.css';

export interface PaymentFailedViewProps {
  /** 'Payment Failed' or 'Payment Cancelled'. */
  title: string;
  alertTitle: string;
  alertText: string;
  /** The wait is over: the client is on the way to the dashboard. */
  leaving: boolean;
}

/** /failed and /cancel: the alert, then the dashboard. */
export function PaymentFailedView({ title, alertTitle, alertText, leaving }: PaymentFailedViewProps) {
  return (
    <ScreenFrame title={title} titleHidden>
      <div role="alert" className={`${ui.card} ${styles.notice}`}>
        <span className={`${styles.check} ${styles.cross}`} aria-hidden="true">
          ✕
        </span>
        <h2 className={styles.noticeTitle}>{alertTitle}</h2>
        <p>{alertText}</p>
      </div>
      <p className={`${styles.progress} ${styles.after}`}>{leaving ? 'Going to the dashboard…' : 'You will be taken to the dashboard in a moment.'}</p>
    </ScreenFrame>
  );
}
