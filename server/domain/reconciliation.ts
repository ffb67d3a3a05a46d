import type { Database } from '../db/database.ts';
import { type FulfilmentContext, fulfilOrder } from './fulfilment.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * Reconciliation (issue 28, item 5): paid means booked even when the provider's notification never comes and the
 * client never returns to /success. Every RECONCILE_SCAN_SECONDS each instance looks at the open orders
 * (status 'created') of the last week, asks the provider about each through the PaymentProvider interface (so a
 * real provider replaces the sandbox here too), and books the ones it reports paid with the one idempotent
 * fulfilment (fulfilOrder): lessons still free, the rest as classes to place, the invoice, the receipt.
 *
 * One instance at a time per order: an instance claims an order by taking its `order_reconciliations` lease
 * (a conditional upsert: of two instances, one gets the row back), and only then asks and books. The lease
 * lasts a scan interval, so each open order is asked about about once per interval, whatever the number of
 * instances. Nothing is kept in memory.
 */

/**
 * How far back open orders are asked about: a week. A payment link is good for ORDER_HOLD_SECONDS (30 minutes
 * by default) and the sandbox takes a late payment, but an order left open for a week is abandoned, and a
 * provider keeps its sessions retrievable about that long at least (Stripe's Checkout Sessions: 30 days).
 */
export const reconcileWindowDays = 7;

/**
 * A payment younger than this is left to its notification, delivered at once after the payment: reconciliation
 * is the net under it, not a race with it (a race would be harmless, fulfilment being idempotent, but the warning
 * "booked by reconciliation" would then be a false alarm).
 */
export const defaultGraceSeconds = 10;

/** Open orders claimed per scan; the least recently asked about first, so none waits behind the others for long. */
const scanLimit = 200;

export interface ReconcileContext extends FulfilmentContext {
  provider: PaymentProvider;
}

export interface ReconcileSettings {
  /** How long a claim holds: the scan interval (RECONCILE_SCAN_SECONDS). */
  leaseSeconds: number;
  /** How old an order, and its payment, must be before reconciliation books it. */
  graceSeconds: number;
}

/** An order reconciliation booked, for the log. */
export interface ReconciledOrder {
  ref: string;
  orderId: number;
  clientId: number;
  amount: number;
  /** Lessons booked by this order, in all. */
  bookedClasses: number;
  /** Classes whose hours were taken after the hold expired: to place anew. */
  toPlace: number;
}

export interface ReconcileResult {
  booked: ReconciledOrder[];
  failed: { ref: string; error: unknown }[];
}

/** One scan: every open order this instance claims is asked about, and booked when paid. */
export async function reconcilePaidOrders(ctx: ReconcileContext, settings: ReconcileSettings): Promise<ReconcileResult> {
  const { db } = ctx;
  const result: ReconcileResult = { booked: [], failed: [] };
  const open = await db.query<{ id: number; ref: string }>(
    `select o.id, o.ref from orders o left join order_reconciliations r on r.order_id = o.id
      where o.status = 'created'
        and o.created_at > now() - make_interval(days => $1) and o.created_at <= now() - make_interval(secs => $2)
        and (r.claimed_until is null or r.claimed_until <= now())
      order by r.claimed_until nulls first, o.id
      limit ${scanLimit}`,
    [reconcileWindowDays, settings.graceSeconds],
  );
  for (const order of open) {
    try {
      if (!(await claim(db, order.id, settings.leaseSeconds))) continue;
      const payment = await ctx.provider.paymentOf(db, order.ref);
      if (payment?.status !== 'paid' || payment.at.getTime() > Date.now() - settings.graceSeconds * 1000) continue;
      if (!(await fulfilOrder(ctx, order.ref, payment))) continue;
      const [booked] = await db.query<{ client_id: number; amount: string; booked_classes: number; to_place: number }>(
        `with marked as (update order_reconciliations set booked_at = now() where order_id = $1)
         select client_id, amount, booked_classes, to_place from orders where id = $1`,
        [order.id],
      );
      result.booked.push({
        ref: order.ref,
        orderId: order.id,
        clientId: booked?.client_id ?? 0,
        amount: Number(booked?.amount ?? 0),
        bookedClasses: booked?.booked_classes ?? 0,
        toPlace: booked?.to_place ?? 0,
      });
    } catch (error) {
      result.failed.push({ ref: order.ref, error });
    }
  }
  // The claims of orders no longer open are spent; the record of what reconciliation booked stays.
  await db.query(
    `delete from order_reconciliations r using orders o
      where o.id = r.order_id and r.booked_at is null and r.claimed_until <= now()
        and (o.status <> 'created' or o.created_at <= now() - make_interval(days => $1))`,
    [reconcileWindowDays],
  );
  return result;
}

/**
 * Takes the order's lease for `leaseSeconds`, when no other instance holds it; answers whether this call took it.
 * Of two instances upserting at once, the second waits for the first's row and then finds it held.
 */
async function claim(db: Database, orderId: number, leaseSeconds: number): Promise<boolean> {
  const [row] = await db.query<{ order_id: number }>(
    `insert into order_reconciliations (order_id, claimed_until) values ($1, now() + make_interval(secs => $2))
     on conflict (order_id) do update set claimed_until = excluded.claimed_until, checks = order_reconciliations.checks + 1
      where order_reconciliations.claimed_until <= now()
     returning order_id`,
    [orderId, leaseSeconds],
  );
  return row !== undefined;
}
