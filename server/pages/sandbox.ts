import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { sendReceiptMail } from '../domain/invoice-mail.ts';
import { invoicePagePath, isInvoicePageKey } from '../domain/invoice-purchase.ts';
import { mailDateTime } from '../domain/mail-dates.ts';
import { moneyText } from '../domain/pricing.ts';
import type { InvoiceRow, OrderRow } from '../domain/records.ts';
import { type ClaimedNotification, attemptDelivery, claimNotificationNow, paymentEventBody, recordNotification } from '../domain/sandbox-notifications.ts';
import { failpoint } from '../failpoints.ts';
import { escapeHtml, page, pagePolicy } from './html.ts';

type Status = 'paid' | 'failed' | 'cancelled';
const outcomes = {
  pay: { status: 'paid', event: 'payment.succeeded', to: (ref: string) => `/success?ref=${encodeURIComponent(ref)}` },
  fail: { status: 'failed', event: 'payment.failed', to: () => '/failed' },
  cancel: { status: 'cancelled', event: 'payment.cancelled', to: () => '/cancel' },
} as const;
type Outcome = keyof typeof outcomes;
// Own keys only: `in` would take what every object inherits (`constructor`, `toString`) for an outcome.
const isOutcome = (outcome: string): outcome is Outcome => Object.hasOwn(outcomes, outcome);

/** How the sandbox says a card was charged: the method a provider reports back. */
const sandboxMethod = 'card';


/**
 * The embedded stand-in for the external payment provider: the page behind `paymentLink`. Like a real
 * provider it keeps its own record of each payment (`sandbox_payments`) and tells the portal by a signed
 * notification to `POST /api/payment-webhook`; the portal books on that notification, never on the
 * browser's return. The notification is written with the payment, in one transaction, and delivered after the
 * commit; one that gets no 2xx is retried with back-off by any instance (server/domain/sandbox-notifications.ts).
 * "Charge the card, notify later" records the payment with its notification held back, as when a provider's
 * notification is late: the portal then books when the client's return to /success asks it, when its
 * reconciliation finds the payment, when the notification comes, or when it is sent from the page that follows.
 */
export function registerSandboxPages(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The hold's end in the zone of the branch the client books with, the one every time of the portal is in.
  const clientTimeZone = async (clientId: number) =>
    (await db.query<{ time_zone: string }>('select b.time_zone from clients c join branches b on b.id = c.branch_id where c.id = $1', [clientId]))[0]?.time_zone ?? 'UTC';
  const findOrder = async (ref: string) => (await db.query<OrderRow & { hold_expires_at: Date | null }>('select * from orders where ref = $1', [ref]))[0];
  const findPayment = async (ref: string) => (await db.query<{ status: Status; amount: string }>('select status, amount from sandbox_payments where ref = $1', [ref]))[0];

  /** The provider's notification of a payment's outcome. */
  const eventOf = (ref: string, outcome: Outcome, amount: string) => paymentEventBody(ref, outcomes[outcome].event, Number(amount), sandboxMethod);
  /** One attempt, signed with the shared secret now; a refusal leaves it to the retries (logged there). */
  const deliver = (notification: ClaimedNotification) => attemptDelivery(ctx, app.log, notification);

  const button = (ref: string, outcome: Outcome | 'pay-later' | 'notify', label: string, style: string) =>
    `<form method="post" action="/sandbox/pay/${ref}/${outcome}"><button type="submit" class="${style}">${label}</button></form>`;

  app.get<{ Params: { ref: string } }>('/sandbox/pay/:ref', async (request, reply) => {
    const order = await findOrder(request.params.ref);
    reply.type('text/html').header('content-security-policy', pagePolicy);
    if (!order) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
    const ref = escapeHtml(order.ref);
    const amount = `AED ${moneyText(Number(order.amount))}`;
    const payment = await findPayment(order.ref);
    if (payment) {
      const waiting = payment.status === 'paid' && order.status === 'created';
      return page(
        'Payment closed',
        `<h1>Payment closed</h1><div class="card"><p>This payment of ${amount} is ${escapeHtml(payment.status)}.</p></div>` +
          (waiting ? `<p>The portal has not been notified yet.</p><div class="actions">${button(ref, 'notify', 'Send the notification now', 'pay')}</div>` : ''),
      );
    }
    if (order.status !== 'created') {
      return page('Payment closed', `<h1>Payment closed</h1><div class="card"><p>This payment of ${amount} is ${escapeHtml(order.status)}.</p></div>`);
    }
    const expires = order.hold_expires_at;
    const hold = !expires
      ? ''
      : expires.getTime() > Date.now()
        ? `<p>Your classes are held until ${escapeHtml(mailDateTime(expires, await clientTimeZone(order.client_id)))}.</p>`
        : '<p>The hold on your classes has expired: paying now books the hours still free, and the rest wait for new times.</p>';
    return page(
      'Payment sandbox',
      `<h1>Payment sandbox</h1>
       <div class="card"><p>Order <code>${ref}</code></p><p>Amount to pay: <strong>${amount}</strong></p>${hold}</div>
       <p>This page stands in for the payment provider. Choose the outcome:</p>
       <div class="actions">${button(ref, 'pay', 'Pay', 'pay')}${button(ref, 'fail', 'Fail', 'fail')}${button(ref, 'cancel', 'Cancel', 'cancel')}</div>
       <p>Or pay without notifying the portal now, as when a provider's notification is late:</p>
       <div class="actions">${button(ref, 'pay-later', 'Charge the card, notify later', 'cancel')}</div>`,
    );
  });

  app.post<{ Params: { ref: string; outcome: string } }>('/sandbox/pay/:ref/:outcome', async (request, reply) => {
    const { ref, outcome: asked } = request.params;
    reply.header('content-security-policy', pagePolicy);
    const later = asked === 'pay-later';
    if (asked === 'notify') {
      const payment = await findPayment(ref);
      if (!payment) return reply.code(404).type('text/html').send(page('Not found', '<h1>Not found</h1>'));
      const outcome = (Object.keys(outcomes) as Outcome[]).find((o) => outcomes[o].status === payment.status) ?? 'pay';
      await deliver(await claimNotificationNow(db, ref, ctx.notificationSchedule, () => eventOf(ref, outcome, payment.amount)));
      return reply.redirect(outcomes[outcome].to(ref), 303);
    }
    const outcome = later ? 'pay' : asked;
    if (!isOutcome(outcome)) return reply.code(404).type('text/html').send(page('Not found', '<h1>Not found</h1>'));
    const chosen = outcomes[outcome];
    // The provider's record: one outcome per order, only while the portal's order is open. The order's row
    // lock orders this against the client closing the order at the same moment (order_status). Its notification
    // is written with it: committed together, so a payment is never recorded without one on its way.
    const recorded = await db.transaction(async (tx) => {
      const [open] = await tx.query<{ amount: string }>(`select amount from orders where ref = $1 and status = 'created' for update`, [ref]);
      if (!open) return undefined;
      const [row] = await tx.query<{ amount: string }>(
        `insert into sandbox_payments (ref, status, amount, method) values ($1, $2, $3, $4) on conflict (ref) do nothing returning amount`,
        [ref, chosen.status, open.amount, sandboxMethod],
      );
      if (!row) return undefined;
      return recordNotification(tx, ref, eventOf(ref, outcome, row.amount), ctx.notificationSchedule, later ? 'later' : 'now');
    });
    if (!recorded) {
      const payment = await findPayment(ref);
      // Pressing the same button again lands on the same page; anything else is closed.
      if (payment?.status === chosen.status) return reply.redirect(chosen.to(ref), 303);
      const order = await findOrder(ref);
      return reply.code(order ? 409 : 404).type('text/html').send(page('Payment closed', '<h1>Payment closed</h1><p>This payment cannot be changed any more.</p>'));
    }
    // Test-only (PORTAL_FAILPOINT): the instance dies here, the payment recorded and its notification not sent.
    await failpoint(ctx.failpoint, 'sandbox-after-payment-recorded');
    if (!later) await deliver(recorded);
    return reply.redirect(chosen.to(ref), 303);
  });

  registerInvoicePages(app, ctx);
}

/** Where the invoice page returns the browser, paid or not: the list the client came from. */
const invoiceReturn = '/transaction-history';

/** The provider's record of an invoice's payment, beside the orders' (whose refs never hold a colon). */
const invoicePaymentRef = (invoiceId: number) => `invoice:${invoiceId}`;

/**
 * The sandbox page that pays an invoice raised without an order (staff's extra lesson), behind an unpaid
 * invoice's `payment_link` in Transaction History. Pay records the provider's payment, settles the invoice
 * (method 'card', with a receipt) and returns to /transaction-history; Cancel returns there and changes
 * nothing. An invoice under an order is paid with its order, on the order's page.
 */
function registerInvoicePages(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const notFoundPage = page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>');
  /** The invoice the address names, when its key is the one the portal gave out. */
  const findInvoice = async (id: string, key: string) => {
    if (!/^[0-9]{1,9}$/.test(id) || !isInvoicePageKey(ctx.webhookSecret, Number(id), key)) return undefined;
    return (await db.query<InvoiceRow>('select * from proforma_invoices where id = $1', [Number(id)]))[0];
  };

  app.get<{ Params: { id: string; key: string } }>('/sandbox/invoice/:id/:key', async (request, reply) => {
    reply.type('text/html').header('content-security-policy', pagePolicy);
    const invoice = await findInvoice(request.params.id, request.params.key);
    if (!invoice) return reply.code(404).send(notFoundPage);
    const amount = `AED ${moneyText(Number(invoice.amount))}`;
    const summary = `<div class="card"><p>Invoice ${invoice.id}: ${escapeHtml(invoice.description)}</p><p>Amount to pay: <strong>${amount}</strong></p></div>`;
    if (invoice.status !== 'unpaid' || invoice.order_id !== null) {
      const why = invoice.status === 'unpaid' ? 'This invoice is paid with its order.' : `This invoice is ${escapeHtml(invoice.status)}.`;
      return page('Payment closed', `<h1>Payment closed</h1>${summary}<p>${why}</p>`);
    }
    const path = invoicePagePath(ctx.webhookSecret, invoice.id);
    const button = (outcome: 'pay' | 'cancel', label: string) => `<form method="post" action="${path}/${outcome}"><button type="submit" class="${outcome}">${label}</button></form>`;
    return page(
      'Payment sandbox',
      `<h1>Payment sandbox</h1>${summary}
       <p>This page stands in for the payment provider. Choose the outcome:</p>
       <div class="actions">${button('pay', 'Pay')}${button('cancel', 'Cancel')}</div>`,
    );
  });

  app.post<{ Params: { id: string; key: string; outcome: string } }>('/sandbox/invoice/:id/:key/:outcome', async (request, reply) => {
    reply.header('content-security-policy', pagePolicy);
    const { id, key, outcome } = request.params;
    const invoice = await findInvoice(id, key);
    if (!invoice || (outcome !== 'pay' && outcome !== 'cancel')) return reply.code(404).type('text/html').send(notFoundPage);
    if (outcome === 'cancel') return reply.redirect(invoiceReturn, 303);
    // One conditional write settles it: a second Pay (another tab, a double click) finds it paid and changes nothing.
    const paid = await db.transaction(async (tx) => {
      const [row] = await tx.query<InvoiceRow & { email: string }>(
        `update proforma_invoices set status = 'paid', paid_at = now(), payment_method = $2
          where id = $1 and status = 'unpaid' and order_id is null
          returning *, (select email from clients where id = client_id) as email`,
        [invoice.id, sandboxMethod],
      );
      if (!row) return undefined;
      await tx.query(`insert into sandbox_payments (ref, status, amount, method) values ($1, 'paid', $2, $3)`, [invoicePaymentRef(row.id), row.amount, sandboxMethod]);
      await sendReceiptMail(tx, row.email, row, Number(row.amount), sandboxMethod);
      return row;
    });
    if (paid || invoice.status === 'paid') return reply.redirect(invoiceReturn, 303);
    return reply.code(409).type('text/html').send(page('Payment closed', '<h1>Payment closed</h1><p>This invoice cannot be paid here.</p>'));
  });
}
