import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { type Credentials, type Session, type SessionInput, type SessionMachine, sessionMachine } from '../../machines/session.machine.ts';
import { api, connectSession } from '../api/api.ts';
import { login } from '../api/calls/session.ts';
import { machineInspection } from '../inspection/machine-inspection.ts';
import { clearAll, clearSession, onStoredSessionChange, readSession, writeSession, writeToken, writeUser } from '../storage/browser-storage.ts';
import { loginSuccessText, notify, sessionExpiredText } from '../toasts/notify.ts';
import { type SessionActor, SessionContext } from './session-context.ts';
import { selectToken } from './session-selectors.ts';

/** The session machine with the browser's storage, toasts and the API: what the app runs. */
export const browserSessionMachine: SessionMachine = sessionMachine.provide({
  actors: {
    logIn: fromPromise(async ({ input }: { input: Credentials }): Promise<Session> => {
      const { token, user } = await login(api, input);
      return { token, user };
    }),
  },
  actions: {
    persistSession: (_, { session }) => writeSession(session),
    persistUser: (_, { user }) => writeUser(user),
    persistToken: (_, { token }) => writeToken(token),
    clearSession: () => clearSession(),
    clearAll: () => clearAll(),
    notifyLoggedIn: () => notify.success(loginSuccessText),
    // The reason is said (and announced) inline on the login form; the toast is for the eye.
    notifyLoginFailed: (_, { message }) => notify.errorShownInline(message),
    notifySessionExpired: () => notify.error(sessionExpiredText),
  },
});

/** What the session starts from: the stored session and the clock, read once. */
const readSessionInput = (): SessionInput => ({ stored: readSession(), now: Date.now() });

/**
 * Connects a session actor to the browser: the API client reads the token from it and reports each 401 to
 * it, and another tab's change to the stored session reaches it as `session.storageChanged`. Answers the
 * disconnect.
 */
export function connectSessionActor(actor: SessionActor): () => void {
  const disconnect = connectSession({
    token: () => selectToken(actor.getSnapshot()),
    unauthorized: () => actor.send({ type: 'session.unauthorized' }),
  });
  const stopWatching = onStoredSessionChange((stored) => actor.send({ type: 'session.storageChanged', stored, now: Date.now() }));
  return () => {
    stopWatching();
    disconnect();
  };
}

/**
 * The session actor of the app, for everything below it (useSessionActor). Needs the query client above it:
 * a session that ends by logout, here or in another tab, takes the cached server data with it.
 */
export function SessionProvider({ children, machine = browserSessionMachine }: { children: ReactNode; machine?: SessionMachine }) {
  const queryClient = useQueryClient();
  // Built once: storage is read when the session starts, not on every render.
  const [input] = useState(readSessionInput);
  const [logic] = useState(() => machine.provide({ actions: { forgetLoadedData: () => queryClient.clear() } }));
  const actor = useActorRef(logic, { input, inspect: machineInspection() });
  // A layout effect, so the client has the token before any screen's query or call goes out.
  useLayoutEffect(() => connectSessionActor(actor), [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}
