import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { serverFailedText } from '../../src/api/client.ts';
import { ForgotPasswordScreen } from '../../src/screens/forgot-password/forgot-password-screen.tsx';
import { json, stubNetwork } from '../support/network-stub.ts';
import { renderScreen, toasts } from '../support/render-screen.tsx';

const fetchMock = stubNetwork();

const answer = (status: number, body: unknown) =>
  fetchMock.mockImplementation(async () => json(body, status));

const showScreen = () => renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password', elsewhere: { '/login': <h1>Login</h1> } });


async function requestLink(email: string) {
  const user = userEvent.setup();
  showScreen();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  return user;
}

afterEach(() => fetchMock.mockReset());

describe('Forgot password', () => {
  it('posts the e-mail as given, shows the server message as a toast and goes to /login', async () => {
    answer(200, { success: true, message: 'If the e-mail has an account, a reset link is on its way.' });
    await requestLink('parent@example.com');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(await toasts().findByText('If the e-mail has an account, a reset link is on its way.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0]![0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/api/forget_password');
    expect(request.headers.get('Authorization')).toBeNull();
    expect(await request.json()).toEqual({ email: 'parent@example.com' });
  });

  it("shows the server's message inline and as a toast on failure, and stays", async () => {
    answer(429, { success: false, message: 'Too many attempts, try again later.' });
    await requestLink('parent@example.com');

    expect(await toasts().findByText('Too many attempts, try again later.')).toBeInTheDocument();
    const form = screen.getByRole('heading', { name: 'Forgot Password' }).parentElement!;
    expect(within(form).getByRole('alert')).toHaveTextContent('Too many attempts, try again later.');
    expect(screen.getByLabelText('E-mail')).toHaveValue('parent@example.com');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it("falls back to 'Submit failed' when a refusal has no message", async () => {
    answer(400, {});
    await requestLink('parent@example.com');

    expect(await toasts().findByText('Submit failed')).toBeInTheDocument();
    const form = screen.getByRole('heading', { name: 'Forgot Password' }).parentElement!;
    expect(within(form).getByRole('alert')).toHaveTextContent(/^Submit failed$/);
  });

  it("says a server failure in the client's words with what to do, never the server's", async () => {
    answer(503, { success: false, message: 'upstream mailer timeout (smtp 421)' });
    await requestLink('parent@example.com');

    const form = screen.getByRole('heading', { name: 'Forgot Password' }).parentElement!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(`Submit failed. ${serverFailedText}`);
    expect(screen.queryByText(/smtp/)).toBeNull();
    // The toast repeats it for the eye only: it is not a live region, so a screen reader hears it once.
    expect((await toasts().findByText(`Submit failed. ${serverFailedText}`)).closest('[role="alert"], [role="status"]')).toBeNull();
  });

  it("reads a refusal without the field name the server put in front ('email: …')", async () => {
    answer(400, { success: false, message: 'email: must match format "email"', field: 'email' });
    await requestLink('parent@example.com');
    const form = screen.getByRole('heading', { name: 'Forgot Password' }).parentElement!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^must match format "email"$/);
  });

  it('disables Submit while the request is on its way', async () => {
    let release: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    await requestLink('parent@example.com');

    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    release(new Response(JSON.stringify({ success: true, message: 'Sent' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('Cancel goes back to /login without a request', async () => {
    const user = userEvent.setup();
    showScreen();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an empty or malformed e-mail at the field, which takes focus, and sends nothing', async () => {
    const user = userEvent.setup();
    showScreen();
    const email = screen.getByLabelText('E-mail');
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('E-mail is required');
    expect(email).toHaveFocus();
    await user.type(email, 'parent.example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
