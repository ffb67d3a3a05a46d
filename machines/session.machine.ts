import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { loginFailedText } from '../contract/failure-texts.ts';
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
  /** The client's data, loaded afresh (the client-data query delivers it). */
  | { type: 'user.updated'; user: User }
  /** A password change revoked every older token and answered a new one for this session. */
  | { type: 'session.renewed'; token: string }
  /** Another tab changed the stored session: `stored` is what the browser keeps now (null: logged out there). */
  | { type: 'session.storageChanged'; stored: Session | null; now: number }
  | { type: 'logout.requested' };

/** The user-facing text of a failed login: the login actor throws Errors whose message is the server's. */
const failureText = (error: unknown) => (error instanceof Error && error.message.trim() ? error.message : loginFailedText);

const isLive = (session: Session | null, now: number): session is Session => session !== null && !isTokenExpired(session.token, now);
const isSame = (a: Session | null, b: Session | null) => a?.token === b?.token && JSON.stringify(a?.user) === JSON.stringify(b?.user);
const isOtherClient = (a: Session | null, b: Session | null) => a !== null && b !== null && a.user.clientid !== b.user.clientid;

/** The effects, the context assigns and the guards; the repeated sequences are named on top of them below. */
const sessionSetup = setup({
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
    // Effects, implemented at the React boundary.
    /** Store token, user data and branch id. */
    persistSession: (_, _params: { session: Session }) => {},
    persistUser: (_, _params: { user: User }) => {},
    persistToken: (_, _params: { token: string }) => {},
    /** Clear token, user data and branch id (expired token, 401). */
    clearSession: () => {},
    /** Clear all storage (logout). */
    clearAll: () => {},
    /** Forget the server data loaded for a session that is over (the query cache). */
    forgetLoadedData: () => {},
    notifyLoggedIn: () => {},
    notifyLoginFailed: (_, _params: { message: string }) => {},
    notifySessionExpired: () => {},

    // Context.
    clearLoginError: assign({ loginError: null }),
    startSession: assign({ session: (_, params: { session: Session }) => params.session, loginError: null }),
    /** The session another tab stored (a guard has seen that there is one). */
    adoptStoredSession: assign({ session: ({ context }, params: { stored: Session | null }) => params.stored ?? context.session, loginError: null }),
    endSession: assign({ session: null, loginError: null }),
    recordCheck: assign({ checkedAt: (_, params: { now: number }) => params.now }),
    replaceUser: assign({ session: ({ context }, params: { user: User }) => (context.session ? { ...context.session, user: params.user } : null) }),
    replaceToken: assign({ session: ({ context }, params: { token: string }) => (context.session ? { ...context.session, token: params.token } : null) }),
  },
  guards: {
    hasLiveSession: ({ context }) => isLive(context.session, context.checkedAt),
    hasSession: ({ context }) => context.session !== null,
    expiresBy: ({ context }, params: { now: number }) => !isLive(context.session, params.now),
    isSessionClient: ({ context }, params: { user: User }) => context.session?.user.clientid === params.user.clientid,
    storesLiveSession: (_, params: { stored: Session | null; now: number }) => isLive(params.stored, params.now),
    storesNoSession: (_, params: { stored: Session | null }) => params.stored === null,
    storesOtherClient: ({ context }, params: { stored: Session | null }) => isOtherClient(context.session, params.stored),
    storesChangedSession: ({ context }, params: { stored: Session | null }) => !isSame(context.session, params.stored),
  },
});

/**
 * The login statechart with the session. Storage, toasts, the query cache and the login call are named
 * here and implemented at the React boundary with `.provide()`; navigation follows from the state (route
 * guards).
 */
export const sessionMachine = sessionSetup
  .extend({
    actions: {
      /**
       * A refused login (spec §8: 'error toast (3000 ms) and inline text using the server's message field, else
       * 'Login failed''): the reason is said once, inline at the form, which is what a screen reader announces;
       * the toast heads it with the spec's 'Login failed' rather than repeating it (issue 18: shown once).
       */
      rejectLogin: sessionSetup.enqueueActions(({ enqueue, event }) => {
        enqueue.assign({ loginError: failureText('error' in event ? event.error : undefined) });
        enqueue({ type: 'notifyLoginFailed', params: { message: loginFailedText } });
      }),
      /** The token expired or was refused (401): the stored session goes, and the user is told. */
      expireSession: sessionSetup.enqueueActions(({ enqueue }) => {
        enqueue('clearSession');
        enqueue('endSession');
        enqueue('notifySessionExpired');
      }),
      /** Logout in this tab: all storage and everything loaded go. */
      logOut: sessionSetup.enqueueActions(({ enqueue }) => {
        enqueue('clearAll');
        enqueue('forgetLoadedData');
        enqueue('endSession');
      }),
      /** Logout in another tab, which cleared the storage already: what this tab loaded goes. */
      followLogout: sessionSetup.enqueueActions(({ enqueue }) => {
        enqueue('forgetLoadedData');
        enqueue('endSession');
      }),
    },
  })
  .createMachine({
    id: 'session',
    context: ({ input }) => ({ session: input.stored, checkedAt: input.now, loginError: null }),
    initial: 'checking',
    states: {
      checking: {
        always: [
          { guard: 'hasLiveSession', target: 'loggedIn' },
          { guard: 'hasSession', target: 'loggedOut', actions: 'expireSession' },
          { target: 'loggedOut' },
        ],
      },
      loggedOut: {
        initial: 'idle',
        on: {
          // Someone logged in in another tab: this tab goes on with that session.
          'session.storageChanged': {
            guard: { type: 'storesLiveSession', params: ({ event }) => ({ stored: event.stored, now: event.now }) },
            target: 'loggedIn',
            actions: { type: 'adoptStoredSession', params: ({ event }) => ({ stored: event.stored }) },
          },
        },
        states: {
          idle: {
            on: { 'login.submitted': { target: 'submitting' } },
          },
          submitting: {
            tags: 'busy',
            entry: 'clearLoginError',
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
                  { type: 'startSession', params: ({ event }) => ({ session: event.output }) },
                  { type: 'persistSession', params: ({ event }) => ({ session: event.output }) },
                  'notifyLoggedIn',
                ],
              },
              onError: { target: 'failed', actions: 'rejectLogin' },
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
            { guard: { type: 'expiresBy', params: ({ event }) => ({ now: event.now }) }, target: 'loggedOut', actions: 'expireSession' },
            { actions: { type: 'recordCheck', params: ({ event }) => ({ now: event.now }) } },
          ],
          'session.unauthorized': { target: 'loggedOut', actions: 'expireSession' },
          'user.updated': {
            // An answer for this session's client, not one that was on its way when another client logged in.
            guard: { type: 'isSessionClient', params: ({ event }) => ({ user: event.user }) },
            actions: [
              { type: 'replaceUser', params: ({ event }) => ({ user: event.user }) },
              { type: 'persistUser', params: ({ event }) => ({ user: event.user }) },
            ],
          },
          'session.renewed': {
            actions: [
              { type: 'replaceToken', params: ({ event }) => ({ token: event.token }) },
              { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
            ],
          },
          'session.storageChanged': [
            // Logged out in another tab.
            { guard: { type: 'storesNoSession', params: ({ event }) => ({ stored: event.stored }) }, target: 'loggedOut', actions: 'followLogout' },
            // Another client logged in there: this tab goes on as that client, with nothing loaded for the previous one.
            {
              guard: { type: 'storesOtherClient', params: ({ event }) => ({ stored: event.stored }) },
              actions: ['forgetLoadedData', { type: 'adoptStoredSession', params: ({ event }) => ({ stored: event.stored }) }],
            },
            // The same client with a new token (a password change there) or fresher user data.
            {
              guard: { type: 'storesChangedSession', params: ({ event }) => ({ stored: event.stored }) },
              actions: { type: 'adoptStoredSession', params: ({ event }) => ({ stored: event.stored }) },
            },
          ],
          'logout.requested': { target: 'loggedOut', actions: 'logOut' },
        },
      },
    },
  });

export type SessionMachine = typeof sessionMachine;
