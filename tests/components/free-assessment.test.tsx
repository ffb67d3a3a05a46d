import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { freeAssessmentBookedText } from '../../machines/booking/book-lessons.ts';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { noticeIn } from '../../src/booking/booking-notice.ts';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { FreeBookingSummaryScreen } from '../../src/screens/booking-summary/free-booking-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { freeAssessmentUsedText } from '../../contract/refusals.ts';

const fetchMock = stubNetwork();

// Adam's free assessment: Mathematics with Amira Haddad (tutor 1), Sunday 6 December 16:00 in Dubai.
const draft: BookingDraft = { ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } };

const booked = () => json({ success: true, data: [{ id: 901, start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', topic: 'Mathematics', status: 'planned', service: { id: 31, name: 'Mathematics' }, db: { pkg_id: null } }] }, 201);

function serve({ bookings = booked, used = false }: { bookings?: () => Response; used?: boolean } = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    if (route === `GET /api/freeassismentstatus/${testUser.clientid}`) return json({ success: used });
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route === 'POST /api/bookings') return bookings();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** /free-book as the summary leaves for it: with the notice it was sent. */
function FreeBookPage() {
  return (
    <>
      <h1>Free Assessment page</h1>
      {noticeIn(useLocation().state).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}

function renderSummary(start: BookingDraft = draft) {
  writeDraft(start);
  // A data router: the summary holds the browser's back button (useBlocker).
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/freebooking-summary', element: <FreeBookingSummaryScreen /> },
          { path: '/free-book', element: <FreeBookPage /> },
          { path: '/payment-summary', element: <h1>Payment Summary page</h1> },
        ],
      },
    ],
    { initialEntries: ['/freebooking-summary'] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
}

const bodiesTo = (path: string) => Promise.all(sentTo(fetchMock, path).map((request) => request.clone().json() as Promise<unknown>));
/** The calls the summary made, in order. */
const routes = () => fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);

describe('the free assessment summary books one class on the free basis, in one POST /bookings', () => {
  it('Confirm Booking books the one class for the first student, free, without reading the students again; then /payment-summary', async () => {
    serve();
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Payment Summary page' })).toBeVisible();
    expect(toasts().getByText(freeAssessmentBookedText)).toBeVisible();
    // The draft names the student; its id is the signed-in client's student of that name (no GET /clientsdata).
    expect(routes()).toEqual([`GET /api/freeassismentstatus/${testUser.clientid}`, 'POST /api/bookings']);
    // The server applies the free class's charge (00.00) itself; no service, no appointments posted apart.
    expect(await bodiesTo('/api/bookings')).toEqual([
      {
        client_id: testUser.clientid,
        branch_id: testUser.branch_id,
        basis: { free_assessment: true },
        lessons: [{ subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, students: [11] }],
      },
    ]);
    // Booked: the draft goes (nothing here offers to book the class again); the payment summary reads it from the server.
    expect(readDraft()).toBeNull();
  });

  it('a client who has had the free assessment (the server’s 409) is told so, and Confirm Booking stays off', async () => {
    serve({ bookings: () => json({ success: false, message: freeAssessmentUsedText, field: 'free_assessment' }, 409) });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(freeAssessmentUsedText);
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Payment Summary page' })).toBeNull();
    expect(sentTo(fetchMock, '/api/bookings')).toHaveLength(1);
  });

  it('a client the status says has had it (a second tab, after the first booked) is told so before anything is sent', async () => {
    serve({ used: true });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(freeAssessmentUsedText);
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
    expect(sentTo(fetchMock, '/api/bookings')).toEqual([]);
  });

  it('the hour taken by someone else meanwhile (409 naming it): back to /free-book without it, which says so', async () => {
    serve({
      bookings: () =>
        json({ success: false, message: 'Some of these hours were just taken.', taken: [{ subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, reason: 'taken' }] }, 409),
    });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Free Assessment page' })).toBeVisible();
    expect(screen.getByText('Sun 6 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.')).toBeVisible();
    expect(readDraft()?.slots).toEqual({});
    expect(readDraft()?.entry).toBe('free');
  });

  it('a student the client no longer has: said, and nothing is booked', async () => {
    serve();
    renderSummary({ ...draft, form: { ...sampleForm, name1: 'Omar Saleh' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await toasts().findByText('The free assessment could not be matched to your students. Please choose the class again.')).toBeVisible();
    expect(sentTo(fetchMock, '/api/bookings')).toEqual([]);
  });
});
