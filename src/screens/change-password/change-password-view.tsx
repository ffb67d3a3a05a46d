import { useRef } from 'react';
import { Link } from 'react-router';
import { submitWhenValid, useFocusFirstInvalid } from '../../components/field-validation.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import styles from './change-password.module.css';

export interface ChangePasswordViewProps {
  newPassword: string;
  confirmPassword: string;
  /** The request is on its way: Submit shows a spinner and does not submit again. */
  submitting: boolean;
  /** The two passwords differ: said at the confirm field. */
  mismatch: string | null;
  /** How many times Submit found them different: each time the field takes focus. */
  checks: number;
  /** The failure's text, shown inline under the fields. */
  error: string | null;
  onNewPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  onSubmit: () => void;
}

/** /changepassword/:id. Both fields are required and must match; what is wrong is said at the field, which takes focus. */
export function ChangePasswordView(props: ChangePasswordViewProps) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, props.checks);
  return (
    <ScreenFrame title="Change Password">
      <form
        ref={form}
        className={ui.card}
        noValidate
        onSubmit={submitWhenValid(() => {
          if (!props.submitting) props.onSubmit();
        })}
        aria-busy={props.submitting}
      >
        <PasswordField label="New password" name="newPassword" autoComplete="new-password" required value={props.newPassword} onChange={props.onNewPasswordChange} />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={props.confirmPassword}
          error={props.mismatch}
          onChange={props.onConfirmPasswordChange}
        />
        <div role="alert" className={ui.error}>
          {props.error}
        </div>
        <SubmitButton busy={props.submitting} block className={styles.submit}>
          Submit
        </SubmitButton>
        <p className={styles.links}>
          <Link to="/login">Back to Login</Link>
        </p>
      </form>
    </ScreenFrame>
  );
}
