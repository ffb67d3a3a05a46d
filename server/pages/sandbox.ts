import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { moneyText } from '../domain/pricing.ts';
import type { OrderRow } from '../domain/records.ts';
import { escapeHtml, page, pagePolicy } from './html.ts';

const outcomes = {
  pay: { status: 'paid', to: (ref: string) => `/success?ref=${encodeURIComponent(ref)}` },
  fail: { status: 'failed', to: () => '/failed' },
  cancel: { status: 'cancelled', to: () => '/cancel' },
} as const;
type Outcome = keyof typeof outcomes;

/**
 * The embedded stand-in for the external payment provider: the page behind `paymentLink`.
 * Only an order still open can be paid, failed or cancelled; paying marks its client package purchased.
 */
export function registerSandboxPages(app: FastifyInstance, { db }: AppContext): void {
  const findOrder = async (ref: string) => (await db.query<OrderRow>('select * from orders where ref = $1', [ref]))[0];

  app.get<{ Params: { ref: string } }>('/sandbox/pay/:ref', async (request, reply) => {
    const order = await findOrder(request.params.ref);
    reply.type('text/html').header('content-security-policy', pagePolicy);
    if (!order) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
    const ref = escapeHtml(order.ref);
    const amount = `AED ${moneyText(Number(order.amount))}`;
    if (order.status !== 'created') {
      return page('Payment closed', `<h1>Payment closed</h1><div class="card"><p>This payment of ${amount} is ${escapeHtml(order.status)}.</p></div>`);
    }
    const button = (outcome: Outcome, label: string) =>
      `<form method="post" action="/sandbox/pay/${ref}/${outcome}"><button type="submit" class="${outcome}">${label}</button></form>`;
    return page(
      'Payment sandbox',
      `<h1>Payment sandbox</h1>
       <div class="card"><p>Order <code>${ref}</code></p><p>Amount to pay: <strong>${amount}</strong></p></div>
       <p>This page stands in for the payment provider. Choose the outcome:</p>
       <div class="actions">${button('pay', 'Pay')}${button('fail', 'Fail')}${button('cancel', 'Cancel')}</div>`,
    );
  });

  app.post<{ Params: { ref: string; outcome: string } }>('/sandbox/pay/:ref/:outcome', async (request, reply) => {
    const { ref, outcome } = request.params;
    reply.header('content-security-policy', pagePolicy);
    if (!(outcome in outcomes)) return reply.code(404).type('text/html').send(page('Not found', '<h1>Not found</h1>'));
    const chosen = outcomes[outcome as Outcome];
    const moved = await db.transaction(async (tx) => {
      const [order] = await tx.query<OrderRow>(
        `update orders set status = $2, paid_at = case when $2 = 'paid' then now() else paid_at end
          where ref = $1 and status = 'created' returning *`,
        [ref, chosen.status],
      );
      if (order && chosen.status === 'paid' && order.client_package_id !== null) {
        // The package holds what was paid for, for whom it was paid, whatever the client wrote into it
        // before paying; its booked classes are the lessons booked on it, none yet while it was unpaid.
        await tx.query(
          `update client_packages cp set purches_status = 1, total_classess = $2, student_ids = $3,
                  booked_classess = booked.n, remaining_classess = greatest($2 - booked.n, 0), updated_at = now()
             from (select count(*)::int as n from appointments where client_package_id = $1 and status <> 'cancelled') booked
            where cp.id = $1 and cp.purches_status = 0`,
          [order.client_package_id, order.classes, JSON.stringify(order.student_ids)],
        );
      }
      return order;
    });
    if (!moved) {
      const order = await findOrder(ref);
      // Pressing Pay again on an order already paid lands on the same success page.
      if (order && order.status === chosen.status) return reply.redirect(chosen.to(ref), 303);
      return reply.code(order ? 409 : 404).type('text/html').send(page('Payment closed', '<h1>Payment closed</h1><p>This payment cannot be changed any more.</p>'));
    }
    return reply.redirect(chosen.to(ref), 303);
  });
}
