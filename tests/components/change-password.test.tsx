import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFailedText } from '../../src/api/client.ts';
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
    // A test DOM's name computation may drop the space before the hidden part of the name (jsdom's does: 'Show new password').
    await user.click(screen.getByRole('button', { name: /^show\s*new password$/i }));
    expect(fresh).toHaveAttribute('type', 'text');
  });

  it('refuses different passwords with the spec text at the confirm field, which takes focus, and sends nothing', async () => {
    const user = await submitPasswords('Secret123!', 'Secret124!');

    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveAccessibleDescription('New password and confirm password does not match.');
    expect(confirm).toHaveFocus();
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
    // Editing answers it.
    await user.type(confirm, 'x');
    expect(confirm).not.toHaveAttribute('aria-invalid');
  });

  it('marks each empty field at itself, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    showScreen();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('New password is required');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Confirm password is required');
    expect(screen.getByLabelText('New password')).toHaveFocus();
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
    answer(400, { success: false });
    await submitPasswords('Secret123!', 'Secret123!');

    expect(await toasts().findByText('Password change failed')).toBeInTheDocument();
    expect(inlineAlert()).toHaveTextContent('Password change failed');
    // What was typed stays, so a retry is one click.
    expect(screen.getByLabelText('New password')).toHaveValue('Secret123!');
  });

  it("says a server failure in the client's words, once for a screen reader, never the server's", async () => {
    answer(502, '<html><body>Bad Gateway (nginx)</body></html>');
    await submitPasswords('Secret123!', 'Secret123!');

    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(`Password change failed. ${serverFailedText}`);
    expect(screen.queryByText(/nginx/)).toBeNull();
    expect((await toasts().findByText(`Password change failed. ${serverFailedText}`)).closest('[role="alert"], [role="status"]')).toBeNull();
  });

  it("reads a refusal without the field name the server put in front ('newPassword: …')", async () => {
    answer(400, { success: false, message: 'newPassword: must NOT have fewer than 8 characters', field: 'newPassword' });
    await submitPasswords('Secret1!', 'Secret1!');
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(/^must NOT have fewer than 8 characters$/);
  });

  it('disables Submit while the request is on its way', async () => {
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    await submitPasswords('Secret123!', 'Secret123!');

    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
