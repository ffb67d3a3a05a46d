import { useId } from 'react';
import { Link } from 'react-router';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { Spinner } from '../../components/spinner.tsx';
import styles from './dashboard.module.css';
import { LoadError } from '../../components/load-error.tsx';
import type { ScheduledCount } from '../../../machines/rules/booking-list.ts';

export interface DashboardViewProps {
  /** The scheduled classes, all of them and by Manage Booking's tab; null while unknown (loading, or the load failed). */
  scheduled: ScheduledCount | null;
  scheduledLoading: boolean;
  /**
   * A read that may add a card above the tiles (the pending payment, classes to place) or the count has not
   * answered yet: the screen says it is still changing, since a tile can move under a finger meanwhile.
   */
  loading: boolean;
  /** An unpaid package exists: the 'Complete Your Pending Payment' card shows. */
  pendingPayment: boolean;
  /** The pending payment is being fetched and stored before the booking summary opens. */
  openingPayment: boolean;
  /** Paid orders with classes to place (their hours were lost to a late payment): a card each, its text and its ref. */
  ordersToPlace: { ref: string; text: string }[];
  /** What could not be loaded, with a Retry button; null when all is well. */
  loadError: string | null;
  retrying: boolean;
  onOpenPendingPayment: () => void;
  /** A card of `ordersToPlace` was tapped: its ref. */
  onOpenOrder: (ref: string) => void;
  onRetry: () => void;
}

const scheduledText = (count: number) => (count === 1 ? 'scheduled class' : 'scheduled classes');

const icon = { viewBox: '0 0 24 24', width: 28, height: 28, 'aria-hidden': true, focusable: false, fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function CalendarCheckIcon() {
  return (
    <svg {...icon}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M9 15l2 2 4-4" />
    </svg>
  );
}

function CalendarPlusIcon() {
  return (
    <svg {...icon}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
    </svg>
  );
}

function TutorsIcon() {
  return (
    <svg {...icon}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.8 3 2.5 3.5 5.2" />
    </svg>
  );
}

function RenewIcon() {
  return (
    <svg {...icon}>
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg {...icon} width={24} height={24}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

/** The tiles after Manage Booking. */
const shortcuts = [
  { label: 'New Booking', to: '/new-booking', Icon: CalendarPlusIcon },
  { label: 'CR Tutors', to: '/crtutors', Icon: TutorsIcon },
  { label: 'Renew/change Package', to: '/renew-change-packages', Icon: RenewIcon },
] as const;

/** The dashboard: welcome banner, the paid classes to place and the pending payment (when there are), and the shortcut tiles. */
export function DashboardView(props: DashboardViewProps) {
  const shortcutsId = useId();
  return (
    <ScreenFrame title="Dashboard" titleHidden busy={props.loading}>
      <section className={styles.banner}>
        <h2 className={styles.welcome}>Welcome to Your Dashboard!</h2>
      </section>

      {props.loadError ? (
        <LoadError message={props.loadError} onRetry={props.onRetry} retrying={props.retrying} />
      ) : null}

      {props.ordersToPlace.map((order) => (
        <button key={order.ref} type="button" className={`${styles.pending} ${styles.toPlace}`} onClick={() => props.onOpenOrder(order.ref)}>
          <span>{order.text}</span>
          <ChevronIcon />
        </button>
      ))}

      {props.pendingPayment ? (
        <button
          type="button"
          className={styles.pending}
          onClick={props.onOpenPendingPayment}
          disabled={props.openingPayment}
          aria-busy={props.openingPayment}
        >
          <span>Complete Your Pending Payment</span>
          {props.openingPayment ? <Spinner /> : <ChevronIcon />}
        </button>
      ) : null}

      <section aria-labelledby={shortcutsId}>
        <h2 id={shortcutsId} className={styles.sectionTitle}>
          Shortcuts
        </h2>
        <ul className={styles.grid}>
          <li>
            <Link className={styles.tile} to="/manage-booking">
              <span className={styles.tileIcon}>
                <CalendarCheckIcon />
              </span>
              <span className={styles.tileTitle}>Manage Booking</span>{' '}
              {props.scheduledLoading ? (
                <span className={styles.countLoading}>
                  <Spinner label="Loading scheduled classes" />
                </span>
              ) : props.scheduled !== null ? (
                <span className={styles.count}>
                  <span className={styles.badge}>{props.scheduled.all}</span>{' '}
                  <span className={styles.countWords}>
                    <span>{scheduledText(props.scheduled.all)}</span>
                    {/* With past lessons in the count, it says how many are still to come (Manage Booking's two tabs). */}
                    {props.scheduled.past > 0 ? (
                      <>
                        {' '}
                        <span>
                          {props.scheduled.current} current, {props.scheduled.past} past
                        </span>
                      </>
                    ) : null}
                  </span>
                </span>
              ) : null}
            </Link>
          </li>
          {shortcuts.map(({ label, to, Icon }) => (
            <li key={to}>
              <Link className={styles.tile} to={to}>
                <span className={styles.tileIcon}>
                  <Icon />
                </span>
                <span className={styles.tileTitle}>{label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </ScreenFrame>
  );
}
