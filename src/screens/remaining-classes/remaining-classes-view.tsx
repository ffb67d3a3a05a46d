import { useId } from 'react';
import { Link } from 'react-router';
import type { RemainingRow } from '../../../machines/booking/package-offer.ts';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './remaining-classes.module.css';
import { LoadError } from '../../components/load-error.tsx';

export interface RemainingClassesViewProps {
  loading: boolean;
  /** Why the packages could not be loaded (with Retry); null when all is well. */
  error: string | null;
  retrying: boolean;
  /** The paid packages, newest first. */
  packages: RemainingRow[];
  /** The text under a package that cannot be opened. */
  unreadableText: string;
  onRetry: () => void;
  onBook: (id: number) => void;
}

function PackageRow({ row, unreadableText, onBook }: { row: RemainingRow; unreadableText: string; onBook: (id: number) => void }) {
  const headingId = useId();
  const problemId = useId();
  return (
    <article className={`${ui.card} ${styles.row}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.name}>
        {row.name}
      </h2>
      {row.students.length > 0 ? <p className={styles.students}>{row.students.join(', ')}</p> : null}
      <dl className={styles.counts}>
        <div>
          <dt>Booked</dt>
          <dd>{row.booked}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{row.total}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd>{row.remaining}</dd>
        </div>
      </dl>
      {row.remaining > 0 ? (
        <>
          <button
            type="button"
            className={`${ui.button} ${ui.primary} ${ui.block}`}
            disabled={!row.openable}
            aria-describedby={row.openable ? undefined : problemId}
            onClick={() => onBook(row.id)}
          >
            Book remaining classes
          </button>
          {row.openable ? null : (
            <p id={problemId} className={ui.error}>
              {unreadableText}
            </p>
          )}
        </>
      ) : null}
    </article>
  );
}

function Body(props: RemainingClassesViewProps) {
  if (props.loading) return <CentredSpinner label="Loading packages" />;
  if (props.error) {
    return <LoadError message={props.error} onRetry={props.onRetry} retrying={props.retrying} />;
  }
  if (props.packages.length === 0) {
    return (
      <div className={`${ui.card} ${styles.empty}`}>
        <p>You have no packages yet.</p>
        <Link className={`${ui.button} ${ui.primary}`} to="/new-booking">
          New Booking
        </Link>
      </div>
    );
  }
  return (
    <ul className={styles.list}>
      {props.packages.map((row) => (
        <li key={row.id}>
          <PackageRow row={row} unreadableText={props.unreadableText} onBook={props.onBook} />
        </li>
      ))}
    </ul>
  );
}

/** /remaining-classes: the paid packages with their booked, total and remaining classes (props only). */
export function RemainingClassesView(props: RemainingClassesViewProps) {
  return (
    <ScreenFrame title="Remaining Classes" titleHidden>
      <Body {...props} />
    </ScreenFrame>
  );
}
