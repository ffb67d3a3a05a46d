import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import {
  type SuccessSequenceInput,
  type SuccessSequenceMachine,
  orderUnpaidText,
  paymentSuccessfulText,
  refMissingText,
  refMissingTitle,
  successSequenceMachine,
} from '../../machines/booking/success-sequence.machine.ts';
import { orderChecklist, orderUnavailableTexts, receiptOf } from '../../machines/rules/order-progress.ts';
import { ApiError } from '../../src/api/client.ts';
import { browserSuccessSequenceMachine } from '../../src/actors/success-sequence.ts';
import { SuccessScreen, bookingText, recordingText, verifyingText } from '../../src/screens/payment/success-screen.tsx';
import { checklistLabel, confirmationEmailText, successTitle } from '../../src/screens/payment/success-view.tsx';
import { writeText } from '../../src/storage/browser-storage.ts';
import { expectConsole } from '../support/console-guard.ts';
import { liveToken } from '../support/network-stub.ts';
import { orderStages } from '../support/order-fixtures.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import type { ReplayedPath } from '../support/transition-coverage.ts';

// Every transition of the success sequence, from each way onto /success, replayed on the real screen with
// calls the test answers and fake timers for the spec's waits (3 s, 8 s, 2 s). Nothing of the booking is in
// this browser's storage: the server books the order it holds.

const ref = 'ord_12345678';
const now = new Date('2026-11-23T08:00:00Z');
const delays = { paymentStart: 3000, paymentRecord: 8000, paymentAlert: 2000 };
const orders = orderStages(ref);

interface Start {
  who: string;
  at: string;
  /** The pending-payment card's flag (dashboard=1) in storage. */
  pendingPayment: boolean;
}

const starts: Start[] = [
  { who: 'a new booking paid', at: `/success?ref=${ref}`, pendingPayment: false },
  { who: 'the pending-payment card paid', at: `/success?ref=${ref}`, pendingPayment: true },
  { who: 'no ref', at: '/success', pendingPayment: false },
];

const inputOf = (start: Start): SuccessSequenceInput => ({
  ref: start.at.includes('ref=') ? ref : null,
  clientid: testUser.clientid,
  deletesFreePackage: start.pendingPayment,
  timeZone: testUser.branch_time_zone,
});

const after = (delay: keyof typeof delays, state: string) => `xstate.after.${delay}.successSequence.${state}`;
const failure = new Error('The server could not be reached.');
const noPayment = new ApiError(409, 'The payment provider has no payment for this order.');

const events: AnyEventObject[] = [
  ...Object.values(orders).map((output) => ({ type: 'xstate.done.actor.loadOrder', output })),
  { type: 'xstate.error.actor.loadOrder', error: new Error('Cannot verify payment.') },
  { type: 'xstate.error.actor.loadOrder', error: new ApiError(404, 'Order not found.') },
  { type: 'xstate.error.actor.loadOrder', error: new ApiError(403, 'This order is not yours.') },
  { type: 'xstate.done.actor.loadStudents', output: testUser.studentdetails },
  { type: 'xstate.error.actor.loadStudents', error: failure },
  { type: after('paymentStart', 'waitingToStart') },
  { type: 'xstate.done.actor.fulfilOrder', output: orders.booked },
  { type: 'xstate.error.actor.fulfilOrder', error: noPayment },
  { type: 'xstate.error.actor.fulfilOrder', error: failure },
  { type: after('paymentRecord', 'recording') },
  { type: 'xstate.done.actor.confirmOrder', output: {} },
  { type: 'xstate.error.actor.confirmOrder', error: failure },
  { type: 'xstate.done.actor.deleteFreePackage', output: {} },
  { type: 'xstate.error.actor.deleteFreePackage', error: failure },
  { type: after('paymentAlert', 'alerting') },
  { type: 'sequence.retried' },
];

const actorIds = ['loadOrder', 'loadStudents', 'fulfilOrder', 'confirmOrder', 'deleteFreePackage'] as const;
type ActorId = (typeof actorIds)[number];

interface Call {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The screen at /success in a router, with every call one the test answers. */
function renderSuccess(start: Start) {
  if (start.pendingPayment) writeText('dashboard', '1');
  const calls = new Map<ActorId, Call>();
  const sent: { id: ActorId; input: unknown }[] = [];
  const fake = (id: ActorId) =>
    fromPromise<never, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          sent.push({ id, input });
          calls.set(id, { input, resolve: resolve as (output: unknown) => void, reject });
        }),
    );
  const machine = browserSuccessSequenceMachine.provide({
    actors: Object.fromEntries(actorIds.map((id) => [id, fake(id)])) as never,
    delays,
  });
  // A data router (the page's back holds the browser's back button), with checkout behind /success.
  const router = createMemoryRouter(
    [
      { path: '/success', element: <SuccessScreen machine={machine as SuccessSequenceMachine} /> },
      { path: '/payment-successfull', element: <h1>Receipt page</h1> },
      { path: '/checkout', element: <h1>Checkout page</h1> },
    ],
    { initialEntries: ['/checkout', start.at], initialIndex: 1 },
  );
  renderWithSession(<RouterProvider router={router} />, { stored: { token: liveToken(), user: testUser } });
  const call = (id: ActorId): Call => {
    const pending = calls.get(id);
    if (!pending) throw new Error(`no ${id} call is waiting`);
    calls.delete(id);
    return pending;
  };
  return { call, sent };
}

type State = SnapshotFrom<SuccessSequenceMachine>;

/** The order's checklist as the screen lists it: each step with its mark, and the word for screen readers. */
function expectChecklistFor(state: State) {
  const { order } = state.context;
  if (!order) {
    expect(screen.queryByRole('list', { name: checklistLabel })).toBeNull();
    return;
  }
  const items = within(screen.getByRole('list', { name: checklistLabel })).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(orderChecklist(order).map((check) => (check.done ? `✓${check.label}: done` : `…${check.label}: not yet`)));
}

function expectScreenFor(state: State) {
  if (state.status === 'done') {
    expect(screen.getByRole('heading', { name: 'Receipt page' })).toBeVisible();
    return;
  }
  if (state.matches('missingRef')) {
    expect(screen.getByRole('alert')).toHaveTextContent(`${refMissingTitle}${refMissingText}`);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    return;
  }
  if (state.matches('unavailable')) {
    const notice = orderUnavailableTexts[state.context.unavailable ?? 'notFound'];
    expect(screen.getByRole('alert')).toHaveTextContent(`${notice.title}${notice.text}`);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('heading', { name: successTitle })).toBeNull();
    return;
  }
  if (state.matches('failed')) {
    expect(screen.getByRole('alert')).toHaveTextContent(state.context.error ?? 'no error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    return;
  }
  if (state.matches('succeeded')) {
    expect(screen.getByRole('heading', { name: successTitle })).toBeVisible();
    expect(screen.getByText(confirmationEmailText)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/manage-booking');
    expect(toasts().getByText(paymentSuccessfulText)).toBeVisible();
    expectChecklistFor(state);
    // The receipt of the order as the server last answered it: its amount, method, ref and booked lessons.
    const receipt = receiptOf(state.context.order ?? orders.booked, { timeZone: testUser.branch_time_zone, currency: 'AED' });
    const facts = within(screen.getByRole('region', { name: 'Receipt' }));
    expect(facts.getByText('Amount paid').nextElementSibling).toHaveTextContent(receipt.amount);
    expect(facts.getByText('Order reference').nextElementSibling).toHaveTextContent(ref);
    expect(screen.getAllByRole('img', { name: 'Booked' })).toHaveLength(receipt.weeks.flatMap((week) => week.lessons).length);
    // Paid and booked: the working keys are gone, the session stays.
    expect(localStorage.getItem('dashboard')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
    return;
  }
  const progress = state.hasTag('booking') ? bookingText : state.hasTag('recording') ? recordingText : verifyingText;
  expect(screen.getByRole('status', { name: progress })).toBeVisible();
  expect(screen.queryByRole('heading', { name: successTitle })).toBeNull();
  expectChecklistFor(state);
}

/** What each call must carry. */
function expectedInput(id: ActorId): unknown {
  switch (id) {
    case 'loadOrder':
    case 'fulfilOrder':
    case 'confirmOrder':
      return { ref };
    case 'loadStudents':
    case 'deleteFreePackage':
      return { clientid: testUser.clientid };
  }
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  // Failed steps are logged as well as shown.
  expectConsole('error', 'Payment step failed');
});

afterEach(() => {
  vi.useRealTimers();
});

const label = (path: ReplayedPath) =>
  path.steps
    .map((s) => {
      const event = s.event as AnyEventObject;
      const what = event.type.replace('xstate.', '');
      if (event.type === 'xstate.done.actor.loadOrder') return `${what}(${(event.output as { status: string }).status}${event.output === orders.paidNotBooked ? ', not booked' : ''})`;
      if (event.type.startsWith('xstate.error.')) return `${what}(${event.error instanceof ApiError ? event.error.status : 'failed'})`;
      return what;
    })
    .join(' → ');

type Screen = ReturnType<typeof renderSuccess> & { ui: ReturnType<typeof userEvent.setup> };

/** A call answered as the step says, once it was asked with what it must carry. */
const answer =
  (id: ActorId) =>
  async ({ event, mounted: { call } }: { event: AnyEventObject; mounted: Screen }) => {
    const pending = call(id);
    expect(pending.input).toEqual(expectedInput(id));
    if (event.type.startsWith('xstate.done')) await act(async () => pending.resolve(event.output));
    else await act(async () => pending.reject(event.error));
  };

/** The wait holds its state for its time (give or take the real time the checks took), then moves on. */
const wait =
  (delay: keyof typeof delays) =>
  async ({ before }: { before: State | undefined }) => {
    if (!before) throw new Error('a wait is never where a path starts');
    await act(async () => vi.advanceTimersByTimeAsync(delays[delay] - 500));
    expectScreenFor(before);
    await act(async () => vi.advanceTimersByTimeAsync(500));
  };

replayPaths({
  machine: successSequenceMachine,
  title: 'success sequence paths for $who, replayed on the screen',
  starts: starts.map((start) => ({ ...start, input: inputOf(start), events })),
  label,
  // Nothing is written on arrival: the first call reads the order (or none, without a ref).
  mount: (start): Screen => ({ ...renderSuccess(start), ui: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) }),
  send: {
    'sequence.retried': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Retry' })),
    [after('paymentStart', 'waitingToStart')]: wait('paymentStart'),
    [after('paymentRecord', 'recording')]: wait('paymentRecord'),
    [after('paymentAlert', 'alerting')]: wait('paymentAlert'),
    ...Object.fromEntries(actorIds.flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`].map((type) => [type, answer(id)]))),
  },
  expectScreen: expectScreenFor,
});

describe('the success sequence on the screen', () => {
  it('an order the provider’s notification booked is not booked again: no fulfilment, straight to recording', async () => {
    const { call, sent } = renderSuccess(starts[0] as Start);
    await act(async () => call('loadOrder').resolve(orders.booked));
    await act(async () => call('loadStudents').resolve(testUser.studentdetails));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    expect(screen.getByRole('status', { name: recordingText })).toBeVisible();
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentRecord));
    await act(async () => call('confirmOrder').resolve({}));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentAlert));
    expect(screen.getByRole('heading', { name: successTitle })).toBeVisible();
    expect(sent.map((s) => s.id)).toEqual(['loadOrder', 'loadStudents', 'confirmOrder']);
  });

  it('no payment yet (409): the unpaid text; Retry reads the order again and, booked by then, goes on without fulfilling twice', async () => {
    const { call, sent } = renderSuccess(starts[0] as Start);
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(async () => call('loadOrder').resolve(orders.created));
    await act(async () => call('loadStudents').resolve(testUser.studentdetails));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    expect(screen.getByRole('status', { name: bookingText })).toBeVisible();
    await act(async () => call('fulfilOrder').reject(noPayment));
    expect(screen.getByRole('alert')).toHaveTextContent(orderUnpaidText);

    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => call('loadOrder').resolve(orders.booked));
    await act(async () => call('loadStudents').resolve(testUser.studentdetails));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    expect(screen.getByRole('status', { name: recordingText })).toBeVisible();
    expect(sent.filter((s) => s.id === 'fulfilOrder')).toHaveLength(1);
  });

  it('classes whose hours were lost are said to wait to be placed', async () => {
    const { call } = renderSuccess(starts[0] as Start);
    await act(async () => call('loadOrder').resolve(orders.partlyLost));
    expect(screen.getByText('1 paid class could not be booked at the chosen time and waits to be placed; our team will be in touch.')).toBeVisible();
  });
});
