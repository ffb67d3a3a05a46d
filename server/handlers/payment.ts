import { randomBytes } from 'node:crypto';
import type { AppContext } from '../app.ts';
import type { Queryable } from '../db/database.ts';
import { assertOwnClient, assertOwnStudents, ownBranch, ownedRow } from '../domain/access.ts';
import { sendMail } from '../domain/outbox.ts';
import { type Discount, discountedTotal, levelGroup, moneyText, moneyValue, sameMoney } from '../domain/pricing.ts';
import { type ClientPackageRow, type InvoiceRow, toInvoice } from '../domain/records.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type PaymentOperations = 'applyCoupon' | 'listInvoices' | 'createInvoice' | 'takeInvoicePayment' | 'createOrder' | 'postOrderStatus';

interface OrderRow {
  id: number;
  client_id: number;
  status: 'created' | 'paid' | 'failed' | 'cancelled' | 'confirmed';
}

async function findCoupon(db: Queryable, code: string): Promise<(Discount & { code: string }) | undefined> {
  const [row] = await db.query<{ code: string; discount_type: Discount['discount_type']; discount_value: string }>(
    `select code, discount_type, discount_value from coupons
      where code = upper($1) and active and (expires_at is null or expires_at > now())`,
    [code.trim()],
  );
  return row && { code: row.code, discount_type: row.discount_type, discount_value: Number(row.discount_value) };
}

const paidStates = new Set(['paid', 'confirmed']);

export function paymentHandlers(ctx: AppContext): HandlerGroup<PaymentOperations> {
  const { db } = ctx;
  return {
    async applyCoupon(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.body.userId, 'userId');
      const coupon = await findCoupon(db, call.body.code);
      if (!coupon) throw badRequest('code', 'This coupon code is invalid or has expired.');
      return { success: true, discount_type: coupon.discount_type, discount_value: coupon.discount_value, message: 'Coupon applied successfully' };
    },

    async listInvoices(call) {
      const session = requireSession(call);
      const rows = await db.query<InvoiceRow>('select * from proforma_invoices where client_id = $1 order by date_sent desc, id desc', [session.sub]);
      return { data: { count: rows.length, results: rows.map(toInvoice) } };
    },

    async createInvoice(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.client, 'client');
      const branch = ownBranch(session, body.branch_id);
      const row = await db.transaction(async (tx) => {
        const [invoice] = await tx.query<InvoiceRow & { email: string }>(
          `insert into proforma_invoices (client_id, branch_id, amount, description, raise_behaviour)
           values ($1, $2, $3, $4, $5) returning *, (select email from clients where id = $1) as email`,
          [session.sub, branch, moneyValue(body.amount), body.description.trim(), body.raise_behaviour],
        );
        if (!invoice) throw new Error('invoice insert returned nothing');
        if (body.raise_behaviour === 'raise-and-send') {
          await sendMail(tx, invoice.email, `Invoice ${invoice.id}`, `${invoice.description}: ${moneyText(Number(invoice.amount))}`);
        }
        return invoice;
      });
      return { data: toInvoice(row) };
    },

    async takeInvoicePayment(call) {
      const session = requireSession(call);
      const { body } = call;
      const invoice = await ownedRow<InvoiceRow>(db, session, 'proforma_invoices', call.params.invoiceId, 'Invoice', 'invoiceId');
      assertOwnClient(session, body.clientid, 'clientid');
      ownBranch(session, body.branch_id);
      const amount = Number(invoice.amount);
      if (!sameMoney(moneyValue(body.amount), amount)) throw badRequest('amount', `must be ${moneyText(amount)}, the invoice's amount`);
      const paid = await db.transaction(async (tx) => {
        const [row] = await tx.query<InvoiceRow & { email: string }>(
          `update proforma_invoices set status = 'paid', paid_at = now(), payment_method = $2
            where id = $1 and status <> 'paid' returning *, (select email from clients where id = client_id) as email`,
          [invoice.id, body.method],
        );
        if (!row) throw conflict('This invoice has been paid already.');
        if (body.send_receipt) await sendMail(tx, row.email, `Receipt for invoice ${row.id}`, `We received ${moneyText(amount)} (${body.method}). Thank you.`);
        return row;
      });
      return { success: true, data: toInvoice(paid) };
    },

    async createOrder(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.client_id, 'client_id');
      ownBranch(session, body.branch_id);
      await assertOwnStudents(db, session, body.student_ids, 'student_ids');
      const [price] = await db.query<{ total: string }>(
        'select total from package_prices where package_id = $1 and students = $2 and level_group = $3',
        [body.pkg_id, body.student_ids.length, levelGroup(body.level)],
      );
      if (!price) throw badRequest('pkg_id', `has no price for ${body.student_ids.length} students in Year ${body.level}`);
      const coupon = body.coupon === undefined ? undefined : await findCoupon(db, body.coupon);
      if (body.coupon !== undefined && !coupon) throw badRequest('coupon', 'This coupon code is invalid or has expired.');
      const amount = discountedTotal(Number(price.total), coupon);
      if (!sameMoney(moneyValue(body.amount), amount)) {
        throw badRequest('amount', `must be ${moneyText(amount)}, the price of the package${coupon ? ' after the coupon' : ''}`);
      }
      const slots = [...new Set(body.appoint_ids)];
      const known = await db.query<{ id: number }>('select id from availability where id = any($1::int[])', [slots]);
      const unknown = slots.find((id) => !known.some((k) => k.id === id));
      if (unknown !== undefined) throw badRequest('appoint_ids', `availability entry ${unknown} does not exist`);
      if (body.client_package_id !== undefined) {
        const pkg = await ownedRow<ClientPackageRow>(db, session, 'client_packages', body.client_package_id, 'Client package', 'client_package_id');
        if (pkg.purches_status === 1) throw conflict('This package has been paid already.', 'client_package_id');
      }
      const ref = randomBytes(18).toString('base64url');
      await db.query(
        `insert into orders (ref, client_id, email, student_ids, appoint_ids, pkg_id, level, coupon_code, amount, client_package_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [ref, session.sub, body.email, JSON.stringify(body.student_ids), JSON.stringify(body.appoint_ids), body.pkg_id, body.level, coupon?.code ?? null, amount, body.client_package_id ?? null],
      );
      return { success: true, paymentLink: `${ctx.publicUrl}/sandbox/pay/${ref}`, ref, amount };
    },

    async postOrderStatus(call) {
      const session = requireSession(call);
      const { ref, status } = call.body;
      const order = await ownedRow<OrderRow>(db, session, 'orders', ref, 'Order', 'ref', 'ref');
      if (status === 'success') {
        if (!paidStates.has(order.status)) throw conflict('The payment provider has not confirmed this payment.', 'ref');
        await db.query(`update orders set status = 'confirmed' where id = $1`, [order.id]);
        return { success: true, message: 'Payment confirmed', status: 'confirmed' };
      }
      if (paidStates.has(order.status)) throw conflict('This order has been paid; it cannot be marked failed or cancelled.', 'status');
      await db.query('update orders set status = $2 where id = $1', [order.id, status]);
      return { success: true, message: status === 'failed' ? 'Payment failed' : 'Payment cancelled', status };
    },
  };
}
