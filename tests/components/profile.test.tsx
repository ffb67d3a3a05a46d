import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverFailedText } from '../../src/api/client.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { RequireToken } from '../../src/app/route-guards.tsx';
import { ProfileScreen } from '../../src/screens/profile/profile-screen.tsx';
import { readSession } from '../../src/storage/browser-storage.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { expectConsole } from '../support/console-guard.ts';

const fetchMock = stubNetwork();

const token = liveToken();
const renewedToken = liveToken(7200);

const user = testUser;


/** The Calendar feed section reads its state on every profile (tests/components/calendar-feed.test.tsx): none yet. */
const noCalendarFeed = (request: Request) => (new URL(request.url).pathname === '/api/calendar-feed' ? json({ active: false, created_at: null }) : null);

/** What POST /oldnewpassword answers; other calls are a 404 the test would notice. */
function serve(answer: () => Response) {
  fetchMock.mockImplementation(
    async (request: Request) =>
      noCalendarFeed(request) ??
      (new URL(request.url).pathname === '/api/oldnewpassword' && request.method === 'POST' ? answer() : json({ success: false, message: 'Not found' }, 404)),
  );
}

const passwordCalls = () => fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === '/api/oldnewpassword');

/** The profile on the real session, with a session stored as a previous visit left it. */
function renderProfile() {
  return renderWithSession(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route element={<RequireToken />}>
          <Route element={<AppLayout />}>
            <Route path="/profile" element={<ProfileScreen />} />
          </Route>
        </Route>
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token, user } },
  );
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  return screen.getByRole('dialog', { name: 'Change Password' });
}

async function fill(dialog: HTMLElement, values: { old?: string; new?: string; confirm?: string }) {
  if (values.old) await userEvent.type(within(dialog).getByLabelText('Old password'), values.old);
  if (values.new) await userEvent.type(within(dialog).getByLabelText('New password'), values.new);
  if (values.confirm) await userEvent.type(within(dialog).getByLabelText('Confirm password'), values.confirm);
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (request: Request) => noCalendarFeed(request) ?? json({ success: false, message: 'Not found' }, 404));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Profile', () => {
  it("shows the user's name, e-mail and students", () => {
    renderProfile();
    expect(screen.getByRole('heading', { name: 'Sarah Ahmed' })).toBeInTheDocument();
    expect(screen.getByText('parent@example.com')).toBeInTheDocument();
    const students = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(students).toEqual(expect.arrayContaining(['Adam Ahmed', 'Lina Ahmed']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the Change Password dialog with the three password fields, and Cancel closes it', async () => {
    renderProfile();
    const dialog = await openDialog();
    expect(within(dialog).getByLabelText('Old password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'All fields are required' and sends nothing when a field is empty", async () => {
    serve(() => json({ success: true, message: 'Password updated successfully', token: renewedToken }));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { new: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('All fields are required');
    expect(passwordCalls()).toHaveLength(0);
    // Each empty field is marked and described by the message; the first takes focus.
    const [old, fresh, confirm] = ['Old password', 'New password', 'Confirm password'].map((label) => within(dialog).getByLabelText(label));
    expect(old).toHaveAttribute('aria-invalid', 'true');
    expect(old).toHaveAccessibleDescription('All fields are required');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(fresh).not.toHaveAttribute('aria-invalid');
    expect(old).toHaveFocus();
    // Filling a field answers it.
    await userEvent.type(old!, 'Passw0rd!');
    expect(old).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'New passwords do not match.' and sends nothing when new and confirm differ", async () => {
    serve(() => json({ success: true, message: 'Password updated successfully', token: renewedToken }));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'Passw0rd!', new: 'NewPassw0rd!', confirm: 'NewPassw0rd?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('New passwords do not match.');
    expect(passwordCalls()).toHaveLength(0);
    const confirm = within(dialog).getByLabelText('Confirm password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('New passwords do not match.');
    expect(confirm).toHaveFocus();
  });

  it("changes the password: posts clientid, old and new, toasts the server's message, closes and clears the dialog", async () => {
    serve(() => json({ success: true, message: 'Password updated successfully', token: renewedToken }));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'Passw0rd!', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [call] = passwordCalls();
    expect(await call!.clone().json()).toEqual({ clientid: 7, oldPassword: 'Passw0rd!', newPassword: 'NewPassw0rd!' });
    expect(call!.headers.get('Authorization')).toBe(`Bearer ${token}`);
    // The change revoked every older token: this tab goes on with the one the answer carried.
    expect(readSession()?.token).toBe(renewedToken);

    // Opened again, the fields are empty.
    const again = await openDialog();
    expect(within(again).getByLabelText('Old password')).toHaveValue('');
    expect(within(again).getByLabelText('New password')).toHaveValue('');
    expect(within(again).getByLabelText('Confirm password')).toHaveValue('');
    expect(within(again).getByRole('alert')).toBeEmptyDOMElement();
  });

  it("a refused change shows the server's error field as a toast and inline; the dialog stays open with the fields", async () => {
    serve(() => json({ success: false, message: 'Old password is incorrect', error: 'Old password is incorrect.' }, 400));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'wrong-one', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Old password is incorrect.'));
    // The toast says the same.
    await waitFor(() => expect(screen.getAllByText('Old password is incorrect.')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Old password')).toHaveValue('wrong-one');
    expect(within(dialog).getByLabelText('New password')).toHaveValue('NewPassw0rd!');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveValue('NewPassw0rd!');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("a refusal with no body reads 'Error updating password'", async () => {
    serve(() => new Response(null, { status: 400 }));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'Passw0rd!', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Error updating password'));
    await waitFor(() => expect(screen.getAllByText('Error updating password')).toHaveLength(2));
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('while the change is on its way, Submit and Cancel wait and nothing is sent twice', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'Passw0rd!', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(passwordCalls()).toHaveLength(1);

    answer(json({ success: true, message: 'Password updated successfully', token: renewedToken }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a server failure reads 'Error updating password' and what to do, never the server's text", async () => {
    serve(() => json({ success: false, error: 'TypeError: Cannot read properties of undefined' }, 500));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'Passw0rd!', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(`Error updating password. ${serverFailedText}`));
    expect(screen.queryByText(/TypeError/)).toBeNull();
  });

  it("reads a refusal without the field name the server put in front ('oldPassword: …')", async () => {
    serve(() => json({ success: false, message: 'oldPassword: Old password is incorrect.', error: 'oldPassword: Old password is incorrect.', field: 'oldPassword' }, 400));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'wrong-one', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Old password is incorrect\.$/));
  });

  it("a network failure reads 'Error updating password' too", async () => {
    // A lost connection is logged with its cause; the user reads the fallback.
    expectConsole('error', 'Error updating password TypeError: Failed to fetch');
    expectConsole('error', 'Your calendar link could not be loaded. TypeError: Failed to fetch');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderProfile();
    const dialog = await openDialog();
    await fill(dialog, { old: 'Passw0rd!', new: 'NewPassw0rd!', confirm: 'NewPassw0rd!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Error updating password'));
  });
});
