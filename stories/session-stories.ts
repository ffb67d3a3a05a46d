import { type AnyEventObject, fromPromise } from 'xstate';
import { type Session, sessionMachine } from '../machines/session.machine.ts';
import { selectLoginView, selectShellNames } from '../src/session/session-selectors.ts';
import type { MachineStories } from './machine-story.ts';

/** The session machine as stories run it: nothing stored, a login call that stays on its way. */
const machine = sessionMachine.provide({ actors: { logIn: fromPromise(() => new Promise<Session>(() => {})) } });
const input = { stored: null, now: Date.UTC(2030, 0, 6, 8) };

export const signedIn: Session = {
  token: 'story-token',
  user: { firstname: 'Sarah', lastname: 'Ahmed', clientid: 1, branch_id: 1, email: 'parent@example.com', branch_time_zone: 'Asia/Dubai', studentdetails: [] },
};

export const sessionEvents = {
  submitted: { type: 'login.submitted', email: 'parent@example.com', password: 'Passw0rd!' },
  refused: { type: 'xstate.error.actor.logIn', error: new Error('Invalid email or password') },
  loggedIn: { type: 'xstate.done.actor.logIn', output: signedIn },
  logout: { type: 'logout.requested' },
} satisfies Record<string, AnyEventObject>;

const events = Object.values(sessionEvents);

/** The login screen's stories: the session's login states through the login screen's selector. */
export const loginStories: MachineStories<typeof machine, ReturnType<typeof selectLoginView>> = { machine, input, select: selectLoginView, events };

/** The app shell's stories: the signed-in state through the shell's selector. */
export const shellStories: MachineStories<typeof machine, ReturnType<typeof selectShellNames>> = { machine, input, select: selectShellNames, events };
