import { act, screen, waitFor, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../machines/session.machine.ts';
import { api } from '../../src/api/api.ts';
import { getClientData } from '../../src/api/calls/client.ts';
import { RequireToken } from '../../src/app/route-guards.tsx';
import { useSessionActor } from '../../src/session/session-context.ts';
import { selectUser } from '../../src/session/session-selectors.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { changeStorageInAnotherTab, renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

const session: Session = { token: liveToken(), user: testUser };
const otherClient: Session = { token: liveToken(7200), user: { ...testUser, clientid: 8, firstname: 'Omar', lastname: 'Haddad', studentdetails: [] } };

function SignedIn() {
  const user = useSelector(useSessionActor(), selectUser);
  return (
    <h1>
      Signed in as {user?.firstname} {user?.lastname}
    </h1>
  );
}

const renderApp = () =>
  renderWithSession(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route element={<RequireToken />}>
          <Route path="/dashboard" element={<SignedIn />} />
        </Route>
        <Route path="/login" element={<h1>Login page</h1>} />
      </Routes>
    </MemoryRouter>,
    { stored: session },
  );

const toasts = () => within(screen.getByRole('region', { name: 'Notifications Alt+T' }));

describe('The session and the API client', () => {
  it("sends the session's token, not whatever the storage holds", async () => {
    fetchMock.mockResolvedValue(json({ status: true, client: testUser }));
    renderApp();
    // A value written behind the session's back (not by another tab: no storage event) is not sent.
    localStorage.setItem('token', 'written-elsewhere');
    await act(() => getClientData(api, { clientid: testUser.clientid }));
    expect(sentTo(fetchMock, `/api/clientsdata/${testUser.clientid}`)[0]?.headers.get('Authorization')).toBe(`Bearer ${session.token}`);
  });

  it('ends the session once on 401s: one "session expired" notice, the stored session cleared, /login', async () => {
    fetchMock.mockImplementation(async () => json({ success: false, message: 'Unauthorized' }, 401));
    const app = renderApp();
    expect(await screen.findByRole('heading', { name: 'Signed in as Sarah Ahmed' })).toBeInTheDocument();
    // Two calls answered 401 at once.
    await act(async () => {
      await Promise.allSettled([getClientData(api, { clientid: testUser.clientid }), getClientData(api, { clientid: testUser.clientid })]);
    });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(await toasts().findByText('Session expired. Please login again.')).toBeInTheDocument();
    expect(toasts().getAllByText('Session expired. Please login again.')).toHaveLength(1);
    expect([localStorage.getItem('token'), localStorage.getItem('userdata'), localStorage.getItem('BranchId')]).toEqual([null, null, null]);
    expect(app.actor.getSnapshot().context.session).toBeNull();
  });
});

describe('Another tab', () => {
  it('logging out there logs this tab out, without a "session expired" notice', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Signed in as Sarah Ahmed' })).toBeInTheDocument();
    act(() => changeStorageInAnotherTab(null));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(toasts().queryByText('Session expired. Please login again.')).toBeNull();
  });

  it("logging in there as another client: this tab goes on as that client, with nothing loaded for the previous one", async () => {
    fetchMock.mockResolvedValue(json({ status: true, client: otherClient.user }));
    const app = renderApp();
    expect(await screen.findByRole('heading', { name: 'Signed in as Sarah Ahmed' })).toBeInTheDocument();
    app.queryClient.setQueryData(['clientsdata', testUser.clientid], { status: true, client: testUser });

    act(() => changeStorageInAnotherTab(otherClient));

    expect(await screen.findByRole('heading', { name: 'Signed in as Omar Haddad' })).toBeInTheDocument();
    expect(app.queryClient.getQueryData(['clientsdata', testUser.clientid])).toBeUndefined();
    await act(() => getClientData(api, { clientid: otherClient.user.clientid }));
    await waitFor(() => expect(sentTo(fetchMock, `/api/clientsdata/${otherClient.user.clientid}`)[0]?.headers.get('Authorization')).toBe(`Bearer ${otherClient.token}`));
  });
});
