import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { freeAssessmentBookedText } from '../../machines/rules/free-assessment.ts';
import { freeAssessmentUsedText } from '../../machines/rules/slot-limits.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { FreeBookingSummaryScreen } from '../../src/screens/booking-summary/free-booking-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

// Adam's free assessment: Mathematics with Amira Haddad (tutor 1, AED 120 an hour), Sunday 6 December 16:00 in Dubai.
const draft: BookingDraft = { ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } };

function serve({ used = false, appointments = () => json({ success: true, data: [{ id: 901, start: '2026-12-06T12:00:00Z', topic: 'Mathematics', status: 'planned', service: { id: 31, name: 'Mathematics' } }] }, 201) } = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    if (route === `GET /api/freeassismentstatus/${testUser.clientid}`) return json({ success: used, message: used ? freeAssessmentUsedText : 'The free assessment class is available.' });
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route === 'POST /api/services/') return json({ id: 31 }, 201);
    if (route === 'POST /api/appointments/') return appointments();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderSummary() {
  writeDraft(draft);
  // A data router: the summary holds the browser's back button (useBlocker).
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/freebooking-summary', element: <FreeBookingSummaryScreen /> },
          { path: '/payment-summary', element: <h1>Payment Summary page</h1> },
        ],
      },
    ],
    { initialEntries: ['/freebooking-summary'] },
  );
  renderWithSession(
    <RouterProvider router={router} />,
    { stored: { token: liveToken(), user: testUser } },
  );
}

const bodiesTo = (path: string) => Promise.all(sentTo(fetchMock, path).map((request) => request.clone().json() as Promise<unknown>));

describe('the free assessment summary books one class on the free basis', () => {
  it('Confirm Booking makes the service at 00.00 and the one class, free, with no package; then /payment-summary', async () => {
    serve();
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByRole('heading', { name: 'Payment Summary page' })).toBeVisible();
    expect(toasts().getByText(freeAssessmentBookedText)).toBeVisible();
    expect(await bodiesTo('/api/services/')).toEqual([
      { name: 'Mathematics', dft_charge_type: 'hourly', dft_charge_rate: '00.00', dft_contractor_rate: '120.00', conjobs: [{ contractor: 1 }], rcrs: [{ recipient: 11 }], branch_id: testUser.branch_id },
    ]);
    expect(await bodiesTo('/api/appointments/')).toEqual([
      [
        {
          client_id: testUser.clientid,
          branch_id: testUser.branch_id,
          pkg_id: null,
          start_date: '2026-12-06',
          expiry_date: null,
          start: '2026-12-06T16:00:00+04:00',
          finish: '2026-12-06T17:00:00+04:00',
          topic: 'Mathematics',
          status: 'planned',
          service: 31,
          rcras: [{ recipient: 11, charge_rate: '00.00' }],
          cjas: [{ contractor: 1, pay_rate: '120.00' }],
          pricestatus: false,
          free_assessment: true,
        },
      ],
    ]);
    // The payment summary lists the class from the draft.
    expect(readDraft()?.slots).toEqual(draft.slots);
  });

  it('a client who has had the free assessment is told so, nothing is written, and Confirm Booking stays off', async () => {
    serve({ used: true });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(freeAssessmentUsedText);
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
    expect(sentTo(fetchMock, '/api/services/')).toEqual([]);
    expect(sentTo(fetchMock, '/api/appointments/')).toEqual([]);
  });

  it('the server refusing the class (another tab had it first) is said the same way', async () => {
    serve({ appointments: () => json({ message: freeAssessmentUsedText, field: 'free_assessment' }, 409) });
    renderSummary();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent(freeAssessmentUsedText);
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();
    expect(screen.queryByRole('heading', { name: 'Payment Summary page' })).toBeNull();
  });
});
