import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { noPaymentLinkText } from '../../machines/booking/checkout.machine.ts';
import { HoursTakenError } from '../../contract/taken-hours.ts';
import { api } from '../../src/api/api.ts';
import { applyCoupon, createOrder } from '../../src/api/calls/checkout.ts';
import { ApiError } from '../../src/api/client.ts';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookClassScreen } from '../../src/screens/book-class/book-class-screen.tsx';
import { browserCheckoutMachine } from '../../src/actors/checkout.ts';
import { CheckoutScreen } from '../../src/screens/checkout/checkout-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { individualCheckoutDraft, samplePrice, sampleForm, sampleLessons, sampleSlot, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /checkout against a stubbed provider: what it sends to POST /apply-coupon and POST /create-order, and
// where the browser is sent.

const fetchMock = stubNetwork();

const single: BookingDraft = { ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, price: samplePrice, totalLessonsLabel: '2 lessons per week · 12 classes', slots: sampleSlots, tutors: sampleTutors };
const paymentLink = 'http://localhost:3000/sandbox/pay/ref-12345678';
/** Adam's Mathematics with Amira Haddad, Sunday 6 December 16:00 in Dubai: the lesson the order holds. */
const adamsHour = { subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, students: [11] };

interface Answers {
  coupon?: () => Response;
  order?: () => Response;
}

function serve({ coupon = () => json({ success: true, discount_type: 'percent', discount_value: 10, message: 'Coupon applied successfully' }), order = () => json({ success: true, paymentLink, ref: 'ref-12345678', amount: 684 }, 201) }: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/apply-coupon') return coupon();
    if (pathname === '/api/create-order') return order();
    // What /book-class reads when checkout sends the client back to it: no free hour, no lesson yet.
    if (pathname === '/api/subjectFilter/') return json([]);
    if (pathname === `/api/clientsdata/${testUser.clientid}`) return json({ status: true, client: testUser });
    if (pathname.startsWith('/api/appointmentstwo/')) return json({ data: [] });
    if (pathname === `/api/freeassismentstatus/${testUser.clientid}`) return json({ success: false, message: 'Not used' });
    return json({ success: false, message: 'Not found' }, 404);
  });
}

/** /checkout on `draft`; null opens it on what storage holds (a refresh). */
function renderCheckout(draft: BookingDraft | null) {
  if (draft) writeDraft(draft);
  const goToPayment = vi.fn();
  // The real calls and wait; only the browser's departure to the payment page is caught.
  const machine = browserCheckoutMachine.provide({ actions: { goToPayment: (_, params: { link: string }) => goToPayment(params.link) } });
  // A data router, as the app's: /book-class (where taken hours send the client) asks before the browser's back.
  const router = createMemoryRouter(
    [
      { path: '/checkout', element: <CheckoutScreen machine={machine} /> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/manage-packages', element: <h1>Packages page</h1> },
      { path: '/book-class', element: <BookClassScreen /> },
    ],
    { initialEntries: ['/checkout'] },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return { goToPayment };
}

const bodiesSentTo = async (path: string) => Promise.all(sentTo(fetchMock, path).map(async (request) => (await request.clone().json()) as unknown));
const grandTotal = () => screen.getByText('Grand Total').parentElement;

describe('checkout', () => {
  it('applies a percent coupon and pays with it: one order, then the payment link', async () => {
    serve();
    const { goToPayment } = renderCheckout(single);
    const ui = userEvent.setup();
    expect(screen.getByText('Adam Ahmed')).toBeVisible();
    expect(screen.getByText('Amira Haddad')).toBeVisible();
    expect(grandTotal()).toHaveTextContent('AED 684');

    await ui.type(screen.getByRole('textbox', { name: 'Coupon Code' }), ' WELCOME10 ');
    await ui.click(screen.getByRole('button', { name: 'Apply Coupon' }));
    await vi.waitFor(() => expect(grandTotal()).toHaveTextContent('AED 615.60'));
    expect(await bodiesSentTo('/api/apply-coupon')).toEqual([{ code: 'WELCOME10', userId: testUser.clientid }]);

    await ui.dblClick(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledWith(paymentLink));
    expect(await bodiesSentTo('/api/create-order')).toEqual([
      {
        email: testUser.email,
        student_ids: [11],
        client_id: testUser.clientid,
        appoint_ids: [1],
        amount: 615.6,
        branch_id: testUser.branch_id,
        // Nothing else chosen: the method shown checked, PayPal.
        payment_method: 'paypal',
        pkg_id: 3,
        level: 5,
        coupon: 'WELCOME10',
        // The hour the order holds until the payment link expires, and the lessons a week chosen.
        lessons: [adamsHour],
        weekly_lessons: { Mathematics: 2 },
      },
    ]);
    expect(screen.getByRole('status', { name: 'Going to the payment page' })).toBeInTheDocument();
  });

  it('a draft stored by the version before (no price as a number, no ids in bookingDraft) still pays: the total shown, the session’s student', async () => {
    serve();
    writeDraft(single);
    localStorage.setItem('bookingDraft', JSON.stringify({ version: 2, entry: 'new', clientPackageId: null, orderRef: null }));
    const { goToPayment } = renderCheckout(null);
    expect(grandTotal()).toHaveTextContent('AED 684');
    await userEvent.click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledWith(paymentLink));
    expect(await bodiesSentTo('/api/create-order')).toEqual([expect.objectContaining({ student_ids: [11], amount: 684 })]);
    // The screen stored the draft again with what it now keeps.
    expect(JSON.parse(localStorage.getItem('bookingDraft') ?? 'null')).toMatchObject({ price: 684, studentIds: { 'Adam Ahmed': 11 } });
  });

  it('sends the payment method chosen in its radio group, kept in the draft across a refresh', async () => {
    serve();
    renderCheckout(single);
    const ui = userEvent.setup();
    const methods = screen.getByRole('group', { name: 'Payment Method' });
    expect(within(methods).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['PayPal', 'VISA', 'Mastercard']);
    expect(within(methods).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    await ui.click(within(methods).getByRole('radio', { name: 'VISA' }));
    expect(within(methods).getByRole('radio', { name: 'VISA' })).toBeChecked();
    // The keyboard moves the choice as in any radio group.
    await ui.keyboard('{ArrowDown}');
    expect(within(methods).getByRole('radio', { name: 'Mastercard' })).toBeChecked();
    await ui.keyboard('{ArrowUp}');
    expect(within(methods).getByRole('radio', { name: 'VISA' })).toHaveFocus();
    expect(readDraft()?.paymentMethod).toBe('visa');

    // A refresh (or the login after a 401) opens checkout on the stored draft: VISA is still the choice.
    cleanup();
    const { goToPayment } = renderCheckout(null);
    expect(screen.getByRole('radio', { name: 'VISA' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledTimes(1));
    expect(await bodiesSentTo('/api/create-order')).toEqual([expect.objectContaining({ payment_method: 'visa', amount: 684 })]);
  });

  describe('a refused coupon', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const refusal = 'This coupon code is invalid or has expired.';

    it("shows the server's message in a toast for 3 s and at the field, takes the discount back to 0 and orders without it", async () => {
      let refuse = false;
      // As the server answered before it dropped the field's name from its messages: 'code: …', field 'code'.
      serve({ coupon: () => (refuse ? json({ success: false, message: `code: ${refusal}`, field: 'code' }, 400) : json({ success: true, discount_type: 'flat', discount_value: 50, message: 'ok' })) });
      const { goToPayment } = renderCheckout(single);
      const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const field = screen.getByRole('textbox', { name: 'Coupon Code' });
      await ui.type(field, 'FLAT50');
      await ui.click(screen.getByRole('button', { name: 'Apply Coupon' }));
      await vi.waitFor(() => expect(grandTotal()).toHaveTextContent('AED 634'));

      refuse = true;
      await ui.clear(field);
      await ui.type(field, 'EXPIRED');
      await ui.click(screen.getByRole('button', { name: 'Apply Coupon' }));
      // The sentence alone, never the field's name: in the toast and at the field, which says it is wrong.
      await vi.waitFor(() => expect(toasts().getByRole('alert')).toHaveTextContent(refusal));
      expect(toasts().getByRole('alert').textContent).not.toMatch(/code:/);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(refusal);
      expect(field).toHaveFocus();
      expect(screen.queryByText(/code:/)).toBeNull();
      expect(grandTotal()).toHaveTextContent('AED 684');
      // The toast is the error toast of 3 s (the test DOM runs no animation, which closes it); the field keeps
      // saying why after that, until the code is edited.
      await act(async () => vi.advanceTimersByTimeAsync(3000));
      expect(field).toHaveAccessibleDescription(refusal);
      await ui.type(field, 'S');
      expect(field).not.toHaveAttribute('aria-invalid');
      expect(field).not.toHaveAccessibleDescription();
      expect(within(screen.getByRole('main')).queryByText(refusal)).toBeNull();

      await ui.click(screen.getByRole('button', { name: 'Pay Now' }));
      await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledTimes(1));
      const [order] = (await bodiesSentTo('/api/create-order')) as Record<string, unknown>[];
      expect(order).toMatchObject({ amount: 684 });
      expect(order).not.toHaveProperty('coupon');
    });
  });

  it.each([
    ['the field named before it', { success: false, message: 'code: This coupon code is invalid or has expired.', field: 'code' }, 'This coupon code is invalid or has expired.'],
    ['no field in the answer (kept as it came)', { success: false, message: 'code: This coupon code is invalid or has expired.' }, 'code: This coupon code is invalid or has expired.'],
    ['another field in the answer (kept as it came)', { success: false, message: 'code: This coupon code is invalid or has expired.', field: 'userId' }, 'code: This coupon code is invalid or has expired.'],
    ['a message without the name (the server as it is now)', { success: false, message: 'This coupon code is invalid or has expired.', field: 'code' }, 'This coupon code is invalid or has expired.'],
  ])("the coupon call's refusal, with %s, reads the server's sentence without a field's name", async (_, answer, message) => {
    fetchMock.mockResolvedValueOnce(json(answer, 400));
    await expect(applyCoupon(api, { code: 'OLD', userId: testUser.clientid })).rejects.toMatchObject({ status: 400, message, body: answer });
  });

  it("the order call takes the field's name off its refusal too", async () => {
    serve({ order: () => json({ success: false, message: 'coupon: This coupon code is invalid or has expired.', field: 'coupon' }, 400) });
    renderCheckout(single);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^This coupon code is invalid or has expired\.$/));
  });

  it('pays for the pending payment’s unpaid package', async () => {
    serve();
    const { goToPayment } = renderCheckout({ ...single, entry: 'pendingPayment', clientPackageId: 21 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledTimes(1));
    expect(await bodiesSentTo('/api/create-order')).toEqual([expect.objectContaining({ client_package_id: 21, amount: 684, student_ids: [11] })]);
  });

  it('never sends a renewal’s paid package as the package paid for', async () => {
    serve();
    const { goToPayment } = renderCheckout({ ...single, entry: 'renewal', clientPackageId: 9 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledTimes(1));
    const [order] = (await bodiesSentTo('/api/create-order')) as Record<string, unknown>[];
    expect(order).not.toHaveProperty('client_package_id');
  });

  it('orders both students of an individual booking from the second checkout', async () => {
    serve();
    const { goToPayment } = renderCheckout(individualCheckoutDraft(true));
    expect(grandTotal()).toHaveTextContent('AED 1,368');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledTimes(1));
    expect(await bodiesSentTo('/api/create-order')).toEqual([
      {
        email: testUser.email,
        student_ids: [11, 12],
        client_id: testUser.clientid,
        appoint_ids: [1, 2],
        amount: 1368,
        branch_id: testUser.branch_id,
        payment_method: 'paypal',
        pkg_id: 3,
        level: 5,
        // Each student's hours are for that student alone.
        lessons: [adamsHour, { subject: 'English', start: '2026-12-07T17:00:00+04:00', finish: '2026-12-07T18:00:00+04:00', tutor: 2, students: [12] }],
        // A line per student, each priced for its own year (Adam Year 5, Lina Year 8), with its lessons a week.
        lines: [
          { pkg_id: 3, level: 5, student_ids: [11], weekly_lessons: { Mathematics: 2 } },
          { pkg_id: 3, level: 8, student_ids: [12], weekly_lessons: { English: 1 } },
        ],
      },
    ]);
  });

  it("logs and shows 'No payment link received' when the answer has none, and Pay Now works again", async () => {
    expectConsole('error', noPaymentLinkText);
    serve({ order: () => json({ success: true, paymentLink: '', ref: 'ref-12345678', amount: 684 }, 201) });
    const { goToPayment } = renderCheckout(single);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(noPaymentLinkText));
    expect(console.error).toHaveBeenCalledWith(noPaymentLinkText);
    expect(goToPayment).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it("shows the server's refusal of the order", async () => {
    serve({ order: () => json({ success: false, message: 'must be 684.00, the price of the package' }, 400) });
    renderCheckout(single);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('must be 684.00, the price of the package'));
  });

  describe('hours someone else took first (409)', () => {
    // /book-class opens on the branch's today + 2: the same Monday 23 November 2026 as its own tests.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T08:00:00Z') });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const week = (date: string, weekIndex: number): SelectedSlot => ({ ...sampleSlot, key: `Mathematics-${date}-16:00`, date, apt_id: weekIndex + 1, weekIndex });
    const threeWeeks: BookingDraft = { ...single, slots: { '1st Week': [week('2026-12-06', 0)], '2nd Week': [week('2026-12-13', 1)], '3rd Week': [week('2026-12-20', 2)] } };
    const hoursTaken = {
      success: false,
      message: 'Some of these hours were just taken.',
      // The server writes instants as it likes (UTC here); the portal says them on the branch's clock.
      taken: [
        { subject: 'Mathematics', start: '2026-12-13T12:00:00Z', finish: '2026-12-13T13:00:00Z', tutor: 1, reason: 'unavailable' },
        { subject: 'Mathematics', start: '2026-12-06T12:00:00Z', finish: '2026-12-06T13:00:00Z', tutor: 1, reason: 'taken' },
      ],
    };
    const lines = [
      'Sun 6 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.',
      'Sun 13 Dec 2026 · 16:00 Dubai time is no longer available. Please choose another time.',
    ];

    it('pays nothing, drops those hours from the booking and says which on /book-class (in the branch zone)', async () => {
      serve({ order: () => json(hoursTaken, 409) });
      const { goToPayment } = renderCheckout(threeWeeks);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));

      expect(await screen.findByRole('heading', { name: 'Book Classes' })).toBeInTheDocument();
      const alert = await screen.findByRole('alert');
      expect(within(alert).getAllByRole('paragraph').map((line) => line.textContent)).toEqual(lines);
      expect(goToPayment).not.toHaveBeenCalled();
      expect(sentTo(fetchMock, '/api/create-order')).toHaveLength(1);
      // The hour left stays chosen; the two taken are gone from the draft in storage.
      expect(readDraft()?.slots).toEqual({ '3rd Week': [week('2026-12-20', 2)] });
      expect(readDraft()?.lessons).toEqual(sampleLessons);
      expect(within(screen.getByRole('region', { name: 'Selected Slots' })).getByText('Sun 20 Dec 2026 · 16:00 Dubai time · Mathematics · Amira Haddad')).toBeVisible();
    });

    it("keeps today's behaviour for a conflict that names no hours: the server's message, on /checkout", async () => {
      serve({ order: () => json({ success: false, message: 'This order conflicts with another one.' }, 409) });
      const { goToPayment } = renderCheckout(threeWeeks);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Pay Now' }));
      await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This order conflicts with another one.'));
      expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
      expect(goToPayment).not.toHaveBeenCalled();
      expect(readDraft()?.slots).toEqual(threeWeeks.slots);
    });

    it('the create-order call throws the hours as a HoursTakenError; another refusal as an ApiError', async () => {
      const body = { email: testUser.email, student_ids: [11], client_id: 7, appoint_ids: [1], amount: 684, branch_id: 1, pkg_id: 3 as const, level: 5 };
      fetchMock.mockResolvedValueOnce(json(hoursTaken, 409));
      const taken = createOrder(api, body);
      await expect(taken).rejects.toBeInstanceOf(HoursTakenError);
      await expect(taken).rejects.toMatchObject({ message: 'Some of these hours were just taken.', taken: hoursTaken.taken });
      fetchMock.mockResolvedValueOnce(json({ ...hoursTaken, taken: [{ start: 'soon' }] }, 409));
      const malformed = createOrder(api, body);
      await expect(malformed).rejects.toBeInstanceOf(ApiError);
      await expect(malformed).rejects.not.toBeInstanceOf(HoursTakenError);
      fetchMock.mockResolvedValueOnce(json({ success: false, message: 'must be 684.00' }, 400));
      await expect(createOrder(api, body)).rejects.toMatchObject({ status: 400, message: 'must be 684.00', body: { success: false, message: 'must be 684.00' } });
    });
  });

  it('Cancel goes to the dashboard and clears the booking', async () => {
    serve();
    renderCheckout(single);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(localStorage.getItem('groupedByWeek')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a checkout opened without a package chosen to the packages', () => {
    renderCheckout(emptyDraft('new'));
    expect(screen.getByRole('heading', { name: 'Packages page' })).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
