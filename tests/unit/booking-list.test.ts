import { describe, expect, it } from 'vitest';
import {
  type Appointment,
  type AppointmentStatus,
  actionOf,
  bookingPage,
  bookingsOfTab,
  lessonWhen,
  canRate,
  groupSince,
  groupTitles,
  groupedByPackage,
  packageGroupOf,
  packageGroups,
  pageOf,
  pageText,
  peopleOf,
  rescheduleDataOf,
  reschedulePage,
  scheduledCountOf,
  statusToneOf,
  studentNamesOf,
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
  client_package_id: 30,
  rating: null,
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
    // The client package, not the package name: two students' SILVER packages are two groups.
    [2, 51, 'client-package-51', 'SILVER'],
    [2, 52, 'client-package-52', 'SILVER'],
    [3, 51, 'client-package-51', 'GOLD'],
    [4, 7, 'client-package-7', 'PLATINUM'],
    [99, 8, 'client-package-8', 'Unknown Package'],
    // Without a client package id, by package name as before.
    [2, null, 'package-SILVER', 'SILVER'],
    [3, undefined, 'package-GOLD', 'GOLD'],
    [1, null, 'package-Unknown Package', 'Unknown Package'],
    // A free assessment (no package) is its own group.
    [null, null, 'free', 'Free Assessment'],
    [null, 9, 'free', 'Free Assessment'],
  ] as const)('pkg_id %s, client package %s: %s, %s', (pkgId, clientPackageId, key, packageName) => {
    expect(packageGroupOf({ db: { pkg_id: pkgId }, client_package_id: clientPackageId })).toEqual({ key, packageName });
  });
});

describe('lessonWhen', () => {
  it.each([
    // 12:00 UTC is 16:00 in Dubai.
    ['2026-12-03T12:00:00Z', 'Thu 3 Dec 2026 · 16:00'],
    // Late evening UTC is already the next day in Dubai, weekday included.
    ['2026-12-03T21:30:00Z', 'Fri 4 Dec 2026 · 01:30'],
    // An offset in the answer is read as the instant it names.
    ['2026-12-31T23:00:00+04:00', 'Thu 31 Dec 2026 · 23:00'],
    ['2027-01-01T00:05:00+04:00', 'Fri 1 Jan 2027 · 00:05'],
  ])('%s is %s in Dubai, and nothing more for a reader in Dubai', (start, when) => {
    expect(lessonWhen(start, { timeZone: dubai, viewerTimeZone: dubai })).toEqual({ when, yourTime: null });
  });

  it('follows the zones given, not the machine', () => {
    expect(lessonWhen('2026-12-03T02:00:00Z', { timeZone: 'America/New_York', viewerTimeZone: dubai })).toEqual({ when: 'Wed 2 Dec 2026 · 21:00', yourTime: 'Thu 3 Dec · 6:00 am your time' });
  });
});

describe('statusToneOf', () => {
  it.each([
    ['pending', 'pending'],
    ['PENDING', 'pending'],
    ['planned', 'planned'],
    ['completed', 'completed'],
    // Cancelled is drawn apart from completed.
    ['cancelled', 'cancelled'],
    ['Cancelled', 'cancelled'],
    ['something else', 'planned'],
  ] as const)('%s is %s', (status, tone) => {
    expect(statusToneOf(status)).toBe(tone);
  });
});

describe('canRate', () => {
  it.each([
    ['completed', null, true],
    ['completed', undefined, true],
    ['completed', 4, false],
    ['cancelled', null, false],
    ['planned', null, false],
    ['pending', null, false],
  ] as const)('%s rated %s: %s', (status, rating, rateable) => {
    expect(canRate({ status, rating })).toBe(rateable);
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

describe('grouping by client package', () => {
  const appointments = [
    lesson(1, '2026-12-05T12:00:00Z', { db: { pkg_id: 3 }, client_package_id: 30 }),
    lesson(2, '2026-12-01T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 20 }),
    lesson(3, '2026-12-03T12:00:00Z', { db: { pkg_id: 3 }, client_package_id: 30 }),
    lesson(4, '2026-12-02T12:00:00Z', { db: { pkg_id: null }, client_package_id: null }),
    lesson(5, '2026-12-04T12:00:00Z', { db: { pkg_id: 7 }, client_package_id: 70 }),
    lesson(6, '2026-12-02T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 20 }),
  ];

  it('puts each client package together, groups in the order of their first lesson, lessons by start', () => {
    // The free assessment (4) and the unknown package (5) are groups of their own.
    expect(groupedByPackage(appointments).map((a) => a.id)).toEqual([2, 6, 4, 3, 1, 5]);
  });

  it('latest first, for the past', () => {
    expect(groupedByPackage(appointments, 'latest').map((a) => a.id)).toEqual([1, 3, 5, 6, 2, 4]);
  });

  it("two students' SILVER packages are two groups; lessons without a client package id go by package name", () => {
    const silver = [
      lesson(1, '2026-12-01T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 51 }),
      lesson(2, '2026-12-02T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 52 }),
      lesson(3, '2026-12-03T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 51 }),
      lesson(4, '2026-12-04T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: null }),
      lesson(5, '2026-12-05T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 52 }),
      lesson(6, '2026-12-06T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: null }),
    ];
    expect(groupedByPackage(silver).map((a) => a.id)).toEqual([1, 3, 2, 5, 4, 6]);
  });

  it('runs of one group under one heading, with the day of its earliest lesson', () => {
    const items = ['a', 'a', 'b', 'a'].map((groupKey, id) => ({ id, groupKey, packageName: 'GOLD' }));
    const since = new Map([
      ['a', 'Tue 1 Dec 2026'],
      ['b', 'Wed 2 Dec 2026'],
    ]);
    expect(packageGroups(items, since).map((g) => [g.key, g.since, g.items.map((i) => i.id)])).toEqual([
      ['a', 'Tue 1 Dec 2026', [0, 1]],
      ['b', 'Wed 2 Dec 2026', [2]],
      ['a', 'Tue 1 Dec 2026', [3]],
    ]);
  });

  it('groupSince is the branch day of each group’s earliest lesson, whatever the order', () => {
    expect(Object.fromEntries(groupSince(appointments, dubai))).toEqual({
      'client-package-30': 'Thu 3 Dec 2026',
      'client-package-20': 'Tue 1 Dec 2026',
      free: 'Wed 2 Dec 2026',
      'client-package-70': 'Fri 4 Dec 2026',
    });
  });
});

describe('groupTitles', () => {
  const group = (key: string, packageName: string, serviceIds: number[], since = 'Sun 6 Dec 2026') => ({ key, packageName, since, items: serviceIds.map((serviceId) => ({ serviceId })) });
  const students: Record<number, string[]> = { 1: ['Adam Ahmed'], 2: ['Lina Ahmed'], 3: ['Adam Ahmed', 'Lina Ahmed'], 4: [] };
  const studentsOf = (serviceId: number) => students[serviceId];

  it.each([
    ['one student', [group('client-package-1', 'SILVER', [1, 1])], ['SILVER · Adam Ahmed']],
    ["two students' SILVER packages", [group('client-package-1', 'SILVER', [1]), group('client-package-2', 'SILVER', [2])], ['SILVER · Adam Ahmed', 'SILVER · Lina Ahmed']],
    ['a group lesson of two students', [group('client-package-1', 'GOLD', [3, 1])], ['GOLD · Adam Ahmed, Lina Ahmed']],
    ['students not known yet (or none)', [group('client-package-1', 'GOLD', [9]), group('package-PLATINUM', 'PLATINUM', [4])], ['GOLD', 'PLATINUM']],
    ['a free assessment', [group('free', 'Free Assessment', [1])], ['Free Assessment']],
    [
      'two packages of one student: their first days tell them apart',
      [group('client-package-1', 'SILVER', [1], 'Sun 6 Dec 2026'), group('client-package-2', 'SILVER', [1], 'Mon 4 Jan 2027'), group('client-package-3', 'GOLD', [1])],
      ['SILVER · Adam Ahmed · from Sun 6 Dec 2026', 'SILVER · Adam Ahmed · from Mon 4 Jan 2027', 'GOLD · Adam Ahmed'],
    ],
  ])('%s', (_, groups, titles) => {
    expect(groupTitles(groups, studentsOf)).toEqual(titles);
  });
});

describe('studentNamesOf', () => {
  it('lists the students by name, blanks left out', () => {
    expect(studentNamesOf({ rcrs: [{ recipient_name: ' Adam Ahmed ', recipient: 1 }, { recipient_name: '', recipient: 2 }, { recipient_name: 'Lina Ahmed', recipient: 3 }] })).toEqual(['Adam Ahmed', 'Lina Ahmed']);
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
      client_package_id: i < 25 ? 30 : 40,
      status: i === 21 ? 'pending' : 'planned',
    }),
  );

  it('numbers the cards through the whole list, formats in the branch zone and names the page’s services once each', () => {
    const second = bookingPage(many, { page: 2, size: 20, timeZone: dubai, viewerTimeZone: dubai, now });
    expect(second).toMatchObject({ page: 2, pageCount: 3, serviceIds: [3, 1, 2] });
    // GOLD began on page 1 (2 Dec); PLATINUM begins here.
    expect(second.groups.map((g) => [g.key, g.packageName, g.since, g.items.length])).toEqual([
      ['client-package-30', 'GOLD', 'Wed 2 Dec 2026', 5],
      ['client-package-40', 'PLATINUM', 'Sun 27 Dec 2026', 15],
    ]);
    const [first] = second.groups[0]?.items ?? [];
    expect(first).toEqual({
      id: 21,
      start: '2026-12-22T12:00:00.000Z',
      finish: '2026-12-22T13:00:00.000Z',
      serial: 21,
      subject: 'Mathematics',
      serviceId: 3,
      pkgId: 3,
      groupKey: 'client-package-30',
      packageName: 'GOLD',
      when: 'Tue 22 Dec 2026 · 16:00',
      yourTime: null,
      status: 'planned',
      tone: 'planned',
      action: 'Join Now',
      rating: null,
      rateable: false,
    });
    expect(second.groups[0]?.items[1]).toMatchObject({ serial: 22, status: 'pending', tone: 'pending', action: 'Completed' });
  });

  it('the last page holds the rest', () => {
    const last = bookingPage(many, { page: 3, size: 20, timeZone: dubai, viewerTimeZone: dubai, now });
    expect(last.groups.flatMap((g) => g.items.map((c) => c.serial))).toEqual([41, 42, 43, 44, 45]);
  });

  it('a completed lesson not rated yet may be rated; a rated one shows its stars; a cancelled one neither', () => {
    const past = [
      lesson(1, '2026-11-01T12:00:00Z', { status: 'completed', rating: null }),
      lesson(2, '2026-11-02T12:00:00Z', { status: 'completed', rating: 4 }),
      lesson(3, '2026-11-03T12:00:00Z', { status: 'cancelled' }),
    ];
    const cards = bookingPage(bookingsOfTab(past, 'past'), { page: 1, size: 20, timeZone: dubai, viewerTimeZone: dubai, now }).groups.flatMap((g) => g.items);
    expect(cards.map(({ id, tone, rating, rateable }) => ({ id, tone, rating, rateable }))).toEqual([
      { id: 3, tone: 'cancelled', rating: null, rateable: false },
      { id: 2, tone: 'completed', rating: 4, rateable: false },
      { id: 1, tone: 'completed', rating: null, rateable: true },
    ]);
  });

  it('an empty tab is page 1 of 1 with nothing to look up', () => {
    expect(bookingPage([], { page: 1, size: 20, timeZone: dubai, viewerTimeZone: dubai, now })).toEqual({ groups: [], page: 1, pageCount: 1, timesIn: 'Times in Dubai time', serviceIds: [] });
  });

  it('says the zone of its times, and gives a reader elsewhere their own clock beside each', () => {
    // 16:00 in Dubai on Tue 22 Dec is 12:00 UTC: noon in London, 07:00 in New York, 23:00 in Sydney.
    const card = (viewerTimeZone: string) => bookingPage(many, { page: 2, size: 20, timeZone: dubai, viewerTimeZone, now }).groups[0]?.items[0];
    expect(bookingPage(many, { page: 2, size: 20, timeZone: dubai, viewerTimeZone: 'Europe/London', now }).timesIn).toBe('Times in Dubai time');
    expect(card('Europe/London')).toMatchObject({ when: 'Tue 22 Dec 2026 · 16:00', yourTime: '12:00 pm your time' });
    expect(card('America/New_York')).toMatchObject({ when: 'Tue 22 Dec 2026 · 16:00', yourTime: '7:00 am your time' });
    expect(card('Australia/Sydney')).toMatchObject({ when: 'Tue 22 Dec 2026 · 16:00', yourTime: '11:00 pm your time' });
    // Muscat keeps Dubai's clock: nothing more to say.
    expect(card('Asia/Muscat')).toMatchObject({ yourTime: null });
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
    const item = reschedulePage(appointments, { page: 1, size: 10, timeZone: dubai, viewerTimeZone: dubai, today }).groups.flatMap((g) => g.items).find((i) => i.id === id);
    expect(item).toMatchObject({ reschedulable, insideNotice });
  });

  it('leaves out the completed and cancelled lessons, which can never move', () => {
    const listed = reschedulePage([...appointments, lesson(6, '2026-12-20T12:00:00Z', { status: 'cancelled' })], { page: 1, size: 10, timeZone: dubai, viewerTimeZone: dubai, today });
    expect(listed.serviceIds).toEqual([1]);
    expect(listed.groups.flatMap((g) => g.items.map((i) => i.id))).toEqual([5, 1, 2, 3]);
  });

  it('lists the lessons to come earliest first with their service, topic and branch-zone time, 10 a page', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => lesson(i + 1, new Date(Date.parse('2026-12-10T12:00:00Z') + i * 86_400_000).toISOString()));
    const second = reschedulePage(twelve, { page: 2, size: 10, timeZone: dubai, viewerTimeZone: dubai, today });
    expect(second).toMatchObject({ page: 2, pageCount: 2, timesIn: 'Times in Dubai time', serviceIds: [1] });
    const item = (id: number, date: string) => ({
      id,
      serviceId: 1,
      serviceName: 'Mathematics - Adam Ahmed',
      topic: 'Mathematics',
      groupKey: 'client-package-30',
      packageName: 'GOLD',
      when: `${date} · 16:00`,
      yourTime: null,
      status: 'planned',
      reschedulable: true,
      insideNotice: false,
    });
    expect(second.groups).toEqual([{ key: 'client-package-30', packageName: 'GOLD', since: 'Thu 10 Dec 2026', items: [item(11, 'Sun 20 Dec 2026'), item(12, 'Mon 21 Dec 2026')] }]);
  });

  it('gives a reader in another zone their own clock, their day first when it differs', () => {
    // 00:00 on Sun 6 Dec in Dubai is 20:00 UTC on Sat 5 Dec.
    const items = (viewerTimeZone: string) => reschedulePage(appointments, { page: 1, size: 10, timeZone: dubai, viewerTimeZone, today }).groups.flatMap((g) => g.items);
    expect(items('Europe/London').find((i) => i.id === 2)).toMatchObject({ when: 'Sun 6 Dec 2026 · 00:00', yourTime: 'Sat 5 Dec · 8:00 pm your time' });
    expect(items(dubai).every((i) => i.yourTime === null)).toBe(true);
  });

  it("groups by client package: two students' lessons of one package name are two groups", () => {
    const two = [
      lesson(1, '2026-12-10T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 51 }),
      lesson(2, '2026-12-11T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 52 }),
      lesson(3, '2026-12-12T12:00:00Z', { db: { pkg_id: 2 }, client_package_id: 51 }),
    ];
    const listed = reschedulePage(two, { page: 1, size: 10, timeZone: dubai, viewerTimeZone: dubai, today });
    expect(listed.groups.map((g) => [g.key, g.packageName, g.items.map((i) => i.id)])).toEqual([
      ['client-package-51', 'SILVER', [1, 3]],
      ['client-package-52', 'SILVER', [2]],
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

describe('scheduledCountOf: the dashboard count (every lesson of the list) split by Manage Booking tab', () => {
  const of = (...statuses: AppointmentStatus[]) => scheduledCountOf(statuses.map((status) => ({ status })));
  it.each([
    { statuses: [], count: { all: 0, current: 0, past: 0 } },
    { statuses: ['planned', 'planned'], count: { all: 2, current: 2, past: 0 } },
    { statuses: ['planned', 'completed', 'cancelled'], count: { all: 3, current: 1, past: 2 } },
    { statuses: ['completed'], count: { all: 1, current: 0, past: 1 } },
    { statuses: ['pending', 'cancelled'], count: { all: 2, current: 1, past: 1 } },
  ] satisfies { statuses: AppointmentStatus[]; count: ReturnType<typeof scheduledCountOf> }[])('$statuses → $count', ({ statuses, count }) => {
    expect(of(...statuses)).toEqual(count);
  });
});
