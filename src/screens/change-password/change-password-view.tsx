import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
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
  /** The mismatch or the failure's text, shown inline. */
  error: string | null;
  onNewPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  onSubmit: () => void;
}

export function ChangePasswordView(props: ChangePasswordViewProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.submitting) props.onSubmit();
  };
  return (
    <ScreenFrame title="Change Password">
      <form className={ui.card} onSubmit={submit} aria-busy={props.submitting}>
        <PasswordField label="New password" name="newPassword" autoComplete="new-password" required value={props.newPassword} onChange={props.onNewPasswordChange} />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={props.confirmPassword}
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
