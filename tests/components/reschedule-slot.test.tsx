import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDayTime } from '../../contract/date-format.ts';
import { rescheduleNoticeText } from '../../contract/reschedule-notice.ts';
import type { RescheduleData } from '../../machines/rules/draft-types.ts';
import { rescheduleFailedText } from '../../contract/failure-texts.ts';
import { rescheduleHelperText, rescheduledText, tutorTakenText } from '../../machines/reschedule.machine.ts';
import { tutorsFailedText } from '../../src/api/calls/tutors.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readRescheduleData, storeRescheduleData } from '../../src/booking/reschedule-storage.ts';
import { RescheduleSlotScreen } from '../../src/screens/reschedule-slot/reschedule-slot-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { contractor } from '../support/contractor-fixtures.ts';

const fetchMock = stubNetwork();

// The grid starts on the branch's today + 2, read from the clock: the data below is for Monday 23 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

// Adam and Lina's Mathematics lesson 501 (service 31) with Amira Haddad (tutor 5), now Sunday 6 December 16:00 in Dubai.
const lesson: RescheduleData = { appointmentId: 501, serviceId: 31, topic: 'Mathematics', contractorName: 'Amira Haddad', contractorNameid: 5, avatarUrl: '' };
// The service's students (its rcrs): Adam and Lina.
const studentIds = '11,12';

const window = (start: string, hours: number, apt_id: number, contractor_id: number) => ({
  start,
  finish: new Date(Date.parse(start) + hours * 3_600_000).toISOString(),
  apt_id,
  contractor_id,
});
// Amira: Wednesday 25 November 15:00-17:00 and Thursday the 26th 15:00-17:00 (Dubai; written in UTC).
// Omar (tutor 6): Friday the 27th 15:00-16:00, and the 25th at 18:00: not this lesson's tutor.
const amira = contractor(5, 'Amira', [window('2026-11-25T11:00:00Z', 2, 1, 5), window('2026-11-26T11:00:00Z', 2, 2, 5)]);
const omar = contractor(6, 'Omar', [window('2026-11-27T11:00:00Z', 1, 3, 6), window('2026-11-25T14:00:00Z', 1, 4, 6)]);

const appointment = (id: number, start: string, status: string) => ({
  id,
  start,
  finish: new Date(Date.parse(start) + 3_600_000).toISOString(),
  topic: 'Mathematics',
  status,
  service: { id: id === 501 ? 31 : 32, name: 'Mathematics' },
  db: { pkg_id: 3 },
});
// The lesson being moved; Lina's lesson on Thursday the 26th at 15:00 (that hour is not offered); a
// cancelled one on Wednesday the 25th at 16:00 (that hour is).
const lessons = [appointment(501, '2026-12-06T12:00:00Z', 'planned'), appointment(502, '2026-11-26T11:00:00Z', 'planned'), appointment(503, '2026-11-25T12:00:00Z', 'cancelled')];

const service = {
  id: 31,
  name: 'Mathematics',
  dft_charge_type: 'hourly',
  dft_charge_rate: '100.00',
  dft_contractor_rate: '120.00',
  branch_id: testUser.branch_id,
  conjobs: [{ name: 'Amira Haddad', contractor: 5 }],
  rcrs: [
    { recipient_name: 'Adam Ahmed', recipient: 11 },
    { recipient_name: 'Lina Ahmed', recipient: 12 },
  ],
};

interface Answers {
  tutors?: () => Response;
  /** Who /filter_tutor says is free. */
  free?: object[];
  move?: () => Response;
}

function serve({ tutors = () => json([amira, omar]), free = [amira], move = () => json({ success: true, message: rescheduledText, data: appointment(501, '2026-11-25T11:00:00Z', 'planned') }) }: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    // The ids' comma is sent encoded (11%2C12).
    const route = `${request.method} ${decodeURIComponent(new URL(request.url).pathname)}`;
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route === 'GET /api/contractorsalldata') return tutors();
    if (route === `GET /api/services/${lesson.serviceId}`) return json(service);
    if (route === `GET /api/appointmentstwo/${studentIds}`) return json({ data: lessons });
    if (route === 'GET /api/filter_tutor') return json({ data: free });
    if (route === `PUT /api/appointments/${lesson.appointmentId}`) return move();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderReschedule({ stored = true } = {}) {
  if (stored) storeRescheduleData(lesson);
  renderWithSession(
    <MemoryRouter initialEntries={['/reschedule-slot']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/reschedule-slot" element={<RescheduleSlotScreen />} />
          <Route path="/rescheduling" element={<h1>Rescheduling page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

/** An hour of the grid, whatever its state: its name is 'Wed 25 Nov 2026 · 15:00 Dubai time, free' (', selected', ', taken by English'). */
const hour = (date: string, time: string) => screen.getByRole('button', { name: new RegExp(`^${formatCalendarDayTime(date, time)} Dubai time, `) });
const hourNames = () => within(screen.getByRole('grid', { name: 'Hours of the week' })).getAllByRole('button').map((button) => button.getAttribute('aria-label'));
const query = (request: Request | undefined) => Object.fromEntries(new URL(request?.url ?? 'http://x/').searchParams);

/** The grid read, then the hour chosen (the tutor is free then). */
async function chooseWednesdayAt3(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
  await vi.waitFor(() => expect(hour('2026-11-25', '15:00')).toHaveAttribute('aria-pressed', 'true'));
}

describe('/reschedule-slot', () => {
  it("reads the tutors, the lesson's service and its students' lessons, and offers only the tutor's free hours", async () => {
    serve();
    renderReschedule();
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    expect(screen.getByText('Moving Mathematics with Amira Haddad, now Sun 6 Dec 2026 · 16:00 Dubai time')).toBeVisible();
    expect(screen.getByText(rescheduleHelperText)).toBeVisible();
    // Amira's hours; not Omar's (the 27th, the 25th at 18:00), not the 26th at 15:00 (Lina has a lesson then),
    // the 25th at 16:00 (the lesson then is cancelled).
    expect(hourNames()).toEqual(['Wed 25 Nov 2026 · 15:00 Dubai time, free', 'Wed 25 Nov 2026 · 16:00 Dubai time, free', 'Thu 26 Nov 2026 · 16:00 Dubai time, free']);
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(query(sentTo(fetchMock, '/api/contractorsalldata')[0])).toEqual({ branch_id: '1' });
    expect(query(sentTo(fetchMock, `/api/services/${lesson.serviceId}`)[0])).toEqual({ branch_id: '1' });
    const reads = fetchMock.mock.calls.map(([request]) => new URL(request.url)).filter((url) => url.pathname.startsWith('/api/appointmentstwo/'));
    expect(reads.map((url) => `${decodeURIComponent(url.pathname)}${url.search}`)).toEqual(['/api/appointmentstwo/11,12?branch_id=1']);
    expect(sentTo(fetchMock, '/api/filter_tutor')).toEqual([]);
  });

  it("opens on the first week with the tutor's hours; a week without says why, and offers the next week that has one", async () => {
    // Amira is free on Wednesday 2 December at 15:00 only: the first week (22 to 28 November) has no hour of hers.
    serve({ tutors: () => json([contractor(5, 'Amira', [window('2026-12-02T11:00:00Z', 1, 1, 5)]), omar]) });
    renderReschedule();
    const ui = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Wed 2 Dec 2026 · 15:00 Dubai time, free' })).toBeVisible();
    expect(screen.getByRole('button', { name: '2nd Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Times are Dubai time')).toBeVisible();
    // The first week: not only day headers. Each day says why it has no hour, and the week offers the next.
    await ui.click(screen.getByRole('button', { name: '1st Week' }));
    const grid = within(screen.getByRole('grid', { name: 'Hours of the week' }));
    expect(grid.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('No free hours this week.')).toBeVisible();
    expect(grid.getAllByRole('columnheader', { name: / Too soon$/ }).map((header) => header.textContent?.slice(0, 2))).toEqual(['SU', 'MO', 'TU']);
    expect(grid.getAllByRole('columnheader', { name: / No tutor$/ }).map((header) => header.textContent?.slice(0, 2))).toEqual(['WE', 'TH', 'FR', 'SA']);
    expect(grid.getByRole('columnheader', { name: 'Thu 26 Nov 2026 No tutor' })).toHaveAccessibleDescription('No tutor free this day.');
    await ui.click(screen.getByRole('button', { name: 'Show week of Sun 29 Nov 2026' }));
    expect(screen.getByRole('button', { name: '2nd Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Wed 2 Dec 2026 · 15:00 Dubai time, free' })).toHaveFocus();
    // From the last week with her hours, none is offered.
    await ui.click(screen.getByRole('button', { name: '3rd Week' }));
    expect(screen.getByText('No free hours this week.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Show week of/ })).toBeNull();
  });

  it('the hour clicked keeps the focus while the tutor is asked about it, and the grid goes on by keyboard', async () => {
    serve();
    renderReschedule();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    screen.getByRole('button', { name: 'Next weeks' }).focus();
    await ui.tab();
    expect(document.activeElement).toHaveAccessibleName('Wed 25 Nov 2026 · 15:00 Dubai time, free');
    await ui.keyboard('{Enter}');
    await vi.waitFor(() => expect(hour('2026-11-25', '15:00')).toHaveAttribute('aria-pressed', 'true'));
    expect(document.activeElement).toHaveAccessibleName('Wed 25 Nov 2026 · 15:00 Dubai time, selected');
    await ui.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName('Thu 26 Nov 2026 · 16:00 Dubai time, free');
    await ui.keyboard('{PageDown}');
    expect(screen.getByRole('button', { name: '2nd Week' })).toHaveAttribute('aria-pressed', 'true');
    // Lina's lesson takes the 26th at 15:00; the 2nd week has no hour of Amira's: the grid keeps the focus.
    expect(screen.getByRole('grid', { name: 'Hours of the week' })).toHaveFocus();
  });

  it('shows a failed read with Retry', async () => {
    serve({ tutors: () => json({ success: false, message: 'Down' }, 500) });
    renderReschedule();
    // Said for a client (the call's own words and what to do), never the server's text.
    expect(await screen.findByRole('alert')).toHaveTextContent(tutorsFailedText);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Down');
    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    expect(screen.queryByText(tutorsFailedText)).toBeNull();
  });

  it("asks whether the lesson's tutor is still free at the hour clicked, and chooses it when she is", async () => {
    serve();
    renderReschedule();
    const ui = userEvent.setup();
    await chooseWednesdayAt3(ui);
    const [request] = sentTo(fetchMock, '/api/filter_tutor');
    expect(query(request)).toEqual({ subject: 'Mathematics', date: '2026-11-25', time: '15:00', quallevel: '1', branch_id: '1' });
    expect(screen.getByRole('button', { name: 'Mathematics 1' })).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Selected Slots' })).getByText('Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    // Another hour replaces it; the same hour again unselects it.
    await ui.click(hour('2026-11-25', '16:00'));
    await vi.waitFor(() => expect(hour('2026-11-25', '16:00')).toHaveAttribute('aria-pressed', 'true'));
    expect(hour('2026-11-25', '15:00')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('button', { name: /^Remove / })).toHaveLength(1);
    await ui.click(hour('2026-11-25', '16:00'));
    expect(hour('2026-11-25', '16:00')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
    expect(sentTo(fetchMock, '/api/filter_tutor')).toHaveLength(2);
  });

  it('does not choose the hour when the tutor is no longer free then, and says so', async () => {
    serve({ free: [omar] });
    renderReschedule();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(tutorTakenText);
    expect(toasts().getByText(tutorTakenText)).toBeVisible();
    expect(hour('2026-11-25', '15:00')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Mathematics 0' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  });

  it("Reschedule moves the lesson with the branch's offset, then the Rescheduling list, the toast, and the lesson forgotten", async () => {
    serve();
    renderReschedule();
    const ui = userEvent.setup();
    await chooseWednesdayAt3(ui);
    await ui.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('heading', { name: 'Rescheduling page' })).toBeVisible();
    expect(toasts().getByText(rescheduledText)).toBeVisible();
    const puts = sentTo(fetchMock, `/api/appointments/${lesson.appointmentId}`);
    expect(puts.map((request) => request.method)).toEqual(['PUT']);
    expect(await puts[0]?.clone().json()).toEqual({ start: '2026-11-25T15:00:00+04:00', finish: '2026-11-25T16:00:00+04:00', topic: 'Mathematics', service: 31, branch_id: testUser.branch_id });
    expect(readRescheduleData()).toBeNull();
    expect(localStorage.getItem('rescheduleData')).toBeNull();
  });

  describe('west of UTC', () => {
    const zone = process.env.TZ;
    beforeEach(() => {
      process.env.TZ = 'America/Los_Angeles';
    });
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it("shows and sends the branch's hours, not the browser's", async () => {
      expect(new Date('2026-11-25T11:00:00Z').getHours()).toBe(3);
      serve();
      renderReschedule();
      const ui = userEvent.setup();
      await chooseWednesdayAt3(ui);
      expect(hourNames()).toEqual(['Wed 25 Nov 2026 · 15:00 Dubai time, selected', 'Wed 25 Nov 2026 · 16:00 Dubai time, free', 'Thu 26 Nov 2026 · 16:00 Dubai time, free']);
      await ui.click(screen.getByRole('button', { name: 'Reschedule' }));
      expect(await screen.findByRole('heading', { name: 'Rescheduling page' })).toBeVisible();
      const [put] = sentTo(fetchMock, `/api/appointments/${lesson.appointmentId}`);
      expect(await put?.clone().json()).toEqual({ start: '2026-11-25T15:00:00+04:00', finish: '2026-11-25T16:00:00+04:00', topic: 'Mathematics', service: 31, branch_id: testUser.branch_id });
    });
  });

  it("a refused move shows the server's reason and the failure toast, and stays", async () => {
    serve({ move: () => json({ message: rescheduleNoticeText, field: 'id' }, 409) });
    renderReschedule();
    const ui = userEvent.setup();
    await chooseWednesdayAt3(ui);
    await ui.click(screen.getByRole('button', { name: 'Reschedule' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(rescheduleNoticeText);
    expect(toasts().getByText(rescheduleFailedText)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Rescheduling page' })).toBeNull();
    expect(hour('2026-11-25', '15:00')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(readRescheduleData()).toEqual(lesson);
  });

  it('with no lesson stored to move, goes to the Rescheduling list and reads nothing', async () => {
    serve();
    renderReschedule({ stored: false });
    expect(await screen.findByRole('heading', { name: 'Rescheduling page' })).toBeVisible();
    expect(sentTo(fetchMock, '/api/contractorsalldata')).toEqual([]);
    expect(sentTo(fetchMock, `/api/services/${lesson.serviceId}`)).toEqual([]);
  });
});
