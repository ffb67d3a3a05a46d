import { signPaymentEvent } from '../../server/domain/payment-signature.ts';
import { type Slot, packagePrice } from './booking-fixtures.ts';
import { type ApiAnswer, type Session, type TestServer, testWebhookSecret } from './test-server.ts';

/** One lesson of a create-order body: the slot's hour with its tutor, for the given students. */
export const lessonOf = (slot: Slot, students: number[], subject = 'Mathematics') => ({
  subject,
  start: slot.start.toISOString(),
  finish: slot.finish.toISOString(),
  tutor: slot.contractorId,
  students,
});

export interface HeldOrderOptions {
  pkgId?: number;
  level?: number;
  studentIds?: number[];
  weekly?: Record<string, number>;
  clientPackageId?: number;
  /** The method chosen on /checkout; none by default (an order opened without one). */
  paymentMethod?: 'paypal' | 'visa' | 'mastercard';
}

/** A create-order body that holds `slots` (one SILVER line for the first student by default). */
export async function heldOrderBody(server: TestServer, session: Session, slots: readonly Slot[], options: HeldOrderOptions = {}) {
  const students = options.studentIds ?? session.studentIds.slice(0, 1);
  const pkgId = options.pkgId ?? 2;
  const level = options.level ?? 5;
  return {
    email: session.email,
    student_ids: students,
    client_id: session.clientid,
    appoint_ids: [...new Set(slots.map((slot) => slot.aptId))],
    amount: await packagePrice(server, session, pkgId, students.length, level),
    branch_id: 1,
    pkg_id: pkgId,
    level,
    lessons: slots.map((slot) => lessonOf(slot, students)),
    weekly_lessons: options.weekly ?? { Mathematics: 2 },
    ...(options.clientPackageId ? { client_package_id: options.clientPackageId } : {}),
    ...(options.paymentMethod ? { payment_method: options.paymentMethod } : {}),
  };
}

/** POST /create-order holding `slots`; the raw answer (201, or 409 naming the hours taken). */
export async function orderHolding(server: TestServer, session: Session, slots: readonly Slot[], options: HeldOrderOptions = {}, api: TestServer['api'] = server.api): Promise<ApiAnswer> {
  return api('POST', '/create-order', { token: session.token, body: await heldOrderBody(server, session, slots, options) });
}

/** An order holding `slots`, opened: its ref and amount. */
export async function heldOrder(server: TestServer, session: Session, slots: readonly Slot[], options: HeldOrderOptions = {}): Promise<{ ref: string; amount: number }> {
  const answer = await orderHolding(server, session, slots, options);
  if (answer.status !== 201) throw new Error(`createOrder: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A payment notification as the provider sends it: the raw body and its signature header. */
export function paymentEvent(ref: string, amount: number, type = 'payment.succeeded', signedAt = Math.floor(Date.now() / 1000), secret = testWebhookSecret) {
  const body = JSON.stringify({ id: `evt_test_${ref.slice(0, 8)}`, type, created: signedAt, data: { ref, amount, method: 'card' } });
  return { body, signature: signPaymentEvent(secret, body, signedAt) };
}

/** POSTs a raw notification body to the webhook of `base` with the given signature (or none). */
export async function postWebhook(base: string, body: string, signature: string | undefined): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['payment-signature'] = signature;
  const response = await fetch(`${base}/api/payment-webhook`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
