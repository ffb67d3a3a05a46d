import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../machines/booking/booking-draft.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { PaymentSummaryScreen } from '../../src/screens/payment/payment-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

function renderSummary() {
  writeDraft({ ...emptyDraft('free'), form: sampleForm, lessons: sampleLessons, slots: { '1st Week': [sampleSlot] } });
  renderWithSession(
    <MemoryRouter initialEntries={['/payment-summary']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/payment-summary" element={<PaymentSummaryScreen />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

describe('/payment-summary', () => {
  it('thanks the client and lists the blocked classes by week', () => {
    renderSummary();
    expect(screen.getByRole('heading', { name: 'Thank you for your payment' })).toBeVisible();
    expect(screen.getByText('Congratulations! You have successfully purchased a package, and your classes have been scheduled for the next two weeks.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Blocked Classes' })).toBeVisible();
    const week = screen.getByRole('region', { name: '1st Week' });
    expect(within(week).getByRole('listitem')).toHaveTextContent('Mathematics · 2026-12-06 · 16:00 · Amira Haddad');
  });

  it.each([['the header’s back arrow', 'Back'], ['its own button', 'Back to Dashboard']])('%s clears the working keys and goes to the dashboard', async (_, name) => {
    renderSummary();
    expect(localStorage.getItem('lessonData')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name }));
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(localStorage.getItem('lessonData')).toBeNull();
    expect(localStorage.getItem('groupedByWeek')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('userdata')).not.toBeNull();
  });
});
