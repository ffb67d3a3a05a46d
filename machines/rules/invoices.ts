import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { components } from '../../contract/schema.d.ts';
import { formatMoney } from './money.ts';

/**
 * The transaction history (spec §2): the client's proforma invoices, newest first, with the date in the
 * branch's zone, the amount in the one money formatter, and a status colour: paid green, unpaid red, any
 * other yellow.
 */

export type ProformaInvoice = components['schemas']['ProformaInvoice'];

/** The colour family of a status: the view maps it to green, red or yellow. */
export type InvoiceTone = 'paid' | 'unpaid' | 'other';

export interface InvoiceRow {
  id: number;
  /** The instant it was sent (ISO 8601), for <time dateTime>. */
  sent: string;
  /** '3 Dec 2026' in the branch's zone; the server's text when it is not a date. */
  date: string;
  description: string;
  /** 'AED 684'. */
  amount: string;
  /** 'Paid', 'Unpaid', 'Partially paid'. */
  status: string;
  tone: InvoiceTone;
}

/** The provider's statuses come in any case; only 'paid' and 'unpaid' have a colour of their own. */
export function invoiceTone(status: string): InvoiceTone {
  const key = status.trim().toLowerCase();
  return key === 'paid' ? 'paid' : key === 'unpaid' ? 'unpaid' : 'other';
}

/** 'paid' → 'Paid', 'partially_paid' → 'Partially paid'; a blank status reads 'Unknown'. */
export function statusLabel(status: string): string {
  const words = status.trim().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').toLowerCase();
  return words ? `${words[0]?.toUpperCase() ?? ''}${words.slice(1)}` : 'Unknown';
}

const instant = (iso: string): number => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
};

/**
 * The client's own invoices, newest first (ties: the later id first). The spec filters to `client.id`
 * on the client side whatever the server sends; an invoice without a readable date sorts last.
 */
export function clientInvoices(invoices: readonly ProformaInvoice[], clientId: number): ProformaInvoice[] {
  return invoices.filter((invoice) => invoice.client.id === clientId).sort((a, b) => instant(b.date_sent) - instant(a.date_sent) || b.id - a.id);
}

/** '3 Dec 2026': the calendar day of an instant in the branch's zone, whatever the browser's. */
export function invoiceDay(iso: string, timeZone: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : format(new TZDate(time, timeZone), 'd MMM yyyy');
}

/** What the transaction history lists: the client's invoices, newest first, as the rows show them. */
export function invoiceRows(invoices: readonly ProformaInvoice[], { clientId, timeZone, currency }: { clientId: number; timeZone: string; currency: string }): InvoiceRow[] {
  return clientInvoices(invoices, clientId).map((invoice) => ({
    id: invoice.id,
    sent: invoice.date_sent,
    date: invoiceDay(invoice.date_sent, timeZone),
    description: invoice.description.trim() || 'Invoice',
    amount: formatMoney(invoice.amount, currency),
    status: statusLabel(invoice.status),
    tone: invoiceTone(invoice.status),
  }));
}
