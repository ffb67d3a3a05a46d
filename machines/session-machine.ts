import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../contract/schema.d.ts';
import { isTokenExpired } from './rules/token-expiry.ts';

export type User = components['schemas']['User'];

export interface Session {
  token: string;
  user: User;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionInput {
  /** The session kept in the browser, if any. */
  stored: Session | null;
  /** The clock when the app starts (ms), to check the stored token's exp against. */
  now: number;
}

export interface SessionContext {
  session: Session | null;
  /** When the session was last checked (ms). */
  checkedAt: number;
  /** The inline login error: the server's message, else 'Login failed'. */
  loginError: string | null;
}

export type SessionEvent =
  | { type: 'login.submitted'; email: string; password: string }
  /** Sent on every navigation, with the clock. */
  | { type: 'session.checked'; now: number }
  /** A call answered 401. */
  | { type: 'session.unauthorized' }
  | { type: 'user.updated'; user: User }
  /** A password change revoked every older token and answered a new one for this session. */
  | { type: 'session.renewed'; token: string }
  | { type: 'logout.requested' };

export const loginFailedText = 'Login failed';

/** The user-facing text of a failed login: the login actor throws Errors whose message is the server's. */
const failureText = (error: unknown) => (error instanceof Error && error.message.trim() ? error.message : loginFailedText);

/**
 * The login statechart with the session. Storage, toasts and the login call are named here and
 * implemented at the React boundary with `.provide()`; navigation follows from the state (route guards).
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy',
  },
  actors: {
    logIn: fromPromise<Session, Credentials>(async () => {
      throw new Error('logIn is provided at the React boundary');
    }),
  },
  actions: {
    /** Store token, user data and branch id. */
    persistSession: (_, _params: { session: Session }) => {},
    persistUser: (_, _params: { user: User }) => {},
    /** Clear token, user data and branch id (expired token, 401). */
    clearSession: () => {},
    /** Clear all storage (logout). */
    clearAll: () => {},
    notifyLoggedIn: () => {},
    notifyLoginFailed: (_, _params: { message: string }) => {},
    notifySessionExpired: () => {},
  },
  guards: {
    hasLiveSession: ({ context }) => context.session !== null && !isTokenExpired(context.session.token, context.checkedAt),
    hasSession: ({ context }) => context.session !== null,
    expiresBy: ({ context }, params: { now: number }) => context.session === null || isTokenExpired(context.session.token, params.now),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ session: input.stored, checkedAt: input.now, loginError: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasLiveSession', target: 'loggedIn' },
        {
          guard: 'hasSession',
          target: 'loggedOut',
          actions: ['clearSession', assign({ session: null }), 'notifySessionExpired'],
        },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'login.submitted': { target: 'submitting' } },
        },
        submitting: {
          tags: 'busy',
          entry: assign({ loginError: null }),
          invoke: {
            id: 'logIn',
            src: 'logIn',
            input: ({ event }) => {
              assertEvent(event, 'login.submitted');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: '#session.loggedIn',
              actions: [
                assign({ session: ({ event }) => event.output }),
                { type: 'persistSession', params: ({ event }) => ({ session: event.output }) },
                'notifyLoggedIn',
              ],
            },
            onError: {
              target: 'failed',
              actions: [
                assign({ loginError: ({ event }) => failureText(event.error) }),
                { type: 'notifyLoginFailed', params: ({ event }) => ({ message: failureText(event.error) }) },
              ],
            },
          },
        },
        failed: {
          on: { 'login.submitted': { target: 'submitting' } },
        },
      },
    },
    loggedIn: {
      on: {
        'session.checked': [
          {
            guard: { type: 'expiresBy', params: ({ event }) => ({ now: event.now }) },
            target: 'loggedOut',
            actions: ['clearSession', assign({ session: null, checkedAt: ({ event }) => event.now }), 'notifySessionExpired'],
          },
          { actions: assign({ checkedAt: ({ event }) => event.now }) },
        ],
        'session.unauthorized': {
          target: 'loggedOut',
          actions: ['clearSession', assign({ session: null }), 'notifySessionExpired'],
        },
        'user.updated': {
          actions: [
            assign({ session: ({ context, event }) => (context.session ? { ...context.session, user: event.user } : null) }),
            { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
          ],
        },
        'session.renewed': {
          actions: [
            assign({ session: ({ context, event }) => (context.session ? { ...context.session, token: event.token } : null) }),
            { type: 'persistSession', params: ({ context }) => ({ session: context.session as Session }) },
          ],
        },
        'logout.requested': {
          target: 'loggedOut',
          actions: ['clearAll', assign({ session: null, loginError: null })],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
