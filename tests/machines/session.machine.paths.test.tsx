import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, fromPromise } from 'xstate';
import { useSelector } from '@xstate/react';
import { type Credentials, type Session, type SessionInput, sessionMachine } from '../../machines/session.machine.ts';
import { api } from '../../src/api/api.ts';
import { getClientData } from '../../src/api/calls/client.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { PublicOnly, RequireToken } from '../../src/app/route-guards.tsx';
import { clientDataOptions } from '../../src/queries/client-queries.ts';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { useSessionActor } from '../../src/session/session-context.ts';
import { browserSessionMachine } from '../../src/session/session-provider.tsx';
import { type SessionSnapshot, selectUser } from '../../src/session/session-selectors.ts';
import { readSession } from '../../src/storage/browser-storage.ts';
import { fakeJwt } from '../support/fake-jwt.ts';
import { json, stubNetwork } from '../support/network-stub.ts';
import { changeStorageInAnotherTab, renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import { type ReplayedPath, transitionsOf } from '../support/transition-coverage.ts';

const fetchMock = stubNetwork();

// The clock is the test's (only Date is faked): tokens, the start and every navigation read it.
const now = Date.UTC(2030, 0, 6, 8, 0, 0);
const hour = 3600 * 1000;
const jwt = (expMs: number, sub = '1') => fakeJwt({ sub, exp: Math.floor(expMs / 1000) });
const user = { firstname: 'Sarah', lastname: 'Ahmed', clientid: 1, branch_id: 1, email: 'parent@example.com', branch_time_zone: 'Asia/Dubai', studentdetails: [] };
const session: Session = { token: jwt(now + hour), user };
const otherClient: Session = {
  token: jwt(now + hour, '2'),
  user: { ...user, firstname: 'Omar', lastname: 'Haddad', clientid: 2, email: 'omar@example.com' },
};
const serverMessage = 'Invalid email or password';

/** What the user, the login call, the clock, the API and other tabs can do, in any state. */
const events: AnyEventObject[] = [
  { type: 'login.submitted', email: 'parent@example.com', password: 'Passw0rd!' },
  { type: 'xstate.done.actor.logIn', output: session },
  { type: 'xstate.error.actor.logIn', error: new Error(serverMessage) },
  { type: 'session.checked', now: now + 60_000 },
  { type: 'session.checked', now: now + 2 * hour },
  { type: 'session.unauthorized' },
  { type: 'user.updated', user: { ...user, lastname: 'Ahmed-Khan', studentdetails: [{ id: 11, first_name: 'Adam', last_name: 'Ahmed', paying_client: 1 }] } },
  { type: 'session.renewed', token: jwt(now + 2 * hour) },
  { type: 'session.storageChanged', stored: null, now },
  { type: 'session.storageChanged', stored: otherClient, now },
  { type: 'session.storageChanged', stored: { ...session, token: jwt(now + 3 * hour) }, now },
  { type: 'logout.requested' },
];

/** Where a replay starts: what the browser has stored, and the events the paths from there may step with. */
const starts: { who: string; input: SessionInput; events: AnyEventObject[] }[] = [
  { who: 'nothing stored', input: { stored: null, now }, events },
  // The start's other branches: the paths from there repeat the transitions above.
  { who: 'a live session stored', input: { stored: session, now }, events: [] },
  { who: 'an expired session stored', input: { stored: { ...session, token: jwt(now) }, now }, events: [] },
];

/** The transition the path ends with, and the events that lead there. */
function describePath({ steps }: ReplayedPath, input: SessionInput): string {
  const [before, last] = [steps.at(-2), steps.at(-1)];
  const arriving = before && last ? transitionsOf(sessionMachine, before.state, last.event) : transitionsOf(sessionMachine, undefined, { type: 'xstate.init' }, input);
  return `${arriving.join(', ')}  (${steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')})`;
}

/** A token-required page: it names the signed-in user, as the session holds it. */
function SignedIn() {
  const signedIn = useSelector(useSessionActor(), selectUser);
  return (
    <main>
      <h1>Signed in</h1>
      <p>
        as {signedIn?.firstname} {signedIn?.lastname}
      </p>
    </main>
  );
}

/** The login screen and the shell of the token-required routes, on the real SessionProvider, with a login call the test answers. */
function renderApp(stored: Session | null) {
  let pending: { resolve: (s: Session) => void; reject: (e: unknown) => void } | undefined;
  const machine = browserSessionMachine.provide({
    actors: {
      logIn: fromPromise<Session, Credentials>(
        () =>
          new Promise<Session>((resolve, reject) => {
            pending = { resolve, reject };
          }),
      ),
    },
  });
  const app = renderWithSession(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginScreen />} />
        </Route>
        <Route element={<RequireToken />}>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<SignedIn />} />
            <Route path="/profile" element={<SignedIn />} />
          </Route>
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored, machine },
  );
  const loginCall = () => {
    if (!pending) throw new Error('no login call is waiting');
    return pending;
  };
  return { app, loginCall };
}

/** Opens the side menu and follows one of its items. */
async function chooseInMenu(ui: ReturnType<typeof userEvent.setup>, item: string) {
  await ui.click(screen.getByRole('button', { name: 'Menu' }));
  const menu = screen.getByRole('dialog', { name: 'Menu' });
  const choice = within(menu).queryByRole('link', { name: item }) ?? within(menu).getByRole('button', { name: item });
  await ui.click(choice);
}

/** What a state of the chart shows, read from the snapshot the path reached. */
async function expectScreenFor(state: SessionSnapshot) {
  const { session: expected, loginError } = state.context;
  if (state.matches('loggedIn')) {
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent(`as ${expected?.user.firstname} ${expected?.user.lastname}`);
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
  } else {
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    const button = screen.getByRole('button', { name: 'Login' });
    await waitFor(() => (state.hasTag('busy') ? expect(button).toBeDisabled() : expect(button).toBeEnabled()));
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(loginError ?? '');
  }
  // The browser keeps what the session holds, whichever tab wrote it.
  expect(readSession()).toEqual(expected);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});

afterEach(() => {
  vi.useRealTimers();
});

const coverage = replayPaths({
  machine: sessionMachine,
  title: 'session machine paths with $who, replayed on the screen',
  starts,
  label: (path, { input }) => describePath(path, input),
  mount: ({ input }) => ({ ...renderApp(input.stored), ui: userEvent.setup() }),
  send: {
    'login.submitted': async ({ event, mounted: { ui } }) => {
      const email = screen.getByPlaceholderText('Your registered email');
      await ui.clear(email);
      await ui.type(email, String(event.email));
      const password = screen.getByLabelText('Password');
      await ui.clear(password);
      await ui.type(password, String(event.password));
      await ui.click(screen.getByRole('button', { name: 'Login' }));
    },
    'xstate.done.actor.logIn': ({ event, mounted: { loginCall } }) => act(async () => loginCall().resolve(event.output)),
    'xstate.error.actor.logIn': ({ event, mounted: { loginCall } }) => act(async () => loginCall().reject(event.error)),
    'session.checked': async ({ event, mounted: { ui } }) => {
      // Every navigation checks the token against the clock.
      vi.setSystemTime(event.now);
      await chooseInMenu(ui, within(screen.getByRole('banner')).queryByText('My Profile') ? 'Home' : 'My Profile');
      vi.setSystemTime(now);
    },
    'session.unauthorized': async ({ before }) => {
      // Any call the server answers with 401, sent with the session's token.
      fetchMock.mockResolvedValueOnce(json({ success: false, message: 'Unauthorized' }, 401));
      await act(async () => {
        await expect(getClientData(api, { clientid: user.clientid })).rejects.toThrow();
      });
      const [request] = fetchMock.mock.calls.at(-1) ?? [];
      expect(request?.headers.get('Authorization')).toBe(`Bearer ${before?.context.session?.token}`);
    },
    'user.updated': async ({ event, mounted: { app } }) => {
      // The client-data query delivers each answer to the session.
      fetchMock.mockResolvedValueOnce(json({ status: true, client: event.user }));
      await act(async () => {
        await app.queryClient.fetchQuery(clientDataOptions(user.clientid, app.actor));
      });
    },
    'session.storageChanged': ({ event }) => act(() => changeStorageInAnotherTab(event.stored)),
    'logout.requested': ({ mounted: { ui } }) => chooseInMenu(ui, 'Logout'),
    // The profile's password change sends the token its answer carries (tests/components/profile.test.tsx).
    'session.renewed': ({ event, mounted: { app } }) => act(() => app.actor.send({ type: 'session.renewed', token: String(event.token) })),
  },
  expectScreen: async (state, { mounted: { app } }) => {
    await waitFor(() => expect(app.actor.getSnapshot().value).toEqual(state.value));
    await expectScreenFor(state);
  },
});

describe('the replayed paths', () => {
  it('take every transition of the chart', () => {
    // replayPaths asserts it after the file too; as a test of its own, the report names it with its count.
    expect(coverage.assertComplete()).toMatch(/^(\d+) of \1 transitions/);
  });
});

describe('a session stored in the browser', () => {
  it('is cleared with a "session expired" notice when its token has expired', async () => {
    const { app } = renderApp({ ...session, token: jwt(now) });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeVisible();
    expect(await screen.findByText('Session expired. Please login again.')).toBeInTheDocument();
    expect(app.actor.getSnapshot().context.session).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('is read once, when the session starts', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const { app } = renderApp(session);
    expect(await screen.findByRole('heading', { name: 'Signed in' })).toBeVisible();
    const reads = getItem.mock.calls.filter(([key]) => key === 'token').length;
    // Renders that follow (a check on navigation, a new user) read nothing.
    act(() => app.actor.send({ type: 'session.checked', now: now + 1000 }));
    act(() => app.actor.send({ type: 'user.updated', user: { ...user, lastname: 'Ahmed-Khan' } }));
    expect(await screen.findByText('as Sarah Ahmed-Khan')).toBeInTheDocument();
    expect(getItem.mock.calls.filter(([key]) => key === 'token').length).toBe(reads);
    getItem.mockRestore();
  });

  it("says the server's message once, at the form; the toast heads it with 'Login failed'", async () => {
    const { loginCall } = renderApp(null);
    const ui = userEvent.setup();
    await ui.type(screen.getByPlaceholderText('Your registered email'), 'parent@example.com');
    await ui.type(screen.getByLabelText('Password'), 'nope');
    await ui.click(screen.getByRole('button', { name: 'Login' }));
    await act(async () => loginCall().reject(new Error(serverMessage)));
    const toast = await screen.findByRole('region', { name: 'Notifications Alt+T' });
    expect(await within(toast).findByText('Login failed')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(serverMessage);
    expect(screen.getAllByText(serverMessage)).toHaveLength(1);
  });
});
