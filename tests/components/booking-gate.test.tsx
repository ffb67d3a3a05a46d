import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BookingGate } from '../../src/screens/booking-gate/booking-gate.tsx';
import { bookingPausedTitle } from '../../src/screens/booking-gate/booking-paused-view.tsx';
import { config } from '../../src/config.ts';
import { json, liveToken, sentTo, stubNetwork } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

const fetchMock = stubNetwork();

function renderGate(status: boolean) {
  fetchMock.mockImplementation(async () => json({ status, client: testUser }));
  renderWithSession(
    <MemoryRouter>
      <BookingGate>
        <p>The booking flow</p>
      </BookingGate>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

describe('the booking-status gate of New Booking and Renew', () => {
  it('shows the flow while the client may book', async () => {
    renderGate(true);
    expect(await screen.findByText('The booking flow')).toBeVisible();
    await expect.poll(() => sentTo(fetchMock, `/api/clientsdata/${testUser.clientid}`).length).toBe(1);
    expect(screen.getByText('The booking flow')).toBeVisible();
    expect(screen.queryByRole('heading', { name: bookingPausedTitle })).toBeNull();
  });

  it("shows a notice with the provider's phone and e-mail once staff paused booking", async () => {
    renderGate(false);
    expect(await screen.findByRole('heading', { name: bookingPausedTitle })).toBeVisible();
    expect(screen.queryByText('The booking flow')).toBeNull();
    expect(screen.getByRole('link', { name: config.contactPhone })).toHaveAttribute('href', expect.stringMatching(/^tel:\+/));
    expect(screen.getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
