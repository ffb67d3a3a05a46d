import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { clearDraft, readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookingSummaryScreen } from '../../src/screens/booking-summary/booking-summary-screen.tsx';
import { sampleForm, sampleLessons, sampleSlot, sampleTutors } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /booking-summary on the draft as the earlier steps (or the pending-payment card) left it.

/** Adam and Lina together, GOLD of 45-minute classes, three sessions over two weeks. */
const together: BookingDraft = {
  ...emptyDraft('pendingPayment'),
  form: { ...sampleForm, students: 2, name2: 'Lina Ahmed', studyType: 'yes' },
  lessons: { ...sampleLessons, studentName: { name1: 'Adam Ahmed', name2: 'Lina Ahmed' }, packageNames: { ...sampleLessons.packageNames, description: '<p>Each class: 45 minutes</p>' } },
  slots: {
    '2nd Week': [{ ...sampleSlot, key: 'b', date: '2026-12-14', time: '09:00', weekIndex: 1, subject: 'English', name: 'Omar Khalil' }],
    '1st Week': [{ ...sampleSlot, key: 'a2', date: '2026-12-08', time: '10:00' }, sampleSlot],
  },
  tutors: sampleTutors,
  clientPackageId: 21,
};

function renderSummary(draft: BookingDraft | null) {
  clearDraft();
  if (draft) writeDraft(draft);
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/booking-summary', element: <BookingSummaryScreen /> },
          ...['/book-class', '/checkout', '/new-booking', '/dashboard'].map((path) => ({ path, element: <h1>Page {path}</h1> })),
        ],
      },
    ],
    { initialEntries: ['/dashboard', '/booking-summary'], initialIndex: 1 },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

describe('booking summary', () => {
  it('shows the package detail and the booking by week, in the order of the weeks and the hours', async () => {
    renderSummary(together);
    const details = within(await screen.findByRole('region', { name: 'Package Detail' }));
    const pairs = details.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Student Name', 'Adam Ahmed'],
      ['Student Name 2', 'Lina Ahmed'],
      ['Package', 'GOLD (12 classes)'],
      ['Class Duration', '45 minutes'],
      ['Total', 'AED 684.00'],
    ]);
    // The slots are the branch's wall clock, and the list says whose.
    expect(within(screen.getByRole('region', { name: 'Booking Detail' })).getByText('Times in Dubai time')).toBeVisible();
    const weeks = within(screen.getByRole('region', { name: 'Booking Detail' })).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(weeks).toEqual(['1st Week', '2nd Week']);
    const first = within(screen.getByRole('region', { name: '1st Week' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(first).toEqual(['Sun 6 Dec 2026 · 16:00Mathematics with Amira Haddad', 'Tue 8 Dec 2026 · 10:00Mathematics with Amira Haddad']);
    expect(within(screen.getByRole('region', { name: '2nd Week' })).getByText('English with Omar Khalil')).toBeVisible();
  });

  it('one student: no second name, and an hour when the description names no minutes', async () => {
    renderSummary({ ...together, entry: 'new', clientPackageId: null, lessons: sampleLessons });
    const details = within(await screen.findByRole('region', { name: 'Package Detail' }));
    expect(details.queryByText('Student Name 2')).toBeNull();
    expect(details.getByText('60 minutes')).toBeVisible();
  });

  it('says how many of the package’s classes are chosen and that the rest can be booked later', async () => {
    // Three of GOLD's 12 classes chosen.
    renderSummary(together);
    const booking = within(await screen.findByRole('region', { name: 'Booking Detail' }));
    expect(booking.getByText('You have chosen 3 of 12 classes. The other 9 can be booked later from Remaining Classes.')).toBeVisible();
  });

  it('says it in the singular for one class left, and not at all when every class is chosen', async () => {
    const four = { ...sampleLessons, packageNames: { ...sampleLessons.packageNames, name: 'SILVER', lessons: 4 } };
    renderSummary({ ...together, lessons: four });
    const booking = within(await screen.findByRole('region', { name: 'Booking Detail' }));
    expect(booking.getByText('You have chosen 3 of 4 classes. The other class can be booked later from Remaining Classes.')).toBeVisible();
    cleanup();
    renderSummary({ ...together, lessons: { ...four, packageNames: { ...four.packageNames, lessons: 3 } } });
    const all = within(await screen.findByRole('region', { name: 'Booking Detail' }));
    expect(all.queryByText(/You have chosen/)).toBeNull();
  });

  it('Confirm Booking goes on to checkout with the booking kept', async () => {
    const router = renderSummary(together);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm Booking' }));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(readDraft()?.slots).toEqual(together.slots);
  });

  it('the browser back button asks first; staying keeps the booking and the page', async () => {
    const router = renderSummary(together);
    await screen.findByRole('button', { name: 'Confirm Booking' });
    await act(async () => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/booking-summary');
    await userEvent.setup().click(within(screen.getByRole('alertdialog', { name: 'Go back?' })).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(readDraft()?.slots).toEqual(together.slots);
  });

  it('the pending payment’s back clears the slots and goes to the slot step', async () => {
    const router = renderSummary(together);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Back' }));
    await ui.click(within(screen.getByRole('alertdialog', { name: 'Go back?' })).getByRole('button', { name: 'Go back' }));
    expect(router.state.location.pathname).toBe('/book-class');
    expect(readDraft()).toMatchObject({ entry: 'pendingPayment', slots: null, tutors: [], lessons: together.lessons });
  });

  it('without a booking, sends the client to the start of one', () => {
    const router = renderSummary(null);
    expect(router.state.location.pathname).toBe('/new-booking');
  });
});
