import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import { scheduledClassesFailedText } from '../../src/api/calls/booking.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { ManageBookingScreen } from '../../src/screens/manage-booking/manage-booking-screen.tsx';
import { type BookingCardView, ManageBookingView, emptyBookingTexts } from '../../src/screens/manage-booking/manage-booking-view.tsx';
import { bookingPage, bookingsOfTab } from '../../machines/rules/booking-list.ts';
import type { User } from '../../src/storage/browser-storage.ts';
import { expectConsole } from '../support/console-guard.ts';
import { type FetchMock, json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

type Appointment = components['schemas']['Appointment'];
type Service = components['schemas']['Service'];

const fetchMock = stubNetwork();
const day = 86_400_000;

const lesson = (id: number, start: number, more: Partial<Appointment> = {}): Appointment => ({
  id,
  start: new Date(start).toISOString(),
  finish: new Date(start + 3_600_000).toISOString(),
  topic: 'Mathematics',
  status: 'planned',
  service: { id: 1, name: 'Mathematics - Adam Ahmed' },
  db: { pkg_id: 3 },
  client_package_id: 30,
  rating: null,
  ...more,
});

/** `count` lessons a day apart from 2 Dec 2026 at 16:00 in Dubai (12:00 UTC), on services 1, 2, 3 in turn. */
const daily = (count: number, more: Partial<Appointment> = {}, firstId = 1): Appointment[] =>
  Array.from({ length: count }, (_, i) => {
    const serviceId = (i % 3) + 1;
    return lesson(firstId + i, Date.parse('2026-12-02T12:00:00Z') + i * day, { service: { id: serviceId, name: `Service ${serviceId}` }, ...more });
  });

const service = (id: number, tutors: string[], students: string[]): Service => ({
  id,
  name: `Service ${id}`,
  dft_charge_type: 'hourly',
  dft_charge_rate: '57.00',
  dft_contractor_rate: '40.00',
  branch_id: 1,
  conjobs: tutors.map((name, i) => ({ name, contractor: 100 + i })),
  rcrs: students.map((recipient_name, i) => ({ recipient_name, recipient: 11 + i })),
});

const services: Record<number, Service> = {
  1: service(1, ['Amira Haddad'], ['Adam Ahmed']),
  2: service(2, ['James Whitfield', 'Layla Mansour'], ['Adam Ahmed', 'Lina Ahmed']),
  3: service(3, [], []),
  4: service(4, ['Amira Haddad'], ['Lina Ahmed']),
};

/** The API: the appointments answer, and each service by id (a missing one fails with a 500). */
function serve(mock: FetchMock, appointments: () => Response) {
  mock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/appointmentstwo/')) return appointments();
    const serviceId = /^\/api\/services\/(\d+)$/.exec(pathname)?.[1];
    if (serviceId) {
      const found = services[Number(serviceId)];
      return found ? json(found) : json({ message: 'Server error' }, 500);
    }
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** The screen for a reader in `viewerTimeZone` (the browser's zone; Dubai's unless a test says otherwise). */
function renderManageBooking(user: User = testUser, viewerTimeZone = 'Asia/Dubai') {
  return renderWithSession(
    <MemoryRouter initialEntries={['/manage-booking']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/manage-booking" element={<ManageBookingScreen viewerTimeZone={viewerTimeZone} />} />
          <Route path="/new-booking" element={<h1>New booking page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user } },
  );
}

const panel = () => within(screen.getByRole('tabpanel'));
const cardNames = () => panel().queryAllByRole('article').map((card) => card.getAttribute('aria-label'));
/** The value next to a term of a card (its description list). */
const field = (card: HTMLElement, term: string) => within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const serviceRequests = () => fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname.startsWith('/api/services/'));

describe('Manage Booking', () => {
  it('shows the header, a spinner, then the current bookings by client package with names, weekday, branch-zone times and statuses', async () => {
    serve(fetchMock, () =>
      json({
        data: [
          lesson(1, Date.parse('2026-12-03T12:00:00Z'), { status: 'planned', service: { id: 1, name: 'S1' } }),
          lesson(2, Date.parse('2026-12-03T21:30:00Z'), { status: 'pending', topic: 'English', service: { id: 2, name: 'S2' }, db: { pkg_id: 2 }, client_package_id: 20 }),
          lesson(3, Date.parse('2026-11-03T12:00:00Z'), { status: 'completed' }),
          lesson(4, Date.parse('2026-12-04T12:00:00Z'), { status: 'planned', topic: 'Physics', service: { id: 3, name: 'S3' }, db: { pkg_id: 9 }, client_package_id: null }),
        ],
      }),
    );
    renderManageBooking();
    expect(screen.getByRole('banner')).toHaveTextContent('Manage Booking');
    expect(screen.getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading bookings' })).toBeVisible();

    expect(await screen.findByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Current Booking' })).toHaveAttribute('aria-selected', 'true');
    // 21:30 UTC is 01:30 the next day (a Friday) in Dubai; the completed lesson is on the Past tab.
    expect(cardNames()).toEqual(['Mathematics, Thu 3 Dec 2026 · 16:00', 'English, Fri 4 Dec 2026 · 01:30', 'Physics, Fri 4 Dec 2026 · 16:00']);

    const maths = screen.getByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' });
    expect(await within(maths).findByText('Amira Haddad')).toBeVisible();
    expect(field(maths, 'S.No.')).toBe('1');
    expect(field(maths, 'Subject')).toBe('Mathematics');
    expect(field(maths, 'Student Name')).toBe('Adam Ahmed');
    expect(field(maths, 'Start Date / Time')).toBe('Thu 3 Dec 2026 · 16:00');
    // The times are the branch's wall clock, said once over the list; a reader in Dubai needs no second clock.
    expect(panel().getByText('Times in Dubai time')).toBeVisible();
    expect(panel().queryByText(/your time$/)).toBeNull();
    expect(within(maths).getByText('planned')).toHaveAttribute('data-tone', 'planned');

    const english = screen.getByRole('article', { name: 'English, Fri 4 Dec 2026 · 01:30' });
    expect(await within(english).findByText('James Whitfield, Layla Mansour')).toBeVisible();
    expect(field(english, 'Student Name')).toBe('Adam Ahmed, Lina Ahmed');
    expect(within(english).getByText('pending')).toHaveAttribute('data-tone', 'pending');

    // A service with no tutor and no student reads N/A.
    const physics = screen.getByRole('article', { name: 'Physics, Fri 4 Dec 2026 · 16:00' });
    expect(await within(physics).findAllByText('N/A')).toHaveLength(2);
    expect(panel().queryByRole('button', { name: 'Comment' })).toBeNull();
    // Each group says its package and whose it is; a lesson without a client package goes by its package name.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['GOLD · Adam Ahmed', 'SILVER · Adam Ahmed, Lina Ahmed', 'Unknown Package']);
  });

  it.each([
    // 16:00 in Dubai on Thu 3 Dec is 12:00 UTC; 01:30 on Fri 4 Dec in Dubai is 21:30 UTC on Thu 3 Dec.
    ['Europe/London', '12:00 pm your time', 'Thu 3 Dec · 9:30 pm your time'],
    ['America/New_York', '7:00 am your time', 'Thu 3 Dec · 4:30 pm your time'],
    ['Australia/Sydney', '11:00 pm your time', '8:30 am your time'],
  ])('a reader in %s sees each lesson on the branch’s clock and, under it, their own', async (zone, mathsClock, englishClock) => {
    serve(fetchMock, () =>
      json({
        data: [
          lesson(1, Date.parse('2026-12-03T12:00:00Z'), { service: { id: 1, name: 'S1' } }),
          lesson(2, Date.parse('2026-12-03T21:30:00Z'), { topic: 'English', service: { id: 1, name: 'S1' } }),
        ],
      }),
    );
    renderManageBooking(testUser, zone);
    const maths = await screen.findByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' });
    expect(panel().getByText('Times in Dubai time')).toBeVisible();
    expect(field(maths, 'Start Date / Time')).toBe(`Thu 3 Dec 2026 · 16:00${mathsClock}`);
    expect(within(maths).getByText(mathsClock)).toBeVisible();
    const english = screen.getByRole('article', { name: 'English, Fri 4 Dec 2026 · 01:30' });
    expect(within(english).getByText(englishClock)).toBeVisible();
  });

  it("groups by client package: two students' SILVER packages are two groups named for their student, the free assessment its own, lessons by date with their weekday", async () => {
    serve(fetchMock, () =>
      json({
        data: [
          lesson(1, Date.parse('2026-12-06T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 51, service: { id: 1, name: 'Mathematics - Adam Ahmed' } }),
          lesson(2, Date.parse('2026-12-07T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 52, service: { id: 4, name: 'Mathematics - Lina Ahmed' } }),
          lesson(3, Date.parse('2026-12-13T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 51, service: { id: 1, name: 'Mathematics - Adam Ahmed' } }),
          lesson(4, Date.parse('2026-12-14T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 52, service: { id: 4, name: 'Mathematics - Lina Ahmed' } }),
          lesson(5, Date.parse('2026-12-05T12:00:00Z'), { topic: 'English', db: { pkg_id: null }, client_package_id: null, service: { id: 4, name: 'English - Lina Ahmed' } }),
        ],
      }),
    );
    renderManageBooking();
    await screen.findAllByRole('article');
    await screen.findByRole('heading', { level: 2, name: 'SILVER · Lina Ahmed' });
    const groups = panel()
      .getAllByRole('region')
      .map((group) => [
        within(group).getByRole('heading', { level: 2 }).textContent,
        within(group)
          .getAllByRole('article')
          .map((card) => card.getAttribute('aria-label')),
      ]);
    expect(groups).toEqual([
      ['Free Assessment', ['English, Sat 5 Dec 2026 · 16:00']],
      ['SILVER · Adam Ahmed', ['Mathematics, Sun 6 Dec 2026 · 16:00', 'Mathematics, Sun 13 Dec 2026 · 16:00']],
      ['SILVER · Lina Ahmed', ['Mathematics, Mon 7 Dec 2026 · 16:00', 'Mathematics, Mon 14 Dec 2026 · 16:00']],
    ]);
  });

  it('two packages of one name for the same student are told apart by their first day', async () => {
    serve(fetchMock, () =>
      json({
        data: [
          lesson(1, Date.parse('2026-12-06T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 51 }),
          lesson(2, Date.parse('2026-12-07T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 61 }),
        ],
      }),
    );
    renderManageBooking();
    expect(await screen.findByRole('heading', { level: 2, name: 'SILVER · Adam Ahmed · from Sun 6 Dec 2026' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'SILVER · Adam Ahmed · from Mon 7 Dec 2026' })).toBeVisible();
  });

  it('the Past tab holds the completed and cancelled lessons, latest first; cancelled is drawn apart from completed and has no Comment', async () => {
    serve(fetchMock, () =>
      json({
        data: [
          lesson(1, Date.parse('2026-11-01T12:00:00Z'), { status: 'completed' }),
          lesson(2, Date.parse('2026-11-08T12:00:00Z'), { status: 'cancelled', topic: 'English' }),
          lesson(3, Date.parse('2026-12-08T12:00:00Z'), { status: 'planned', topic: 'Physics' }),
        ],
      }),
    );
    renderManageBooking();
    await screen.findByRole('article', { name: 'Physics, Tue 8 Dec 2026 · 16:00' });
    await userEvent.click(screen.getByRole('tab', { name: 'Past Booking' }));
    expect(screen.getByRole('tab', { name: 'Past Booking' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Past Booking' })).toBeVisible();
    expect(cardNames()).toEqual(['English, Sun 8 Nov 2026 · 16:00', 'Mathematics, Sun 1 Nov 2026 · 16:00']);

    const cancelled = within(screen.getByRole('article', { name: 'English, Sun 8 Nov 2026 · 16:00' }));
    const completed = within(screen.getByRole('article', { name: 'Mathematics, Sun 1 Nov 2026 · 16:00' }));
    // Not by colour alone: each status has its own mark beside the word.
    expect(cancelled.getByText('cancelled')).toHaveAttribute('data-tone', 'cancelled');
    expect(cancelled.getByText('cancelled').querySelector('svg')).toHaveAttribute('data-mark', 'cancelled');
    expect(completed.getByText('completed')).toHaveAttribute('data-tone', 'completed');
    expect(completed.getByText('completed').querySelector('svg')).toHaveAttribute('data-mark', 'completed');
    expect(cancelled.queryByRole('button', { name: 'Comment' })).toBeNull();

    const comments = panel().getAllByRole('button', { name: 'Comment' });
    expect(comments).toHaveLength(1);
    expect(comments[0]).toHaveAccessibleDescription('Mathematics Sun 1 Nov 2026 · 16:00');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(completed.getByRole('button', { name: 'Comment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rate Us' }));
    // The dialog names the lesson it rates.
    expect(dialog.getByText('Mathematics, Sun 1 Nov 2026 · 16:00')).toBeVisible();
    expect(dialog.getByText('Tap a star to rate')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a rated lesson shows the stars given and no second Comment', async () => {
    serve(fetchMock, () =>
      json({
        data: [
          lesson(1, Date.parse('2026-11-01T12:00:00Z'), { status: 'completed', rating: 4 }),
          lesson(2, Date.parse('2026-11-08T12:00:00Z'), { status: 'completed', topic: 'English' }),
        ],
      }),
    );
    renderManageBooking();
    await userEvent.click(screen.getByRole('tab', { name: 'Past Booking' }));
    const rated = within(await screen.findByRole('article', { name: 'Mathematics, Sun 1 Nov 2026 · 16:00' }));
    expect(rated.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    expect(rated.queryByRole('button', { name: 'Comment' })).toBeNull();
    const open = within(screen.getByRole('article', { name: 'English, Sun 8 Nov 2026 · 16:00' }));
    expect(open.getByRole('button', { name: 'Comment' })).toBeVisible();
    expect(open.queryByRole('img', { name: /^Rated/ })).toBeNull();
  });

  it("rates one lesson: the review names it, and the list is read again so its card shows the stars", async () => {
    let rated: number | null = null;
    const reviewsSent: unknown[] = [];
    fetchMock.mockImplementation(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname.startsWith('/api/appointmentstwo/')) {
        return json({ data: [lesson(41, Date.parse('2026-11-01T12:00:00Z'), { status: 'completed', rating: rated }), lesson(42, Date.parse('2026-11-08T12:00:00Z'), { status: 'completed', topic: 'English' })] });
      }
      if (pathname === '/api/sendReviewEmail') {
        const body = (await request.clone().json()) as { review_number: number };
        reviewsSent.push(body);
        rated = body.review_number;
        return json({ data: { success: true, message: 'Thank you for your feedback!' } }, 201);
      }
      const serviceId = /^\/api\/services\/(\d+)$/.exec(pathname)?.[1];
      return serviceId ? json(services[Number(serviceId)]) : json({ success: false, message: 'Not found' }, 404);
    });
    renderManageBooking();
    await userEvent.click(screen.getByRole('tab', { name: 'Past Booking' }));
    const card = await screen.findByRole('article', { name: 'Mathematics, Sun 1 Nov 2026 · 16:00' });
    await userEvent.click(within(card).getByRole('button', { name: 'Comment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rate Us' }));
    await userEvent.click(dialog.getByRole('radio', { name: '4 stars' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit' }));

    expect(await within(screen.getByRole('article', { name: 'Mathematics, Sun 1 Nov 2026 · 16:00' })).findByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
    expect(reviewsSent).toEqual([{ clientid: testUser.clientid, client_email: testUser.email, review_number: 4, description: '', appointment_id: 41 }]);
    expect(within(screen.getByRole('article', { name: 'Mathematics, Sun 1 Nov 2026 · 16:00' })).queryByRole('button', { name: 'Comment' })).toBeNull();
    expect(fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname.startsWith('/api/appointmentstwo/'))).toHaveLength(2);
    // The other lesson may still be rated.
    expect(within(screen.getByRole('article', { name: 'English, Sun 8 Nov 2026 · 16:00' })).getByRole('button', { name: 'Comment' })).toBeVisible();
  });

  it('the tabs are a tablist: arrow keys, Home and End move and select', async () => {
    serve(fetchMock, () => json({ data: [lesson(1, Date.parse('2026-12-08T12:00:00Z')), lesson(2, Date.parse('2026-11-08T12:00:00Z'), { status: 'completed' })] }));
    renderManageBooking();
    await screen.findByRole('article');
    const current = screen.getByRole('tab', { name: 'Current Booking' });
    const past = screen.getByRole('tab', { name: 'Past Booking' });
    expect(screen.getByRole('tablist', { name: 'Bookings' })).toBeVisible();
    expect(current).toHaveAttribute('tabindex', '0');
    expect(past).toHaveAttribute('tabindex', '-1');
    current.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(past).toHaveFocus();
    expect(past).toHaveAttribute('aria-selected', 'true');
    expect(cardNames()).toEqual(['Mathematics, Sun 8 Nov 2026 · 16:00']);
    await userEvent.keyboard('{ArrowRight}');
    expect(current).toHaveFocus();
    expect(current).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(past).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(current).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(past).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Past Booking');
  });

  it('pages 20 at a time with Previous, Next and Page X of Y; a tab change goes back to page 1', async () => {
    serve(fetchMock, () => json({ data: [...daily(45), ...daily(3, { status: 'completed' }, 100)] }));
    renderManageBooking();
    await screen.findAllByRole('article');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(panel().getAllByRole('article')).toHaveLength(20);
    expect(previous).toBeDisabled();

    await userEvent.click(next);
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    const [first] = panel().getAllByRole('article');
    expect(first && field(first, 'S.No.')).toBe('21');
    expect(previous).toBeEnabled();

    await userEvent.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeVisible();
    expect(panel().getAllByRole('article')).toHaveLength(5);
    expect(next).toBeDisabled();
    // The button pressed is now disabled: the focus goes to the other one, not to the page.
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();

    await userEvent.click(screen.getByRole('tab', { name: 'Past Booking' }));
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Current Booking' }));
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
  });

  it('30 lessons on 3 services ask for 3 services, once, however the pages are turned', async () => {
    serve(fetchMock, () => json({ data: daily(30) }));
    renderManageBooking();
    const [first] = await screen.findAllByRole('article');
    expect(first && (await within(first).findByText('Amira Haddad'))).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await panel().findAllByText('Amira Haddad')).length).toBeGreaterThan(0);
    expect(serviceRequests().map(([request]) => new URL(request.url).pathname).sort()).toEqual(['/api/services/1', '/api/services/2', '/api/services/3']);
    const [request] = serviceRequests()[0] ?? [];
    expect(request && new URL(request.url).searchParams.get('branch_id')).toBe(String(testUser.branch_id));
  });

  it('300 lessons: 15 pages of 20 cards, and still one request per service', async () => {
    serve(fetchMock, () => json({ data: daily(300) }));
    renderManageBooking();
    await screen.findAllByRole('article');
    expect(screen.getByText('Page 1 of 15')).toBeVisible();
    for (let page = 2; page <= 4; page += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText(`Page ${page} of 15`)).toBeVisible();
    }
    expect(panel().getAllByRole('article')).toHaveLength(20);
    await screen.findAllByText('Amira Haddad');
    expect(serviceRequests()).toHaveLength(3);
  });

  it('only the services of the page shown are asked for', async () => {
    // Page 1 is all on service 1; service 2 appears only on page 2.
    serve(fetchMock, () => json({ data: [...Array.from({ length: 20 }, (_, i) => lesson(i + 1, Date.parse('2026-12-02T12:00:00Z') + i * day)), lesson(21, Date.parse('2026-12-30T12:00:00Z'), { service: { id: 2, name: 'S2' } })] }));
    renderManageBooking();
    await screen.findAllByRole('article');
    await screen.findAllByText('Amira Haddad');
    expect(sentTo(fetchMock, '/api/services/1')).toHaveLength(1);
    expect(sentTo(fetchMock, '/api/services/2')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('James Whitfield, Layla Mansour')).toBeVisible();
    expect(sentTo(fetchMock, '/api/services/2')).toHaveLength(1);
  });

  it('a failed service look-up keeps the card, with N/A, and is logged', async () => {
    expectConsole('error', 'Service 5 could not be loaded');
    serve(fetchMock, () => json({ data: [lesson(1, Date.parse('2026-12-03T12:00:00Z'), { service: { id: 5, name: 'Gone' } }), lesson(2, Date.parse('2026-12-04T12:00:00Z'))] }));
    renderManageBooking();
    const card = await screen.findByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' });
    expect(await within(card).findAllByText('N/A')).toHaveLength(2);
    expect(within(screen.getByRole('article', { name: 'Mathematics, Fri 4 Dec 2026 · 16:00' })).getByText('Amira Haddad')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with no student, asks for no appointments and shows the empty state; New Booking opens /new-booking', async () => {
    serve(fetchMock, () => json({ data: [] }));
    renderManageBooking({ ...testUser, studentdetails: [] });
    for (const text of emptyBookingTexts) expect(screen.getByText(text)).toBeVisible();
    expect(fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname.startsWith('/api/appointmentstwo/'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('link', { name: 'New Booking' }));
    expect(await screen.findByRole('heading', { name: 'New booking page' })).toBeVisible();
  });

  it('with no booking on a tab, shows the empty state texts there', async () => {
    serve(fetchMock, () => json({ data: [lesson(1, Date.parse('2026-11-03T12:00:00Z'), { status: 'completed' })] }));
    renderManageBooking();
    expect(await screen.findByText(emptyBookingTexts[0])).toBeVisible();
    expect(screen.getByText(emptyBookingTexts[2])).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Past Booking' }));
    expect(screen.getByRole('article', { name: 'Mathematics, Tue 3 Nov 2026 · 16:00' })).toBeVisible();
  });

  it('a failed load shows why with Retry, and retrying loads', async () => {
    let fail = true;
    serve(fetchMock, () => (fail ? new Response('', { status: 500 }) : json({ data: [lesson(1, Date.parse('2026-12-03T12:00:00Z'))] })));
    renderManageBooking();
    expect(await screen.findByRole('alert')).toHaveTextContent(scheduledClassesFailedText);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' })).toBeVisible();
  });
});

// The spot where a lesson to come takes its Add to calendar control (issue 19, item 1), given by the screen.
describe('Manage Booking view: the calendar control of a lesson to come', () => {
  const now = Date.parse('2026-12-01T00:00:00Z');
  const props = (tab: 'current' | 'past', calendarControl?: (booking: BookingCardView) => ReactNode) => {
    const appointments = [lesson(1, Date.parse('2026-12-03T12:00:00Z')), lesson(2, Date.parse('2026-11-03T12:00:00Z'), { status: 'completed' })];
    const shown = bookingPage(bookingsOfTab(appointments, tab), { page: 1, size: 20, timeZone: 'Asia/Dubai', viewerTimeZone: 'Asia/Dubai', now });
    const noop = () => {};
    return {
      tab,
      loading: false,
      error: null,
      retrying: false,
      groups: shown.groups.map((group) => ({ key: group.key, title: group.packageName, items: group.items.map((card) => ({ ...card, studentName: 'Adam Ahmed', teacherName: 'Amira Haddad' })) })),
      page: 1,
      pageCount: 1,
      timesIn: shown.timesIn,
      calendarControl,
      onTab: noop,
      onPage: noop,
      onRetry: noop,
      onComment: noop,
    };
  };
  const control = (booking: BookingCardView) => <button type="button">{`Add ${booking.subject} on ${booking.start} to calendar`}</button>;

  it('shows the control the screen gives under each card of the Current tab, with the lesson it is for', () => {
    render(
      <MemoryRouter>
        <ManageBookingView {...props('current', control)} />
      </MemoryRouter>,
    );
    const card = within(screen.getByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' }));
    expect(card.getByRole('button', { name: 'Add Mathematics on 2026-12-03T12:00:00.000Z to calendar' })).toBeVisible();
  });

  it('never under a past lesson, and nothing at all when the screen gives none', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ManageBookingView {...props('past', control)} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('article', { name: 'Mathematics, Tue 3 Nov 2026 · 16:00' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /to calendar$/ })).toBeNull();
    unmount();
    render(
      <MemoryRouter>
        <ManageBookingView {...props('current')} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('article', { name: 'Mathematics, Thu 3 Dec 2026 · 16:00' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /to calendar$/ })).toBeNull();
  });
});
