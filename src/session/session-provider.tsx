import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect } from 'react';
import { fromPromise } from 'xstate';
import { type Credentials, type SessionMachine, sessionMachine } from '../../machines/session-machine.ts';
import { api, onUnauthorized } from '../api/api.ts';
import { clearAll, clearSession, readSession, writeSession, writeUser } from '../storage/browser-storage.ts';
import { loginSuccessText, notify, sessionExpiredText } from '../toasts/notify.ts';
import { logIn } from './log-in.ts';
import { SessionContext } from './session-context.ts';

/** The session machine with the browser's storage, toasts and the API: what the app runs. */
export const browserSessionMachine: SessionMachine = sessionMachine.provide({
  actors: { logIn: fromPromise(({ input }: { input: Credentials }) => logIn(api, input)) },
  actions: {
    persistSession: (_, { session }) => writeSession(session),
    persistUser: (_, { user }) => writeUser(user),
    clearSession: () => clearSession(),
    clearAll: () => clearAll(),
    notifyLoggedIn: () => notify.success(loginSuccessText),
    notifyLoginFailed: (_, { message }) => notify.error(message),
    notifySessionExpired: () => notify.error(sessionExpiredText),
  },
});

export function SessionProvider({ children, machine = browserSessionMachine }: { children: ReactNode; machine?: SessionMachine }) {
  const actor = useActorRef(machine, { input: { stored: readSession(), now: Date.now() } });
  useEffect(() => onUnauthorized(() => actor.send({ type: 'session.unauthorized' })), [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}
