import { formatDay } from '../../contract/date-format.ts';
import type { components } from '../../contract/schema.d.ts';
import { formatMoney } from './money.ts';
import { namesText, paymentMethodLabel } from './order-progress.ts';

/**
 * The transaction history (spec §2): the client's proforma invoices, newest first, with the date in the
 * branch's zone, the amount in the one money formatter, and a status colour: paid green, unpaid red, any
 * other yellow. An invoice of an order is named by what the order bought (package, classes, students,
 * subjects), never by the provider's description ('Credit Request'); one raised without an order keeps it.
 */

export type ProformaInvoice = components['schemas']['ProformaInvoice'];
export type InvoicePurchase = components['schemas']['InvoicePurchase'];

/** The colour family of a status: the view maps it to green, red or yellow. */
export type InvoiceTone = 'paid' | 'unpaid' | 'other';

export interface InvoiceRow {
  id: number;
  /** The instant it was sent (ISO 8601), for <time dateTime>. */
  sent: string;
  /** '3 Dec 2026' in the branch's zone; the server's text when it is not a date. */
  date: string;
  /** What it was for, one line per order line ('GOLD · 12 classes' over 'Adam Ahmed · Mathematics, English'), or the invoice's description. */
  lines: InvoiceLine[];
  /** The lines in one text ('GOLD · 12 classes · Adam Ahmed · Mathematics, English + …'): the row's name for screen readers. */
  description: string;
  /** 'VISA'; null when unknown. */
  method: string | null;
  /** Where the client pays it (an http(s) address); null once paid, or when there is none. */
  payLink: string | null;
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

/** 'Thu 3 Dec 2026': the calendar day of an instant in the branch's zone, whatever the browser's. */
export function invoiceDay(iso: string, timeZone: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : formatDay(iso, timeZone);
}

/** One thing an invoice paid for: the package and its classes, then for whom and what; `detail` may be empty. */
export interface InvoiceLine {
  title: string;
  detail: string;
}

const joined = (parts: readonly string[]) => parts.filter((part) => part !== '').join(' · ');

/** What one line of the order bought: 'GOLD · 12 classes', 'Adam Ahmed · Mathematics, English'. */
export function purchaseLine(line: InvoicePurchase['lines'][number]): InvoiceLine {
  const classes = line.classes === 1 ? '1 class' : `${line.classes} classes`;
  const subjects = line.subjects.filter((subject) => subject.trim() !== '').join(', ');
  return { title: joined([line.package_name.trim(), classes]), detail: joined([namesText(line.student_names), subjects]) };
}

/** A line in one text: 'GOLD · 12 classes · Adam Ahmed · Mathematics, English'. */
export const invoiceLineText = (line: InvoiceLine): string => joined([line.title, line.detail]);

/** 'GOLD · 12 classes · Adam Ahmed · Mathematics, English': what one line of the order bought, in one text. */
export const purchaseLineText = (line: InvoicePurchase['lines'][number]): string => invoiceLineText(purchaseLine(line));

/** What the invoice paid for: its order's lines, else its own description. */
export function invoiceLines(invoice: Pick<ProformaInvoice, 'purchase' | 'description'>): InvoiceLine[] {
  const lines = invoice.purchase?.lines.map(purchaseLine) ?? [];
  return lines.length > 0 ? lines : [{ title: invoice.description.trim() || 'Invoice', detail: '' }];
}

/** The payment page of an unpaid invoice, when it is a web address (nothing else is ever opened). */
export function payLinkOf(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const { protocol } = new URL(link);
    return protocol === 'https:' || protocol === 'http:' ? link : null;
  } catch {
    return null;
  }
}

/** What the transaction history lists: the client's invoices, newest first, as the rows show them. */
export function invoiceRows(invoices: readonly ProformaInvoice[], { clientId, timeZone, currency }: { clientId: number; timeZone: string; currency: string }): InvoiceRow[] {
  return clientInvoices(invoices, clientId).map((invoice) => {
    const lines = invoiceLines(invoice);
    return {
      id: invoice.id,
      sent: invoice.date_sent,
      date: invoiceDay(invoice.date_sent, timeZone),
      lines,
      description: lines.map(invoiceLineText).join(' + '),
      method: paymentMethodLabel(invoice.purchase?.payment_method),
      payLink: payLinkOf(invoice.payment_link),
      amount: formatMoney(invoice.amount, currency),
      status: statusLabel(invoice.status),
      tone: invoiceTone(invoice.status),
    };
  });
}
