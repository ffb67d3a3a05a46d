import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import { type BookingDraft, emptyDraft } from '../machines/booking/booking-draft.ts';
import { type SuccessSequenceInput, successSequenceMachine } from '../machines/booking/success-sequence.machine.ts';
import type { KnownStudent } from '../machines/booking/booking-form.ts';
import type { OrderProgress } from '../machines/rules/booking-payloads.ts';
import { bookingText, recordingText, selectSuccessView, verifyingText } from '../src/screens/payment/success-screen.tsx';
import { SuccessView, confirmationEmailText, successTitle } from '../src/screens/payment/success-view.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';

const ref = 'ord_12345678';
const students = [{ id: 11, first_name: 'Adam', last_name: 'Ahmed', paying_client: 7 }];

const draft: BookingDraft = {
  ...emptyDraft('pendingPayment'),
  form: { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null },
  lessons: {
    packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
    packageName: 'GOLD',
    studentName: { name1: 'Adam Ahmed' },
    lessonCounts: { Mathematics: 1 },
  },
  slots: { '1st Week': [{ key: 'Mathematics-2026-12-06-16:00', subject: 'Mathematics', date: '2026-12-06', time: '16:00', tutorId: 1, tutorPrice: 120, apt_id: 1, weekIndex: 0, name: 'Amira Haddad' }] },
  clientPackageId: 9,
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

const input: SuccessSequenceInput = {
  ref,
  draft,
  payer: { clientid: 7, branch_id: 1, timeZone: 'Asia/Dubai' },
  today: '2026-11-23',
  deletesFreePackage: true,
};

/** A call that never settles: a story is a moment at rest. */
const stalled = <T,>() => new Promise<T>(() => {});

/** The success sequence as stories run it: every call is on its way and stays there. */
const machine = successSequenceMachine.provide({
  actors: {
    loadOrder: fromPromise(() => stalled<OrderProgress>()),
    loadStudents: fromPromise(() => stalled<KnownStudent[]>()),
    createServices: fromPromise(() => stalled<number[]>()),
    createAppointments: fromPromise(() => stalled<number[]>()),
    createInvoice: fromPromise(() => stalled<number>()),
    takePayment: fromPromise(() => stalled<unknown>()),
    confirmOrder: fromPromise(() => stalled<unknown>()),
    deleteFreePackage: fromPromise(() => stalled<unknown>()),
  },
});

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadOrder', output: order() },
  { type: 'xstate.done.actor.loadOrder', output: order({ status: 'confirmed', confirmed: true, payment_taken: true, invoice_id: 9, service_ids: [31], appointment_ids: [1] }) },
  { type: 'xstate.error.actor.loadOrder', error: new Error('Cannot verify payment.') },
  { type: 'xstate.done.actor.loadStudents', output: students },
  { type: 'xstate.after.paymentStart.successSequence.waitingToStart' },
  { type: 'xstate.done.actor.createServices', output: [31] },
  { type: 'xstate.done.actor.createAppointments', output: [1] },
  { type: 'xstate.done.actor.createInvoice', output: 9 },
  { type: 'xstate.done.actor.takePayment', output: {} },
  { type: 'xstate.after.paymentRecord.successSequence.recording' },
  { type: 'xstate.done.actor.confirmOrder', output: {} },
  { type: 'xstate.done.actor.deleteFreePackage', output: {} },
  { type: 'xstate.after.paymentAlert.successSequence.alerting' },
  { type: 'sequence.retried' },
];

const successStories: MachineStories<typeof machine, ReturnType<typeof selectSuccessView>> = { machine, input, select: selectSuccessView, events };
/** Opened without a ref: nothing can be verified. */
const noRefStories: MachineStories<typeof machine, ReturnType<typeof selectSuccessView>> = { ...successStories, input: { ...input, ref: null } };

const [paid, confirmedBefore, unreachable, studentsRead, started, servicesMade, lessonsBooked, invoiced, paymentTaken, recorded, confirmed, closed, alerted] = events as [
  AnyEventObject,
  ...AnyEventObject[],
];
const upTo = (...chain: (AnyEventObject | undefined)[]) => chain.filter((e): e is AnyEventObject => e !== undefined);
const booking = upTo(paid, studentsRead, started);

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

export const Verifying: Story = { ...storyAt(successStories), play: async ({ canvasElement }) => expectProgress(canvasElement, verifyingText) };
export const ReadingStudents: Story = { ...storyAt(successStories, upTo(paid)), play: async ({ canvasElement }) => expectProgress(canvasElement, verifyingText) };
export const WaitingToStart: Story = { ...storyAt(successStories, upTo(paid, studentsRead)), play: async ({ canvasElement }) => expectProgress(canvasElement, verifyingText) };
export const MakingServices: Story = { ...storyAt(successStories, booking), play: async ({ canvasElement }) => expectProgress(canvasElement, bookingText) };
export const BookingLessons: Story = { ...storyAt(successStories, upTo(...booking, servicesMade)), play: async ({ canvasElement }) => expectProgress(canvasElement, bookingText) };
export const RaisingInvoice: Story = { ...storyAt(successStories, upTo(...booking, servicesMade, lessonsBooked)), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
const paying = upTo(...booking, servicesMade, lessonsBooked, invoiced);
export const TakingPayment: Story = { ...storyAt(successStories, paying), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
export const Recording: Story = { ...storyAt(successStories, upTo(...paying, paymentTaken)), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
export const Confirming: Story = { ...storyAt(successStories, upTo(...paying, paymentTaken, recorded)), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
const confirming = upTo(...paying, paymentTaken, recorded, confirmed);
export const ClosingPendingPackage: Story = { ...storyAt(successStories, confirming), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };
export const Alerting: Story = { ...storyAt(successStories, upTo(...confirming, closed)), play: async ({ canvasElement }) => expectProgress(canvasElement, recordingText) };

export const Succeeded: Story = {
  ...storyAt(successStories, upTo(...confirming, closed, alerted)),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: successTitle })).toBeVisible();
    await expect(canvas.getByText(confirmationEmailText)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Manage your Slots' })).toHaveAttribute('href', '/manage-booking');
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

export const MissingRef: Story = {
  ...storyAt(noRefStories),
  parameters: { ...storyAt(noRefStories).parameters, machine: noRefStories },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Payment reference missing');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Cannot verify payment.');
  },
};
