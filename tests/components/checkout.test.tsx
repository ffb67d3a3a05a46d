import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { noPaymentLinkText } from '../../machines/booking/checkout.machine.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { CheckoutScreen, browserCheckoutMachine } from '../../src/screens/checkout/checkout-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { individualCheckoutDraft, sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /checkout against a stubbed provider: what it sends to POST /apply-coupon and POST /create-order, and
// where the browser is sent.

const fetchMock = stubNetwork();

const single: BookingDraft = { ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, totalLessonsLabel: '2 lessons per week · 12 classes', slots: sampleSlots, tutors: sampleTutors };
const paymentLink = 'http://localhost:3000/sandbox/pay/ref-12345678';

interface Answers {
  coupon?: () => Response;
  order?: () => Response;
}

function serve({ coupon = () => json({ success: true, discount_type: 'percent', discount_value: 10, message: 'Coupon applied successfully' }), order = () => json({ success: true, paymentLink, ref: 'ref-12345678', amount: 684 }, 201) }: Answers = {}) {
  fetchMock.mockImplementation(async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/apply-coupon') return coupon();
    if (pathname === '/api/create-order') return order();
    return json({ success: false, message: 'Not found' }, 404);
  });
}

function renderCheckout(draft: BookingDraft) {
  writeDraft(draft);
  const goToPayment = vi.fn();
  // The real calls and wait; only the browser's departure to the payment page is caught.
  const machine = browserCheckoutMachine.provide({ actions: { goToPayment: (_, params: { link: string }) => goToPayment(params.link) } });
  renderWithSession(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutScreen machine={machine} />} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        <Route path="/manage-packages" element={<h1>Packages page</h1>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
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
      { email: testUser.email, student_ids: [11], client_id: testUser.clientid, appoint_ids: [1], amount: 615.6, branch_id: testUser.branch_id, pkg_id: 3, level: 5, coupon: 'WELCOME10' },
    ]);
    expect(screen.getByRole('status', { name: 'Going to the payment page' })).toBeInTheDocument();
  });

  describe('a refused coupon', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("shows the server's message for 3 s, takes the discount back to 0 and orders without it", async () => {
      let refuse = false;
      serve({ coupon: () => (refuse ? json({ success: false, message: 'This coupon code is invalid or has expired.' }, 400) : json({ success: true, discount_type: 'flat', discount_value: 50, message: 'ok' })) });
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
      await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This coupon code is invalid or has expired.'));
      expect(grandTotal()).toHaveTextContent('AED 684');
      await act(async () => vi.advanceTimersByTimeAsync(3000));
      expect(screen.queryByRole('alert')).toBeNull();

      await ui.click(screen.getByRole('button', { name: 'Pay Now' }));
      await vi.waitFor(() => expect(goToPayment).toHaveBeenCalledTimes(1));
      const [order] = (await bodiesSentTo('/api/create-order')) as Record<string, unknown>[];
      expect(order).toMatchObject({ amount: 684 });
      expect(order).not.toHaveProperty('coupon');
    });
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
        pkg_id: 3,
        level: 5,
        // A line per student, each priced for its own year (Adam Year 5, Lina Year 8).
        lines: [
          { pkg_id: 3, level: 5, student_ids: [11] },
          { pkg_id: 3, level: 8, student_ids: [12] },
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
