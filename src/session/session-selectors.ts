import type { SnapshotFrom } from 'xstate';
import type { SessionMachine } from '../../machines/session.machine.ts';

/** What the session actor holds: every screen reads it through these selectors. */
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** The logged-in user, or null. */
export const selectUser = (snapshot: SessionSnapshot) => snapshot.context.session?.user ?? null;

/** The token the API client sends, or null. */
export const selectToken = (snapshot: SessionSnapshot) => snapshot.context.session?.token ?? null;

export const selectLoggedIn = (snapshot: SessionSnapshot) => snapshot.matches('loggedIn');

/** The login call is on its way. */
export const selectLoggingIn = (snapshot: SessionSnapshot) => snapshot.hasTag('busy');

export const selectCanSubmitLogin = (snapshot: SessionSnapshot) => snapshot.can({ type: 'login.submitted', email: '', password: '' });

/** The inline login error: the server's message, else 'Login failed'; null when there is none. */
export const selectLoginError = (snapshot: SessionSnapshot) => snapshot.context.loginError;

/** What the login screen shows of the session: the call on its way, whether Login is possible, the inline error. */
export const selectLoginView = (snapshot: SessionSnapshot) => ({
  submitting: selectLoggingIn(snapshot),
  canSubmit: selectCanSubmitLogin(snapshot),
  error: selectLoginError(snapshot),
});

/** What the app shell shows of the session: the signed-in user's name in the side menu. */
export const selectShellNames = (snapshot: SessionSnapshot) => ({
  firstName: snapshot.context.session?.user.firstname ?? '',
  lastName: snapshot.context.session?.user.lastname ?? '',
});
