import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatCalendarDayTime } from '../../contract/date-format.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { contractor } from '../support/contractor-fixtures.ts';
import { goldDraft } from '../support/draft-fixtures.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// The booking draft goes to storage when it changes, not on every snapshot of the screen's machine: opening
// the tutors' dialog stores nothing, choosing a slot stores the draft once. Counted on the real storage.

const fetchMock = stubNetwork();

// The grid starts on the branch's today + 2: the hours below are for the week of Monday 23 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Wednesday 25 November 15:00-16:00 in Dubai, written in UTC. */
const windows = [{ start: '2026-11-25T11:00:00Z', finish: '2026-11-25T12:00:00Z', apt_id: 1, contractor_id: 5 }];

function serve() {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/subjectFilter/') return json(windows);
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname === `/api/appointmentstwo/${testUser.studentdetails[0]?.id}`) return json({ data: [] });
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (pathname === '/api/filter_tutor') return json({ data: [contractor(5, 'Amira')] });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** Every write to storage from now on, by key: what was set and what was removed. */
function watchStorage() {
  const setItem = vi.spyOn(localStorage, 'setItem');
  const removeItem = vi.spyOn(localStorage, 'removeItem');
  onTestFinished(() => {
    setItem.mockRestore();
    removeItem.mockRestore();
  });
  const keys = () => [...setItem.mock.calls.map(([key]) => key), ...removeItem.mock.calls.map(([key]) => key)];
  return {
    keys,
    /** How often each key was written (set or removed). */
    timesByKey: () => keys().reduce<Record<string, number>>((times, key) => ({ ...times, [key]: (times[key] ?? 0) + 1 }), {}),
  };
}

function renderBookClass() {
  writeDraft(goldDraft());
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/book-class', element: <BookClassScreen /> },
          { path: '/manage-packages', element: <h1>Packages page</h1> },
        ],
      },
    ],
    { initialEntries: ['/manage-packages', '/book-class'], initialIndex: 1 },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
}

const hour = (date: string, time: string) => screen.getByRole('button', { name: new RegExp(`^${formatCalendarDayTime(date, time)} Dubai time, `) });

describe('the booking draft in storage, on the slot grid', () => {
  it('opening the tutors’ dialog stores nothing; choosing the slot stores the draft once', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    const storage = watchStorage();

    await ui.click(hour('2026-11-25', '15:00'));
    const dialog = screen.getByRole('dialog', { name: 'Available Tutors' });
    const select = await within(dialog).findByRole('button', { name: 'Select Amira Haddad' });
    expect(storage.keys()).toEqual([]);

    await ui.click(select);
    expect(screen.queryByRole('dialog', { name: 'Available Tutors' })).toBeNull();
    // One write of the draft: each of its keys once (bookingDraft, the one every write makes, among them).
    const times = storage.timesByKey();
    expect(times.bookingDraft).toBe(1);
    expect(times.groupedByWeek).toBe(1);
    expect(Object.values(times).every((n) => n === 1)).toBe(true);
    expect(readDraft()?.slots?.['1st Week']).toEqual([expect.objectContaining({ date: '2026-11-25', time: '15:00', tutorId: 5, name: 'Amira Haddad' })]);
  });
});
