import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import { type BookingDraft, emptyDraft, withOtherStudent } from '../machines/booking/booking-draft.ts';
import { withStudentIds } from '../machines/booking/booking-plan.ts';
import { type CheckoutEvent, type CheckoutInput, type CouponAnswer, checkoutMachine, noPaymentLinkText } from '../machines/booking/checkout.machine.ts';
import { CheckoutView } from '../src/screens/checkout/checkout-view.tsx';
import { selectCheckoutView } from '../src/screens/checkout/checkout-screen.tsx';
import { HoursTakenError } from '../contract/taken-hours.ts';
import { individualCheckoutDraft, samplePrice, sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../tests/support/draft-fixtures.ts';
import { type MachineStories, storyAt } from './machine-story.ts';

/** Adam's GOLD booking (AED 684): Mathematics with Amira Haddad, his id kept by the students step. */
const draft: BookingDraft = {
  ...emptyDraft('new'),
  form: sampleForm,
  lessons: sampleLessons,
  price: samplePrice,
  totalLessonsLabel: '2 lessons per week · 12 classes',
  slots: sampleSlots,
  tutors: sampleTutors,
  studentIds: { 'Adam Ahmed': 11 },
};

const payer: CheckoutInput['payer'] = {
  clientid: 7,
  email: 'parent@example.com',
  branch_id: 1,
  timeZone: 'Asia/Dubai',
  students: [
    { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
    { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
  ],
};

/** The machine as stories run it: calls stay on their way, and the browser stays here. */
const storyMachine = checkoutMachine.provide({
  actors: {
    applyCoupon: fromPromise(() => new Promise<CouponAnswer>(() => {})),
    createOrder: fromPromise(() => new Promise<{ paymentLink?: string | null }>(() => {})),
  },
  actions: { goToPayment: () => {}, logNoLink: () => {}, notifyCouponRefused: () => {} },
});

/** Someone else took Adam's Sunday 16:00 first: POST /create-order's 409, as the call throws it. */
const hoursTaken = new HoursTakenError('Some of these hours were just taken.', [
  { subject: 'Mathematics', start: '2026-12-06T16:00:00+04:00', finish: '2026-12-06T17:00:00+04:00', tutor: 1, reason: 'taken' },
]);

const storiesFor = (start: BookingDraft): MachineStories<typeof storyMachine, ReturnType<typeof selectCheckoutView>> => ({
  machine: storyMachine,
  input: { draft: start, today: '2026-11-23', currency: 'AED', payer },
  select: selectCheckoutView,
  events: [
    { type: 'coupon.changed', code: 'WELCOME10' },
    { type: 'coupon.applied' },
    { type: 'xstate.done.actor.applyCoupon', output: { discount_type: 'percent', discount_value: 10 } },
    { type: 'xstate.error.actor.applyCoupon', error: new Error('This coupon code is invalid or has expired.') },
    { type: 'method.changed', method: 'visa' },
    { type: 'payment.requested' },
    { type: 'xstate.done.actor.createOrder', output: { paymentLink: 'https://pay.example.com/sandbox/pay/abc' } },
    { type: 'xstate.done.actor.createOrder', output: { paymentLink: null } },
    { type: 'xstate.error.actor.createOrder', error: new Error('The payment could not be started. Please try again.') },
    { type: 'xstate.error.actor.createOrder', error: hoursTaken },
    { type: 'checkout.cancelled' },
    { type: 'xstate.done.actor.twoStudentSplit', output: { next: 'packages', draft: withOtherStudent(individualCheckoutDraft(false)) } },
  ],
});

const stories = storiesFor(draft);
const typed: CheckoutEvent = { type: 'coupon.changed', code: 'WELCOME10' };
const applying: AnyEventObject[] = [typed, { type: 'coupon.applied' }];

const meta = {
  title: 'Booking/Checkout',
  component: CheckoutView,
  parameters: { machine: stories },
  args: {
    ...storyAt(stories).args,
    onCodeChange: fn(),
    onApplyCoupon: fn(),
    onMethodChange: fn(),
    onCancel: fn(),
    onPay: fn(),
    onOtherStudent: fn(),
  },
} satisfies Meta<typeof CheckoutView>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Ready: Story = {
  ...storyAt(stories),
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText('Adam Ahmed')).toBeVisible();
    await expect(canvas.getByText('Amira Haddad')).toBeVisible();
    await expect(canvas.getByText('GOLD (12 classes)')).toBeVisible();
    await expect(canvas.getByText('Grand Total').parentElement).toHaveTextContent('AED 684');
    await expect(canvas.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    await expect(canvas.getByRole('button', { name: 'Apply Coupon' })).toBeDisabled();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Coupon Code' }), 'W');
    await expect(args.onCodeChange).toHaveBeenCalledWith('W');
    await expect(canvas.getByRole('group', { name: 'Payment Method' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: 'VISA' }));
    await expect(args.onMethodChange).toHaveBeenCalledWith('visa');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay Now' }));
    await expect(args.onPay).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
  },
};

export const ApplyingCoupon: Story = {
  ...storyAt(stories, applying),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Coupon Code' })).toHaveValue('WELCOME10');
    await expect(canvas.getByRole('button', { name: 'Apply Coupon' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  },
};

export const CouponApplied: Story = {
  ...storyAt(stories, [...applying, { type: 'xstate.done.actor.applyCoupon', output: { discount_type: 'percent', discount_value: 10 } }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText('Coupon WELCOME10')).toBeVisible();
    await expect(canvas.getByText('− AED 68.40')).toBeVisible();
    await expect(canvas.getByText('Grand Total').parentElement).toHaveTextContent('AED 615.60');
  },
};

/** Coupon refused: the server's sentence at the field (its toast, the app's, is not part of the view). */
export const CouponRefused: Story = {
  ...storyAt(stories, [...applying, { type: 'xstate.error.actor.applyCoupon', error: new Error('This coupon code is invalid or has expired.') }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    const field = canvas.getByRole('textbox', { name: 'Coupon Code' });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('This coupon code is invalid or has expired.');
    await expect(field).toHaveFocus();
    await expect(canvas.getByText('Grand Total').parentElement).toHaveTextContent('AED 684');
  },
};

/** Another method chosen (VISA): checked, and kept in the draft for the order. */
export const MethodChosen: Story = {
  ...storyAt(stories, [{ type: 'method.changed', method: 'visa' }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('radio', { name: 'VISA' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'PayPal' })).not.toBeChecked();
  },
};

export const Paying: Story = {
  ...storyAt(stories, [{ type: 'payment.requested' }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const NoPaymentLink: Story = {
  ...storyAt(stories, [{ type: 'payment.requested' }, { type: 'xstate.done.actor.createOrder', output: { paymentLink: null } }]),
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(noPaymentLinkText);
    await expect(canvas.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  },
};

export const Redirecting: Story = {
  ...storyAt(stories, [{ type: 'payment.requested' }, { type: 'xstate.done.actor.createOrder', output: { paymentLink: 'https://pay.example.com/sandbox/pay/abc' } }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Going to the payment page' })).toBeInTheDocument();
  },
};

/** Hours taken: someone else booked an hour first; nothing paid, on the way back to the slot grid (which says which). */
export const HoursTaken: Story = {
  ...storyAt(stories, [{ type: 'payment.requested' }, { type: 'xstate.error.actor.createOrder', error: hoursTaken }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Cancelled: on the way to the dashboard, the draft cleared. */
export const Cancelled: Story = {
  ...storyAt(stories, [{ type: 'checkout.cancelled' }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

/** Switched: the other student's booking starts, on the way to their packages. */
export const Switched: Story = {
  ...storyAt(stories, [{ type: 'xstate.done.actor.twoStudentSplit', output: { next: 'packages', draft: withOtherStudent(individualCheckoutDraft(false)) } }]),
  play: async ({ canvasElement }) => {
    await expect(page(canvasElement).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  },
};

const firstOfTwo = storiesFor(individualCheckoutDraft(false));

/** The individual split, first student: 'Go For Second' in place of Pay Now. */
export const OtherStudentPending: Story = {
  args: storyAt(firstOfTwo).args,
  play: async ({ canvasElement, args }) => {
    const canvas = page(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Go For Second' }));
    await expect(args.onOtherStudent).toHaveBeenCalledTimes(1);
  },
};

const bothStudents = storiesFor(withStudentIds(individualCheckoutDraft(true), payer.students));

/** The individual split, second student: one order for both, both packages added up. */
export const BothStudents: Story = {
  args: storyAt(bothStudents).args,
  play: async ({ canvasElement }) => {
    const canvas = page(canvasElement);
    await expect(canvas.getByText('Adam Ahmed, Lina Ahmed')).toBeVisible();
    await expect(canvas.getByText('Amira Haddad, Omar Khalil')).toBeVisible();
    await expect(canvas.getByText('Grand Total').parentElement).toHaveTextContent('AED 1,368');
    await expect(canvas.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  },
};
