import { type FormEvent, useId } from 'react';
import { Link } from 'react-router-dom';
import { PasswordField } from '../../components/password-field.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { Spinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './login.module.css';

export interface LoginViewProps {
  email: string;
  password: string;
  /** The machine is submitting: the button shows a spinner and does not submit again. */
  submitting: boolean;
  canSubmit: boolean;
  error: string | null;
  registerUrl: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  onSubmit: () => void;
}

export function LoginView(props: LoginViewProps) {
  const emailId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.canSubmit) props.onSubmit();
  };
  return (
    <ScreenFrame title="Login">
      <form className={ui.card} onSubmit={submit} aria-busy={props.submitting}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor={emailId}>
            Email
          </label>
          <input
            id={emailId}
            className={ui.input}
            type="email"
            name="email"
            autoComplete="username"
            placeholder="Your registered email"
            required
            value={props.email}
            onChange={(e) => props.onEmailChange(e.target.value)}
          />
        </div>
        <PasswordField label="Password" name="password" required value={props.password} onChange={props.onPasswordChange} />
        <div role="alert" className={ui.error}>
          {props.error}
        </div>
        <button type="submit" className={`${ui.button} ${ui.primary} ${ui.block}`} disabled={!props.canSubmit}>
          {props.submitting ? <Spinner /> : null}
          Login
        </button>
        <p className={styles.links}>
          <Link to="/forgot-password">Forgot Password</Link>
          <a href={props.registerUrl} target="_blank" rel="noopener noreferrer">
            Register as New Client
            <span className={ui.visuallyHidden}> (opens in a new tab)</span>
          </a>
        </p>
      </form>
    </ScreenFrame>
  );
}
