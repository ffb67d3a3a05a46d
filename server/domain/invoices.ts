import type { components, operations } from '../../contract/schema.d.ts';
import type { Database } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { sendInvoiceMail, sendReceiptMail } from './invoice-mail.ts';
import { moneyText, moneyValue, sameMoney } from './pricing.ts';
import { type InvoiceRow, type OrderRow, isPaid } from './records.ts';

type Schemas = components['schemas'];
type Json<K extends 'createInvoice' | 'takeInvoicePayment'> = operations[K]['requestBody']['content']['application/json'];

/*
 * Proforma invoices as the client raises and settles them (the spec's success sequence): one per paid order,
 * settled by the payment the provider saw. Listing them with their purchases is invoice-purchase.ts.
 */

/** An invoice as it is answered, and whether an earlier call with the same request made it. */
export interface InvoiceAnswer {
  invoice: Schemas['ProformaInvoice'];
  again: boolean;
}

export const toInvoice = (row: InvoiceRow): Schemas['ProformaInvoice'] => ({
  id: row.id,
  date_sent: row.date_sent.toISOString(),
  status: row.status,
  description: row.description,
  amount: Number(row.amount),
  client: { id: row.client_id },
});

const invoiceWithEmail = `*, (select email from clients where id = client_id) as email`;

/**
 * Raises the client's invoice (mailed with 'raise-and-send'), under its paid `order` when there is one (whose
 * amount it must be, 400 otherwise): one per order, so a replay answers the invoice the order has.
 */
export async function raiseInvoice(db: Database, clientId: number, branchId: number, body: Json<'createInvoice'>, order: OrderRow | undefined): Promise<InvoiceAnswer> {
  if (order && !sameMoney(moneyValue(body.amount), Number(order.amount))) {
    throw badRequest('amount', `must be ${moneyText(Number(order.amount))}, the amount of the order`);
  }
  const made = await db.transaction(async (tx) => {
    // One invoice per order (a unique index): the loser of a race, or a replay, inserts nothing.
    const [invoice] = await tx.query<InvoiceRow & { email: string }>(
      `insert into proforma_invoices (client_id, branch_id, amount, description, raise_behaviour, order_id)
       values ($1, $2, $3, $4, $5, $6) on conflict (order_id) do nothing returning ${invoiceWithEmail}`,
      [clientId, branchId, moneyValue(body.amount), body.description.trim(), body.raise_behaviour, order?.id ?? null],
    );
    if (!invoice) return undefined;
    if (body.raise_behaviour === 'raise-and-send') await sendInvoiceMail(tx, invoice.email, invoice);
    return invoice;
  });
  if (made) return { invoice: toInvoice(made), again: false };
  const [first] = await db.query<InvoiceRow>('select * from proforma_invoices where order_id = $1', [order?.id]);
  if (!first) throw new Error(`the invoice of order ${order?.ref} vanished`);
  return { invoice: toInvoice(first), again: true };
}

/**
 * Settles the client's `invoice` with the payment its order was paid by (`named`: the order the request
 * names, if any, which must be the invoice's): never by the client's word alone. Paying twice is a clash,
 * unless sent again under its order ref, which answers what it did.
 */
export async function payInvoice(db: Database, invoice: InvoiceRow, named: OrderRow | undefined, body: Json<'takeInvoicePayment'>): Promise<InvoiceAnswer> {
  if (named && named.id !== invoice.order_id) throw badRequest('order_ref', 'is not the order this invoice was raised under');
  // An invoice is settled by a payment the provider saw, never by the client's word alone.
  if (invoice.order_id === null) throw conflict('This invoice was not raised for a paid order; the office settles it.', 'invoiceId');
  const [order] = await db.query<OrderRow>('select * from orders where id = $1', [invoice.order_id]);
  if (!order || !isPaid(order)) throw conflict('The order of this invoice has not been paid.', 'invoiceId');
  const amount = Number(order.amount);
  if (!sameMoney(moneyValue(body.amount), amount)) throw badRequest('amount', `must be ${moneyText(amount)}, the amount paid for the order`);
  const paid = await db.transaction(async (tx) => {
    const [row] = await tx.query<InvoiceRow & { email: string }>(
      `update proforma_invoices set status = 'paid', paid_at = now(), payment_method = $2
        where id = $1 and status = 'unpaid' returning ${invoiceWithEmail}`,
      [invoice.id, body.method],
    );
    if (row && body.send_receipt) await sendReceiptMail(tx, row.email, row, amount, body.method);
    return row;
  });
  if (paid) return { invoice: toInvoice(paid), again: false };
  const [now] = await db.query<InvoiceRow>('select * from proforma_invoices where id = $1', [invoice.id]);
  // Sent again under its order ref, the payment answers what it did; otherwise paying twice is a clash.
  if (named && now?.status === 'paid') return { invoice: toInvoice(now), again: true };
  throw conflict('This invoice has been paid already.');
}
