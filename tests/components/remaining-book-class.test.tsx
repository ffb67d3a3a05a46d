import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { packageMismatchText, remainingBookedText } from '../../machines/booking/book-lessons.ts';
import { type BookingDraft } from '../../machines/booking/booking-draft.ts';
import { goldDraft, goldForm, goldLessons } from '../support/draft-fixtures.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { RemainingBookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

// The grid starts on the branch's today + 2, read from the clock: the data below is for Monday 23 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

// The paid GOLD package 88 of Adam Ahmed, Mathematics and English once a week each, with 5 classes left.
const form = goldForm;
const lessons = goldLessons;
const draft: BookingDraft = { ...goldDraft('remaining'), clientPackageId: 88 };

// Wednesdays 15:00-16:00 (Dubai) for six weeks, written in UTC.
const wednesdays = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'];
const windows = wednesdays.map((day, i) => ({ start: `${day}T11:00:00Z`, finish: `${day}T12:00:00Z`, apt_id: i + 1, contractor_id: 5 }));
const amira = { id: 5, first_name: 'Amira', last_name: 'Haddad', photo: null, subject: [{ name: 'Mathematics' }], quallevel: 13, town: 'Dubai', country: 'UAE', qualifications: '', speciality: '', bio: '', tutorprice: 120, availability: [] };
const clientPackage = (remaining: number) => ({
  success: true,
  data: [{ id: 88, clientid: 7, packageForm: '{}', bookingdata: null, purches_status: 1, booked_classess: 12 - remaining, total_classess: 12, remaining_classess: remaining, completed_classess: 0, created_at: '2026-10-01T10:00:00Z' }],
});
const appointment = (id: number) => ({ id, start: '2026-11-25T11:00:00Z', finish: '2026-11-25T12:00:00Z', topic: 'Mathematics', status: 'planned', service: { id: 31, name: 'Mathematics' }, db: { pkg_id: 3 } });

interface Answers {
  bookings?: () => Response;
  /** The tutors /filter_tutor offers for a date. */
  tutorsOn?: (date: string) => unknown[];
  remaining?: number;
}

function serve({ bookings = () => json({ success: true, data: [appointment(1), appointment(2), appointment(3)] }, 201), tutorsOn = () => [amira], remaining = 5 }: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const url = new URL(request.url);
    const route = `${request.method} ${url.pathname}`;
    if (route === 'POST /api/subjectFilter/') return json(windows);
    if (route === `GET /api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (route === 'GET /api/client-packagesid/88') return json(clientPackage(remaining));
    if (route === 'GET /api/filter_tutor') return json({ data: tutorsOn(url.searchParams.get('date') ?? '') });
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route.startsWith('GET /api/appointmentstwo/')) return json({ data: [] });
    if (route === 'POST /api/bookings') return bookings();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderRemaining(start: BookingDraft = draft) {
  writeDraft(start);
  // A data router: the grid holds the browser's back button (useBlocker).
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/remainingbookclass', element: <RemainingBookClassScreen /> },
          ...['/dashboard', '/remaining-package'].map((page) => ({ path: page, element: <h1>Page {page}</h1> })),
        ],
      },
    ],
    { initialEntries: ['/remainingbookclass'] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
}

const bodiesTo = (path: string) => Promise.all(sentTo(fetchMock, path).map((request) => request.clone().json() as Promise<unknown>));
const removeButtons = () => screen.queryAllByRole('button', { name: /^Remove / });

/** Wednesday 25 November 15:00 with Amira: it and the same hour of the following weeks are chosen. */
async function chooseWednesdays(ui: ReturnType<typeof userEvent.setup>) {
  await ui.click(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' }));
  await ui.click(await within(screen.getByRole('dialog', { name: 'Available Tutors' })).findByRole('button', { name: 'Select Amira Haddad' }));
}

describe('/remainingbookclass', () => {
  it('reads the package’s remaining classes with the grid: 4 weeks when 6 or fewer remain, no Free Assessment, auto-selection over remaining ÷ weekly lessons weeks', async () => {
    serve({ remaining: 3 });
    renderRemaining();
    const ui = userEvent.setup();
    await chooseWednesdays(ui);
    expect(sentTo(fetchMock, '/api/client-packagesid/88')).toHaveLength(1);
    expect(screen.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    // Three classes left at two a week: two weeks, the 25th and the 2nd, not the 9th.
    expect(removeButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad',
      'Remove Wed 2 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad',
    ]);
    await ui.click(screen.getByRole('button', { name: 'Next weeks' }));
    expect(screen.getByRole('button', { name: '4th Week' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '5th Week' })).toBeNull();
  });

  it('Book Now books the slots on the paid package in one POST /bookings, then the dashboard with the draft cleared', async () => {
    serve();
    renderRemaining();
    const ui = userEvent.setup();
    await chooseWednesdays(ui);
    expect(removeButtons()).toHaveLength(3);
    fetchMock.mockClear();
    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard' })).toBeVisible();
    expect(toasts().getByText(remainingBookedText)).toBeVisible();
    expect(readDraft()).toBeNull();
    // The one write, for the ids the draft keeps (the students are not read again): the server makes the services and applies the charge and pay (100.00).
    expect(fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['POST /api/bookings']);
    const lesson = (day: string) => ({ subject: 'Mathematics', start: `${day}T15:00:00+04:00`, finish: `${day}T16:00:00+04:00`, tutor: 5, students: [11] });
    expect(await bodiesTo('/api/bookings')).toEqual([
      {
        client_id: testUser.clientid,
        branch_id: testUser.branch_id,
        basis: { client_package_id: 88 },
        lessons: [lesson('2026-11-25'), lesson('2026-12-02'), lesson('2026-12-09')],
        weekly_lessons: { Mathematics: 1, English: 1 },
      },
    ]);
  });

  it('hours taken by someone else meanwhile (409 naming them): their slots go, the grid says which, nothing is booked, the client stays', async () => {
    serve();
    renderRemaining();
    const ui = userEvent.setup();
    await chooseWednesdays(ui);
    expect(removeButtons()).toHaveLength(3);
    // Meanwhile someone else booked Amira on the 2nd: the booking is refused whole, naming that hour.
    fetchMock.mockClear();
    serve({
      bookings: () =>
        json(
          { success: false, message: 'Some of these hours were just taken.', taken: [{ subject: 'Mathematics', start: '2026-12-02T11:00:00Z', finish: '2026-12-02T12:00:00Z', tutor: 5, reason: 'taken' }] },
          409,
        ),
    });
    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    // The same line checkout says for an hour taken (taken-hours.ts), above Book Now.
    expect(await screen.findByText('Wed 2 Dec 2026 · 15:00 Dubai time was just booked by someone else. Please choose another time.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Wed 2 Dec 2026 · 15:00 Dubai time was just booked by someone else. Please choose another time.');
    expect(removeButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove Wed 25 Nov 2026 · 15:00 Dubai time · Mathematics · Amira Haddad',
      'Remove Wed 9 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad',
    ]);
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Page /dashboard' })).toBeNull();
    expect(toasts().queryByText(remainingBookedText)).toBeNull();
    expect(readDraft()?.slots).toEqual({
      '1st Week': [expect.objectContaining({ date: '2026-11-25' })],
      '3rd Week': [expect.objectContaining({ date: '2026-12-09' })],
    });
    // The grid stays as it was read: nothing is read again.
    expect(sentTo(fetchMock, '/api/subjectFilter/')).toEqual([]);

    // Book Now again books what is left.
    serve();
    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Page /dashboard' })).toBeVisible();
    const [, again] = (await bodiesTo('/api/bookings')) as { lessons: { start: string }[] }[];
    expect(again?.lessons.map((lesson) => lesson.start)).toEqual(['2026-11-25T15:00:00+04:00', '2026-12-09T15:00:00+04:00']);
  });

  it('another refusal shows the server’s message and keeps the slots to try again', async () => {
    serve();
    renderRemaining();
    const ui = userEvent.setup();
    await chooseWednesdays(ui);
    serve({ bookings: () => json({ success: false, message: 'Only 1 classes remain in this package.' }, 409) });
    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await toasts().findByText('Only 1 classes remain in this package.')).toBeVisible();
    expect(removeButtons()).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  });

  it('a student the client no longer has is not booked', async () => {
    serve();
    renderRemaining({ ...draft, form: { ...form, name1: 'Omar Saleh' }, lessons: { ...lessons, studentName: { name1: 'Omar Saleh' } } });
    const ui = userEvent.setup();
    await chooseWednesdays(ui);
    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await toasts().findByText(packageMismatchText)).toBeVisible();
    expect(sentTo(fetchMock, '/api/bookings')).toEqual([]);
  });

  it('back asks first, then goes to /remaining-package with the slots cleared and the package kept', async () => {
    serve();
    renderRemaining();
    const ui = userEvent.setup();
    await chooseWednesdays(ui);
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Page /remaining-package' })).toBeVisible();
    expect(readDraft()?.slots).toBeNull();
    expect(readDraft()?.clientPackageId).toBe(88);
  });
});
