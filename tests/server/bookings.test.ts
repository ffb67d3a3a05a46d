import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Basis, type Slot, clientPackageBody, consecutiveHours, perClass, sandbox, slotSource } from '../support/booking-fixtures.ts';
import { responseErrors } from '../support/contract.ts';
import { heldOrder, lessonOf, orderHolding } from '../support/hold-fixtures.ts';
import { type ApiAnswer, type Session, type TestServer, startTestServer, storedState } from '../support/test-server.ts';

// POST /bookings (docs/architecture.md, "Paid means booked"): the lessons booked without paying at checkout, with their
// services, in one transaction, at the spec's money for their basis (§3, §9): the one free assessment (charged
// 00.00, the tutor paid their price), a paid package's remaining classes (charge and pay rate 100.00), and the
// classes still to place on a paid order whose hours were lost (the line's charge per class, the tutor's
// rate). GET /orders-to-place lists the latter. Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const holdSeconds = 2;
let server: TestServer;

beforeAll(async () => {
  // Holds expire within the test, so that an order can lose an hour (the order basis).
  server = await startTestServer({ orderHoldSeconds: holdSeconds });
});
afterAll(() => server?.close());

const expire = () => new Promise((resolve) => setTimeout(resolve, holdSeconds * 1000 + 300));

interface BookingOptions {
  students?: number[];
  weekly?: Record<string, number>;
}

function bookingBody(session: Session, basis: Basis, slots: readonly Slot[], { students = session.studentIds.slice(0, 1), weekly }: BookingOptions = {}) {
  return { client_id: session.clientid, branch_id: 1, basis, lessons: slots.map((slot) => lessonOf(slot, students)), ...(weekly ? { weekly_lessons: weekly } : {}) };
}

const book = (session: Session, basis: Basis, slots: readonly Slot[], options: BookingOptions = {}): Promise<ApiAnswer> =>
  server.api('POST', '/bookings', { token: session.token, body: bookingBody(session, basis, slots, options) });

/** `count` free hours for one batch at different times: two tutors' same hour would be the student's overlap. */
async function apart(hours: ReturnType<typeof slotSource>, count: number): Promise<Slot[]> {
  const picked: Slot[] = [];
  while (picked.length < count) {
    const slot = await hours.next();
    if (picked.every((p) => p.finish <= slot.start || slot.finish <= p.start)) picked.push(slot);
  }
  return picked;
}

const toPlace = (session: Session) => server.api('GET', `/orders-to-place/${session.clientid}`, { token: session.token });

interface StoredLesson {
  start: string;
  status: string;
  topic: string;
  pkg_id: number | null;
  pricestatus: boolean;
  basis: string;
  order_id: number | null;
  client_package_id: number | null;
  expiry_date: string | null;
  recipients: { student: number; charge: string }[];
  tutors: { tutor: number; pay: string }[];
  service: { name: string; type: string; charge: string; contractor_rate: string; order_id: number | null; students: number[]; tutors: number[] };
}

/** A student's full name, as a service the portal makes names them ('Mathematics - Adam Ahmed'). */
async function fullName(studentId: number | undefined): Promise<string> {
  const [row] = await server.db.query<{ name: string }>(`select first_name || ' ' || last_name as name from students where id = $1`, [studentId]);
  return row?.name ?? '';
}

/** The lessons as stored, with their participants and service, money as the database's text. */
async function storedLessons(ids: readonly number[]): Promise<StoredLesson[]> {
  const rows = await server.db.query<StoredLesson & { start: Date }>(
    `select a.start, a.status, a.topic, a.pkg_id, a.pricestatus, a.basis, a.order_id, a.client_package_id, a.expiry_date::text as expiry_date,
            (select json_agg(json_build_object('student', ar.student_id, 'charge', ar.charge_rate::text) order by ar.student_id)
               from appointment_recipients ar where ar.appointment_id = a.id) as recipients,
            (select json_agg(json_build_object('tutor', ac.contractor_id, 'pay', ac.pay_rate::text))
               from appointment_contractors ac where ac.appointment_id = a.id) as tutors,
            json_build_object('name', s.name, 'type', s.dft_charge_type, 'charge', s.dft_charge_rate::text, 'contractor_rate', s.dft_contractor_rate::text, 'order_id', s.order_id,
                              'students', (select json_agg(sr.student_id order by sr.student_id) from service_recipients sr where sr.service_id = s.id),
                              'tutors', (select json_agg(sc.contractor_id order by sc.contractor_id) from service_contractors sc where sc.service_id = s.id)) as service
       from appointments a join services s on s.id = a.service_id
      where a.id = any($1::int[]) order by a.start`,
    [ids],
  );
  return rows.map((row) => ({ ...row, start: row.start.toISOString() }));
}

const idsOf = (answer: ApiAnswer): number[] => answer.body.data.map((a: { id: number }) => a.id);

async function tutorPrice(tutor: number): Promise<string> {
  const [row] = await server.db.query<{ price: string }>('select tutorprice::text as price from contractors where id = $1', [tutor]);
  return row?.price ?? '';
}

/** Spec §9: today (the branch's) plus the catalogue package's duration_days. */
async function expiryOf(pkgId: number): Promise<string> {
  const [row] = await server.db.query<{ day: string }>(
    `select to_char((now() at time zone (select time_zone from branches where id = 1))::date + duration_days, 'YYYY-MM-DD') as day from packages where id = $1`,
    [pkgId],
  );
  return row?.day ?? '';
}

async function packageClasses(id: number) {
  const [row] = await server.db.query<{ booked: number; remaining: number }>('select booked_classess as booked, remaining_classess as remaining from client_packages where id = $1', [id]);
  return row;
}

/** A client package bought by an order holding `slots` and paid: SILVER (6 classes) for the first student. */
async function boughtPackage(session: Session, slots: readonly Slot[]): Promise<{ packageId: number; ref: string; amount: number }> {
  const saved = await server.api('POST', '/client-packages/', { token: session.token, body: clientPackageBody(session.clientid) });
  if (saved.status !== 201) throw new Error(`createClientPackage: ${saved.status} ${JSON.stringify(saved.body)}`);
  const packageId: number = saved.body.data.id;
  const order = await heldOrder(server, session, slots, { clientPackageId: packageId });
  await sandbox(server, order.ref, 'pay');
  return { packageId, ...order };
}

/**
 * A paid SILVER order for the session's first student that booked `kept` and lost `lost`: its hold expired
 * before the payment, and another client held the lost hour meanwhile.
 */
async function orderWithLostHour(session: Session, kept: Slot, lost: Slot, clientPackageId?: number): Promise<{ ref: string; amount: number }> {
  const order = await heldOrder(server, session, [kept, lost], clientPackageId ? { clientPackageId } : {});
  await expire();
  const other = await server.newClient(1);
  const taken = await orderHolding(server, other, [lost]);
  if (taken.status !== 201) throw new Error(`the other client's hold: ${taken.status} ${JSON.stringify(taken.body)}`);
  await sandbox(server, order.ref, 'pay');
  return order;
}

describe('the free assessment', () => {
  it('books one lesson for one student, charged 0.00, the tutor paid their price, no package, price status false, no expiry', async () => {
    const client = await server.newClient(2);
    const slot = await slotSource(server, client).next();
    const answer = await book(client, { free_assessment: true }, [slot]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(responseErrors('bookLessons', 201, answer.body)).toEqual([]);
    expect(answer.body).toEqual({
      success: true,
      data: [expect.objectContaining({ start: slot.start.toISOString(), finish: slot.finish.toISOString(), topic: 'Mathematics', status: 'planned', db: { pkg_id: null } })],
    });
    const price = await tutorPrice(slot.contractorId);
    expect(await storedLessons(idsOf(answer))).toEqual([
      {
        start: slot.start.toISOString(),
        status: 'planned',
        topic: 'Mathematics',
        pkg_id: null,
        pricestatus: false,
        basis: 'free',
        order_id: null,
        client_package_id: null,
        expiry_date: null,
        recipients: [{ student: client.studentIds[0], charge: '0.00' }],
        tutors: [{ tutor: slot.contractorId, pay: price }],
        // Named like the seeded services, for whom it is (the free flow books it too).
        service: { name: `Mathematics - ${await fullName(client.studentIds[0])}`, type: 'hourly', charge: '0.00', contractor_rate: price, order_id: null, students: [client.studentIds[0]], tutors: [slot.contractorId] },
      },
    ]);
    const status = await server.api('GET', `/freeassismentstatus/${client.clientid}`, { token: client.token });
    expect(status.body).toMatchObject({ success: true, message: 'The free assessment class has been booked already.' });
  });

  it('is refused with 403 naming client_id while staff paused booking for the client, and writes nothing', async () => {
    const client = await server.newClient(1);
    const slot = await slotSource(server, client).next();
    await server.db.query('update clients set booking_paused = true where id = $1', [client.clientid]);
    const before = await storedState(server.db);
    const answer = await book(client, { free_assessment: true }, [slot]);
    expect({ status: answer.status, field: answer.body.field, message: answer.body.message }).toEqual({
      status: 403,
      field: 'client_id',
      message: 'Booking is paused for this account. Please contact us to book.',
    });
    expect(responseErrors('bookLessons', 403, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    await server.db.query('update clients set booking_paused = false where id = $1', [client.clientid]);
    expect((await book(client, { free_assessment: true }, [slot])).status).toBe(201);
  });

  it('sent again (a retry after a lost answer) answers 200 with the same lesson and writes nothing', async () => {
    const client = await server.newClient(1);
    const slot = await slotSource(server, client).next();
    const first = await book(client, { free_assessment: true }, [slot]);
    expect(first.status).toBe(201);
    const before = await storedState(server.db);

    const again = await book(client, { free_assessment: true }, [slot]);

    expect(again.status).toBe(200);
    expect(responseErrors('bookLessons', 200, again.body)).toEqual([]);
    expect(again.body).toEqual(first.body);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('a second free assessment, at another hour: 409 with the text the portal shows, and nothing written', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    expect((await book(client, { free_assessment: true }, [await hours.next()])).status).toBe(201);
    const other = await hours.next();
    const before = await storedState(server.db);

    const second = await book(client, { free_assessment: true }, [other]);

    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: 'The free assessment class has been booked already.' });
    expect(responseErrors('bookLessons', 409, second.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it.each([
    ['two lessons', 'lessons', async (client: Session, hours: ReturnType<typeof slotSource>) => bookingBody(client, { free_assessment: true }, [await hours.next(), await hours.next()])],
    ['two students', 'lessons[0].students', async (client: Session, hours: ReturnType<typeof slotSource>) => bookingBody(client, { free_assessment: true }, [await hours.next()], { students: client.studentIds })],
  ])('%s: 400 naming %s, nothing written', async (_label, field, body) => {
    const client = await server.newClient(2);
    const request = await body(client, slotSource(server, client));
    const before = await storedState(server.db);

    const answer = await server.api('POST', '/bookings', { token: client.token, body: request });

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('ten clients racing for one tutor-hour: one books it, the others are told which hour was taken (409), never a 500', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => server.newClient(1)));
    const slot = await slotSource(server, clients[0] as Session).next();

    const answers = await Promise.all(clients.map((client) => book(client, { free_assessment: true }, [slot])));

    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const lost of answers.filter((a) => a.status === 409)) {
      expect(lost.body.taken).toEqual([{ subject: 'Mathematics', start: slot.start.toISOString(), finish: slot.finish.toISOString(), tutor: slot.contractorId, reason: 'taken' }]);
      expect(responseErrors('bookLessons', 409, lost.body)).toEqual([]);
    }
    const [booked] = await server.db.query<{ n: number }>(`select count(*)::int as n from busy_hours where who = 'tutor' and person_id = $1 and during && tstzrange($2, $3)`, [
      slot.contractorId,
      slot.start,
      slot.finish,
    ]);
    expect(booked?.n).toBe(1);
  });

  it('the same booking sent five times at once: one 201, four 200 with the same lesson, one lesson stored', async () => {
    const client = await server.newClient(1);
    const slot = await slotSource(server, client).next();

    const answers = await Promise.all(Array.from({ length: 5 }, () => book(client, { free_assessment: true }, [slot])));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => JSON.stringify(idsOf(a))))).toHaveProperty('size', 1);
    const [stored] = await server.db.query<{ n: number }>('select count(*)::int as n from appointments where client_id = $1', [client.clientid]);
    expect(stored?.n).toBe(1);
  });
});

describe("a paid package's remaining classes", () => {
  it('book at charge and pay rate 100.00, the package bought as, price status true, expiry today + duration; the classes come off the package', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    const { packageId } = await boughtPackage(client, [await hours.next()]);
    expect(await packageClasses(packageId)).toEqual({ booked: 1, remaining: 5 });
    const slots = await apart(hours, 2);

    const answer = await book(client, { client_package_id: packageId }, slots, { weekly: { Mathematics: 2 } });

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(responseErrors('bookLessons', 201, answer.body)).toEqual([]);
    expect(answer.body.data.map((a: { db: { pkg_id: number } }) => a.db.pkg_id)).toEqual([2, 2]);
    const expiry = await expiryOf(2);
    const stored = await storedLessons(idsOf(answer));
    expect(stored).toEqual(
      slots.map((slot) =>
        expect.objectContaining({
          start: slot.start.toISOString(),
          status: 'planned',
          pkg_id: 2,
          pricestatus: true,
          basis: 'package',
          order_id: null,
          client_package_id: packageId,
          expiry_date: expiry,
          recipients: [{ student: client.studentIds[0], charge: '100.00' }],
          tutors: [{ tutor: slot.contractorId, pay: '100.00' }],
        }),
      ),
    );
    const name = `Mathematics - ${await fullName(client.studentIds[0])}`;
    for (const lesson of stored) expect(lesson.service).toMatchObject({ name, type: 'hourly', charge: '100.00', contractor_rate: '100.00', order_id: null, students: [client.studentIds[0]] });
    expect(await packageClasses(packageId)).toEqual({ booked: 3, remaining: 3 });

    // A retry of the same lessons answers them again and writes nothing.
    const before = await storedState(server.db);
    const again = await book(client, { client_package_id: packageId }, slots, { weekly: { Mathematics: 2 } });
    expect(again.status).toBe(200);
    expect(idsOf(again)).toEqual(idsOf(answer));
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('a package paid without an order (the seed’s) books as the catalogue package its form names', async () => {
    const demo = await server.login();
    const [pkg] = await server.db.query<{ id: number; student_ids: number[]; package_form: string }>(
      `select id, student_ids, package_form from client_packages where client_id = $1 and purches_status = 1 and remaining_classess > 0
          and not exists (select 1 from orders o where o.client_package_id = client_packages.id) order by id limit 1`,
      [demo.clientid],
    );
    if (!pkg) throw new Error('the demo client has no paid package with classes left');
    const form = JSON.parse(pkg.package_form) as { lessonData: { packageNames: { id: number }; lessonCounts: Record<string, number> }; packageFormData: { program: string } };
    const [subject] = Object.keys(form.lessonData.lessonCounts);
    const year = Number(/Year (\d+)/.exec(form.packageFormData.program)?.[1]);
    const slot = await slotSource(server, demo, subject, year).next();
    const before = await packageClasses(pkg.id);

    const answer = await server.api('POST', '/bookings', {
      token: demo.token,
      body: { client_id: demo.clientid, branch_id: 1, basis: { client_package_id: pkg.id }, lessons: [lessonOf(slot, pkg.student_ids, subject)], weekly_lessons: { [subject as string]: 1 } },
    });

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [stored] = await storedLessons(idsOf(answer));
    expect(stored).toMatchObject({ pkg_id: form.lessonData.packageNames.id, basis: 'package', client_package_id: pkg.id, expiry_date: await expiryOf(form.lessonData.packageNames.id) });
    expect(await packageClasses(pkg.id)).toEqual({ booked: (before?.booked ?? 0) + 1, remaining: (before?.remaining ?? 0) - 1 });
  });

  it('one lesson over the classes left: 409 saying how many remain, and nothing written', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    const { packageId } = await boughtPackage(client, [await hours.next()]);
    for (let i = 0; i < 2; i++) {
      const booked = await book(client, { client_package_id: packageId }, await apart(hours, 2), { weekly: { Mathematics: 2 } });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    }
    expect(await packageClasses(packageId)).toEqual({ booked: 5, remaining: 1 });
    const slots = await apart(hours, 2);
    const before = await storedState(server.db);

    const over = await book(client, { client_package_id: packageId }, slots, { weekly: { Mathematics: 2 } });

    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ success: false, message: 'Only 1 classes remain in this package.', field: 'basis.client_package_id' });
    expect(responseErrors('bookLessons', 409, over.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('one hour of the batch taken by someone else: 409 naming that hour alone, and nothing written (the free one is not booked either)', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    const { packageId } = await boughtPackage(client, [await hours.next()]);
    const [free, taken] = (await apart(hours, 2)) as [Slot, Slot];
    const other = await server.newClient(1);
    expect((await book(other, { free_assessment: true }, [taken])).status).toBe(201);
    const before = await storedState(server.db);

    const answer = await book(client, { client_package_id: packageId }, [free, taken], { weekly: { Mathematics: 2 } });

    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.taken).toEqual([{ subject: 'Mathematics', start: taken.start.toISOString(), finish: taken.finish.toISOString(), tutor: taken.contractorId, reason: 'taken' }]);
    expect(responseErrors('bookLessons', 409, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it.each([
    ['a lesson half an hour long', 'lessons[1].finish', (body: any) => ({ ...body, lessons: [body.lessons[0], { ...body.lessons[1], finish: new Date(new Date(body.lessons[1].start).getTime() + 30 * 60_000).toISOString() }] })],
    ['no weekly lessons', 'weekly_lessons', ({ weekly_lessons: _weekly, ...body }: any) => body],
    ['a student the package was not paid for', 'lessons[1].students', (body: any, client: Session) => ({ ...body, lessons: [body.lessons[0], { ...body.lessons[1], students: [client.studentIds[1]] }] })],
    ['more a week than the weekly lessons', 'lessons[1].start', (body: any) => ({ ...body, weekly_lessons: { Mathematics: 1 } })],
  ])('a batch with %s: 400 naming %s, nothing written', async (_label, field, change) => {
    const client = await server.newClient(2);
    const hours = slotSource(server, client);
    const { packageId } = await boughtPackage(client, [await hours.next()]);
    // Two back-to-back hours of one tutor, so one week: the weekly rule counts them together.
    const [first, second] = await consecutiveHours(hours, (await hours.next()).contractorId, 2);
    const body = change(bookingBody(client, { client_package_id: packageId }, [first as Slot, second as Slot], { weekly: { Mathematics: 2 } }), client);
    const before = await storedState(server.db);

    const answer = await server.api('POST', '/bookings', { token: client.token, body });

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it('a package not paid yet: 409, nothing written', async () => {
    const client = await server.newClient(1);
    const saved = await server.api('POST', '/client-packages/', { token: client.token, body: clientPackageBody(client.clientid) });
    const slot = await slotSource(server, client).next();
    const before = await storedState(server.db);

    const answer = await book(client, { client_package_id: saved.body.data.id }, [slot], { weekly: { Mathematics: 1 } });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: 'This package has not been paid.', field: 'basis.client_package_id' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});

describe('the classes to place on a paid order whose hours were lost', () => {
  it('are listed, booked on the order at its line’s charge per class with the tutor’s rate, and then leave the list; more than to place is 409', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    const [kept, lost] = (await apart(hours, 2)) as [Slot, Slot];
    const order = await orderWithLostHour(client, kept, lost);

    const listed = await toPlace(client);
    expect(listed.status).toBe(200);
    expect(responseErrors('listOrdersToPlace', 200, listed.body)).toEqual([]);
    expect(listed.body.data).toEqual([expect.objectContaining({ ref: order.ref, status: 'paid', to_place: 1, booked_classes: 1, classes: 6 })]);

    // Two new hours for one class to place: refused whole.
    const [first, second] = (await apart(hours, 2)) as [Slot, Slot];
    const before = await storedState(server.db);
    const over = await book(client, { order_ref: order.ref }, [first, second], { weekly: { Mathematics: 2 } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ message: "Only 1 of this order's classes is left to place.", field: 'basis.order_ref' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);

    const placed = await book(client, { order_ref: order.ref }, [first], { weekly: { Mathematics: 2 } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(responseErrors('bookLessons', 201, placed.body)).toEqual([]);
    const [orderRow] = await server.db.query<{ id: number; to_place: number; booked_classes: number }>('select id, to_place, booked_classes from orders where ref = $1', [order.ref]);
    expect(await storedLessons(idsOf(placed))).toEqual([
      {
        start: first.start.toISOString(),
        status: 'planned',
        topic: 'Mathematics',
        pkg_id: 2,
        pricestatus: true,
        basis: 'order',
        order_id: orderRow?.id,
        client_package_id: null,
        expiry_date: await expiryOf(2),
        recipients: [{ student: client.studentIds[0], charge: perClass(order.amount, 6) }],
        tutors: [{ tutor: first.contractorId, pay: await tutorPrice(first.contractorId) }],
        service: expect.objectContaining({ type: 'hourly', charge: perClass(order.amount, 6), order_id: orderRow?.id }),
      },
    ]);
    expect(orderRow).toMatchObject({ to_place: 0, booked_classes: 2 });
    const [line] = await server.db.query<{ to_place: number; booked_classes: number }>('select to_place, booked_classes from order_lines where order_id = $1', [orderRow?.id]);
    expect(line).toEqual({ to_place: 0, booked_classes: 2 });
    const progress = await server.api('GET', `/orders/${order.ref}`, { token: client.token });
    expect(progress.body).toMatchObject({ to_place: 0, booked_classes: 2 });
    expect(progress.body.appointment_ids).toEqual(expect.arrayContaining(idsOf(placed)));

    expect((await toPlace(client)).body.data).toEqual([]);
    const again = await book(client, { order_ref: order.ref }, [first], { weekly: { Mathematics: 2 } });
    expect(again.status).toBe(200);
    const more = await book(client, { order_ref: order.ref }, [second], { weekly: { Mathematics: 2 } });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('This order has no classes left to place.');
  });

  it('a class placed through the package the order paid for is not offered again on the order', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    const saved = await server.api('POST', '/client-packages/', { token: client.token, body: clientPackageBody(client.clientid) });
    const packageId: number = saved.body.data.id;
    const [kept, lost] = (await apart(hours, 2)) as [Slot, Slot];
    const order = await orderWithLostHour(client, kept, lost, packageId);
    expect((await toPlace(client)).body.data.map((o: { ref: string }) => o.ref)).toEqual([order.ref]);
    expect(await packageClasses(packageId)).toEqual({ booked: 1, remaining: 5 });

    // Two classes through the package: the order's one to place is among them, and it never goes below 0.
    const answer = await book(client, { client_package_id: packageId }, await apart(hours, 2), { weekly: { Mathematics: 2 } });

    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [row] = await server.db.query<{ to_place: number; line_to_place: number }>(
      'select o.to_place, (select sum(to_place)::int from order_lines where order_id = o.id) as line_to_place from orders o where o.ref = $1',
      [order.ref],
    );
    expect(row).toEqual({ to_place: 0, line_to_place: 0 });
    expect((await toPlace(client)).body.data).toEqual([]);
  });

  it('an order not paid, or another client’s: 409 and 403, nothing written', async () => {
    const client = await server.newClient(1);
    const hours = slotSource(server, client);
    const unpaid = await heldOrder(server, client, [await hours.next()]);
    const theirs = await server.newClient(1);
    const slot = await hours.next();
    const before = await storedState(server.db);

    const notPaid = await book(client, { order_ref: unpaid.ref }, [slot], { weekly: { Mathematics: 1 } });
    const foreign = await book(theirs, { order_ref: unpaid.ref }, [slot], { students: theirs.studentIds, weekly: { Mathematics: 1 } });
    const foreignList = await server.api('GET', `/orders-to-place/${client.clientid}`, { token: theirs.token });

    expect({ status: notPaid.status, message: notPaid.body.message }).toEqual({ status: 409, message: 'This order has not been paid.' });
    expect({ status: foreign.status, field: foreign.body.field }).toEqual({ status: 403, field: 'basis.order_ref' });
    expect({ status: foreignList.status, field: foreignList.body.field }).toEqual({ status: 403, field: 'clientid' });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});
