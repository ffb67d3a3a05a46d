import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rescheduleNoticeText } from '../../contract/reschedule-notice.ts';
import type { components } from '../../contract/schema.d.ts';
import { scheduledClassesFailedText } from '../../src/api/calls/booking.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readRescheduleData } from '../../src/booking/reschedule-storage.ts';
import { ReschedulingScreen, noTutorText } from '../../src/screens/rescheduling/rescheduling-screen.tsx';
import { noLessonsText } from '../../src/screens/rescheduling/rescheduling-view.tsx';
import type { User } from '../../src/storage/browser-storage.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

type Appointment = components['schemas']['Appointment'];
type Service = components['schemas']['Service'];

const fetchMock = stubNetwork();
const day = 86_400_000;
// Lessons are placed relative to the real clock: the notice counts from the branch's today.
const fromNow = (days: number) => Date.now() + days * day;

const lesson = (id: number, start: number, more: Partial<Appointment> = {}): Appointment => ({
  id,
  start: new Date(start).toISOString(),
  finish: new Date(start + 3_600_000).toISOString(),
  topic: 'Mathematics',
  status: 'planned',
  service: { id: 7, name: 'Mathematics - Adam Ahmed' },
  db: { pkg_id: 3 },
  client_package_id: 30,
  rating: null,
  ...more,
});

const service = (id: number, tutors: [string, number][]): Service => ({
  id,
  name: `Service ${id}`,
  dft_charge_type: 'hourly',
  dft_charge_rate: '57.00',
  dft_contractor_rate: '40.00',
  branch_id: 1,
  conjobs: tutors.map(([name, contractor]) => ({ name, contractor })),
  rcrs: [{ recipient_name: 'Adam Ahmed', recipient: 11 }],
});

const services: Record<number, Service> = {
  7: service(7, [
    ['Amira Haddad', 31],
    ['James Whitfield', 32],
  ]),
  8: service(8, []),
  9: { ...service(9, [['Amira Haddad', 31]]), rcrs: [{ recipient_name: 'Lina Ahmed', recipient: 12 }] },
};

function serve(appointments: () => Response) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/api/appointmentstwo/')) return appointments();
    const serviceId = /^\/api\/services\/(\d+)$/.exec(pathname)?.[1];
    const found = serviceId === undefined ? undefined : services[Number(serviceId)];
    if (found) return json(found);
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** The screen for a reader in `viewerTimeZone` (the browser's zone; Dubai's unless a test says otherwise). */
function renderRescheduling(user: User = testUser, viewerTimeZone = 'Asia/Dubai') {
  return renderWithSession(
    <MemoryRouter initialEntries={['/rescheduling']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/rescheduling" element={<ReschedulingScreen viewerTimeZone={viewerTimeZone} />} />
          <Route path="/reschedule-slot" element={<h1>Reschedule slot page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user } },
  );
}

const card = (serviceName: string) => within(screen.getByRole('article', { name: serviceName }));

describe('Rescheduling', () => {
  it('lists the lessons by package, 10 a page, with service, topic and time; Previous and Next turn the pages', async () => {
    serve(() =>
      json({
        data: Array.from({ length: 25 }, (_, i) =>
          lesson(i + 1, Date.parse('2026-12-02T12:00:00Z') + i * day, { service: { id: 7, name: `Lesson ${i + 1}` }, db: { pkg_id: i < 12 ? 3 : 2 }, client_package_id: i < 12 ? 30 : 20 }),
        ),
      }),
    );
    renderRescheduling();
    expect(screen.getByRole('banner')).toHaveTextContent('Rescheduling');
    expect(screen.getByRole('status', { name: 'Loading lessons' })).toBeVisible();
    const first = within(await screen.findByRole('article', { name: 'Lesson 1' }));
    expect(first.getByText('Mathematics')).toBeVisible();
    // 12:00 UTC is 16:00 in Dubai, on a Wednesday: the branch's clock, and the list says whose.
    expect(first.getByText('Wed 2 Dec 2026').closest('p')).toHaveTextContent(/^Wed 2 Dec 2026 · 16:00$/);
    expect(screen.getByText('Times in Dubai time')).toBeVisible();
    expect(screen.queryByText(/your time$/)).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 2, name: 'SILVER · Adam Ahmed' })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['GOLD · Adam Ahmed', 'SILVER · Adam Ahmed']);
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Lesson ${i + 11}`),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
  });

  it.each([
    // 16:00 in Dubai on Wed 2 Dec is 12:00 UTC; 01:00 on Thu 3 Dec in Dubai is 21:00 UTC on Wed 2 Dec.
    ['Europe/London', '12:00 pm your time', 'Wed 2 Dec · 9:00 pm your time'],
    ['America/New_York', '7:00 am your time', 'Wed 2 Dec · 4:00 pm your time'],
    ['Australia/Sydney', '11:00 pm your time', '8:00 am your time'],
  ])('a reader in %s sees each lesson on the branch’s clock and, under it, their own', async (zone, afternoon, night) => {
    serve(() =>
      json({
        data: [
          lesson(1, Date.parse('2026-12-02T12:00:00Z'), { service: { id: 7, name: 'Afternoon' } }),
          lesson(2, Date.parse('2026-12-02T21:00:00Z'), { service: { id: 7, name: 'Night' } }),
        ],
      }),
    );
    renderRescheduling(testUser, zone);
    const first = await screen.findByRole('article', { name: 'Afternoon' });
    expect(screen.getByText('Times in Dubai time')).toBeVisible();
    expect(within(first).getByText('Wed 2 Dec 2026').closest('p')).toHaveTextContent(`Wed 2 Dec 2026 · 16:00${afternoon}`);
    expect(within(first).getByText(afternoon)).toBeVisible();
    expect(card('Night').getByText('Thu 3 Dec 2026').closest('p')).toHaveTextContent(`Thu 3 Dec 2026 · 01:00${night}`);
  });

  it('Details is a disclosure of the status and the service id', async () => {
    serve(() => json({ data: [lesson(1, fromNow(10))] }));
    renderRescheduling();
    const details = (await screen.findByRole('article', { name: 'Mathematics - Adam Ahmed' })).querySelector('dl');
    const button = card('Mathematics - Adam Ahmed').getByRole('button', { name: 'Details' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', details?.id);
    expect(details).toBeVisible();
    expect(card('Mathematics - Adam Ahmed').getByText('Service ID').nextElementSibling).toHaveTextContent('7');
    expect(card('Mathematics - Adam Ahmed').getByText('Status').nextElementSibling).toHaveTextContent('planned');
  });

  it('Reschedule stores the lesson with its first tutor as rescheduleData and opens /reschedule-slot', async () => {
    serve(() => json({ data: [lesson(41, fromNow(10), { topic: 'Physics' })] }));
    renderRescheduling();
    await screen.findByRole('article', { name: 'Mathematics - Adam Ahmed' });
    await userEvent.click(card('Mathematics - Adam Ahmed').getByRole('button', { name: /^Reschedule Physics on / }));
    expect(await screen.findByRole('heading', { name: 'Reschedule slot page' })).toBeVisible();
    expect(readRescheduleData()).toEqual({ appointmentId: 41, serviceId: 7, topic: 'Physics', contractorName: 'Amira Haddad', contractorNameid: 31, avatarUrl: '' });
    const [request] = sentTo(fetchMock, '/api/services/7');
    expect(request && new URL(request.url).searchParams.get('branch_id')).toBe(String(testUser.branch_id));
  });

  it('hides Reschedule inside the 2-day notice (and says why) and for a pending lesson; lessons that took place or were cancelled are not listed', async () => {
    serve(() =>
      json({
        data: [
          lesson(1, fromNow(1), { service: { id: 7, name: 'Tomorrow' } }),
          lesson(2, fromNow(-3), { status: 'completed', service: { id: 7, name: 'Done' } }),
          lesson(3, fromNow(10), { status: 'pending', service: { id: 7, name: 'Pending' } }),
          lesson(4, fromNow(10), { status: 'cancelled', service: { id: 7, name: 'Cancelled' } }),
          lesson(5, fromNow(5), { service: { id: 7, name: 'Later' } }),
        ],
      }),
    );
    renderRescheduling();
    await screen.findByRole('article', { name: 'Later' });
    expect(card('Tomorrow').queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    expect(card('Tomorrow').getByText(rescheduleNoticeText)).toBeVisible();
    expect(card('Pending').queryByRole('button', { name: /^Reschedule/ })).toBeNull();
    expect(card('Pending').queryByText(rescheduleNoticeText)).toBeNull();
    expect(card('Pending').getByText('pending', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Done' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Cancelled' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(card('Later').getByRole('button', { name: /^Reschedule/ })).toBeEnabled();
    expect(screen.getAllByRole('button', { name: /^Reschedule/ })).toHaveLength(1);
  });

  it('each Reschedule button names its lesson to a screen reader, and still reads Reschedule', async () => {
    serve(() =>
      json({
        data: [
          lesson(1, Date.parse('2027-12-05T12:00:00Z'), { service: { id: 7, name: 'Mathematics - Adam Ahmed' } }),
          lesson(2, Date.parse('2027-12-06T12:00:00Z'), { service: { id: 7, name: 'Mathematics - Adam Ahmed' } }),
        ],
      }),
    );
    renderRescheduling();
    await screen.findAllByRole('article');
    const buttons = screen.getAllByRole('button', { name: /^Reschedule/ });
    expect(buttons.map((button) => button.textContent)).toEqual(['Reschedule', 'Reschedule']);
    // Two lessons of one service: the date and hour tell the buttons apart.
    expect(screen.getByRole('button', { name: 'Reschedule Mathematics on Sun 5 Dec 2027 · 16:00' })).toHaveAccessibleDescription('Mathematics - Adam Ahmed');
    expect(screen.getByRole('button', { name: 'Reschedule Mathematics on Mon 6 Dec 2027 · 16:00' })).toBeEnabled();
  });

  it("groups by client package: two students' lessons of one package are two groups, named for their student", async () => {
    serve(() =>
      json({
        data: [
          lesson(1, Date.parse('2027-12-05T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 51, service: { id: 7, name: 'Mathematics - Adam Ahmed' } }),
          lesson(2, Date.parse('2027-12-06T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 52, service: { id: 9, name: 'Mathematics - Lina Ahmed' } }),
          lesson(3, Date.parse('2027-12-07T12:00:00Z'), { db: { pkg_id: 2 }, client_package_id: 51, service: { id: 7, name: 'Mathematics - Adam Ahmed' } }),
        ],
      }),
    );
    renderRescheduling();
    await screen.findByRole('heading', { level: 2, name: 'SILVER · Lina Ahmed' });
    const groups = screen
      .getAllByRole('region')
      .filter((region) => region.tagName === 'SECTION' && region.querySelector('h2'))
      .map((group) => [
        within(group).getByRole('heading', { level: 2 }).textContent,
        within(group)
          .getAllByRole('button', { name: /^Reschedule/ })
          .map((button) => button.getAttribute('aria-label')),
      ]);
    expect(groups).toEqual([
      ['SILVER · Adam Ahmed', ['Reschedule Mathematics on Sun 5 Dec 2027 · 16:00', 'Reschedule Mathematics on Tue 7 Dec 2027 · 16:00']],
      ['SILVER · Lina Ahmed', ['Reschedule Mathematics on Mon 6 Dec 2027 · 16:00']],
    ]);
  });

  it('a lesson whose service has no tutor stays put, and says so', async () => {
    serve(() => json({ data: [lesson(1, fromNow(10), { service: { id: 8, name: 'No tutor' } })] }));
    renderRescheduling();
    await screen.findByRole('article', { name: 'No tutor' });
    await userEvent.click(card('No tutor').getByRole('button', { name: /^Reschedule/ }));
    expect(await toasts().findByText(noTutorText)).toBeVisible();
    expect(readRescheduleData()).toBeNull();
    expect(screen.getByRole('article', { name: 'No tutor' })).toBeVisible();
  });

  it("with no lessons says 'No available Tutors'", async () => {
    serve(() => json({ data: [] }));
    renderRescheduling();
    expect(await screen.findByText(noLessonsText)).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('with no student asks for no appointments', () => {
    serve(() => json({ data: [] }));
    renderRescheduling({ ...testUser, studentdetails: [] });
    expect(screen.getByText(noLessonsText)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed load shows why with Retry, and retrying loads', async () => {
    let fail = true;
    serve(() => (fail ? new Response('', { status: 500 }) : json({ data: [lesson(1, fromNow(10))] })));
    renderRescheduling();
    expect(await screen.findByRole('alert')).toHaveTextContent(scheduledClassesFailedText);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Mathematics - Adam Ahmed' })).toBeVisible();
  });
});
