import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import { config } from '../../config.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectLoginView } from '../../session/session-selectors.ts';
import { LoginView } from './login-view.tsx';

/** /login: runs the session machine's login states (its logIn actor calls POST /login). The public-only guard leaves once logged in. */
export function LoginScreen() {
  const actor = useSessionActor();
  const view = useSelector(actor, selectLoginView, shallowEqual);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <LoginView
      email={email}
      password={password}
      {...view}
      registerUrl={config.registerUrl}
      onEmailChange={setEmail}
      onPasswordChange={setPassword}
      onSubmit={() => actor.send({ type: 'login.submitted', email: email.trim(), password })}
    />
  );
}
