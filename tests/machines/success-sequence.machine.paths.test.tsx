import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type BookingDraft, emptyDraft } from '../../machines/booking/booking-draft.ts';
import {
  type SuccessSequenceInput,
  type SuccessSequenceMachine,
  paymentSuccessfulText,
  refMissingText,
  refMissingTitle,
  successSequenceMachine,
} from '../../machines/booking/success-sequence.machine.ts';
import { type OrderProgress, appointmentPayloads, invoicePayload, paymentPayload, servicePayloads } from '../../machines/rules/booking-payloads.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { SuccessScreen, bookingText, browserSuccessSequenceMachine, recordingText, verifyingText } from '../../src/screens/payment/success-screen.tsx';
import { confirmationEmailText, successTitle } from '../../src/screens/payment/success-view.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { type ReplayedPath, coveringPaths, transitionCoverage } from '../support/transition-coverage.ts';

// Every transition of the success sequence, from each way onto /success, replayed on the real screen with
// calls the test answers and fake timers for the spec's waits (3 s, 8 s, 2 s).

const ref = 'ord_12345678';
const now = new Date('2026-11-23T08:00:00Z');
const delays = { paymentStart: 3000, paymentRecord: 8000, paymentAlert: 2000 };

/** Adam Ahmed's GOLD: Mathematics twice with Amira Haddad, English once with Omar Khalil. */
const booked: BookingDraft = {
  ...emptyDraft('new'),
  form: { ...sampleForm, subject: ['Mathematics', 'English'] },
  lessons: { ...sampleLessons, lessonCounts: { Mathematics: 1, English: 1 } },
  totalLessonsLabel: '2 lessons per week · 12 classes',
  slots: {
    '1st Week': [sampleSlot, { ...sampleSlot, key: 'English-2026-12-07-09:00', subject: 'English', date: '2026-12-07', time: '09:00', tutorId: 2, apt_id: 2, name: 'Omar Khalil' }],
    '2nd Week': [{ ...sampleSlot, key: 'Mathematics-2026-12-13-16:00', date: '2026-12-13', weekIndex: 1 }],
  },
  tutors: [
    { id: 1, name: 'Amira Haddad', subject: 'Mathematics' },
    { id: 2, name: 'Omar Khalil', subject: 'English' },
  ],
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

/** The order as GET /orders/{ref} answers it at each point of the sequence. */
const orders = {
  fresh: order(),
  servicesMade: order({ service_ids: [31, 32] }),
  lessonsBooked: order({ service_ids: [31, 32], appointment_ids: [1, 2, 3], booked_classes: 3 }),
  invoiced: order({ service_ids: [31, 32], appointment_ids: [1, 2, 3], booked_classes: 3, invoice_id: 9 }),
  paymentTaken: order({ service_ids: [31, 32], appointment_ids: [1, 2, 3], booked_classes: 3, invoice_id: 9, payment_taken: true }),
  confirmed: order({ status: 'confirmed', service_ids: [31, 32], appointment_ids: [1, 2, 3], booked_classes: 3, invoice_id: 9, payment_taken: true, confirmed: true }),
  unpaid: order({ status: 'created' }),
};

interface Start {
  who: string;
  at: string;
  draft: BookingDraft | null;
}

const starts: Start[] = [
  { who: 'a new booking paid', at: `/success?ref=${ref}`, draft: booked },
  { who: 'the pending-payment card paid', at: `/success?ref=${ref}`, draft: { ...booked, entry: 'pendingPayment', clientPackageId: 9 } },
  { who: 'no ref', at: '/success', draft: booked },
  { who: 'no booking on this device', at: `/success?ref=${ref}`, draft: null },
];

const inputOf = (start: Start): SuccessSequenceInput => ({
  ref: start.at.includes('ref=') ? ref : null,
  draft: start.draft,
  payer: { clientid: testUser.clientid, branch_id: testUser.branch_id, timeZone: 'Asia/Dubai' },
  today: '2026-11-23',
  deletesFreePackage: start.draft?.entry === 'pendingPayment',
});

const after = (delay: keyof typeof delays, state: string) => `xstate.after.${delay}.successSequence.${state}`;
const failure = new Error('The server could not be reached.');

const events: AnyEventObject[] = [
  ...Object.values(orders).map((output) => ({ type: 'xstate.done.actor.loadOrder', output })),
  { type: 'xstate.error.actor.loadOrder', error: new Error('Cannot verify payment.') },
  { type: 'xstate.done.actor.loadStudents', output: testUser.studentdetails },
  { type: 'xstate.error.actor.loadStudents', error: failure },
  { type: after('paymentStart', 'waitingToStart') },
  { type: 'xstate.done.actor.createServices', output: [31, 32] },
  { type: 'xstate.error.actor.createServices', error: failure },
  { type: 'xstate.done.actor.createAppointments', output: [1, 2, 3] },
  { type: 'xstate.error.actor.createAppointments', error: failure },
  { type: 'xstate.done.actor.createInvoice', output: 9 },
  { type: 'xstate.error.actor.createInvoice', error: failure },
  { type: 'xstate.done.actor.takePayment', output: {} },
  { type: 'xstate.error.actor.takePayment', error: failure },
  { type: after('paymentRecord', 'recording') },
  { type: 'xstate.done.actor.confirmOrder', output: {} },
  { type: 'xstate.error.actor.confirmOrder', error: failure },
  { type: 'xstate.done.actor.deleteFreePackage', output: {} },
  { type: 'xstate.error.actor.deleteFreePackage', error: failure },
  { type: after('paymentAlert', 'alerting') },
  { type: 'sequence.retried' },
];

const actorIds = ['loadOrder', 'loadStudents', 'createServices', 'createAppointments', 'createInvoice', 'takePayment', 'confirmOrder', 'deleteFreePackage'] as const;
type ActorId = (typeof actorIds)[number];

interface Call {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** The screen at /success in a router, with every call one the test answers. */
function renderSuccess(start: Start) {
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
  renderWithSession(
    <MemoryRouter initialEntries={[start.at]}>
      <Routes>
        <Route path="/success" element={<SuccessScreen machine={machine as SuccessSequenceMachine} />} />
        <Route path="/payment-successfull" element={<h1>Receipt page</h1>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
  const call = (id: ActorId): Call => {
    const pending = calls.get(id);
    if (!pending) throw new Error(`no ${id} call is waiting`);
    calls.delete(id);
    return pending;
  };
  return { call, sent };
}

type State = SnapshotFrom<SuccessSequenceMachine>;

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
  if (state.matches('failed')) {
    expect(screen.getByRole('alert')).toHaveTextContent(state.context.error ?? 'no error');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    return;
  }
  if (state.matches('succeeded')) {
    expect(screen.getByRole('heading', { name: successTitle })).toBeVisible();
    expect(screen.getByText(confirmationEmailText)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/manage-booking');
    expect(toasts().getByText(paymentSuccessfulText)).toBeVisible();
    // Paid and booked: the working keys are gone, the session stays.
    expect(localStorage.getItem('lessonData')).toBeNull();
    expect(localStorage.getItem('packageFormData')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
    return;
  }
  const progress = state.hasTag('booking') ? bookingText : state.hasTag('recording') ? recordingText : verifyingText;
  expect(screen.getByRole('status', { name: progress })).toBeVisible();
  expect(screen.queryByRole('heading', { name: successTitle })).toBeNull();
}

/** What each write must carry, from the state the sequence was in when it was made. */
function expectedInput(id: ActorId, before: State): unknown {
  const { context } = before;
  const theOrder = context.order as OrderProgress;
  switch (id) {
    case 'loadOrder':
    case 'confirmOrder':
      return { ref };
    case 'loadStudents':
    case 'deleteFreePackage':
      return { clientid: testUser.clientid };
    case 'createServices':
      return servicePayloads(context.plan!, theOrder, context.payer);
    case 'createAppointments':
      return appointmentPayloads(context.plan!, context.serviceIds, theOrder, context.payer, context.today);
    case 'createInvoice':
      return invoicePayload(theOrder, context.payer);
    case 'takePayment':
      return { invoiceId: 9, body: paymentPayload(theOrder, context.payer) };
  }
}

const coverage = transitionCoverage(successSequenceMachine);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now });
  // Failed steps are logged as well as shown.
  expectConsole('error', 'Payment step failed');
  expectConsole('error', 'No booking for order');
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(() => {
  // Every (state, event, branch) of the chart was taken by a replayed path.
  expect(coverage.assertComplete()).toMatch(/^(\d+) of \1 transitions/);
});

const label = (path: ReplayedPath) => path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');
const delayOf = (type: string) => (Object.keys(delays) as (keyof typeof delays)[]).find((delay) => type.startsWith(`xstate.after.${delay}.`));

describe.each(starts.map((start) => ({ ...start, input: inputOf(start) })))('success sequence paths for $who, replayed on the screen', (start) => {
  const paths = coveringPaths(successSequenceMachine, start.input, events);
  it.each(paths.map((path) => [label(path), path] as const))('%s', async (_, path: ReplayedPath) => {
    if (start.draft) writeDraft(start.draft);
    const { call } = renderSuccess(start);
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    for (const [index, step] of path.steps.entries()) {
      const event = step.event as AnyEventObject;
      const before = path.steps[index - 1]?.state as State | undefined;
      const delay = delayOf(event.type);
      const actor = actorIds.find((id) => event.type === `xstate.done.actor.${id}` || event.type === `xstate.error.actor.${id}`);
      if (event.type === 'xstate.init') {
        // Nothing is written on arrival: the first call reads the order (or none, without a ref).
      } else if (event.type === 'sequence.retried') {
        await ui.click(screen.getByRole('button', { name: 'Retry' }));
      } else if (delay) {
        // The wait holds its state for its time (give or take the real time the checks took), then moves on.
        await act(async () => vi.advanceTimersByTimeAsync(delays[delay] - 500));
        expectScreenFor(before as State);
        await act(async () => vi.advanceTimersByTimeAsync(500));
      } else if (actor && before) {
        const pending = call(actor);
        expect(pending.input).toEqual(expectedInput(actor, before));
        if (event.type.startsWith('xstate.done')) await act(async () => pending.resolve(event.output));
        else await act(async () => pending.reject(event.error));
      } else {
        throw new Error(`no way to replay ${event.type} on the screen`);
      }
      expectScreenFor(step.state as State);
    }
    coverage.replayed(path, start.input);
  });
});

describe('the success sequence on the screen', () => {
  it('a failed step’s Retry re-reads the order and resumes where it stopped, creating nothing twice', async () => {
    writeDraft(booked);
    const { call, sent } = renderSuccess(starts[0] as Start);
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await act(async () => call('loadOrder').resolve(orders.fresh));
    await act(async () => call('loadStudents').resolve(testUser.studentdetails));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    await act(async () => call('createServices').resolve([31, 32]));
    await act(async () => call('createAppointments').reject(failure));
    expect(screen.getByRole('alert')).toHaveTextContent(failure.message);

    await ui.click(screen.getByRole('button', { name: 'Retry' }));
    await act(async () => call('loadOrder').resolve(orders.servicesMade));
    await act(async () => call('loadStudents').resolve(testUser.studentdetails));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    // The services the order has are used: none is made again.
    expect(call('createAppointments').input).toEqual(expect.arrayContaining([expect.objectContaining({ service: 31, order_ref: ref }), expect.objectContaining({ service: 32, order_ref: ref })]));
    expect(sent.filter((s) => s.id === 'createServices')).toHaveLength(1);
  });

  it('the lessons are posted at the branch’s hours with its offset', async () => {
    writeDraft(booked);
    const { call } = renderSuccess(starts[0] as Start);
    await act(async () => call('loadOrder').resolve(orders.servicesMade));
    await act(async () => call('loadStudents').resolve(testUser.studentdetails));
    await act(async () => vi.advanceTimersByTimeAsync(delays.paymentStart));
    const lessons = call('createAppointments').input as { start: string; finish: string; topic: string }[];
    expect(lessons.map((l) => [l.topic, l.start, l.finish])).toEqual([
      ['Mathematics', '2026-12-06T16:00:00+04:00', '2026-12-06T17:00:00+04:00'],
      ['Mathematics', '2026-12-13T16:00:00+04:00', '2026-12-13T17:00:00+04:00'],
      ['English', '2026-12-07T09:00:00+04:00', '2026-12-07T10:00:00+04:00'],
    ]);
  });
});
