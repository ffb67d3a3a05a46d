import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type BookingDraft, emptyDraft, withOtherStudent } from '../../machines/booking/booking-draft.ts';
import { withStudentIds } from '../../machines/booking/booking-plan.ts';
import { type CheckoutInput, type CheckoutMachine, type CouponAnswer, checkoutMachine, noPaymentLinkText, notOrderableText } from '../../machines/booking/checkout.machine.ts';
import { type OrderRequest, orderOf, paymentMethodLabels, paymentMethodOf } from '../../machines/booking/checkout-order.ts';
import { HoursTakenError } from '../../contract/taken-hours.ts';
import { twoStudentSplitMachine } from '../../machines/booking/two-student-split.machine.ts';
import { noticeIn } from '../../src/booking/booking-notice.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { browserCheckoutMachine } from '../../src/actors/checkout.ts';
import { CheckoutScreen } from '../../src/screens/checkout/checkout-screen.tsx';
import { expectConsole } from '../support/console-guard.ts';
import { individualCheckoutDraft as unidedSplit, samplePrice, sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';

// Every transition of the checkout chart replayed on the real screen with calls the test answers, fake
// timers (the coupon's toast lasts 3 s), and the payment redirect caught.

/** The draft as the earlier steps stored it: its students' ids recorded at /new-booking, its package's price at Select. */
const ided = (draft: BookingDraft): BookingDraft => withStudentIds(draft, testUser.studentdetails);
const individualCheckoutDraft = (second: boolean) => ided(unidedSplit(second));
const single: BookingDraft = ided({ ...emptyDraft('new'), form: sampleForm, lessons: sampleLessons, price: samplePrice, totalLessonsLabel: '2 lessons per week · 12 classes', slots: sampleSlots, tutors: sampleTutors });
/** A booking for a student who is not the client's (a name typed for a student never saved). */
const stranger: BookingDraft = { ...single, form: { ...sampleForm, name1: 'Zed Unknown' }, lessons: { ...sampleLessons, studentName: { name1: 'Zed Unknown' } } };

const payer: CheckoutInput['payer'] = { clientid: testUser.clientid, email: testUser.email, branch_id: testUser.branch_id, timeZone: testUser.branch_time_zone, students: testUser.studentdetails };
const link = 'https://pay.example.com/sandbox/pay/abc';
const refusal = 'This coupon code is invalid or has expired.';
const orderFailure = 'The payment could not be started. Please try again.';
/** Someone else took Adam's Sunday 16:00 (Dubai) first: the 409's hours, as the create-order call throws them. */
const hoursTaken = new HoursTakenError('Some of these hours were just taken.', [
  { subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, reason: 'taken' },
]);
const takenText = 'Sun 6 Dec 2026 · 16:00 Dubai time was just booked by someone else. Please choose another time.';

const everyCheckoutEvent: AnyEventObject[] = [
  { type: 'coupon.changed', code: 'WELCOME10' },
  { type: 'coupon.applied' },
  { type: 'xstate.done.actor.applyCoupon', output: { discount_type: 'flat', discount_value: 50 } },
  { type: 'xstate.error.actor.applyCoupon', error: new Error(refusal) },
  { type: 'method.changed', method: 'mastercard' },
  { type: 'payment.requested' },
  { type: 'xstate.done.actor.createOrder', output: { paymentLink: link } },
  { type: 'xstate.done.actor.createOrder', output: {} },
  { type: 'xstate.error.actor.createOrder', error: new Error(orderFailure) },
  { type: 'xstate.error.actor.createOrder', error: hoursTaken },
  { type: 'checkout.cancelled' },
];

/** /book-class as far as checkout's exit is concerned: the notice it was sent with. */
function SlotGridProbe() {
  const notice = noticeIn(useLocation().state);
  return (
    <>
      <h1>Book Classes page</h1>
      <ul aria-label="Notice">
        {notice.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

interface Start {
  who: string;
  draft: BookingDraft;
  input: CheckoutInput;
  events: AnyEventObject[];
  /** The split as the screen runs it (a broken one for its onError). */
  broken?: boolean;
}

const starts: Start[] = ([
  { who: 'one student', draft: single, events: everyCheckoutEvent },
  { who: 'a student who is not the client’s', draft: stranger, events: [{ type: 'payment.requested' }] },
  // A refresh (or a new login) after VISA was chosen: the draft kept it, and the order carries it.
  { who: 'a draft that kept VISA', draft: { ...single, paymentMethod: 'visa' }, events: [{ type: 'payment.requested' }, { type: 'xstate.done.actor.createOrder', output: { paymentLink: link } }] },
  {
    who: 'the individual split, first student',
    draft: individualCheckoutDraft(false),
    events: [{ type: 'xstate.done.actor.twoStudentSplit', output: { next: 'packages', draft: withOtherStudent(individualCheckoutDraft(false)) } }],
  },
  { who: 'a split that fails', draft: single, events: [{ type: 'xstate.error.actor.twoStudentSplit', error: new Error('split broke') }], broken: true },
] satisfies Omit<Start, 'input'>[]).map((start) => ({ ...start, input: { draft: start.draft, today: '2026-11-23', currency: 'AED', payer } }));

function renderCheckout(start: Start) {
  const coupons: { resolve: (answer: CouponAnswer) => void; reject: (error: unknown) => void }[] = [];
  const orders: { resolve: (answer: { paymentLink?: string | null }) => void; reject: (error: unknown) => void }[] = [];
  const asked = { coupons: [] as { code: string; userId: number }[], orders: [] as OrderRequest[] };
  const goToPayment = vi.fn();
  const split = start.broken
    ? twoStudentSplitMachine.provide({
        guards: {
          otherStudentPending: () => {
            throw new Error('split broke');
          },
        },
      })
    : twoStudentSplitMachine;
  const machine = browserCheckoutMachine.provide({
    actors: {
      twoStudentSplit: split,
      applyCoupon: fromPromise<CouponAnswer, { code: string; userId: number }>(({ input }) => {
        asked.coupons.push(input);
        return new Promise((resolve, reject) => coupons.push({ resolve, reject }));
      }),
      createOrder: fromPromise<{ paymentLink?: string | null }, OrderRequest>(({ input }) => {
        asked.orders.push(input);
        return new Promise((resolve, reject) => orders.push({ resolve, reject }));
      }),
    },
    actions: { goToPayment: (_, params: { link: string }) => goToPayment(params.link) },
  });
  renderWithSession(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutScreen machine={machine} />} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        <Route path="/manage-packages" element={<h1>Packages page</h1>} />
        <Route path="/book-class" element={<SlotGridProbe />} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
  const last = <T,>(calls: T[]) => {
    const call = calls.at(-1);
    if (!call) throw new Error('no call is waiting');
    return call;
  };
  return { coupon: () => last(coupons), order: () => last(orders), asked, goToPayment };
}

type State = SnapshotFrom<CheckoutMachine>;
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
const grandTotal = () => screen.getByText('Grand Total').parentElement;

function expectScreenFor(state: State, start: Start, rendered: ReturnType<typeof renderCheckout>) {
  if (state.status === 'done') {
    if ((state.output as { next: string }).next === 'slots') {
      // Nothing paid: back to the grid without the hour taken, told which hour it was.
      expect(rendered.goToPayment).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { name: 'Book Classes page' })).toBeVisible();
      expect(within(screen.getByRole('list', { name: 'Notice' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([takenText]);
      expect(stored('groupedByWeek')).toEqual({});
      expect(stored('lessonData')).toEqual(start.draft.lessons);
    } else if ((state.output as { next: string }).next === 'dashboard') {
      expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeVisible();
      expect(stored('lessonData')).toBeNull();
      expect(stored('groupedByWeek')).toBeNull();
    } else {
      // The other student is booked next: the first one's part is kept, hidebutton goes off.
      expect(screen.getByRole('heading', { name: 'Packages page' })).toBeVisible();
      expect(stored('studentType')).toBe(2);
      expect(stored('lessonData')).toBeNull();
      expect(stored('studentsData')).toEqual([expect.objectContaining({ studentType: 1, lessons: start.draft.lessons })]);
    }
    return;
  }
  if (state.matches('redirecting')) {
    expect(screen.getByRole('status', { name: 'Going to the payment page' })).toBeInTheDocument();
    expect(rendered.goToPayment).toHaveBeenCalledTimes(1);
    expect(rendered.goToPayment).toHaveBeenCalledWith(link);
    return;
  }
  const { context } = state;
  const field = screen.getByRole('textbox', { name: 'Coupon Code' });
  expect(field).toHaveValue(context.code);
  // The method shown checked is the one the order carries, and the draft keeps it.
  expect(screen.getByRole('radio', { name: paymentMethodLabels[paymentMethodOf(context.draft)] })).toBeChecked();
  expect((stored('bookingDraft') as { paymentMethod?: string }).paymentMethod).toBe(context.draft.paymentMethod ?? undefined);
  expect(grandTotal()).toHaveTextContent(context.coupon ? 'AED 634' : 'AED 684');
  // The refusal stays at the field, described by it, until the code is edited or applied again.
  if (state.hasTag('couponMessage')) {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(refusal);
  } else {
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).not.toHaveAccessibleDescription();
  }
  // The order's problem is said while there is one, and only then.
  if (context.error) expect(screen.getByText(context.error)).toBeVisible();
  for (const text of [orderFailure, hoursTaken.message].filter((text) => text !== context.error)) expect(screen.queryByText(text)).toBeNull();
  if (start.draft.split.otherStudentPending) {
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go For Second' })).toBeEnabled();
    return;
  }
  const busy = state.hasTag('busy');
  expect(screen.getByRole('button', { name: 'Pay Now' })).toHaveProperty('disabled', busy);
  expect(screen.getByRole('button', { name: 'Apply Coupon' })).toHaveProperty('disabled', busy || context.code.trim() === '');
}

replayPaths({
  machine: checkoutMachine,
  title: 'checkout paths for $who, replayed on the screen',
  starts,
  fakeTimers: true,
  mount: (start) => {
    writeDraft(start.draft);
    return { ...renderCheckout(start), ui: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
  },
  send: {
    // The broken split fails as the screen starts.
    'xstate.error.actor.twoStudentSplit': () => {},
    'coupon.changed': async ({ event, mounted: { ui } }) => {
      // A code typed afresh (after a refusal, the field is cleared first).
      const field = screen.getByRole('textbox', { name: 'Coupon Code' });
      await ui.clear(field);
      await ui.type(field, String(event.code));
    },
    'coupon.applied': async ({ mounted: { ui, asked } }) => {
      await ui.click(screen.getByRole('button', { name: 'Apply Coupon' }));
      expect(asked.coupons.at(-1)).toEqual({ code: 'WELCOME10', userId: testUser.clientid });
    },
    'xstate.done.actor.applyCoupon': ({ event, mounted: { coupon } }) => act(async () => coupon().resolve(event.output as CouponAnswer)),
    'xstate.error.actor.applyCoupon': async ({ event, mounted: { coupon } }) => {
      await act(async () => coupon().reject(event.error));
      // The server's message in a toast too, and the client is back at the field that says why.
      expect(toasts().getByText(refusal)).toBeVisible();
      expect(screen.getByRole('textbox', { name: 'Coupon Code' })).toHaveFocus();
    },
    'method.changed': ({ mounted: { ui } }) => ui.click(screen.getByRole('radio', { name: 'Mastercard' })),
    'payment.requested': async ({ state, path, start, mounted: { ui, asked } }) => {
      const before = asked.orders.length;
      // A double click opens one order.
      await ui.dblClick(screen.getByRole('button', { name: 'Pay Now' }));
      const ordered = state.matches('paying');
      expect(asked.orders).toHaveLength(before + (ordered ? 1 : 0));
      if (ordered) {
        // The method checked goes with the order: Mastercard once chosen here, else the draft's, else PayPal.
        const chosen = path.steps.some((s) => s.event.type === 'method.changed');
        const draft = chosen ? { ...start.draft, paymentMethod: 'mastercard' as const } : start.draft;
        expect(asked.orders.at(-1)).toEqual(orderOf(draft, payer, state.context.coupon));
        expect(asked.orders.at(-1)?.payment_method).toBe(chosen ? 'mastercard' : (start.draft.paymentMethod ?? 'paypal'));
      } else expect(screen.getByRole('alert')).toHaveTextContent(notOrderableText);
    },
    'xstate.done.actor.createOrder': async ({ event, mounted: { order } }) => {
      if (!(event.output as { paymentLink?: string }).paymentLink) expectConsole('error', noPaymentLinkText);
      await act(async () => order().resolve(event.output as { paymentLink?: string }));
    },
    'xstate.error.actor.createOrder': ({ event, mounted: { order } }) => act(async () => order().reject(event.error)),
    'checkout.cancelled': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.twoStudentSplit': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Go For Second' })),
  },
  expectScreen: (state, { start, mounted }) => expectScreenFor(state, start, mounted),
  afterPath: (_path, start) => {
    if (start.broken) expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('split broke');
  },
});
