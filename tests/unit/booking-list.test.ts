import { describe, expect, it } from 'vitest';
import {
  type Appointment,
  actionOf,
  bookingPage,
  bookingsOfTab,
  branchDateTime,
  groupedByPackage,
  packageGroupOf,
  packageGroups,
  pageOf,
  pageText,
  peopleOf,
  rescheduleDataOf,
  reschedulePage,
  statusToneOf,
  tabOf,
} from '../../machines/rules/booking-list.ts';

// Also run under TZ=America/Los_Angeles (vitest project node-west): every day and hour is the branch's.
const dubai = 'Asia/Dubai';

const lesson = (id: number, start: string, more: Partial<Appointment> = {}): Appointment => ({
  id,
  start,
  finish: new Date(Date.parse(start) + 3_600_000).toISOString(),
  topic: 'Mathematics',
  status: 'planned',
  service: { id: 1, name: 'Mathematics - Adam Ahmed' },
  db: { pkg_id: 3 },
  ...more,
});

describe('tabOf', () => {
  it.each([
    ['planned', 'current'],
    ['pending', 'current'],
    ['completed', 'past'],
    ['cancelled', 'past'],
  ] as const)('%s is %s', (status, tab) => {
    expect(tabOf(status)).toBe(tab);
  });
});

describe('packageGroupOf', () => {
  it.each([
    [2, 'SILVER'],
    [3, 'GOLD'],
    [4, 'PLATINUM'],
    [1, 'Unknown Package'],
    [99, 'Unknown Package'],
    [null, 'Unknown Package'],
  ] as const)('pkg_id %s is %s', (pkgId, name) => {
    expect(packageGroupOf(pkgId)).toBe(name);
  });
});

describe('branchDateTime', () => {
  it.each([
    // 12:00 UTC is 16:00 in Dubai.
    ['2026-12-03T12:00:00Z', '2026-12-03', '3 Dec 2026', '16:00'],
    // Late evening UTC is already the next day in Dubai.
    ['2026-12-03T21:30:00Z', '2026-12-04', '4 Dec 2026', '01:30'],
    // An offset in the answer is read as the instant it names.
    ['2026-12-31T23:00:00+04:00', '2026-12-31', '31 Dec 2026', '23:00'],
    ['2027-01-01T00:05:00+04:00', '2027-01-01', '1 Jan 2027', '00:05'],
  ])('%s is %s %s at %s', (start, day, date, time) => {
    expect(branchDateTime(start, dubai)).toEqual({ day, date, time });
  });

  it('follows the zone given, not the machine', () => {
    expect(branchDateTime('2026-12-03T12:00:00Z', 'America/New_York')).toEqual({ day: '2026-12-03', date: '3 Dec 2026', time: '07:00' });
  });
});

describe('statusToneOf', () => {
  it.each([
    ['pending', 'pending'],
    ['PENDING', 'pending'],
    ['planned', 'settled'],
    ['completed', 'settled'],
    ['cancelled', 'settled'],
  ] as const)('%s is %s', (status, tone) => {
    expect(statusToneOf(status)).toBe(tone);
  });
});

describe('actionOf', () => {
  const now = Date.parse('2026-12-03T12:00:00Z');
  it.each([
    ['planned', '2026-12-03T12:00:01Z', 'Join Now'],
    ['planned', '2026-12-03T12:00:00Z', 'Reschedule'],
    ['planned', '2026-12-01T12:00:00Z', 'Reschedule'],
    ['pending', '2026-12-10T12:00:00Z', 'Completed'],
    ['completed', '2026-12-01T12:00:00Z', 'Completed'],
    ['cancelled', '2026-12-10T12:00:00Z', 'Completed'],
  ] as const)('%s starting %s is %s', (status, start, action) => {
    expect(actionOf(status, start, now)).toBe(action);
  });
});

describe('pageOf', () => {
  const items = Array.from({ length: 45 }, (_, i) => i);
  it.each([
    [1, 20, 0, 20, 1, 3],
    [2, 20, 20, 20, 2, 3],
    [3, 20, 40, 5, 3, 3],
    // Out of range is clamped.
    [4, 20, 40, 5, 3, 3],
    [0, 20, 0, 20, 1, 3],
    [Number.NaN, 20, 0, 20, 1, 3],
    [5, 10, 40, 5, 5, 5],
  ])('page %s of size %s starts at %s with %s items (page %s of %s)', (page, size, first, length, current, count) => {
    const shown = pageOf(items, page, size);
    expect(shown).toMatchObject({ first, page: current, pageCount: count });
    expect(shown.items).toHaveLength(length);
    expect(shown.items[0]).toBe(first);
  });

  it('an empty list is one empty page', () => {
    expect(pageOf([], 3, 20)).toEqual({ items: [], first: 0, page: 1, pageCount: 1 });
  });

  it('reads Page X of Y', () => {
    expect(pageText(2, 15)).toBe('Page 2 of 15');
  });
});

describe('grouping by package', () => {
  const appointments = [
    lesson(1, '2026-12-05T12:00:00Z', { db: { pkg_id: 3 } }),
    lesson(2, '2026-12-01T12:00:00Z', { db: { pkg_id: 2 } }),
    lesson(3, '2026-12-03T12:00:00Z', { db: { pkg_id: 3 } }),
    lesson(4, '2026-12-02T12:00:00Z', { db: { pkg_id: null } }),
    lesson(5, '2026-12-04T12:00:00Z', { db: { pkg_id: 7 } }),
    lesson(6, '2026-12-02T12:00:00Z', { db: { pkg_id: 2 } }),
  ];

  it('puts each package together, groups in the order of their first lesson, lessons by start', () => {
    expect(groupedByPackage(appointments).map((a) => a.id)).toEqual([2, 6, 4, 5, 3, 1]);
  });

  it('latest first, for the past', () => {
    expect(groupedByPackage(appointments, 'latest').map((a) => a.id)).toEqual([1, 3, 5, 4, 6, 2]);
  });

  it('runs of one package under one heading', () => {
    const items = ['GOLD', 'GOLD', 'SILVER', 'GOLD'].map((packageName, id) => ({ id, packageName }));
    expect(packageGroups(items).map((g) => [g.packageName, g.items.map((i) => i.id)])).toEqual([
      ['GOLD', [0, 1]],
      ['SILVER', [2]],
      ['GOLD', [3]],
    ]);
  });
});

describe('bookingsOfTab', () => {
  const appointments = [
    lesson(1, '2026-11-01T12:00:00Z', { status: 'completed' }),
    lesson(2, '2026-12-10T12:00:00Z'),
    lesson(3, '2026-11-08T12:00:00Z', { status: 'cancelled' }),
    lesson(4, '2026-12-11T12:00:00Z', { status: 'pending' }),
    lesson(5, '2026-12-09T12:00:00Z'),
  ];
  it.each([
    ['current', [5, 2, 4]],
    ['past', [3, 1]],
  ] as const)('%s holds %j', (tab, ids) => {
    expect(bookingsOfTab(appointments, tab).map((a) => a.id)).toEqual(ids);
  });
});

describe('bookingPage', () => {
  const now = Date.parse('2026-12-01T00:00:00Z');
  const many = Array.from({ length: 45 }, (_, i) =>
    lesson(i + 1, new Date(Date.parse('2026-12-02T12:00:00Z') + i * 86_400_000).toISOString(), {
      service: { id: (i % 3) + 1, name: `Service ${(i % 3) + 1}` },
      db: { pkg_id: i < 25 ? 3 : 4 },
      status: i === 21 ? 'pending' : 'planned',
    }),
  );

  it('numbers the cards through the whole list, formats in the branch zone and names the page’s services once each', () => {
    const second = bookingPage(many, { page: 2, size: 20, timeZone: dubai, now });
    expect(second).toMatchObject({ page: 2, pageCount: 3, serviceIds: [3, 1, 2] });
    expect(second.groups.map((g) => [g.packageName, g.items.length])).toEqual([
      ['GOLD', 5],
      ['PLATINUM', 15],
    ]);
    const [first] = second.groups[0]?.items ?? [];
    expect(first).toEqual({
      id: 21,
      serial: 21,
      subject: 'Mathematics',
      serviceId: 3,
      pkgId: 3,
      packageName: 'GOLD',
      date: '22 Dec 2026',
      time: '16:00',
      status: 'planned',
      tone: 'settled',
      action: 'Join Now',
    });
    expect(second.groups[0]?.items[1]).toMatchObject({ serial: 22, status: 'pending', tone: 'pending', action: 'Completed' });
  });

  it('the last page holds the rest', () => {
    const last = bookingPage(many, { page: 3, size: 20, timeZone: dubai, now });
    expect(last.groups.flatMap((g) => g.items.map((c) => c.serial))).toEqual([41, 42, 43, 44, 45]);
  });

  it('an empty tab is page 1 of 1 with nothing to look up', () => {
    expect(bookingPage([], { page: 1, size: 20, timeZone: dubai, now })).toEqual({ groups: [], page: 1, pageCount: 1, serviceIds: [] });
  });
});

describe('peopleOf', () => {
  const conjob = (name: string, contractor = 1) => ({ name, contractor });
  const rcr = (recipient_name: string, recipient = 1) => ({ recipient_name, recipient });
  it.each([
    ['one of each', { conjobs: [conjob('Amira Haddad')], rcrs: [rcr('Adam Ahmed')] }, 'Adam Ahmed', 'Amira Haddad'],
    ['several', { conjobs: [conjob('Amira Haddad'), conjob('James Whitfield', 2)], rcrs: [rcr('Adam Ahmed'), rcr('Lina Ahmed', 2)] }, 'Adam Ahmed, Lina Ahmed', 'Amira Haddad, James Whitfield'],
    ['none', { conjobs: [], rcrs: [] }, 'N/A', 'N/A'],
    ['blank names', { conjobs: [conjob(' ')], rcrs: [rcr('')] }, 'N/A', 'N/A'],
    ['a failed look-up', undefined, 'N/A', 'N/A'],
  ])('%s', (_, service, studentName, teacherName) => {
    expect(peopleOf(service)).toEqual({ studentName, teacherName });
  });
});

describe('reschedulePage', () => {
  // Today in Dubai is 3 Dec: the notice covers 3, 4 and 5 Dec.
  const today = '2026-12-03';
  const appointments = [
    lesson(1, '2026-12-05T19:59:00Z'), // 23:59 on 5 Dec in Dubai: inside
    lesson(2, '2026-12-05T20:00:00Z'), // 00:00 on 6 Dec in Dubai: beyond
    lesson(3, '2026-12-10T12:00:00Z', { status: 'pending' }),
    lesson(4, '2026-11-10T12:00:00Z', { status: 'completed' }),
    lesson(5, '2026-12-04T12:00:00Z'),
  ];

  it.each([
    [1, false, true],
    [2, true, false],
    [3, false, false],
    [5, false, true],
  ])('lesson %s: reschedulable %s, inside the notice %s', (id, reschedulable, insideNotice) => {
    const item = reschedulePage(appointments, { page: 1, size: 10, timeZone: dubai, today }).groups.flatMap((g) => g.items).find((i) => i.id === id);
    expect(item).toMatchObject({ reschedulable, insideNotice });
  });

  it('leaves out the completed and cancelled lessons, which can never move', () => {
    const listed = reschedulePage([...appointments, lesson(6, '2026-12-20T12:00:00Z', { status: 'cancelled' })], { page: 1, size: 10, timeZone: dubai, today });
    expect(listed.groups.flatMap((g) => g.items.map((i) => i.id))).toEqual([5, 1, 2, 3]);
  });

  it('lists the lessons to come earliest first with their service, topic and branch-zone time, 10 a page', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => lesson(i + 1, new Date(Date.parse('2026-12-10T12:00:00Z') + i * 86_400_000).toISOString()));
    const second = reschedulePage(twelve, { page: 2, size: 10, timeZone: dubai, today });
    expect(second).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.groups).toEqual([
      {
        packageName: 'GOLD',
        items: [
          { id: 11, serviceId: 1, serviceName: 'Mathematics - Adam Ahmed', topic: 'Mathematics', packageName: 'GOLD', date: '20 Dec 2026', time: '16:00', status: 'planned', reschedulable: true, insideNotice: false },
          { id: 12, serviceId: 1, serviceName: 'Mathematics - Adam Ahmed', topic: 'Mathematics', packageName: 'GOLD', date: '21 Dec 2026', time: '16:00', status: 'planned', reschedulable: true, insideNotice: false },
        ],
      },
    ]);
  });
});

describe('rescheduleDataOf', () => {
  const appointment = lesson(41, '2026-12-10T12:00:00Z', { topic: 'Physics', service: { id: 9, name: 'Physics - Lina Ahmed' } });
  it('takes the first tutor of the service, and no avatar address', () => {
    expect(rescheduleDataOf(appointment, { conjobs: [{ name: 'Amira Haddad', contractor: 5 }, { name: 'James Whitfield', contractor: 6 }] })).toEqual({
      appointmentId: 41,
      serviceId: 9,
      topic: 'Physics',
      contractorName: 'Amira Haddad',
      contractorNameid: 5,
      avatarUrl: '',
    });
  });
  it('is null without a tutor', () => {
    expect(rescheduleDataOf(appointment, { conjobs: [] })).toBeNull();
  });
});
