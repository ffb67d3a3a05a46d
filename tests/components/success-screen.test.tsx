import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SuccessSequenceMachine } from '../../machines/booking/success-sequence.machine.ts';
import type { OrderProgress } from '../../machines/rules/booking-payloads.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { SuccessScreen, browserSuccessSequenceMachine } from '../../src/screens/payment/success-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { sampleForm, sampleLessons, sampleSlot, sampleTutors } from '../support/draft-fixtures.ts';
import { json, liveToken, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /success over the app's real API calls (the network stubbed): what is sent, in which order, and what
// a reload of a half-done or finished order sends.

const fetchMock = stubNetwork();
const ref = 'ord_abcdefgh';
const delays = { paymentStart: 3000, paymentRecord: 8000, paymentAlert: 2000 };
const machine = browserSuccessSequenceMachine.provide({ delays }) as SuccessSequenceMachine;

const pendingPayment: BookingDraft = {
  ...emptyDraft('pendingPayment'),
  form: sampleForm,
  lessons: sampleLessons,
  slots: { '1st Week': [sampleSlot], '2nd Week': [{ ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', weekIndex: 1 }] },
  tutors: sampleTutors,
  clientPackageId: 9,
};

const order = (more: Partial<OrderProgress> = {}): OrderProgress => ({
  ref,
  status: 'paid',
  amount: 684,
  pkg_id: 3,
  student_ids: [11],
  classes: 12,
  booked_classes: 0,
  lines: [{ pkg_id: 3, level: 5, student_ids: [11], amount: 684, classes: 12, booked_classes: 0 }],
  service_ids: [],
  appointment_ids: [],
  invoice_id: null,
  payment_taken: false,
  confirmed: false,
  ...more,
});

const appointment = (id: number) => ({ id, start: '2026-12-06T12:00:00Z', topic: 'Mathematics', status: 'planned', service: { id: 31, name: 'Mathematics' }, db: { pkg_id: 3 } });

/** The server: GET /orders/{ref} answers `progress`; the writes answer as the reference server does. */
function serve(progress: OrderProgress) {
  fetchMock.mockImplementation(async (request) => {
    const { pathname } = new URL(request.url);
    const route = `${request.method} ${pathname}`;
    if (route === `GET /api/orders/${ref}`) return json(progress);
    if (route === `GET /api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (route === 'POST /api/services/') return json({ id: 31 }, 201);
    if (route === 'POST /api/appointments/') return json({ success: true, data: [appointment(1), appointment(2)] }, 201);
    if (route === 'POST /api/proformainvoice') return json({ data: { id: 9, date_sent: '2026-11-23', status: 'unpaid', description: 'Credit Request', amount: '684.00', client: { id: 7 } } }, 201);
    if (route === 'POST /api/proformainvoicetakepayment/9') return json({ success: true, data: { id: 9, date_sent: '2026-11-23', status: 'paid', description: 'Credit Request', amount: '684.00', client: { id: 7 } } });
    if (route === 'POST /api/order_status') return json({ success: true, message: 'Recorded', status: 'confirmed' });
    if (route === `DELETE /api/client-packagesfree/${testUser.clientid}`) return json({ success: true, deleted: 1 });
    return json({ message: `not served: ${route}` }, 500);
  });
}

/** Method and path of every request, in the order sent. */
const sent = () => fetchMock.mock.calls.map(([request]) => `${request.method} ${new URL(request.url).pathname}`);
const bodiesTo = async (pathname: string) =>
  Promise.all(fetchMock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === pathname).map((request) => request.clone().json() as Promise<unknown>));

function Where() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search}`}</p>;
}

function renderAt(at: string) {
  renderWithSession(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/success" element={<SuccessScreen machine={machine} />} />
        <Route path="/payment-successfull" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

/** Lets the calls in flight settle (the network answers at once). */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-23T08:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('/success', () => {
  it('books a paid pending payment in the spec’s order, with its waits, then says so and clears the working keys', async () => {
    writeDraft(pendingPayment);
    serve(order());
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByRole('status', { name: 'Verifying payment…' })).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`]);

    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await settle();
    expect(sent().slice(2)).toEqual(['POST /api/services/', 'POST /api/appointments/', 'POST /api/proformainvoice', 'POST /api/proformainvoicetakepayment/9']);
    expect(screen.getByRole('status', { name: 'Recording your payment…' })).toBeVisible();

    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentRecord));
    await settle();
    expect(sent().slice(6)).toEqual(['POST /api/order_status', `DELETE /api/client-packagesfree/${testUser.clientid}`]);
    expect(screen.queryByRole('heading', { name: 'Successful!' })).toBeNull();

    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentAlert));
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(screen.getByText('You will receive order confirmation by email shortly')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/manage-booking');
    expect(toasts().getByText('Payment Successful')).toBeVisible();
    expect(localStorage.getItem('lessonData')).toBeNull();
    expect(localStorage.getItem('dashboard')).toBeNull();

    // Every write names the order.
    const [service] = (await bodiesTo('/api/services/')) as Record<string, unknown>[];
    expect(service).toEqual({
      name: 'Mathematics',
      dft_charge_type: 'hourly',
      dft_charge_rate: '57.00',
      dft_contractor_rate: '120.00',
      conjobs: [{ contractor: 1 }],
      rcrs: [{ recipient: 11 }],
      branch_id: 1,
      order_ref: ref,
    });
    const [lessons] = (await bodiesTo('/api/appointments/')) as Record<string, unknown>[][];
    expect(lessons?.map((l) => [l.start, l.finish, l.service, l.order_ref])).toEqual([
      ['2026-12-06T16:00:00+04:00', '2026-12-06T17:00:00+04:00', 31, ref],
      ['2026-12-13T16:00:00+04:00', '2026-12-13T17:00:00+04:00', 31, ref],
    ]);
    expect(await bodiesTo('/api/proformainvoice')).toEqual([{ branch_id: 1, amount: 684, client: 7, raise_behaviour: 'raise-and-send', description: 'Credit Request', order_ref: ref }]);
    expect(await bodiesTo('/api/proformainvoicetakepayment/9')).toEqual([{ branch_id: 1, clientid: 7, amount: 684, method: 'cash', send_receipt: true, order_ref: ref }]);
    expect(await bodiesTo('/api/order_status')).toEqual([{ ref, status: 'success' }]);
  });

  it('a reload after the payment was taken only confirms: nothing is made twice', async () => {
    writeDraft({ ...pendingPayment, entry: 'new' });
    serve(order({ service_ids: [31], appointment_ids: [1, 2], booked_classes: 2, invoice_id: 9, payment_taken: true }));
    renderAt(`/success?ref=${ref}`);
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentRecord));
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentAlert));
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`, 'POST /api/order_status']);
  });

  it('an order confirmed before is shown as its receipt, replacing /success', async () => {
    serve(order({ status: 'confirmed', service_ids: [31], appointment_ids: [1, 2], invoice_id: 9, payment_taken: true, confirmed: true }));
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByText(`/payment-successfull?ref=${ref}`)).toBeVisible();
    expect(sent()).toEqual([`GET /api/orders/${ref}`]);
  });

  it('without the booking on this device, an unbooked order says so instead of guessing', async () => {
    expectConsole('error', 'No booking for order');
    serve(order());
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('The booking for this payment was not found on this device.');
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/clientsdata/${testUser.clientid}`]);
  });

  it('an order that cannot be read shows the server’s message with Retry, which reads it again', async () => {
    expectConsole('error', 'Payment step failed');
    fetchMock.mockImplementation(async () => json({ message: 'Order not found.' }, 404));
    renderAt(`/success?ref=${ref}`);
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Order not found.');
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(sent()).toEqual([`GET /api/orders/${ref}`, `GET /api/orders/${ref}`]);
  });

  it('without a ref: the alert, and no call', async () => {
    renderAt('/success');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment reference missing');
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot verify payment.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
