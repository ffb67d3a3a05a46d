import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type Session, type SessionInput, sessionMachine } from '../../machines/session-machine.ts';
import { PublicOnly, RequireToken } from '../../src/app/route-guards.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { SessionContext } from '../../src/session/session-context.ts';

// The route guard reads the real clock on navigation, so tokens are made relative to it.
const now = Date.now();
const jwt = (exp: number) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: '1', exp })).replace(/=+$/, '')}.sig`;
const liveToken = jwt(now / 1000 + 3600);
const user = { firstname: 'Sarah', lastname: 'Ahmed', clientid: 1, branch_id: 1, email: 'parent@example.com', branch_time_zone: 'Asia/Dubai', studentdetails: [] };
const session: Session = { token: liveToken, user };
const serverMessage = 'Invalid email or password';

/** What the user can do, and what the login call and the clock can answer, in any state. */
const events: AnyEventObject[] = [
  { type: 'login.submitted', email: 'parent@example.com', password: 'Passw0rd!' },
  { type: 'xstate.done.actor.logIn', output: session },
  { type: 'xstate.error.actor.logIn', error: new Error(serverMessage) },
  { type: 'session.checked', now: now + 2 * 3600 * 1000 },
  { type: 'session.unauthorized' },
  { type: 'logout.requested' },
];

const input: SessionInput = { stored: null, now };
const paths = getShortestPaths(sessionMachine, {
  events: events as never,
  // Only what the state takes: an ignored event is no step of a path.
  filterEvents: (snapshot, event) => snapshot.can(event),
  input,
  // Keyed by the arriving event too, so that every transition (logout, expiry, 401 back to the login
  // screen) gets a shortest path, not only every state; the clock is left out, it only matters through exp.
  serializeState: (snapshot, event) => JSON.stringify([snapshot.value, snapshot.context.loginError, snapshot.context.session !== null, event?.type]),
});

function describePath(steps: { event: AnyEventObject }[]): string {
  return steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ') || '(start)';
}

/** The login screen with the route guards, against a session actor whose login call the test answers. */
function renderApp(stored: Session | null = null) {
  let pending: { resolve: (s: Session) => void; reject: (e: unknown) => void } | undefined;
  const expiredToasts = vi.fn();
  const failureToasts = vi.fn();
  const machine = sessionMachine.provide({
    actors: {
      logIn: fromPromise<Session, { email: string; password: string }>(
        () =>
          new Promise<Session>((resolve, reject) => {
            pending = { resolve, reject };
          }),
      ),
    },
    actions: {
      notifySessionExpired: expiredToasts,
      notifyLoginFailed: (_, { message }) => failureToasts(message),
    },
  });
  const actor = createActor(machine, { input: { stored, now } }).start();
  render(
    <SessionContext.Provider value={actor}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route element={<PublicOnly />}>
            <Route path="/login" element={<LoginScreen />} />
          </Route>
          <Route element={<RequireToken />}>
            <Route path="/dashboard" element={<h1>Dashboard</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
  return {
    actor,
    expiredToasts,
    failureToasts,
    answer: (outcome: 'done' | 'error') => {
      if (!pending) throw new Error('no login call is waiting');
      if (outcome === 'done') pending.resolve(session);
      else pending.reject(new Error(serverMessage));
    },
  };
}

/** What each state looks like to the user. */
async function expectScreenFor(value: unknown) {
  const state = JSON.stringify(value);
  if (state === '"loggedIn"') {
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
    return;
  }
  expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
  const button = screen.getByRole('button', { name: 'Login' });
  if (state === '{"loggedOut":"submitting"}') {
    await waitFor(() => expect(button).toBeDisabled());
  } else {
    await waitFor(() => expect(button).toBeEnabled());
  }
  if (state === '{"loggedOut":"failed"}') expect(screen.getByRole('alert')).toHaveTextContent(serverMessage);
  else expect(screen.getByRole('alert')).toHaveTextContent('');
}

describe('session machine paths, replayed on the login screen', () => {
  it('reaches every resting state of the machine', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toEqual(new Set(['{"loggedOut":"idle"}', '{"loggedOut":"submitting"}', '{"loggedOut":"failed"}', '"loggedIn"']));
  });

  it('takes every way out of the logged-in state', () => {
    const leaving = paths.filter((p) => JSON.stringify(p.steps.at(-2)?.state.value) === '"loggedIn"').map((p) => p.steps.at(-1)?.event.type);
    expect(new Set(leaving)).toEqual(new Set(['session.checked', 'session.unauthorized', 'logout.requested']));
  });

  it.each(paths.map((p) => [describePath(p.steps), p] as const))('%s', async (_, path) => {
    const app = renderApp();
    const ui = userEvent.setup();
    await expectScreenFor({ loggedOut: 'idle' });
    for (const step of path.steps) {
      const event = step.event as AnyEventObject;
      switch (event.type as string) {
        case 'login.submitted': {
          const email = screen.getByPlaceholderText('Your registered email');
          await ui.clear(email);
          await ui.type(email, String(event.email));
          const password = screen.getByLabelText('Password');
          await ui.clear(password);
          await ui.type(password, String(event.password));
          await ui.click(screen.getByRole('button', { name: 'Login' }));
          break;
        }
        case 'xstate.done.actor.logIn':
          await act(async () => app.answer('done'));
          break;
        case 'xstate.error.actor.logIn':
          await act(async () => app.answer('error'));
          break;
        default:
          // The clock on navigation, a 401 from any call, and Logout in the side menu reach the machine as events.
          act(() => {
            app.actor.send(event as never);
          });
      }
      await waitFor(() => expect(app.actor.getSnapshot().value).toEqual(step.state.value));
      await expectScreenFor(step.state.value);
    }
  });
});

describe('a session stored in the browser', () => {
  it('goes straight to the dashboard when its token is live', async () => {
    renderApp(session);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  it('is cleared with a "session expired" notice when its token has expired', async () => {
    const app = renderApp({ token: jwt(now / 1000), user });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(app.expiredToasts).toHaveBeenCalledTimes(1);
    expect(app.actor.getSnapshot().context.session).toBeNull();
  });

  it('toasts the server message when a login fails', async () => {
    const app = renderApp();
    const ui = userEvent.setup();
    await ui.type(screen.getByPlaceholderText('Your registered email'), 'parent@example.com');
    await ui.type(screen.getByLabelText('Password'), 'nope');
    await ui.click(screen.getByRole('button', { name: 'Login' }));
    await act(async () => app.answer('error'));
    await waitFor(() => expect(app.failureToasts).toHaveBeenCalledWith(serverMessage));
  });
});
