import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from '../../contract/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { namesOf, packageNameOf, packageNames, studentNames } from './order-progress.ts';
import { toInvoice } from './invoices.ts';
import type { InvoiceRow, OrderLineRow, OrderRow } from './records.ts';

type ProformaInvoice = components['schemas']['ProformaInvoice'];

/**
 * GET /proformainvoice as Transaction History reads it (issue 18): each invoice with what its order bought
 * (`purchase`: packages, classes, students, subjects, the method chosen at checkout), never only the
 * provider's 'Credit Request', and where an unpaid one is paid (`payment_link`).
 */

/** An invoice with the order it was raised under, if any. */
export type ListedInvoice = InvoiceRow & {
  order_ref: string | null;
  order_status: OrderRow['status'] | null;
  order_payment_method: OrderRow['payment_method'];
};

/** The sandbox page that pays an invoice raised without an order; its key makes the address unguessable. */
export const invoicePagePath = (secret: string, invoiceId: number) => `/sandbox/invoice/${invoiceId}/${invoicePageKey(secret, invoiceId)}`;

/**
 * The key of an invoice's sandbox page: an HMAC of its id under the sandbox's shared secret, so that the
 * page (which shows the invoice's description and takes its payment) opens only from the link the portal
 * gave its client, not for any id counted up to.
 */
export const invoicePageKey = (secret: string, invoiceId: number) => createHmac('sha256', secret).update(`invoice:${invoiceId}`).digest('base64url').slice(0, 32);

export function isInvoicePageKey(secret: string, invoiceId: number, key: string): boolean {
  const expected = Buffer.from(invoicePageKey(secret, invoiceId));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Where the client pays an unpaid invoice: the order's own payment page while the order is open (paying it
 * books the order and settles its invoice); the invoice's sandbox page for an invoice raised without an order
 * (staff's extra lesson). None once paid, and none for an invoice whose order was paid (the provider has the
 * money; the invoice is settled with the order) or closed unpaid (nothing was booked to pay for).
 */
export function paymentLink(publicUrl: string, secret: string, invoice: ListedInvoice): string | null {
  if (invoice.status !== 'unpaid') return null;
  if (invoice.order_id === null) return `${publicUrl}${invoicePagePath(secret, invoice.id)}`;
  if (invoice.order_status === 'created' && invoice.order_ref !== null) return `${publicUrl}/sandbox/pay/${invoice.order_ref}`;
  return null;
}

/** The client's invoices, newest first, each with its purchase and payment link. */
export async function listedInvoices(db: Queryable, clientId: number, publicUrl: string, secret: string): Promise<ProformaInvoice[]> {
  const invoices = await db.query<ListedInvoice>(
    `select i.*, o.ref as order_ref, o.status as order_status, o.payment_method as order_payment_method
       from proforma_invoices i left join orders o on o.id = i.order_id
      where i.client_id = $1 order by i.date_sent desc, i.id desc`,
    [clientId],
  );
  const orderIds = [...new Set(invoices.flatMap((i) => (i.order_id === null ? [] : [i.order_id])))];
  const lines = orderIds.length === 0 ? [] : await db.query<OrderLineRow>('select * from order_lines where order_id = any($1::int[]) order by order_id, line', [orderIds]);
  const names = await studentNames(db, lines.flatMap((l) => l.student_ids));
  const packages = await packageNames(db);
  return invoices.map((invoice) => {
    const own = lines.filter((line) => line.order_id === invoice.order_id);
    const purchase: ProformaInvoice['purchase'] =
      invoice.order_ref === null || own.length === 0
        ? null
        : {
            order_ref: invoice.order_ref,
            payment_method: invoice.order_payment_method,
            lines: own.map((line) => ({
              package_name: packageNameOf(packages, line),
              classes: line.classes,
              student_names: namesOf(names, line.student_ids),
              // The subjects as the line's weekly lessons name them, alphabetically (jsonb keeps no order).
              subjects: Object.keys(line.weekly_lessons ?? {}).sort((a, b) => a.localeCompare(b)),
            })),
          };
    return { ...toInvoice(invoice), purchase, payment_link: paymentLink(publicUrl, secret, invoice) };
  });
}
