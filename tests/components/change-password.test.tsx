import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordScreen } from '../../src/screens/change-password/change-password-screen.tsx';
import { json, stubNetwork } from '../support/network-stub.ts';
import { renderScreen, toasts } from '../support/render-screen.tsx';

const fetchMock = stubNetwork();

const linkId = 'k3Jx9_reset-link-token-0123456789';

const answer = (status: number, body: unknown) =>
  fetchMock.mockImplementation(async () => json(body, status));

const showScreen = () =>
  renderScreen(<ChangePasswordScreen />, { path: '/changepassword/:id', at: `/changepassword/${linkId}`, elsewhere: { '/login': <h1>Login</h1> } });

const inlineAlert = () => within(screen.getByRole('main')).getByRole('alert');

async function submitPasswords(newPassword: string, confirmPassword: string) {
  const user = userEvent.setup();
  showScreen();
  await user.type(screen.getByLabelText('New password'), newPassword);
  await user.type(screen.getByLabelText('Confirm password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return user;
}

afterEach(() => fetchMock.mockReset());

describe('Change password via link', () => {
  it('offers two masked new-password fields, each with a show/hide toggle once typed', async () => {
    const user = userEvent.setup();
    showScreen();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    const fresh = screen.getByLabelText('New password');
    expect(fresh).toHaveAttribute('type', 'password');
    expect(fresh).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.queryByRole('button', { name: /show/i })).toBeNull();

    await user.type(fresh, 'Secret123!');
    // jsdom's name computation drops the space before the hidden part of the name ('Show new password').
    await user.click(screen.getByRole('button', { name: /^show\s*new password$/i }));
    expect(fresh).toHaveAttribute('type', 'text');
  });

  it('refuses different passwords with the spec text and sends nothing', async () => {
    await submitPasswords('Secret123!', 'Secret124!');

    expect(inlineAlert()).toHaveTextContent('New password and confirm password does not match.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the new password to the link's id, toasts the server message and goes to /login", async () => {
    answer(200, { success: true, message: 'Password changed successfully.' });
    await submitPasswords('Secret123!', 'Secret123!');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(await toasts().findByText('Password changed successfully.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe(`/api/changepassword/${linkId}`);
    expect(request.headers.get('Authorization')).toBeNull();
    expect(await request.json()).toEqual({ newPassword: 'Secret123!' });
  });

  it("shows the server's message when the link is refused", async () => {
    answer(400, { success: false, message: 'This link has expired or was already used.' });
    await submitPasswords('Secret123!', 'Secret123!');

    expect(await toasts().findByText('This link has expired or was already used.')).toBeInTheDocument();
    expect(inlineAlert()).toHaveTextContent('This link has expired or was already used.');
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();
  });

  it("falls back to 'Password change failed' when the answer has no message", async () => {
    answer(500, { success: false });
    await submitPasswords('Secret123!', 'Secret123!');

    expect(await toasts().findByText('Password change failed')).toBeInTheDocument();
    expect(inlineAlert()).toHaveTextContent('Password change failed');
    // What was typed stays, so a retry is one click.
    expect(screen.getByLabelText('New password')).toHaveValue('Secret123!');
  });

  it('disables Submit while the request is on its way', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    await submitPasswords('Secret123!', 'Secret123!');

    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
