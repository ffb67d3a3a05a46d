import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { OrderProgress } from '../../machines/rules/order-progress.ts';
import { ReceiptScreen } from '../../src/screens/payment/receipt-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();
const ref = 'ord_abcdefgh';

const order: OrderProgress = {
  ref,
  status: 'confirmed',
  amount: 684,
  pkg_id: 3,
  student_ids: [11],
  classes: 12,
  booked_classes: 3,
  lines: [{ pkg_id: 3, level: 5, student_ids: [11], amount: 684, classes: 12, booked_classes: 3, weekly_lessons: { Mathematics: 1, English: 1 } }],
  service_ids: [31],
  appointment_ids: [1, 2, 3],
  invoice_id: 9,
  payment_taken: true,
  confirmed: true,
  lessons: [],
  hold_expires_at: null,
  to_place: 0,
};

const appointment = (id: number, start: string, topic = 'Mathematics') => ({ id, start, finish: start, topic, status: 'planned', service: { id: 31, name: topic }, db: { pkg_id: 3 } });

function renderReceipt(at = `/payment-successfull?ref=${ref}`) {
  renderWithSession(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/payment-successfull" element={<ReceiptScreen />} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

describe('/payment-successfull', () => {
  it('shows the order’s lessons by week, each with a check mark, in the branch’s hours; others are left out', async () => {
    fetchMock.mockImplementation(async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === `/api/orders/${ref}`) return json(order);
      if (pathname === '/api/appointmentstwo/11')
        return json({ data: [appointment(1, '2026-12-06T12:00:00Z'), appointment(7, '2026-12-07T12:00:00Z', 'Science'), appointment(2, '2026-12-07T05:00:00Z', 'English'), appointment(3, '2026-12-13T12:00:00Z')] });
      return json({ message: 'not served' }, 500);
    });
    renderReceipt();
    expect(screen.getByRole('heading', { name: 'Successful!' })).toBeVisible();
    expect(screen.getByText('You will receive order confirmation by email shortly')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/dashboard');
    const first = await screen.findByRole('region', { name: '1st Week' });
    expect(within(first).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['✓MathematicsSun, 6 Dec 2026 · 16:00', '✓EnglishMon, 7 Dec 2026 · 09:00']);
    expect(within(first).getAllByRole('img', { name: 'Booked' })).toHaveLength(2);
    const second = screen.getByRole('region', { name: '2nd Week' });
    expect(within(second).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(/Science/)).toBeNull();
    expect(new URL(sentTo(fetchMock, '/api/appointmentstwo/11')[0]?.url ?? '').searchParams.get('branch_id')).toBe('1');
  });

  it('a failed read shows its message with Retry, which reads again', async () => {
    expectConsole('error', 'Cannot verify payment.');
    let calls = 0;
    fetchMock.mockImplementation(async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === `/api/orders/${ref}`) {
        calls += 1;
        return calls === 1 ? json({ message: 'Order not found.' }, 404) : json(order);
      }
      return json({ data: [appointment(1, '2026-12-06T12:00:00Z')] });
    });
    renderReceipt();
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: '1st Week' })).toBeVisible();
  });
});
