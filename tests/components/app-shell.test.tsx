import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { RequireToken } from '../../src/app/route-guards.tsx';
import { config } from '../../src/config.ts';
import type { User } from '../../src/storage/browser-storage.ts';
import { liveToken, stubNetwork } from '../support/network-stub.ts';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

const token = liveToken();

const user: User = {
  firstname: 'Sarah',
  lastname: 'Ahmed',
  clientid: 7,
  branch_id: 1,
  email: 'parent@example.com',
  branch_time_zone: 'Asia/Dubai',
  studentdetails: [{ id: 11, first_name: 'Adam', last_name: 'Ahmed', paying_client: 7 }],
};

/** A stand-in screen that names where the router is. */
function Page({ name }: { name: string }) {
  const { pathname } = useLocation();
  return (
    <main>
      <h1>{name}</h1>
      <p>at {pathname}</p>
    </main>
  );
}

const paths = ['/dashboard', '/transaction-history', '/new-booking', '/manage-booking', '/rescheduling', '/renew-change-packages', '/crtutors', '/profile'];

/** The shell on the real session, with a session stored as a previous visit left it. */
function renderShell(entries: string[] = ['/profile']) {
  return renderWithSession(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route element={<RequireToken />}>
          <Route element={<AppLayout />}>
            {paths.map((path) => (
              <Route key={path} path={path} element={<Page name={`Screen ${path}`} />} />
            ))}
          </Route>
        </Route>
        <Route path="/login" element={<Page name="Login screen" />} />
      </Routes>
    </MemoryRouter>,
    { stored: { token, user } },
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });

async function openMenu() {
  await userEvent.click(menuButton());
  return screen.getByRole('dialog', { name: 'Menu' });
}

beforeEach(() => {
  fetchMock.mockReset();
});

describe('Header bar and side menu', () => {
  it('shows a back arrow, a menu button and the screen title; the menu starts closed', () => {
    renderShell(['/profile']);
    expect(screen.getByRole('banner')).toHaveTextContent('My Profile');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the dashboard has no back arrow: every flow returns there, so history back from it leads nowhere useful', () => {
    renderShell(['/profile', '/dashboard']);
    expect(screen.getByRole('banner')).toHaveTextContent('Dashboard');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(menuButton()).toBeInTheDocument();
  });

  it('the back arrow goes back in history', async () => {
    renderShell(['/dashboard', '/profile']);
    expect(screen.getByRole('heading', { name: 'Screen /profile' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Screen /dashboard' })).toBeInTheDocument();
  });

  it("opens a menu with the user's name, initials, every place, contacts and social links", async () => {
    renderShell();
    const menu = await openMenu();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(menuButton()).toHaveAttribute('aria-controls', menu.id);
    // Focus moved into the menu.
    expect(menu).toContainElement(document.activeElement as HTMLElement);

    expect(within(menu).getByText('Sarah Ahmed')).toBeInTheDocument();
    expect(within(menu).getByText('SA')).toHaveAttribute('aria-hidden', 'true');

    const nav = within(menu).getByRole('navigation', { name: 'Main' });
    const expected: [string, string][] = [
      ['Home', '/dashboard'],
      ['Transaction History', '/transaction-history'],
      ['New Booking', '/new-booking'],
      ['Manage Booking', '/manage-booking'],
      ['Rescheduling', '/rescheduling'],
      ['Renew/change Package', '/renew-change-packages'],
      ['CR Tutors', '/crtutors'],
      ['My Profile', '/profile'],
    ];
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expected);
    expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    const phone = within(menu).getByRole('link', { name: config.contactPhone });
    expect(phone.getAttribute('href')).toBe(`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`);
    expect(within(menu).getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
    for (const social of config.socialLinks) {
      const link = within(menu).getByRole('link', { name: new RegExp(`^${social.name}`) });
      expect(link).toHaveAttribute('href', social.href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it.each([
    ['Transaction History', '/transaction-history'],
    ['New Booking', '/new-booking'],
    ['Manage Booking', '/manage-booking'],
    ['Rescheduling', '/rescheduling'],
    ['Renew/change Package', '/renew-change-packages'],
    ['CR Tutors', '/crtutors'],
  ])('choosing %s goes to %s, closes the menu and gives focus back to the menu button', async (label, path) => {
    renderShell(['/profile']);
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: label }));
    expect(await screen.findByRole('heading', { name: `Screen ${path}` })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });

  it('choosing Home clears the working keys (not the session) and goes to the dashboard', async () => {
    renderShell(['/profile']);
    for (const key of ['lessonData', 'groupedByWeek', 'dashboard', 'showLock', 'rescheduleData']) localStorage.setItem(key, '1');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Screen /dashboard' })).toBeInTheDocument();
    for (const key of ['lessonData', 'groupedByWeek', 'dashboard', 'showLock', 'rescheduleData']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('userdata')).not.toBeNull();
    expect(localStorage.getItem('BranchId')).toBe('1');
  });

  it('choosing New Booking starts a booking afresh: the working keys go, as from the dashboard', async () => {
    renderShell(['/profile']);
    for (const key of ['packageFormData', 'lessonData', 'groupedByWeek']) localStorage.setItem(key, '{}');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'New Booking' }));
    expect(await screen.findByRole('heading', { name: 'Screen /new-booking' })).toBeInTheDocument();
    for (const key of ['packageFormData', 'lessonData', 'groupedByWeek']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('other items keep the working keys', async () => {
    renderShell(['/dashboard']);
    localStorage.setItem('lessonData', '{}');
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'My Profile' }));
    expect(await screen.findByRole('heading', { name: 'Screen /profile' })).toBeInTheDocument();
    expect(localStorage.getItem('lessonData')).toBe('{}');
  });

  it('Logout ends the session, clears all storage and the loaded data, and goes to /login', async () => {
    const { actor, queryClient } = renderShell(['/profile']);
    localStorage.setItem('lessonData', '{}');
    queryClient.setQueryData(['clientsdata', user.clientid], { status: true, client: user });
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(actor.getSnapshot().matches('loggedIn')).toBe(false);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(localStorage.length).toBe(0);
    // Nothing loaded for this client is left for whoever logs in next.
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Escape, a close request and the close button close the menu, focus back on the menu button', async () => {
    renderShell();
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton()).toHaveFocus();

    // The browser's own close request (Escape, or a phone's back gesture) arrives as 'cancel'.
    let menu = await openMenu();
    fireEvent(menu, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(menuButton()).toHaveFocus();

    menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(menuButton()).toHaveFocus();
  });
});
