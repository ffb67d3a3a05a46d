import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCalendarDayTime } from '../../contract/date-format.ts';
import { type BookingDraft, slotCount } from '../../machines/booking/booking-draft.ts';
import { goldDraft, goldForm, goldLessons } from '../support/draft-fixtures.ts';
import { conflictText, freeAssessmentText, weeklyLimitText } from '../../machines/rules/slot-limits.ts';
import { availabilityFailedText, tutorInfoFailedText } from '../../src/api/calls/slots.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen, FreeBookScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
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

const form = goldForm;
const lessons = goldLessons;
const newDraft: BookingDraft = goldDraft();

// Wednesdays 15:00-17:00 (Dubai) for six weeks, and Thursday 26 November 15:00-16:00; written in UTC.
const wednesdays = ['2026-11-25', '2026-12-02', '2026-12-09', '2026-12-16', '2026-12-23', '2026-12-30'];
const windows = [
  ...wednesdays.map((day, i) => ({ start: `${day}T11:00:00Z`, finish: `${day}T13:00:00Z`, apt_id: i + 1, contractor_id: 5 })),
  { start: '2026-11-26T11:00:00Z', finish: '2026-11-26T12:00:00Z', apt_id: 9, contractor_id: 5 },
];

interface Answers {
  filter?: () => Response;
  status?: () => Response;
  tutors?: () => Response;
  /** The lessons Adam already has. */
  lessons?: object[];
}

function serve({ filter = () => json(windows), status = () => json({ success: false, message: 'Not used' }), tutors = () => json({ data: [contractor(5, 'Amira')] }), lessons = [] as object[] }: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/subjectFilter/') return filter();
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname === `/api/appointmentstwo/${testUser.studentdetails[0]?.id}`) return json({ data: lessons });
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return status();
    if (pathname === '/api/filter_tutor') return tutors();
    if (pathname === '/api/client-packages/') return json({ success: true, message: 'Saved', data: { id: 41 } }, 201);
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderBookClass(draft: BookingDraft = newDraft, state?: unknown) {
  writeDraft(draft);
  // A data router: the grid holds the browser's back button (useBlocker); the client came from the packages.
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/book-class', element: <BookClassScreen /> },
          { path: '/free-book', element: <FreeBookScreen /> },
          ...['/booking-summary', '/manage-packages', '/renew-change-packages'].map((page) => ({ path: page, element: <h1>Page {page}</h1> })),
        ],
      },
    ],
    { initialEntries: ['/manage-packages', { pathname: '/book-class', state }], initialIndex: 1 },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

/** An hour of the grid, whatever its state: its name is 'Wed 25 Nov 2026 · 15:00 Dubai time, free' (', selected', ', taken by English'). */
const hour = (date: string, time: string) => screen.getByRole('button', { name: new RegExp(`^${formatCalendarDayTime(date, time)} Dubai time, `) });

async function chooseTutorAt(ui: ReturnType<typeof userEvent.setup>, date: string, time: string) {
  await ui.click(hour(date, time));
  await ui.click(await within(screen.getByRole('dialog', { name: 'Available Tutors' })).findByRole('button', { name: 'Select Amira Haddad' }));
}

describe('/book-class', () => {
  it('reads the free hours for the subjects and year, and shows them in the branch zone', async () => {
    serve();
    renderBookClass();
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    expect(hour('2026-11-25', '16:00')).toBeVisible();
    expect(hour('2026-11-26', '15:00')).toBeVisible();
    const [request] = sentTo(fetchMock, '/api/subjectFilter/');
    expect(await request?.json()).toEqual({ subjectNames: ['Mathematics', 'English'], yearLevels: [5], branch_id: testUser.branch_id });
    expect(screen.getByRole('checkbox', { name: 'Free Assessment' })).not.toBeChecked();
  });

  it("does not offer an hour at which the student already has a lesson (cancelled lessons free it)", async () => {
    const lesson = (start: string, status: string) => ({ id: 1, start, finish: start.replace('T11:', 'T12:'), topic: 'Physics', status, service: { id: 3, name: 'Physics' }, db: { pkg_id: 3 } });
    serve({ lessons: [lesson('2026-11-25T11:00:00Z', 'planned'), lesson('2026-11-26T11:00:00Z', 'cancelled')] });
    renderBookClass();
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 16:00 Dubai time, free' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeNull();
    expect(hour('2026-11-26', '15:00')).toBeVisible();
    expect(sentTo(fetchMock, `/api/appointmentstwo/${testUser.studentdetails[0]?.id}`)).toHaveLength(1);
  });

  it('says what checkout sent it back for (the hours taken) until the client chooses a slot', async () => {
    const notice = [
      'Wed 25 Nov 2026 16:00 was just booked by someone else. Please choose another time.',
      'Wed 2 Dec 2026 16:00 is no longer available. Please choose another time.',
    ];
    serve();
    renderBookClass(newDraft, { notice });
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getAllByRole('paragraph').map((line) => line.textContent)).toEqual(notice);
    // Closing the tutors' dialog is not a choice: the notice stays.
    await ui.click(hour('2026-11-25', '15:00'));
    await ui.click(await within(screen.getByRole('dialog', { name: 'Available Tutors' })).findByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alert')).toHaveTextContent(notice[0] ?? '');
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(notice[0] ?? '')).toBeNull();
  });

  it('ignores a location state that is not a notice', async () => {
    serve();
    renderBookClass(newDraft, { notice: [42] });
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides Free Assessment once the client has had it', async () => {
    serve({ status: () => json({ success: true, message: 'Used' }) });
    renderBookClass();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    expect(screen.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
  });

  it('shows a failed read with Retry', async () => {
    serve({ filter: () => json({ success: false, message: 'Down' }, 500) });
    renderBookClass();
    // Said for a client (the call's own words and what to do), never the server's text.
    expect(await screen.findByRole('alert')).toHaveTextContent(availabilityFailedText);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Down');
    serve();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' })).toBeVisible();
    expect(screen.queryByText(availabilityFailedText)).toBeNull();
  });

  it('asks for the tutors of the hour, and fills the same hour of the following weeks with the one chosen', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    const [request] = sentTo(fetchMock, '/api/filter_tutor');
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({ subject: 'Mathematics', date: '2026-11-25', time: '15:00', quallevel: '5', branch_id: String(testUser.branch_id) });
    expect(screen.getByRole('button', { name: 'Mathematics 6' })).toBeVisible();
    expect(hour('2026-11-25', '15:00')).toHaveAttribute('aria-pressed', 'true');
    const selected = within(screen.getByRole('region', { name: 'Selected Slots' }));
    expect(selected.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['1st Week', '2nd Week', '3rd Week', '4th Week', '5th Week', '6th Week']);
    expect(readDraft()?.slots?.['6th Week']?.[0]).toMatchObject({ date: '2026-12-30', time: '15:00', tutorId: 5, name: 'Amira Haddad' });
  });

  it('refuses a second hour in the week, and another subject at a chosen hour, with the spec texts', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    await ui.click(hour('2026-11-26', '15:00'));
    expect(toasts().getByText(weeklyLimitText(1, 'Mathematics'))).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Available Tutors' })).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'English 0' }));
    await ui.click(hour('2026-11-25', '15:00'));
    expect(toasts().getByText(conflictText)).toBeVisible();
  });

  it('unselects a chosen hour clicked again, and one removed from the list', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    await ui.click(hour('2026-11-25', '15:00'));
    expect(screen.getByRole('button', { name: 'Mathematics 5' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Remove Wed 2 Dec 2026 · 15:00 Dubai time · Mathematics · Amira Haddad' }));
    expect(screen.getByRole('button', { name: 'Mathematics 4' })).toBeVisible();
    expect(readDraft()?.slots?.['2nd Week']).toBeUndefined();
  });

  it('ticking Free Assessment goes to /free-book with the form kept: one slot in all there', async () => {
    serve();
    const router = renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await ui.click(screen.getByRole('checkbox', { name: 'Free Assessment' }));
    expect(router.state.location.pathname).toBe('/free-book');
    expect(readDraft()).toMatchObject({ entry: 'free', form, clientPackageId: null });
    // The free grid is Adam's, for the form's subjects and year.
    expect(await screen.findByText('For Adam Ahmed · Primary · Year 5 / Grade 4')).toBeVisible();
    const asked = await Promise.all(sentTo(fetchMock, '/api/subjectFilter/').map((request) => request.json() as Promise<unknown>));
    expect(asked).toEqual([1, 2].map(() => ({ subjectNames: ['Mathematics', 'English'], yearLevels: [5], branch_id: testUser.branch_id })));
    expect(screen.queryByRole('checkbox', { name: 'Free Assessment' })).toBeNull();
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    expect(screen.getByRole('button', { name: 'Mathematics 1' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'English 0' }));
    await ui.click(hour('2026-11-26', '15:00'));
    expect(toasts().getByText(freeAssessmentText)).toBeVisible();
  });

  it("says when no tutor is free, or the tutors' read failed; a tutor without an id cannot be selected", async () => {
    serve({ tutors: () => json({ data: [] }) });
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await ui.click(hour('2026-11-25', '15:00'));
    const dialog = () => within(screen.getByRole('dialog', { name: 'Available Tutors' }));
    expect(await dialog().findByText('No available Tutors')).toBeVisible();
    await ui.click(dialog().getByRole('button', { name: 'Close' }));
    serve({ tutors: () => json({ data: [contractor(undefined, 'Omar')] }) });
    await ui.click(hour('2026-11-25', '15:00'));
    expect(await dialog().findByText('Omar Haddad')).toBeVisible();
    expect(dialog().queryByRole('button', { name: /^Select/ })).toBeNull();
    await ui.click(dialog().getByRole('button', { name: 'Close' }));
    expectConsole('error', tutorInfoFailedText);
    serve({ tutors: () => Promise.reject(new TypeError('Failed to fetch')) as never });
    await ui.click(hour('2026-11-25', '15:00'));
    expect(await dialog().findByRole('alert')).toHaveTextContent(tutorInfoFailedText);
  });

  it('moves through months and week tabs, three at a time; earlier months are disabled', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    expect(screen.getByRole('option', { name: 'October 2026' })).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /Week$/ }).map((b) => b.textContent)).toEqual(['1st Week', '2nd Week', '3rd Week']);
    await ui.click(screen.getByRole('button', { name: 'Next weeks' }));
    expect(screen.getAllByRole('button', { name: /Week$/ }).map((b) => b.textContent)).toEqual(['4th Week', '5th Week', '6th Week']);
    expect(screen.getByRole('button', { name: '4th Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(hour('2026-12-16', '15:00')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Previous weeks' }));
    await ui.click(screen.getByRole('button', { name: '2nd Week' }));
    expect(hour('2026-12-02', '15:00')).toBeVisible();
    await ui.selectOptions(screen.getByRole('combobox', { name: 'Month' }), '2026-12');
    expect(screen.getByRole('button', { name: '1st Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(hour('2026-12-02', '15:00')).toBeVisible();
  });

  it('Book Now records the package unpaid and goes to the summary with its id', async () => {
    serve();
    renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    await ui.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('heading', { name: 'Page /booking-summary' })).toBeVisible();
    const [request] = sentTo(fetchMock, '/api/client-packages/');
    const body = (await request?.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ clientid: testUser.clientid, purches_status: 0, booked_classess: 6, total_classess: 12, remaining_classess: 6, completed_classess: 0 });
    const packageForm = JSON.parse(String(body.packageForm)) as Record<string, unknown>;
    expect(packageForm.lessonData).toEqual(lessons);
    expect(packageForm.packageFormData).toEqual(form);
    expect(packageForm.storedTeacher).toEqual([{ id: 5, name: 'Amira Haddad', subject: 'Mathematics' }]);
    expect((body.bookingdata as { bookdata: unknown[] }).bookdata).toHaveLength(6);
    expect(readDraft()?.clientPackageId).toBe(41);
  });

  it("the browser's back button asks like the header's arrow: staying keeps the page and the slots; going back clears them", async () => {
    serve();
    const router = renderBookClass();
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/book-class');
    const dialog = within(screen.getByRole('alertdialog', { name: 'Go back?' }));
    expect(dialog.getByText('If you go back, your appointment data will be cleared.')).toBeVisible();
    await ui.click(dialog.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Mathematics 6' })).toBeVisible();
    expect(slotCount(readDraft() ?? newDraft)).toBe(6);
    await act(async () => router.navigate(-1));
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Go back?' })).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Page /manage-packages' })).toBeVisible();
    expect(readDraft()).toMatchObject({ slots: null, lessons });
  });

  it('Back asks first, then clears the slots and returns to the renewal packages on a renewal', async () => {
    serve();
    renderBookClass({ ...newDraft, entry: 'renewal' });
    const ui = userEvent.setup();
    await screen.findByRole('button', { name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' });
    await chooseTutorAt(ui, '2026-11-25', '15:00');
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Go back?' }));
    expect(dialog.getByText('If you go back, your appointment data will be cleared.')).toBeVisible();
    await ui.click(dialog.getByRole('button', { name: 'Stay' }));
    // A renewal's grid shows 3 weeks (docs/decisions/022-renewal-and-remaining-weeks.md), so 3 Wednesdays are chosen.
    expect(screen.getByRole('button', { name: 'Mathematics 3' })).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Back' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Page /renew-change-packages' })).toBeVisible();
    expect(readDraft()?.slots).toBeNull();
  });
});
