import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen, FreeBookScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { BookingSummaryScreen } from '../../src/screens/booking-summary/booking-summary-screen.tsx';
import { CheckoutScreen } from '../../src/screens/checkout/checkout-screen.tsx';
import { NewBookingScreen } from '../../src/screens/new-booking/new-booking-screen.tsx';
import { ManagePackagesScreen } from '../../src/screens/package-selection/package-selection-screen.tsx';
import { sampleForm } from '../support/draft-fixtures.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /free-book is the free flow's first screen (docs/decisions/015-free-book.md): on a draft whose form names a
// student, year and subject it opens the one-class grid on it; without one it sends the client to
// /new-booking in the free flow, whose Next returns to /free-book. Any booking step opened without its
// draft says why as it sends the client to /new-booking, and no call goes out without what it needs.

const fetchMock = stubNetwork();

// The grid starts on the branch's today + 2: the hours below are for Monday 23 November 2026.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const subjects = [
  { id: 1, name: 'Mathematics', level_category: [1, 2, 3, 4] },
  { id: 2, name: 'Science', level_category: [1, 2] },
];
// Wednesday 25 November 15:00-16:00 in Dubai.
const windows = [{ start: '2026-11-25T11:00:00Z', finish: '2026-11-25T12:00:00Z', apt_id: 1, contractor_id: 5 }];

function serve() {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/subjectsalldata') return json(subjects);
    if (pathname === '/api/subjectFilter/') return json(windows);
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname.startsWith('/api/appointmentstwo/')) return json({ data: [] });
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    if (pathname === '/api/allpackegastudent') return json({ data: { data: [] } });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** The app's booking routes as a signed-in client opens them (a link, a bookmark): `at` first. */
function renderAt(at: string, draft: BookingDraft | null = null) {
  if (draft) writeDraft(draft);
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/free-book', element: <FreeBookScreen /> },
          { path: '/book-class', element: <BookClassScreen /> },
          { path: '/new-booking', element: <NewBookingScreen /> },
          { path: '/manage-packages', element: <ManagePackagesScreen /> },
          { path: '/booking-summary', element: <BookingSummaryScreen /> },
          { path: '/checkout', element: <CheckoutScreen /> },
          { path: '/freebooking-summary', element: <h1>Free booking summary page</h1> },
          { path: '/dashboard', element: <h1>Dashboard page</h1> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

/** The calls that went out, in order. */
const routes = () => fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
const combo = (name: string) => screen.getByRole('combobox', { name });

async function chooseAdamInYear8(ui: UserEvent) {
  await ui.click(within(screen.getByRole('group', { name: 'Number of students' })).getByRole('radio', { name: '1' }));
  await ui.selectOptions(combo('Student name'), 'Adam Ahmed');
  await ui.selectOptions(combo('Program'), 'Secondary');
  await ui.selectOptions(combo('Year'), 'Year 8 / Grade 7');
  await ui.click(within(screen.getByRole('group', { name: 'Subjects' })).getByRole('checkbox', { name: 'Mathematics' }));
}

describe('/free-book', () => {
  it('without a draft: /new-booking in the free flow says why, with nothing asked before; its Next returns to the one-class grid', async () => {
    serve();
    const router = renderAt('/free-book');
    expect(await screen.findByText('Choose who the free assessment is for first: the student, program, year and subject.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-booking');
    // The grid had no subject to ask for: no POST /subjectFilter/ went out, only the form's subjects were read.
    await screen.findByRole('group', { name: 'Number of students' });
    expect(routes()).toEqual(['GET /api/subjectsalldata']);
    // The free flow calls Key Stage 2 'Secondary' (spec §3).
    const programs = [...(combo('Program') as HTMLSelectElement).options].map((option) => option.text);
    expect(programs).toContain('Secondary');
    expect(programs).not.toContain('Middle');

    const ui = userEvent.setup();
    await chooseAdamInYear8(ui);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('For Adam Ahmed · Secondary · Year 8 / Grade 7')).toBeVisible();
    expect(router.state.location.pathname).toBe('/free-book');
    expect(screen.getByRole('heading', { name: 'Free Assessment' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    const [asked] = sentTo(fetchMock, '/api/subjectFilter/');
    expect(await asked?.json()).toEqual({ subjectNames: ['Mathematics'], yearLevels: [8], branch_id: testUser.branch_id });
    expect(readDraft()).toMatchObject({ entry: 'free', form: { name1: 'Adam Ahmed', programOne: 2, program: 'Year 8 / Grade 7', subject: ['Mathematics'] } });
  });

  it('with a free draft that names a student, year and subject: the one-class grid on it; back asks, then returns to its form in the free flow', async () => {
    serve();
    const router = renderAt('/free-book', { ...emptyDraft('free'), form: sampleForm });
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    expect(screen.getByText('For Adam Ahmed · Primary · Year 5 / Grade 4')).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();

    // The browser's back button asks, as the header's arrow does.
    await act(async () => router.navigate(-1));
    const ui = userEvent.setup();
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Go back?' })).getByRole('button', { name: 'Go back' }));
    await screen.findByRole('group', { name: 'Number of students' });
    expect(router.state.location.pathname).toBe('/new-booking');
    expect(combo('Student name')).toHaveValue('Adam Ahmed');
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('For Adam Ahmed · Primary · Year 5 / Grade 4')).toBeVisible();
    expect(router.state.location.pathname).toBe('/free-book');
  });

  it('a half-filled free draft (no subject): the form first, in the free flow', async () => {
    serve();
    const router = renderAt('/free-book', { ...emptyDraft('free'), form: { ...sampleForm, subject: [] } });
    expect(await screen.findByText('Choose who the free assessment is for first: the student, program, year and subject.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-booking');
    expect(sentTo(fetchMock, '/api/subjectFilter/')).toEqual([]);
  });
});

describe('a booking step opened without its draft', () => {
  it.each(['/manage-packages', '/booking-summary', '/checkout'])('%s says why as it sends the client to /new-booking, and sends no call of its own', async (at) => {
    serve();
    const router = renderAt(at);
    expect(await screen.findByText('Start a booking here first: choose the students, program, year and subjects.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/new-booking');
    await screen.findByRole('group', { name: 'Number of students' });
    expect(routes()).toEqual(['GET /api/subjectsalldata']);
    // A paid booking's form: its programs are the booking's names.
    expect([...(combo('Program') as HTMLSelectElement).options].map((option) => option.text)).toContain('Middle');
  });
});

describe('the grid opened before a package was chosen', () => {
  it('/book-class says why as it sends the client to the packages, and asks for no hours', async () => {
    serve();
    const router = renderAt('/book-class', { ...emptyDraft('new'), form: sampleForm });
    expect(await screen.findByText('Choose a package and the lessons per week first.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/manage-packages');
    expect(sentTo(fetchMock, '/api/subjectFilter/')).toEqual([]);
  });
});
