import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/app/router.tsx';
import { bookingPausedTitle } from '../../src/screens/booking-gate/booking-paused-view.tsx';
import { writeSession } from '../../src/storage/browser-storage.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { sampleForm } from '../support/draft-fixtures.ts';
import { testUser } from '../support/render-screen.tsx';

const fetchMock = stubNetwork();

// The console guard (tests/support/console-guard.ts) fails a test on any warning, React Router's
// 'No `HydrateFallback` element provided to render during initial hydration' included.
describe('the app router', () => {
  it.each([
    ['/', { name: /Discover your next skill/ }],
    ['/login', { name: 'Login' }],
  ])('opens %s with a spinner while its code loads, and no warning', async (path, heading) => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', heading, { timeout: 10_000 })).toBeVisible();
  });
});

// The first load of a signed-in screen draws its frame (the header with the screen's title) while its code arrives.
describe('the first load of a signed-in screen', () => {
  it.each([
    ['/book-class', 'Book Classes'],
    ['/manage-booking', 'Manage Booking'],
    ['/renew-change-packages', 'Renew / Change Package'],
  ])('%s with a session shows the header titled %s above the spinner before its code has loaded', (path, title) => {
    writeSession({ token: liveToken(), user: testUser });
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent(title);
    // Only the title: the menu and back buttons come with the screen's layout.
    expect(within(header).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('without a session (the guard will send the visitor to Login) shows the spinner alone', () => {
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/book-class'] })} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

// Every way into a booking asks whether staff paused this client's booking first: New Booking, Renew, and
// /free-book, which starts the free flow on its own.
describe('the booking-status gate on the routes that start a booking', () => {
  it.each(['/new-booking', '/renew-change-packages', '/free-book'])('%s shows the paused notice to a paused client', async (path) => {
    writeSession({ token: liveToken(), user: testUser });
    // A free draft whose form names a student, year and subject: /free-book would open its grid on it.
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'free', clientPackageId: null, orderRef: null }));
    localStorage.setItem('packageFormData', JSON.stringify(sampleForm));
    // Only the client data answers; the flow's own reads stay pending (the gate shows the flow while it asks).
    fetchMock.mockImplementation((request) => (new URL(request.url).pathname.startsWith('/api/clientsdata/') ? Promise.resolve(json({ status: false, client: testUser })) : new Promise<Response>(() => {})));
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
    // The first route of a run loads its lazy modules through Vite's transform: more than findBy's 1 s on a busy machine.
    expect(await screen.findByRole('heading', { name: bookingPausedTitle }, { timeout: 10_000 })).toBeVisible();
    expect(sentTo(fetchMock, `/api/clientsdata/${testUser.clientid}`).length).toBeGreaterThan(0);
  });
});
