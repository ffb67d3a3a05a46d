import { Link } from 'react-router';
import { ArrivalNotice } from '../../components/arrival-notice.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import { PackageCard, type PackageCardData } from './package-card.tsx';
import styles from './package-selection.module.css';
import { LoadError } from '../../components/load-error.tsx';

export interface PackageSelectionViewProps {
  /** 'Packages', 'Renew / Change Package' or 'Remaining Package'. */
  title: string;
  /** What the step that sent the client here says (the grid opened before a package was chosen), one line each. */
  notice?: readonly string[];
  /** loading: the offer is being read; leaving: the screen is on its way to the next step. */
  phase: 'loading' | 'failed' | 'nothingToRenew' | 'choosing' | 'leaving';
  /** Why the offer could not be read (with Retry). */
  error: string | null;
  /** Who and what the packages are for: 'Adam Ahmed · Year 5 / Grade 4 · Mathematics, English'. */
  who: string | null;
  lessonsLegend: string;
  countOptions: number[];
  cards: PackageCardData[];
  /** The weekly-lessons banner while it shows, else null. */
  banner: string | null;
  canSelect: boolean;
  /** The 'Are You Sure You Want to Renew Your Package?' question is open. */
  confirmingRenewal: boolean;
  /** The renewed package's classes still to book (renewal only; 0 otherwise). */
  remainingClasses: number;
  onRetry: () => void;
  onToggle: (id: number) => void;
  onCountChange: (subject: string, count: number) => void;
  onClose: () => void;
  onSelect: () => void;
  onConfirmRenewal: () => void;
  onCancelRenewal: () => void;
}

const classesText = (n: number) => (n === 1 ? '1 class' : `${n} classes`);

function Body(props: PackageSelectionViewProps) {
  switch (props.phase) {
    case 'loading':
      return <CentredSpinner label="Loading packages" />;
    case 'leaving':
      return <CentredSpinner label="Loading" />;
    case 'failed':
      return <LoadError message={props.error ?? ''} onRetry={props.onRetry} />;
    case 'nothingToRenew':
      return (
        <div className={`${ui.card} ${styles.empty}`}>
          <p>You have no package to renew yet.</p>
          <Link className={`${ui.button} ${ui.primary}`} to="/new-booking">
            New Booking
          </Link>
        </div>
      );
    case 'choosing':
      return <Choosing {...props} />;
  }
}

function Choosing(props: PackageSelectionViewProps) {
  return (
    <>
      {props.who ? <p className={styles.who}>{props.who}</p> : null}
      {props.remainingClasses > 0 ? (
        <p className={styles.remaining}>
          Your package still has {classesText(props.remainingClasses)} to book. <Link to="/remaining-classes">Book your remaining classes</Link>
        </p>
      ) : null}
      {props.banner ? (
        <p role="alert" className={styles.banner}>
          {props.banner}
        </p>
      ) : null}
      {props.cards.length === 0 ? (
        <p className={`${ui.card} ${styles.empty}`}>No package is available for these students yet. Please contact us.</p>
      ) : (
        <ul className={styles.list}>
          {props.cards.map((card) => (
            <li key={card.id}>
              <PackageCard
                {...card}
                lessonsLegend={props.lessonsLegend}
                countOptions={props.countOptions}
                canSelect={props.canSelect}
                onToggle={() => props.onToggle(card.id)}
                onCountChange={props.onCountChange}
                onClose={props.onClose}
                onSelect={props.onSelect}
              />
            </li>
          ))}
        </ul>
      )}
      <ModalDialog open={props.confirmingRenewal} role="alertdialog" title="Are You Sure You Want to Renew Your Package?" onClose={props.onCancelRenewal}>
        <p>Your current package still has {classesText(props.remainingClasses)} to book.</p>
        <div className={ui.actions}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCancelRenewal}>
            Cancel
          </button>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={props.onConfirmRenewal}>
            Yes, renew
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

/**
 * The package cards of /manage-packages, /renew-change-packages and /remaining-package (props only). The
 * header bar (the layout's) shows the title; its back arrow is the container's.
 */
export function PackageSelectionView(props: PackageSelectionViewProps) {
  return (
    <ScreenFrame title={props.title} titleHidden>
      <ArrivalNotice lines={props.notice} />
      <Body {...props} />
    </ScreenFrame>
  );
}
