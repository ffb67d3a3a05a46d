import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import type { KnownStudent } from '../machines/booking/booking-form.ts';
import { type SuccessSequenceInput, orderUnpaidText, successSequenceMachine } from '../machines/booking/success-sequence.machine.ts';
import { orderUnavailableTexts } from '../machines/rules/order-progress.ts';
import type { OrderProgress } from '../machines/rules/order-progress.ts';
import { bookingText, recordingText, selectSuccessView, verifyingText } from '../src/screens/payment/success-screen.tsx';
import { SuccessView, checklistLabel, confirmationEmailText, successTitle } from '../src/screens/payment/success-view.tsx';
import { orderStages } from '../tests/support/order-fixtures.ts';
import { type MachineStories, storyAt } from './machine-story.ts';

const ref = 'ord_12345678';
const orders = orderStages(ref);
const students = [{ id: 11, first_name: 'Adam', last_name: 'Ahmed', paying_client: 7 }];

/** A pending payment paid: the free package is deleted at the end, so every state of the chart shows. */
const input: SuccessSequenceInput = { ref, clientid: 7, deletesFreePackage: true, timeZone: 'Asia/Dubai' };

/** A call that never settles: a story is a moment at rest. */
const stalled = <T,>() => new Promise<T>(() => {});

/** The success sequence as stories run it: every call is on its way and stays there. */
const machine = successSequenceMachine.provide({
  actors: {
    loadOrder: fromPromise(() => stalled<OrderProgress>()),
    loadStudents: fromPromise(() => stalled<KnownStudent[]>()),
    fulfilOrder: fromPromise(() => stalled<OrderProgress>()),
    confirmOrder: fromPromise(() => stalled<unknown>()),
    deleteFreePackage: fromPromise(() => stalled<unknown>()),
  },
});

/** The provider has no payment for the order: POST /orders/{ref}/fulfilment's 409, as the API client throws it. */
const noPayment = Object.assign(new Error('No payment for this order.'), { status: 409 });

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadOrder', output: orders.created },
  { type: 'xstate.done.actor.loadOrder', output: orders.confirmed },
  { type: 'xstate.done.actor.loadOrder', output: orders.partlyLost },
  { type: 'xstate.error.actor.loadOrder', error: new Error('Cannot verify payment.') },
  { type: 'xstate.error.actor.loadOrder', error: Object.assign(new Error('Order not found.'), { status: 404 }) },
  { type: 'xstate.error.actor.loadOrder', error: Object.assign(new Error('This order is not yours.'), { status: 403 }) },
  { type: 'xstate.done.actor.loadStudents', output: students },
  { type: 'xstate.after.paymentStart.successSequence.waitingToStart' },
  { type: 'xstate.done.actor.fulfilOrder', output: orders.booked },
  { type: 'xstate.error.actor.fulfilOrder', error: noPayment },
  { type: 'xstate.after.paymentRecord.successSequence.recording' },
  { type: 'xstate.done.actor.confirmOrder', output: {} },
  { type: 'xstate.done.actor.deleteFreePackage', output: {} },
  { type: 'xstate.after.paymentAlert.successSequence.alerting' },
  { type: 'sequence.retried' },
];

const successStories: MachineStories<typeof machine, ReturnType<typeof selectSuccessView>> = { machine, input, select: selectSuccessView, events };
/** Opened without a ref: nothing can be verified. */
const noRefStories: MachineStories<typeof machine, ReturnType<typeof selectSuccessView>> = { ...successStories, input: { ...input, ref: null } };

const [notBooked, confirmedBefore, partlyLost, unreachable, notFound, notYours, studentsRead, started, fulfilled, unpaid, recorded, confirmed, closed, alerted] = events as [AnyEventObject, ...AnyEventObject[]];
const upTo = (...chain: (AnyEventObject | undefined)[]) => chain.filter((e): e is AnyEventObject => e !== undefined);
const waiting = upTo(notBooked, studentsRead);
const booked = upTo(...waiting, started, fulfilled);
const confirming = upTo(...booked, recorded, confirmed);

const meta = {
  title: 'Payment/Success',
  component: SuccessView,
  parameters: { machine: successStories },
  args: { ...storyAt(successStories).args, onRetry: fn() },
} satisfies Meta<typeof SuccessView>;
export default meta;
type Story = StoryObj<typeof meta>;

const expectProgress = async (canvasElement: HTMLElement, text: string) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('status', { name: text })).toBeVisible();
  await expect(canvas.queryByRole('heading', { name: successTitle })).toBeNull();
};

/** The checklist's steps, as a screen reader reads them. */
const expectChecklist = async (canvasElement: HTMLElement, items: string[]) => {
  const list = within(canvasElement).getByRole('list', { name: checklistLabel });
  await expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(items);
};
const allDone = ['✓Payment received: done', '✓Lessons booked: done', '✓Invoice settled: done'];
const noneDone = ['…Payment received: not yet', '…Lessons booked: not yet', '…Invoice settled: not yet'];

export const Verifying: Story = {
  ...storyAt(successStories),
  play: async ({ canvasElement }) => {
    await expectProgress(canvasElement, verifyingText);
    await expect(within(canvasElement).queryByRole('list', { name: checklistLabel })).toBeNull();
  },
};

/** The order is read: the provider's notification has not booked it yet. */
export const ReadingStudents: Story = {
  ...storyAt(successStories, upTo(notBooked)),
  play: async ({ canvasElement }) => {
    await expectProgress(canvasElement, verifyingText);
    await expectChecklist(canvasElement, noneDone);
  },
};

export const WaitingToStart: Story = { ...storyAt(successStories, waiting), play: async ({ canvasElement }) => expectProgress(canvasElement, verifyingText) };

/** POST /orders/{ref}/fulfilment: the server asks the provider and books the order. */
export const BookingClasses: Story = {
  ...storyAt(successStories, upTo(...waiting, started)),
  play: async ({ canvasElement }) => {
    await expectProgress(canvasElement, bookingText);
    await expectChecklist(canvasElement, noneDone);
  },
};

export const Recording: Story = {
  ...storyAt(successStories, booked),
  play: async ({ canvasElement }) => {
    await expectProgress(canvasElement, recordingText);
    await expectChecklist(canvasElement, allDone);
  },
};

export const Confirming: Story = { ...storyAt(successStories, upTo(...booked, recorded)), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
export const ClosingPendingPackage: Story = { ...storyAt(successStories, confirming), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
export const Alerting: Story = { ...storyAt(successStories, upTo(...confirming, closed)), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };

export const Succeeded: Story = {
  ...storyAt(successStories, upTo(...confirming, closed, alerted)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: successTitle })).toBeVisible();
    await expect(canvas.getByText(confirmationEmailText)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/manage-booking');
    await expectChecklist(canvasElement, allDone);
    // The receipt: the amount, the method, the ref, and each lesson with its day, hour, student and tutor.
    const facts = within(canvas.getByRole('region', { name: 'Receipt' }));
    await expect(facts.getByText('AED 684')).toBeVisible();
    await expect(facts.getByText('VISA')).toBeVisible();
    await expect(facts.getByText(ref)).toBeVisible();
    await expect(within(canvas.getByRole('region', { name: '1st Week' })).getAllByRole('listitem')[0]).toHaveTextContent('MathematicsSun 6 Dec 2026 · 16:00For Adam Ahmed · Tutor: Amira Haddad');
    // The confetti falls behind the card's words (its own stacking context, below them), takes no clicks, and
    // stays inside the success card, off the receipt.
    const card = canvas.getByRole('region', { name: successTitle });
    const confetti = card.querySelector<HTMLElement>('[aria-hidden="true"]:has(> span)');
    await expect(confetti).not.toBeNull();
    if (!confetti) return;
    await expect(getComputedStyle(confetti).pointerEvents).toBe('none');
    await expect(getComputedStyle(confetti).zIndex).toBe('-1');
    await expect(getComputedStyle(card).isolation).toBe('isolate');
    await expect(getComputedStyle(card).overflow).toBe('hidden');
    await expect(card.contains(canvas.getByRole('region', { name: 'Receipt' }))).toBe(false);
  },
};

/** The provider has no payment for the order (the fulfilment's 409). */
export const Unpaid: Story = {
  ...storyAt(successStories, upTo(...waiting, started, unpaid)),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(orderUnpaidText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const StepFailed: Story = {
  ...storyAt(successStories, upTo(unreachable)),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Cannot verify payment.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** An order confirmed before: the screen renders nothing while it leaves for /payment-successfull. */
export const LeavingForReceipt: Story = {
  ...storyAt(successStories, upTo(confirmedBefore)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A ref that no order has (404): nothing to confirm; the way to the dashboard, no Retry. */
export const NotFound: Story = {
  ...storyAt(successStories, upTo(notFound)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(orderUnavailableTexts.notFound.text);
    await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
    await expect(canvas.queryByRole('heading', { name: successTitle })).toBeNull();
  },
};

/** Another client's order (403). */
export const NotYours: Story = {
  ...storyAt(successStories, upTo(notYours)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(orderUnavailableTexts.notYours.text);
    await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

export const MissingRef: Story = {
  ...storyAt(noRefStories),
  parameters: { ...storyAt(noRefStories).parameters, machine: noRefStories },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Payment reference missing');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Cannot verify payment.');
    await expect(canvas.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
  },
};

/** Paid after the hold expired, one hour taken meanwhile: booked by the notification, one class to place. */
export const SucceededWithClassesToPlace: Story = {
  ...storyAt(successStories, upTo(partlyLost, studentsRead, started, recorded, confirmed, closed, alerted)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: successTitle })).toBeVisible();
    await expect(canvas.getByText('1 paid class could not be booked at the chosen time and waits to be placed; our team will be in touch.')).toBeVisible();
  },
};
