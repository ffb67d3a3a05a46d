import { TimesIn } from '../../components/lesson-time.tsx';
import { ConfirmBackDialog } from '../../components/confirm-back-dialog.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './booking-summary.module.css';
import type { SummaryWeek } from './summary-detail.ts';

export interface BookingSummaryViewProps {
  /** 'Booking Summary'; the free assessment's summary says so. */
  title: string;
  /** leaving: the screen is on its way to the next step. */
  phase: 'viewing' | 'leaving';
  studentName: string;
  /** The second student's name, or null with one student. */
  studentName2: string | null;
  /** 'GOLD (12 classes)'. */
  packageLine: string;
  /** '60 minutes'. */
  classDuration: string;
  /** The package's price as shown on its card. */
  total: string;
  weeks: SummaryWeek[];
  /** Said over the sessions: 'Times in Dubai time' (the slots are the branch's wall clock). */
  timesIn: string;
  /** How many of the package's classes are chosen and how many are left to book later; null when all are (or no package). */
  classesLeft?: string | null;
  /** The 'If you go back…' question is open. */
  confirmingBack: boolean;
  backWarning: string;
  canConfirm: boolean;
  /** Confirm Booking is being carried out (the free assessment books on confirm). */
  processing: boolean;
  /** Why the booking could not be made; null when nothing went wrong. */
  error: string | null;
  onConfirm: () => void;
  onConfirmBack: () => void;
  onCancelBack: () => void;
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** /booking-summary (props only): the package and the booking by week, Confirm Booking, and the back question. */
export function BookingSummaryView(props: BookingSummaryViewProps) {
  if (props.phase === 'leaving') {
    return (
      <ScreenFrame title={props.title} titleHidden>
        <CentredSpinner label="Loading" />
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title={props.title} titleHidden>
      <section className={ui.card} aria-labelledby="summary-package">
        <h2 id="summary-package" className={styles.heading}>
          Package Detail
        </h2>
        <dl className={styles.details}>
          <Detail term="Student Name" value={props.studentName} />
          {props.studentName2 ? <Detail term="Student Name 2" value={props.studentName2} /> : null}
          <Detail term="Package" value={props.packageLine} />
          <Detail term="Class Duration" value={props.classDuration} />
          <Detail term="Total" value={props.total} />
        </dl>
      </section>
      <section className={ui.card} aria-labelledby="summary-booking">
        <h2 id="summary-booking" className={styles.heading}>
          Booking Detail
        </h2>
        {props.classesLeft ? <p className={styles.classesLeft}>{props.classesLeft}</p> : null}
        {props.weeks.length > 0 ? <TimesIn text={props.timesIn} /> : null}
        {props.weeks.map((week) => (
          <section key={week.label} className={styles.week} aria-label={week.label}>
            <h3 className={styles.weekTitle}>{week.label}</h3>
            <ul className={styles.sessions}>
              {week.sessions.map((session) => (
                <li key={session.key} className={styles.session}>
                  <span className={styles.when}>{session.when}</span>
                  <span>
                    {session.subject} with {session.tutor}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>
      {props.error ? (
        <p role="alert" className={ui.error}>
          {props.error}
        </p>
      ) : null}
      <button type="button" className={`${ui.button} ${ui.primary} ${ui.block}`} disabled={!props.canConfirm} onClick={props.onConfirm}>
        {props.processing ? 'Booking…' : 'Confirm Booking'}
      </button>
      <ConfirmBackDialog open={props.confirmingBack} warning={props.backWarning} onStay={props.onCancelBack} onGoBack={props.onConfirmBack} />
    </ScreenFrame>
  );
}
