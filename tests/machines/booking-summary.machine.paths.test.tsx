import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { expect } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type BookingDraft, type BookingEntry, emptyDraft } from '../../machines/booking/booking-draft.ts';
import { type BookingSummaryMachine, bookingSummaryMachine } from '../../machines/booking/booking-summary.machine.ts';
import { backWarning } from '../../machines/booking/booking-steps.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { BookingSummaryScreen } from '../../src/screens/booking-summary/booking-summary-screen.tsx';
import { liveToken } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import { sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

// Every transition of the booking-summary chart, for each flow that passes through it, replayed on the real
// screen in the app's layout; back is asked for with the header's arrow in one run and the browser's back
// button in the other.

const draftOf = (entry: BookingEntry): BookingDraft => ({
  ...emptyDraft(entry),
  form: sampleForm,
  lessons: sampleLessons,
  totalLessonsLabel: '2 lessons per week · 12 classes',
  slots: sampleSlots,
  tutors: sampleTutors,
  clientPackageId: entry === 'pendingPayment' ? 21 : null,
});

const events: AnyEventObject[] = [{ type: 'summary.confirmed' }, { type: 'back.requested' }, { type: 'back.confirmed' }, { type: 'back.cancelled' }];

const starts = (['new', 'renewal', 'pendingPayment'] as const).flatMap((entry) =>
  (['header arrow', 'browser back'] as const).map((back) => {
    const draft = draftOf(entry);
    return { who: `${entry}, back by the ${back}`, entry, back, draft, input: { draft, today: '2026-11-23' }, events };
  }),
);

function renderSummary() {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/booking-summary', element: <BookingSummaryScreen /> },
          { path: '/book-class', element: <h1>Book Classes page</h1> },
          { path: '/checkout', element: <h1>Checkout page</h1> },
        ],
      },
    ],
    { initialEntries: ['/book-class', '/booking-summary'], initialIndex: 1 },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  return router;
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

function expectScreenFor(state: SnapshotFrom<BookingSummaryMachine>, router: ReturnType<typeof renderSummary>) {
  if (state.status === 'done') {
    const next = (state.output as { next: string }).next;
    if (next === 'checkout') {
      expect(screen.getByRole('heading', { name: 'Checkout page' })).toBeVisible();
      // Going on keeps the booking for checkout.
      expect(stored('groupedByWeek')).toEqual(sampleSlots);
    } else {
      expect(next).toBe('slots');
      expect(screen.getByRole('heading', { name: 'Book Classes page' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/book-class');
      // The slots are cleared; the package and the students stay for the slot step.
      expect(stored('groupedByWeek')).toBeNull();
      expect(stored('selectedTeacher')).toBeNull();
      expect(stored('lessonData')).toEqual(sampleLessons);
      expect(stored('packageFormData')).toEqual(sampleForm);
    }
    return;
  }
  expect(router.state.location.pathname).toBe('/booking-summary');
  const main = within(screen.getByRole('main', { hidden: true }));
  expect(main.getByText('GOLD (12 classes)')).toBeInTheDocument();
  expect(main.getByText('Sun 6 Dec 2026 · 16:00')).toBeInTheDocument();
  if (state.hasTag('confirming')) {
    expect(within(screen.getByRole('alertdialog', { name: 'Go back?' })).getByText(backWarning)).toBeVisible();
  } else {
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm Booking' })).toBeEnabled();
  }
}

replayPaths({
  machine: bookingSummaryMachine,
  title: 'booking summary paths for $who, replayed on the screen',
  starts,
  mount: async ({ draft }) => {
    writeDraft(draft);
    const router = renderSummary();
    const ui = userEvent.setup();
    await screen.findByText('GOLD (12 classes)');
    return { router, ui };
  },
  send: {
    'summary.confirmed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Confirm Booking' })),
    'back.requested': async ({ start, mounted: { ui, router } }) => {
      if (start.back === 'header arrow') await ui.click(screen.getByRole('button', { name: 'Back' }));
      else await act(async () => router.navigate(-1));
    },
    'back.confirmed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Go back' })),
    'back.cancelled': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Stay' })),
  },
  expectScreen: (state, { mounted }) => expectScreenFor(state, mounted.router),
});
