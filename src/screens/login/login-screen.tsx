import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { config } from '../../config.ts';
import { type SessionActor, useSessionActor } from '../../session/session-context.ts';
import { LoginView } from './login-view.tsx';

type Snapshot = ReturnType<SessionActor['getSnapshot']>;

const selectSubmitting = (s: Snapshot) => s.hasTag('busy');
const selectCanSubmit = (s: Snapshot) => s.can({ type: 'login.submitted', email: '', password: '' });
const selectError = (s: Snapshot) => s.context.loginError;

/** /login: runs the session machine's login states. The public-only guard leaves once logged in. */
export function LoginScreen() {
  const actor = useSessionActor();
  const submitting = useSelector(actor, selectSubmitting);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const error = useSelector(actor, selectError);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <LoginView
      email={email}
      password={password}
      submitting={submitting}
      canSubmit={canSubmit}
      error={error}
      registerUrl={config.registerUrl}
      onEmailChange={setEmail}
      onPasswordChange={setPassword}
      onSubmit={() => actor.send({ type: 'login.submitted', email: email.trim(), password })}
    />
  );
}
