import { useId } from 'react';
import { submitWhenValid, useConstraintError } from '../../components/field-validation.ts';
import { type StudentCount, quoteThankYouText } from '../../../machines/rules/quote-rules.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import styles from './student-form.module.css';

export interface QuoteFields {
  firstname: string;
  lastname: string;
  /** '' until the client picks one. */
  students: StudentCount | '';
  email: string;
  phone: string;
  terms: boolean;
}

export interface StudentFormViewProps {
  fields: QuoteFields;
  /** The request is on its way: Submit shows a spinner and does not submit again. */
  submitting: boolean;
  /** The terms reminder or the failure's text, shown inline. */
  error: string | null;
  /** The terms box is what is wrong: it is marked invalid and points at the message. */
  termsMissing: boolean;
  /** The thank-you dialog is open, for this number of students. */
  thankYouFor: StudentCount | null;
  onChange: (patch: Partial<QuoteFields>) => void;
  /** The browser found the terms box unticked (its own bubble is replaced by the spec's text). */
  onTermsMissing: () => void;
  onSubmit: () => void;
  onThankYouClose: () => void;
}

const studentOptions: StudentCount[] = ['1', '2', '3+'];
const asStudentCount = (value: string): StudentCount | '' => studentOptions.find((count) => count === value) ?? '';

export function StudentFormView(props: StudentFormViewProps) {
  const id = useId();
  const { fields } = props;
  const errorId = `${id}-error`;
  const studentsError = useConstraintError('Number of students');
  return (
    <ScreenFrame title="Request a Quote">
      {/* Each field that is missing or wrong says why under it and the first takes focus; the terms box says
          the spec's 'Please agree to the terms and conditions.' in the form's alert. */}
      <form
        className={ui.card}
        noValidate
        onSubmit={submitWhenValid(() => {
          if (!props.submitting) props.onSubmit();
        })}
        aria-busy={props.submitting}
      >
        <p className={styles.hint}>Tell us about you and your children and we will get back to you.</p>
        <div className={styles.names}>
          <TextField
            label="First name"
            name="firstname"
            autoComplete="given-name"
            required
            maxLength={60}
            value={fields.firstname}
            onValueChange={(firstname) => props.onChange({ firstname })}
          />
          <TextField
            label="Last name"
            name="lastname"
            autoComplete="family-name"
            required
            maxLength={60}
            value={fields.lastname}
            onValueChange={(lastname) => props.onChange({ lastname })}
          />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={`${id}-students`}>
            Number of students
          </label>
          <select
            id={`${id}-students`}
            className={ui.input}
            name="students"
            required
            value={fields.students}
            aria-invalid={studentsError.error ? true : undefined}
            aria-describedby={studentsError.error ? `${id}-students-error` : undefined}
            onInvalid={studentsError.onInvalid}
            onChange={(e) => {
              studentsError.clear();
              props.onChange({ students: asStudentCount(e.target.value) });
            }}
          >
            <option value="" disabled>
              Choose…
            </option>
            {studentOptions.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
          {studentsError.error ? (
            <p id={`${id}-students-error`} className={ui.error}>
              {studentsError.error}
            </p>
          ) : null}
        </div>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={fields.email}
          onValueChange={(email) => props.onChange({ email })}
        />
        <TextField
          label="Phone"
          type="tel"
          name="phone"
          autoComplete="tel"
          required
          minLength={6}
          maxLength={32}
          // The provider's format: digits, spaces, brackets and dashes, an optional leading +.
          pattern="\+?[0-9 \(\)\-]+"
          value={fields.phone}
          onValueChange={(phone) => props.onChange({ phone })}
        />
        <div className={styles.terms}>
          <input
            id={`${id}-terms`}
            className={styles.checkbox}
            type="checkbox"
            name="terms"
            required
            checked={fields.terms}
            aria-invalid={props.termsMissing ? true : undefined}
            aria-describedby={props.termsMissing ? errorId : undefined}
            onInvalid={(event) => {
              // The spec's own text, in the form's alert, replaces the browser's bubble.
              event.preventDefault();
              props.onTermsMissing();
            }}
            onChange={(e) => props.onChange({ terms: e.target.checked })}
          />
          <label htmlFor={`${id}-terms`}>I agree to the terms and conditions</label>
        </div>
        <div id={errorId} role="alert" className={ui.error}>
          {props.error}
        </div>
        <SubmitButton busy={props.submitting} block className={styles.submit}>
          Submit
        </SubmitButton>
      </form>
      <ModalDialog open={props.thankYouFor !== null} title="Thank you" onClose={props.onThankYouClose}>
        <p>{props.thankYouFor === null ? null : quoteThankYouText(props.thankYouFor)}</p>
        <div className={styles.dialogActions}>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={props.onThankYouClose}>
            Close
          </button>
        </div>
      </ModalDialog>
    </ScreenFrame>
  );
}
