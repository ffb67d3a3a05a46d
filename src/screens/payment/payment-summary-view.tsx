import type { GroupedByWeek } from '../../../machines/booking/booking-draft.ts';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import styles from './payment.module.css';

export const thankYouText = 'Thank you for your payment';
export const congratulationsText = 'Congratulations! You have successfully purchased a package, and your classes have been scheduled for the next two weeks.';

export interface PaymentSummaryViewProps {
  /** The classes booked, by week label, as the booking left them. */
  blocked: GroupedByWeek;
  onBack: () => void;
}

/** /payment-summary: the thanks, and the classes blocked for the client. */
export function PaymentSummaryView({ blocked, onBack }: PaymentSummaryViewProps) {
  const weeks = Object.entries(blocked).filter(([, slots]) => slots.length > 0);
  return (
    <ScreenFrame title="Payment Summary" titleHidden>
      <section className={`${ui.card} ${styles.success}`} aria-labelledby="payment-summary-title">
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <h2 id="payment-summary-title" className={styles.successTitle}>
          {thankYouText}
        </h2>
        <p>{congratulationsText}</p>
      </section>
      <section className={styles.week} aria-labelledby="blocked-classes-title">
        <h2 id="blocked-classes-title" className={styles.sectionTitle}>
          Blocked Classes
        </h2>
        {weeks.length === 0 ? <p>No classes to show.</p> : null}
        {weeks.map(([label, slots]) => (
          <section key={label} className={styles.week} aria-label={label}>
            <h3 className={styles.weekTitle}>{label}</h3>
            <ul className={styles.lessons}>
              {slots.map((slot) => (
                <li key={slot.key} className={`${ui.card} ${styles.lesson}`}>
                  <span className={styles.tick} role="img" aria-label="Blocked">
                    ✓
                  </span>
                  <span>
                    <strong>{slot.subject}</strong> · {slot.date} · {slot.time} · {slot.name}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      <button type="button" className={`${ui.button} ${ui.secondary} ${ui.block} ${styles.after}`} onClick={onBack}>
        Back to Dashboard
      </button>
    </ScreenFrame>
  );
}
