import { describe, expect, it } from 'vitest';
import { type ProformaInvoice, clientInvoices, invoiceDay, invoiceLineText, invoiceLines, invoiceRows, invoiceTone, payLinkOf, purchaseLineText, statusLabel } from '../../machines/rules/invoices.ts';

const invoice = (id: number, date_sent: string, more: Partial<ProformaInvoice> = {}): ProformaInvoice => ({
  id,
  date_sent,
  status: 'paid',
  description: `Invoice ${id}`,
  amount: 100,
  client: { id: 7 },
  ...more,
});

describe('the status colour: paid green, unpaid red, any other yellow', () => {
  it.each([
    ['paid', 'paid'],
    ['PAID', 'paid'],
    [' Paid ', 'paid'],
    ['unpaid', 'unpaid'],
    ['Unpaid', 'unpaid'],
    ['partially_paid', 'other'],
    ['draft', 'other'],
    ['cancelled', 'other'],
    ['', 'other'],
    ['paid-in-part', 'other'],
  ])('%j is %s', (status, tone) => {
    expect(invoiceTone(status)).toBe(tone);
  });
});

describe('the status as the row writes it', () => {
  it.each([
    ['paid', 'Paid'],
    ['UNPAID', 'Unpaid'],
    ['partially_paid', 'Partially paid'],
    ['  void ', 'Void'],
    ['in-review', 'In review'],
    ['', 'Unknown'],
    ['   ', 'Unknown'],
  ])('%j reads %j', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe("the client's invoices: only client.id's, newest first", () => {
  it.each<[string, ProformaInvoice[], number[]]>([
    ['none', [], []],
    ['another client only', [invoice(1, '2026-12-01T10:00:00Z', { client: { id: 8 } })], []],
    [
      'mixed clients, out of order',
      [invoice(1, '2026-10-01T10:00:00Z'), invoice(2, '2026-12-01T10:00:00Z', { client: { id: 8 } }), invoice(3, '2026-11-15T10:00:00Z'), invoice(4, '2026-12-02T09:00:00Z')],
      [4, 3, 1],
    ],
    ['the same instant: the later id first', [invoice(5, '2026-11-01T10:00:00Z'), invoice(9, '2026-11-01T10:00:00Z')], [9, 5]],
    ['offsets compare as instants', [invoice(1, '2026-11-01T13:00:00+04:00'), invoice(2, '2026-11-01T10:00:00Z')], [2, 1]],
    ['an unreadable date sorts last', [invoice(1, 'soon'), invoice(2, '2026-01-01T00:00:00Z')], [2, 1]],
  ])('%s', (_, invoices, ids) => {
    expect(clientInvoices(invoices, 7).map((i) => i.id)).toEqual(ids);
  });

  it('leaves the list it was given as it was', () => {
    const given = [invoice(1, '2026-10-01T10:00:00Z'), invoice(2, '2026-12-01T10:00:00Z')];
    clientInvoices(given, 7);
    expect(given.map((i) => i.id)).toEqual([1, 2]);
  });
});

describe("the date: the day in the branch's zone", () => {
  it.each([
    ['2026-12-03T08:00:00Z', 'Asia/Dubai', 'Thu 3 Dec 2026'],
    // 21:30 UTC is already the next day in Dubai (UTC+4), still the same day in Los Angeles.
    ['2026-12-02T21:30:00Z', 'Asia/Dubai', 'Thu 3 Dec 2026'],
    ['2026-12-02T21:30:00Z', 'America/Los_Angeles', 'Wed 2 Dec 2026'],
    ['2027-01-01T03:00:00+04:00', 'Asia/Dubai', 'Fri 1 Jan 2027'],
    ['not a date', 'Asia/Dubai', 'not a date'],
  ])('%s in %s is %s', (iso, zone, day) => {
    expect(invoiceDay(iso, zone)).toBe(day);
  });
});

describe('the rows', () => {
  it('carry the date, the description, the amount in the one money formatter, the status and its colour', () => {
    const rows = invoiceRows(
      [
        invoice(1, '2026-11-12T06:00:00Z', { amount: 684, description: 'GOLD package - Adam Ahmed' }),
        invoice(2, '2026-12-02T21:30:00Z', { amount: 57.5, status: 'unpaid', description: ' Extra class ' }),
        invoice(3, '2026-12-05T10:00:00Z', { amount: 1026, status: 'partially_paid', description: '' }),
        invoice(4, '2026-12-06T10:00:00Z', { client: { id: 99 } }),
      ],
      { clientId: 7, timeZone: 'Asia/Dubai', currency: 'AED' },
    );
    const plain = { method: null, payLink: null };
    const only = (title: string) => [{ title, detail: '' }];
    expect(rows).toEqual([
      { ...plain, id: 3, sent: '2026-12-05T10:00:00Z', date: 'Sat 5 Dec 2026', lines: only('Invoice'), description: 'Invoice', amount: 'AED 1,026', status: 'Partially paid', tone: 'other' },
      { ...plain, id: 2, sent: '2026-12-02T21:30:00Z', date: 'Thu 3 Dec 2026', lines: only('Extra class'), description: 'Extra class', amount: 'AED 57.50', status: 'Unpaid', tone: 'unpaid' },
      { ...plain, id: 1, sent: '2026-11-12T06:00:00Z', date: 'Thu 12 Nov 2026', lines: only('GOLD package - Adam Ahmed'), description: 'GOLD package - Adam Ahmed', amount: 'AED 684', status: 'Paid', tone: 'paid' },
    ]);
  });

  it('use the configured currency', () => {
    expect(invoiceRows([invoice(1, '2026-11-12T06:00:00Z', { amount: 60 })], { clientId: 7, timeZone: 'Asia/Dubai', currency: 'USD' })[0]?.amount).toBe('USD 60');
  });
});

const gold = { package_name: 'GOLD', classes: 12, student_names: ['Adam Ahmed'], subjects: ['Mathematics', 'English'] };
const silver = { package_name: 'SILVER', classes: 6, student_names: ['Lina Ahmed'], subjects: ['Science'] };

describe('what an invoice paid for: its order, never the provider’s description', () => {
  it.each([
    ['a package for one student', gold, 'GOLD · 12 classes · Adam Ahmed · Mathematics, English'],
    ['siblings studying together', { ...gold, package_name: 'PLATINUM', classes: 24, student_names: ['Adam Ahmed', 'Lina Ahmed'] }, 'PLATINUM · 24 classes · Adam Ahmed & Lina Ahmed · Mathematics, English'],
    ['one class', { ...gold, classes: 1 }, 'GOLD · 1 class · Adam Ahmed · Mathematics, English'],
    ['no subjects recorded', { ...gold, subjects: [] }, 'GOLD · 12 classes · Adam Ahmed'],
    ['no names recorded', { ...gold, student_names: [' '] }, 'GOLD · 12 classes · Mathematics, English'],
  ])('%s: %s', (_, line, text) => {
    expect(purchaseLineText(line)).toBe(text);
  });

  it.each<[string, Pick<ProformaInvoice, 'purchase' | 'description'>, string[]]>([
    ['an order of one line', { description: 'Credit Request', purchase: { order_ref: 'ord_12345678', payment_method: 'visa', lines: [gold] } }, ['GOLD · 12 classes · Adam Ahmed · Mathematics, English']],
    [
      'an order of two students studying individually: a line each',
      { description: 'Credit Request', purchase: { order_ref: 'ord_12345678', payment_method: 'paypal', lines: [gold, silver] } },
      ['GOLD · 12 classes · Adam Ahmed · Mathematics, English', 'SILVER · 6 classes · Lina Ahmed · Science'],
    ],
    ['an invoice raised without an order keeps its description', { description: 'Credit Request', purchase: null }, ['Credit Request']],
    ['an answer without the field (an older server)', { description: 'Extra class' }, ['Extra class']],
    ['no description either', { description: '  ', purchase: null }, ['Invoice']],
  ])('%s', (_, invoice, lines) => {
    expect(invoiceLines(invoice).map(invoiceLineText)).toEqual(lines);
  });

  it('a line is its package and classes over its students and subjects', () => {
    expect(invoiceLines({ description: 'Credit Request', purchase: { order_ref: 'ord_12345678', payment_method: null, lines: [gold] } })).toEqual([
      { title: 'GOLD · 12 classes', detail: 'Adam Ahmed · Mathematics, English' },
    ]);
  });

  it('the row is named by the order and says the method chosen at checkout', () => {
    const [row] = invoiceRows([invoice(1, '2026-11-12T06:00:00Z', { description: 'Credit Request', purchase: { order_ref: 'ord_12345678', payment_method: 'mastercard', lines: [gold, silver] } })], {
      clientId: 7,
      timeZone: 'Asia/Dubai',
      currency: 'AED',
    });
    expect(row?.description).toBe('GOLD · 12 classes · Adam Ahmed · Mathematics, English + SILVER · 6 classes · Lina Ahmed · Science');
    expect(row?.method).toBe('Mastercard');
  });
});

describe('Pay: only an unpaid invoice’s web address is ever opened', () => {
  it.each([
    ['https://pay.example/sandbox/pay/ord_12345678', 'https://pay.example/sandbox/pay/ord_12345678'],
    ['http://127.0.0.1:3000/sandbox/pay/ord_12345678', 'http://127.0.0.1:3000/sandbox/pay/ord_12345678'],
    [null, null],
    [undefined, null],
    ['', null],
    ['javascript:alert(1)', null],
    ['/sandbox/pay/ord_1', null],
    ['not a url', null],
  ])('%j → %j', (link, opened) => {
    expect(payLinkOf(link)).toBe(opened);
  });

  it('the row carries it', () => {
    const rows = invoiceRows(
      [invoice(1, '2026-11-12T06:00:00Z', { status: 'unpaid', payment_link: 'https://pay.example/p/1' }), invoice(2, '2026-11-13T06:00:00Z', { payment_link: null })],
      { clientId: 7, timeZone: 'Asia/Dubai', currency: 'AED' },
    );
    expect(rows.map((row) => row.payLink)).toEqual([null, 'https://pay.example/p/1']);
  });
});
