import { describe, expect, it } from 'vitest';
import { isBooked, isClosedUnpaid, isNoPayment, orderChecklist, toPlaceText } from '../../machines/rules/order-progress.ts';
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
