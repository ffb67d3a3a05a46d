import { act, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type PaymentFailedMachine, paymentFailedMachine } from '../../machines/booking/payment-failed.machine.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { browserPaymentFailedMachine } from '../../src/actors/payment-failed.ts';
import { PaymentCancelledScreen, PaymentFailedScreen } from '../../src/screens/payment/payment-failed-screen.tsx';
import { sampleForm, sampleLessons, sampleSlots } from '../support/draft-fixtures.ts';
import { emptyDraft } from '../../machines/booking/booking-draft.ts';
import { liveToken } from '../support/network-stub.ts';
import { replayPaths } from '../support/path-replay.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// /failed and /cancel: the alert for the failedRedirect wait, then the working keys go and the dashboard shows.

const redirect = 'xstate.after.failedRedirect.paymentFailed.showing';
const wait = 2000;
const events: AnyEventObject[] = [{ type: redirect }];

const starts: { who: string; at: string; title: string; Screen: ComponentType<{ machine?: PaymentFailedMachine }>; input: undefined; events: AnyEventObject[] }[] = [
  { who: 'a failed payment', at: '/failed', title: 'Payment Failed', Screen: PaymentFailedScreen, input: undefined, events },
  { who: 'a cancelled payment', at: '/cancel', title: 'Payment Cancelled', Screen: PaymentCancelledScreen, input: undefined, events },
];

function expectScreenFor(state: SnapshotFrom<PaymentFailedMachine>, title: string) {
  if (state.status === 'done') {
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    // The working keys are gone; the session's stay.
    expect(localStorage.getItem('lessonData')).toBeNull();
    expect(localStorage.getItem('packageFormData')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
    expect(localStorage.getItem('userdata')).not.toBeNull();
    return;
  }
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Payment FailedYour payment could not be processed.');
  expect(localStorage.getItem('lessonData')).not.toBeNull();
}

replayPaths({
  machine: paymentFailedMachine,
  title: 'payment failed paths for $who, replayed on the screen',
  starts,
  fakeTimers: true,
  label: (path) => path.steps.map((s) => s.event.type).join(' → '),
  mount: ({ at, Screen }) => {
    writeDraft({ ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, slots: sampleSlots });
    renderWithSession(
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path={at} element={<Screen machine={browserPaymentFailedMachine.provide({ delays: { failedRedirect: wait } })} />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Routes>
      </MemoryRouter>,
      { stored: { token: liveToken(), user: testUser } },
    );
  },
  send: {
    [redirect]: async () => {
      // The alert stays for its wait (give or take the real time the checks took), then the screen leaves.
      await act(async () => vi.advanceTimersByTimeAsync(wait - 500));
      expect(screen.getByRole('alert')).toBeVisible();
      await act(async () => vi.advanceTimersByTimeAsync(500));
    },
  },
  expectScreen: (state, { start }) => expectScreenFor(state, start.title),
});
