import { type FormEvent, useId } from 'react';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import ui from '../../components/ui.module.css';
import styles from './rating-dialog.module.css';

export interface RatingDialogViewProps {
  open: boolean;
  /** The lesson rated ('Mathematics, Sun 6 Dec 2026 16:00'); null while closed. */
  lesson: string | null;
  /** How many stars the scale has. */
  scale: number;
  /** The stars chosen, 0 for none. */
  stars: number;
  /** The stars lit: the ones under the pointer while it hovers, else the chosen ones. */
  lit: number;
  /** 'You rated N star(s)' or 'Tap a star to rate'. */
  text: string;
  feedback: string;
  canSubmit: boolean;
  sending: boolean;
  /** Why the last submit failed, as a sentence; null when it did not. */
  error: string | null;
  onHover: (stars: number) => void;
  onHoverEnd: () => void;
  onChoose: (stars: number) => void;
  onFeedbackChange: (text: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The Rate Us dialog of one lesson (named under the title): the stars are a radio group (arrow keys move
 * between them, the label names each), the feedback a labelled textarea; Submit waits for a star. A failure
 * is said inside the dialog, where the eye and the screen reader are (the modal hides what is behind it).
 */
export function RatingDialogView(props: RatingDialogViewProps) {
  const name = useId();
  const textId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canSubmit) props.onSubmit();
  };
  const stars = Array.from({ length: props.scale }, (_, i) => i + 1);
  return (
    <ModalDialog open={props.open} title="Rate Us" onClose={props.onCancel}>
      {props.lesson ? <p className={styles.lesson}>{props.lesson}</p> : null}
      <form noValidate onSubmit={submit} aria-busy={props.sending}>
        <fieldset className={styles.stars} aria-describedby={textId} onMouseLeave={props.onHoverEnd} disabled={props.sending}>
          <legend className={styles.legend}>Your rating</legend>
          {stars.map((star) => (
            <label key={star} className={styles.star} data-lit={star <= props.lit} onMouseEnter={() => props.onHover(star)}>
              <input
                // The dialog opens on the chosen star (the first when none is), where the arrow keys rate.
                data-autofocus={props.stars === star || (props.stars === 0 && star === 1) ? '' : undefined}
                type="radio"
                name={name}
                value={star}
                checked={props.stars === star}
                onChange={() => props.onChoose(star)}
                className={styles.radio}
                aria-label={star === 1 ? '1 star' : `${star} stars`}
              />
              <span aria-hidden="true">{star <= props.lit ? '★' : '☆'}</span>
            </label>
          ))}
        </fieldset>
        <p id={textId} className={styles.text} aria-live="polite">
          {props.text}
        </p>
        <label className={ui.field}>
          <span className={ui.label}>Feedback</span>
          <textarea
            className={`${ui.input} ${styles.feedback}`}
            placeholder="Write your feedback..."
            value={props.feedback}
            onChange={(event) => props.onFeedbackChange(event.target.value)}
            disabled={props.sending}
            rows={4}
            maxLength={2000}
          />
        </label>
        {props.error ? (
          <p role="alert" className={styles.error}>
            {props.error}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCancel} disabled={props.sending}>
            Cancel
          </button>
          <SubmitButton busy={props.sending} disabled={!props.canSubmit}>
            Submit
          </SubmitButton>
        </div>
      </form>
    </ModalDialog>
  );
}
