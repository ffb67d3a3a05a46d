import { describe, expect, it } from 'vitest';
import { isBooked, isClosedUnpaid, isNoPayment, orderChecklist, orderUnavailableOf, paymentMethodLabel, receiptOf, toPlaceText } from '../../machines/rules/order-progress.ts';
import { orderStages } from '../support/order-fixtures.ts';

const orders = orderStages('ord_12345678');

describe('what GET /orders/{ref} says an order has done', () => {
  it.each([
    ['created (not paid, or the notification is late)', orders.created, false, false],
    ['paid with no invoice yet', orders.paidNotBooked, false, false],
    ['booked by the notification', orders.booked, true, false],
    ['booked, one hour lost', orders.partlyLost, true, false],
    ['confirmed', orders.confirmed, true, false],
    ['failed', orders.failed, false, true],
    ['cancelled', orders.cancelled, false, true],
  ])('%s: booked %s, closed unpaid %s', (_, order, booked, closed) => {
    expect(isBooked(order)).toBe(booked);
    expect(isClosedUnpaid(order)).toBe(closed);
  });

  it.each([
    ['a 409', { status: 409, message: 'No payment' }, true],
    ['another refusal', { status: 502 }, false],
    ['a network failure', new Error('offline'), false],
    ['nothing', null, false],
  ])('the fulfilment’s answer %s means no payment: %s', (_, error, noPayment) => {
    expect(isNoPayment(error)).toBe(noPayment);
  });
});

describe('the checklist the success page shows', () => {
  const done = (order: Parameters<typeof orderChecklist>[0]) => orderChecklist(order).map((check) => `${check.label}: ${check.done ? 'done' : 'not yet'}`);

  it.each([
    ['created', orders.created, ['Payment received: not yet', 'Lessons booked: not yet', 'Invoice settled: not yet']],
    ['paid, not booked', orders.paidNotBooked, ['Payment received: done', 'Lessons booked: not yet', 'Invoice settled: not yet']],
    ['booked', orders.booked, ['Payment received: done', 'Lessons booked: done', 'Invoice settled: done']],
    ['booked, one hour lost', orders.partlyLost, ['Payment received: done', 'Lessons booked: done', 'Invoice settled: done']],
    ['confirmed', orders.confirmed, ['Payment received: done', 'Lessons booked: done', 'Invoice settled: done']],
  ])('%s', (_, order, checks) => {
    expect(done(order)).toEqual(checks);
  });

  it.each([
    [0, null],
    [1, '1 paid class could not be booked at the chosen time and waits to be placed; our team will be in touch.'],
    [3, '3 paid classes could not be booked at the chosen time and wait to be placed; our team will be in touch.'],
  ])('%d classes to place: %s', (toPlace, text) => {
    expect(toPlaceText({ to_place: toPlace })).toBe(text);
  });
});

describe('the payment method as /checkout names it', () => {
  it.each([
    ['paypal', 'PayPal'],
    ['visa', 'VISA'],
    ['mastercard', 'Mastercard'],
    [null, null],
    [undefined, null],
  ] as const)('%j → %j', (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });
});

describe('why an order cannot be shown', () => {
  it.each([
    ['another client’s order (403)', { status: 403 }, 'notYours'],
    ['no such order (404)', { status: 404 }, 'notFound'],
    ['not a ref at all (400)', { status: 400 }, 'notFound'],
    ['a server failure: Retry may cure it', { status: 502 }, null],
    ['a network failure', new Error('offline'), null],
    ['nothing', null, null],
  ])('%s → %s', (_, error, why) => {
    expect(orderUnavailableOf(error)).toBe(why);
  });
});

describe('the receipt of a paid order', () => {
  const zone = { timeZone: 'Asia/Dubai', currency: 'AED' };

  it('the amount, the method, the day paid, the ref, and each booked lesson by week in the branch’s hours', () => {
    const receipt = receiptOf({ ...orders.confirmed, paid_at: '2026-11-22T21:00:00Z' }, zone);
    expect(receipt).toMatchObject({ ref: 'ord_12345678', amount: 'AED 684', method: 'VISA', paidOn: 'Mon 23 Nov 2026', timesIn: 'Times in Dubai time', toPlace: null });
    expect(receipt.weeks).toEqual([
      {
        label: '1st Week',
        lessons: [
          { key: '1', when: 'Sun 6 Dec 2026 · 16:00', subject: 'Mathematics', students: 'Adam Ahmed', tutor: 'Amira Haddad' },
          { key: '2', when: 'Mon 7 Dec 2026 · 09:00', subject: 'English', students: 'Adam Ahmed', tutor: 'Omar Khalil' },
        ],
      },
      { label: '2nd Week', lessons: [{ key: '3', when: 'Sun 13 Dec 2026 · 16:00', subject: 'Mathematics', students: 'Adam Ahmed', tutor: 'Amira Haddad' }] },
    ]);
  });

  it('another zone, another wall clock', () => {
    const receipt = receiptOf(orders.confirmed, { timeZone: 'Europe/London', currency: 'AED' });
    expect(receipt.timesIn).toBe('Times in London time');
    expect(receipt.weeks[0]?.lessons[0]).toMatchObject({ when: 'Sun 6 Dec 2026 · 12:00' });
  });

  it('a lost hour is not listed as booked: it is a class to place', () => {
    const receipt = receiptOf(orders.partlyLost, zone);
    expect(receipt.weeks.flatMap((week) => week.lessons.map((lesson) => lesson.key))).toEqual(['1', '3']);
    expect(receipt.toPlace).toBe('1 paid class could not be booked at the chosen time and waits to be placed; our team will be in touch.');
  });

  it('siblings together, no method, not confirmed by the provider yet', () => {
    const order = { ...orders.booked, payment_method: null, lessons: orders.booked.lessons.map((lesson) => ({ ...lesson, student_names: ['Adam Ahmed', 'Lina Ahmed'] })) };
    const receipt = receiptOf(order, { timeZone: 'Asia/Dubai', currency: 'USD' });
    expect(receipt).toMatchObject({ amount: 'USD 684', method: null, paidOn: null });
    expect(receipt.weeks[0]?.lessons[0]?.students).toBe('Adam Ahmed & Lina Ahmed');
  });
});
