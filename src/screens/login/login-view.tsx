import { Link } from 'react-router';
import { submitWhenValid } from '../../components/field-validation.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import styles from './login.module.css';

export interface LoginViewProps {
  email: string;
  password: string;
  /** The machine is submitting: the button shows a spinner and does not submit again. */
  submitting: boolean;
  canSubmit: boolean;
  /** Why the login failed (the server's reason, else 'Login failed'): said once, here, under the fields. */
  error: string | null;
  registerUrl: string;
  onEmailChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  onSubmit: () => void;
}

/**
 * /login. Email and Password are required and the e-mail's format is checked (spec §5) before anything is
 * sent: each field that fails says why under it and the first takes focus. A refused login is said once, in
 * the alert under the fields (the spec's toast only heads it, 'Login failed', and is not read out again).
 */
export function LoginView(props: LoginViewProps) {
  return (
    <ScreenFrame title="Login">
      <form
        className={ui.card}
        noValidate
        onSubmit={submitWhenValid(() => {
          if (props.canSubmit) props.onSubmit();
        })}
        aria-busy={props.submitting}
      >
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          placeholder="Your registered email"
          required
          value={props.email}
          onValueChange={props.onEmailChange}
        />
        <PasswordField label="Password" name="password" required value={props.password} onChange={props.onPasswordChange} />
        <div role="alert" className={`${ui.error} ${styles.alert}`}>
          {props.error}
        </div>
        <SubmitButton busy={props.submitting} disabled={!props.canSubmit} block>
          Login
        </SubmitButton>
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
