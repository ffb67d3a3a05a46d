import type { AppContext } from '../context.ts';
import { assertOwnClient, assertOwnStudents, bookingPaused, bookingPausedText, ownBranch, ownOrder, ownPaidOrder, ownedRow } from '../domain/access.ts';
import { listedInvoices } from '../domain/invoice-purchase.ts';
import { payInvoice, raiseInvoice } from '../domain/invoices.ts';
import { orderProgress } from '../domain/order-progress.ts';
import { applyPaymentEvent, findCoupon, fulfilOnReturn, openOrder, reportOrderStatus } from '../domain/orders.ts';
import { checkPaymentSignature, signatureHeader } from '../domain/payment-signature.ts';
import type { InvoiceRow } from '../domain/records.ts';
import { badRequest, forbidden, refused } from '../http/errors.ts';
import { rawBodyOf } from '../http/json-body.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';
import { replayedIf } from '../http/replayed.ts';
import { couponInvalidText } from '../http/validation-message.ts';

type PaymentOperations =
  | 'applyCoupon'
  | 'listInvoices'
  | 'createInvoice'
  | 'takeInvoicePayment'
  | 'createOrder'
  | 'postOrderStatus'
  | 'getOrder'
  | 'fulfilOrder'
  | 'receivePaymentEvent';

const statusMessages = { confirmed: 'Payment confirmed', failed: 'Payment failed', cancelled: 'Payment cancelled' } as const;

export function paymentHandlers(ctx: AppContext): HandlerGroup<PaymentOperations> {
  const { db } = ctx;
  return {
    async applyCoupon(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.body.userId, 'userId');
      const coupon = await findCoupon(db, call.body.code);
      if (!coupon) throw refused('code', couponInvalidText);
      return { success: true, discount_type: coupon.discount_type, discount_value: coupon.discount_value, message: 'Coupon applied successfully' };
    },

    async listInvoices(call) {
      const session = requireSession(call);
      const results = await listedInvoices(db, session.sub, ctx.publicUrl, ctx.webhookSecret);
      return { data: { count: results.length, results } };
    },

    async createInvoice(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.client, 'client');
      const branch = ownBranch(session, body.branch_id);
      const order = body.order_ref === undefined ? undefined : await ownPaidOrder(db, session, body.order_ref);
      const raised = await raiseInvoice(db, session.sub, branch, body, order);
      return replayedIf(raised.again, { data: raised.invoice });
    },

    async takeInvoicePayment(call) {
      const session = requireSession(call);
      const { body } = call;
      const invoice = await ownedRow<InvoiceRow>(db, session, 'proforma_invoices', call.params.invoiceId, 'Invoice', 'invoiceId');
      assertOwnClient(session, body.clientid, 'clientid');
      ownBranch(session, body.branch_id);
      const named = body.order_ref === undefined ? undefined : await ownOrder(db, session, body.order_ref, 'order_ref');
      const paid = await payInvoice(db, invoice, named, body);
      return replayedIf(paid.again, { success: true, data: paid.invoice });
    },

    async createOrder(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.client_id, 'client_id');
      ownBranch(session, body.branch_id);
      await assertOwnStudents(db, session, body.student_ids, 'student_ids');
      if (await bookingPaused(db, session.sub)) throw forbidden('client_id', bookingPausedText);
      const { ref, amount, holdUntil } = await openOrder(db, session, body, ctx.orderHoldSeconds);
      return { success: true, paymentLink: `${ctx.publicUrl}/sandbox/pay/${ref}`, ref, amount, hold_expires_at: holdUntil ? holdUntil.toISOString() : null };
    },

    async postOrderStatus(call) {
      const session = requireSession(call);
      const order = await ownOrder(db, session, call.body.ref, 'ref');
      const status = await reportOrderStatus(db, ctx.provider, order, call.body.status);
      return { success: true, message: statusMessages[status], status };
    },

    async getOrder(call) {
      const session = requireSession(call);
      return orderProgress(db, await ownOrder(db, session, call.params.ref, 'ref'));
    },

    async fulfilOrder(call) {
      const session = requireSession(call);
      return fulfilOnReturn(ctx, await ownOrder(db, session, call.params.ref, 'ref'));
    },

    async receivePaymentEvent(call) {
      const signature = call.request.headers[signatureHeader];
      const check = checkPaymentSignature(typeof signature === 'string' ? signature : undefined, rawBodyOf(call.request), ctx.webhookSecret, Math.floor(Date.now() / 1000));
      if (!check.ok) throw badRequest(signatureHeader, check.reason);
      return { received: true, ...(await applyPaymentEvent(ctx, call.body)) };
    },
  };
}
