import type { Queryable } from '../db/database.ts';
import { sendMail } from './outbox.ts';
import { moneyText } from './pricing.ts';

/** The mail of an invoice raised and sent ('raise-and-send'): whoever raises it, the same words. */
export const sendInvoiceMail = (db: Queryable, to: string, invoice: { id: number; description: string; amount: string | number }) =>
  sendMail(db, to, `Invoice ${invoice.id}`, `${invoice.description}: ${moneyText(Number(invoice.amount))}`);

/** The receipt of an invoice paid. */
export const sendReceiptMail = (db: Queryable, to: string, invoice: { id: number }, amount: number, method: string) =>
  sendMail(db, to, `Receipt for invoice ${invoice.id}`, `We received ${moneyText(amount)} (${method}). Thank you.`);
