import { submitWhenValid } from '../../components/field-validation.ts';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import styles from './forgot-password.module.css';

export interface ForgotPasswordViewProps {
  email: string;
  /** The request is on its way: Submit shows a spinner and does not submit again. */
  submitting: boolean;
  /** The failure's text, shown inline (the toast disappears after 3 s). */
  error: string | null;
  onEmailChange: (value: string) => void;
  onCancel: () => void;
  onSubmit: () => void;
}

/** /forgot-password. The e-mail is required and checked for its format at the field before anything is sent (spec §5). */
export function ForgotPasswordView(props: ForgotPasswordViewProps) {
  return (
    <ScreenFrame title="Forgot Password">
      <form
        className={ui.card}
        noValidate
        onSubmit={submitWhenValid(() => {
          if (!props.submitting) props.onSubmit();
        })}
        aria-busy={props.submitting}
      >
        <p className={styles.hint}>Enter the e-mail address of your account and we will send you a link to set a new password.</p>
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={props.email}
          onValueChange={props.onEmailChange}
        />
        <div role="alert" className={ui.error}>
          {props.error}
        </div>
        <div className={`${ui.actions} ${styles.actions}`}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCancel}>
            Cancel
          </button>
          <SubmitButton busy={props.submitting}>Submit</SubmitButton>
        </div>
      </form>
    </ScreenFrame>
  );
}
