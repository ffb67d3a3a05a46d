import { backWarning } from '../../../machines/booking/booking-steps.ts';
import { ConfirmBackDialog } from '../../components/confirm-back-dialog.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import { WeekGridPage, type WeekGridPageProps } from '../../components/week-grid/week-grid-page.tsx';
import styles from './book-class.module.css';

/** A tutor of the Available Tutors popup. No price: the package's price is what the client pays. */
export interface TutorRow {
  index: number;
  name: string;
  /** Select shows only when the tutor has an id (spec §4). */
  selectable: boolean;
}

export interface BookClassViewProps extends Omit<WeekGridPageProps, 'dialogOpen' | 'options' | 'dialogs' | 'frameDialogs'> {
  freeAssessment: { offered: boolean; checked: boolean; switchable: boolean };
  /** The Available Tutors dialog; null when closed. */
  tutors: { slotText: string; loading: boolean; error: string | null; rows: TutorRow[] } | null;
  confirmingBack: boolean;
  onTutor: (index: number) => void;
  onCloseTutors: () => void;
  onFreeAssessment: () => void;
  onConfirmBack: () => void;
  onCancelBack: () => void;
}

function TutorsDialog({ tutors, onTutor, onCloseTutors }: Pick<BookClassViewProps, 'tutors' | 'onTutor' | 'onCloseTutors'>) {
  return (
    <ModalDialog open={tutors !== null} title="Available Tutors" onClose={onCloseTutors}>
      {tutors ? (
        <div className={styles.tutors}>
          <p className={styles.slotText}>{tutors.slotText}</p>
          {tutors.loading ? (
            <Spinner label="Loading tutors" />
          ) : tutors.error ? (
            <p role="alert" className={ui.error}>
              {tutors.error}
            </p>
          ) : tutors.rows.length === 0 ? (
            <p>No available Tutors</p>
          ) : (
            <ul className={styles.tutorList}>
              {tutors.rows.map((row) => (
                <li key={row.index} className={styles.tutorRow}>
                  <strong>{row.name}</strong>
                  {row.selectable ? (
                    <button type="button" className={`${ui.button} ${ui.primary}`} aria-label={`Select ${row.name}`} onClick={() => onTutor(row.index)}>
                      Select
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <div className={ui.actions}>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onCloseTutors}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}

/**
 * /book-class (props only): the week grid's page (subject tabs, month, week tabs, the hourly grid, the chosen slots
 * and Book Now) with this screen's own parts: the Free Assessment box, the Available Tutors dialog, the back question.
 */
export function BookClassView(props: BookClassViewProps) {
  return (
    <WeekGridPage
      {...props}
      dialogOpen={props.tutors !== null}
      options={
        props.freeAssessment.offered ? (
          <label className={styles.check}>
            <input type="checkbox" checked={props.freeAssessment.checked} disabled={!props.freeAssessment.switchable} onChange={props.onFreeAssessment} /> Free Assessment
          </label>
        ) : null
      }
      dialogs={<TutorsDialog tutors={props.tutors} onTutor={props.onTutor} onCloseTutors={props.onCloseTutors} />}
      frameDialogs={
        <ConfirmBackDialog open={props.confirmingBack} warning={backWarning} onStay={props.onCancelBack} onGoBack={props.onConfirmBack} />
      }
    />
  );
}
