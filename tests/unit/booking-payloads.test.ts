import { describe, expect, it } from 'vitest';
import { type LessonTerms, branchTimestamp, lessonPayload } from '../../machines/rules/booking-payloads.ts';
import { sampleSlot } from '../support/draft-fixtures.ts';

const dubai = { clientid: 7, branch_id: 1, timeZone: 'Asia/Dubai' };

describe('times are posted with the branch zone’s offset, whatever the browser’s zone', () => {
  it.each([
    ['2026-12-06', '16:00', 'Asia/Dubai', 0, '2026-12-06T16:00:00+04:00'],
    ['2026-12-06', '16:00', 'Asia/Dubai', 1, '2026-12-06T17:00:00+04:00'],
    ['2026-12-06', '23:00', 'Asia/Dubai', 1, '2026-12-07T00:00:00+04:00'],
    ['2026-12-06', '16:00', 'America/New_York', 0, '2026-12-06T16:00:00-05:00'],
    ['2026-07-06', '16:00', 'America/New_York', 1, '2026-07-06T17:00:00-04:00'],
    ['2026-03-08', '01:00', 'America/New_York', 1, '2026-03-08T03:00:00-04:00'],
    ['2026-12-06', '09:00', 'Asia/Kolkata', 0, '2026-12-06T09:00:00+05:30'],
  ])('%s %s in %s, %d hour(s) on: %s', (date, time, zone, later, expected) => {
    const posted = branchTimestamp(date, time, zone, later);
    expect(posted).toBe(expected);
    // The same instant as the wall-clock time there.
    expect(new Date(posted).getTime()).toBe(new Date(expected).getTime());
  });
});

describe('one lesson of POST /appointments/', () => {
  const terms: LessonTerms = { pkgId: 3, charge: '100.00', pay: () => '100.00', basis: { client_package_id: 9 } };

  it.each([
    ['Asia/Dubai', ['2026-12-06T16:00:00+04:00', '2026-12-06T17:00:00+04:00']],
    ['America/Los_Angeles', ['2026-12-06T16:00:00-08:00', '2026-12-06T17:00:00-08:00']],
    ['Europe/London', ['2026-12-06T16:00:00+00:00', '2026-12-06T17:00:00+00:00']],
  ])('in %s: planned, one hour from the branch hour, on its service, charged and paid by its terms, on its basis', (timeZone, [start, finish]) => {
    expect(lessonPayload(sampleSlot, { subject: 'Mathematics', studentIds: [11, 12] }, 31, terms, { ...dubai, timeZone }, '2027-01-07')).toEqual({
      client_id: 7,
      branch_id: 1,
      pkg_id: 3,
      start_date: '2026-12-06',
      expiry_date: '2027-01-07',
      start,
      finish,
      topic: 'Mathematics',
      status: 'planned',
      service: 31,
      rcras: [
        { recipient: 11, charge_rate: '100.00' },
        { recipient: 12, charge_rate: '100.00' },
      ],
      cjas: [{ contractor: 1, pay_rate: '100.00' }],
      pricestatus: true,
      client_package_id: 9,
    });
  });

  it('the free basis and no expiry pass through as given', () => {
    const free = lessonPayload(sampleSlot, { subject: 'Mathematics', studentIds: [11] }, 31, { pkgId: null, charge: '00.00', pay: () => '0.00', basis: { free_assessment: true } }, dubai, null);
    expect(free).toMatchObject({ pkg_id: null, expiry_date: null, free_assessment: true, rcras: [{ recipient: 11, charge_rate: '00.00' }] });
    expect(free).not.toHaveProperty('order_ref');
  });
});
