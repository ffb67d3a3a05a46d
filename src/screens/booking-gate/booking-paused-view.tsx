import { Link } from 'react-router';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import styles from './booking-paused.module.css';

export const bookingPausedTitle = 'Booking is paused for this account';

/** What New Booking and Renew show while booking is paused for the client. */
export function BookingPausedView({ contactPhone, contactEmail }: { contactPhone: string; contactEmail: string }) {
  return (
    <ScreenFrame title={bookingPausedTitle}>
      <section className={`${ui.card} ${styles.notice}`}>
        <p>Please contact us to book new lessons or renew your package.</p>
        <ul className={styles.contacts}>
          <li>
            Phone: <a href={`tel:${contactPhone.replace(/[^+\d]/g, '')}`}>{contactPhone}</a>
          </li>
          <li>
            E-mail: <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </li>
        </ul>
        <Link className={`${ui.button} ${ui.primary} ${ui.block}`} to="/dashboard">
          Back to the dashboard
        </Link>
      </section>
    </ScreenFrame>
  );
}
