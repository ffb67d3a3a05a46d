import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serverFailedText } from '../../src/api/client.ts';
import { PublicOnly } from '../../src/app/route-guards.tsx';
import { LoginScreen } from '../../src/screens/login/login-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

function renderLogin() {
  renderWithSession(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path="/login" element={<LoginScreen />} />
        </Route>
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const login = () => screen.getByRole('button', { name: 'Login' });
const form = () => within(screen.getByRole('main'));
/** The field's error: what aria-describedby points at. */
const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('/login: errors where the eye is', () => {
  it('marks each missing field at itself, focuses the first, and sends nothing', async () => {
    const ui = renderLogin();
    await ui.click(login());
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(email())).toBe('Email is required');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(password())).toBe('Password is required');
    expect(email()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    // Typing answers a field's error; the other stays until it is answered too.
    await ui.type(email(), 'parent@example.com');
    expect(email()).not.toHaveAttribute('aria-invalid');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
  });

  it("checks the e-mail's format (spec §5) at the field", async () => {
    const ui = renderLogin();
    await ui.type(email(), 'parent.example.com');
    await ui.type(password(), 'Passw0rd!');
    await ui.click(login());
    expect(describedBy(email())).toBe('Please enter a valid email address.');
    expect(email()).toHaveFocus();
    expect(password()).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says a refused login once: the reason at the form (announced), the spec's toast 'Login failed' only heads it", async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'Invalid email or password' }, 401));
    const ui = renderLogin();
    await ui.type(email(), 'parent@example.com');
    await ui.type(password(), 'wrong');
    await ui.click(login());

    expect(await form().findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(1);
    const toast = await toasts().findByText('Login failed');
    // The toast is not a live region of its own: a screen reader hears the reason once, from the form.
    expect(toast.closest('[role="alert"], [role="status"]')).toBeNull();
    expect(sentTo(fetchMock, '/api/login')).toHaveLength(1);
  });

  it("reads a refusal without the field name the server put in front ('password: …')", async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'password: must NOT have more than 200 characters', field: 'password' }, 400));
    const ui = renderLogin();
    await ui.type(email(), 'parent@example.com');
    await ui.type(password(), 'x');
    await ui.click(login());
    expect(await form().findByRole('alert')).toHaveTextContent(/^must NOT have more than 200 characters$/);
  });

  it("says a server failure in the client's words, never the server's", async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'connect ECONNREFUSED 10.0.0.7:5432' }, 500));
    const ui = renderLogin();
    await ui.type(email(), 'parent@example.com');
    await ui.type(password(), 'Passw0rd!');
    await ui.click(login());
    expect(await form().findByRole('alert')).toHaveTextContent(`Login failed. ${serverFailedText}`);
    expect(screen.queryByText(/ECONNREFUSED/)).toBeNull();
  });

  it('logs in with both fields given', async () => {
    fetchMock.mockResolvedValue(json({ success: true, message: 'Login successful', token: liveToken(), user: testUser }));
    const ui = renderLogin();
    await ui.type(email(), 'parent@example.com');
    await ui.type(password(), 'Passw0rd!');
    await ui.click(login());
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });
});
