import { TZDate } from '@date-fns/tz';
import { type Session, type TestServer, startTestServer } from './test-server.ts';

export interface Slot {
  start: Date;
  finish: Date;
  contractorId: number;
  aptId: number;
  /** Branch-time day and hour, as /filter_tutor takes them. */
  date: string;
  time: string;
}

const hour = 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

function branchDateTime(instant: Date): { date: string; time: string } {
  const local = new TZDate(instant.getTime(), 'Asia/Dubai');
  return { date: `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`, time: `${pad(local.getHours())}:${pad(local.getMinutes())}` };
}

function slotAt(contractorId: number, aptId: number, startMs: number): Slot {
  const start = new Date(startMs);
  return { start, finish: new Date(startMs + hour), contractorId, aptId, ...branchDateTime(start) };
}

/**
 * Hands out distinct tutor-hours that are free (per /filter_tutor) for a subject and year, at least
 * three days ahead, so that tests of one server never collide with each other or with the seed.
 */
export function slotSource(server: TestServer, session: Session, subject = 'Mathematics', year = 5) {
  const used = new Set<string>();
  /** The hours next() handed out, with any tutor (sameTutor's may share an hour: they are one tutor's). */
  const hoursHandedOut = new Set<number>();
  const keyOf = (contractorId: number, startMs: number) => `${contractorId}@${new Date(startMs).toISOString()}`;
  let candidates: Slot[] | undefined;
  /** Every free hour of one tutor, from the stored availability and bookings, none handed out before (none marked). */
  async function freeHoursOf(contractorId: number): Promise<Slot[]> {
    const windows = await server.db.query<{ id: number; start: Date; finish: Date }>(
      `select id, start, finish from availability where contractor_id = $1 and start > now() + interval '3 days' order by start`,
      [contractorId],
    );
    // Taken: the tutor's lessons and live holds, and the session's students' with any tutor (a student is in
    // one place at a time), whatever minute they start at: an overlap takes the hour. The session's own
    // holds count too, since a lesson booked straight onto one is refused.
    const booked = await server.db.query<{ start: Date; finish: Date }>(
      `select lower(during) as start, upper(during) as finish from busy_hours
        where ((who = 'tutor' and person_id = $1) or (who = 'student' and person_id = any($2::int[])))
          and (expires_at is null or expires_at > now())`,
      [contractorId, session.studentIds],
    );
    const taken = (t: number) => booked.some((b) => b.start.getTime() < t + hour && b.finish.getTime() > t);
    const found: Slot[] = [];
    for (const w of windows) {
      for (let t = w.start.getTime(); t + hour <= w.finish.getTime(); t += hour) {
        if (!taken(t) && !used.has(keyOf(contractorId, t))) found.push(slotAt(contractorId, w.id, t));
      }
    }
    return found;
  }
  const handOut = (slots: Slot[]) => {
    for (const slot of slots) used.add(keyOf(slot.contractorId, slot.start.getTime()));
    return slots;
  };
  return {
    /** `count` free hours of one tutor, from the stored availability and bookings, none handed out before. */
    async sameTutor(contractorId: number, count: number): Promise<Slot[]> {
      const found = (await freeHoursOf(contractorId)).slice(0, count);
      if (found.length < count) throw new Error(`only ${found.length} free hours of tutor ${contractorId}`);
      return handOut(found);
    },
    /**
     * `count` back-to-back free hours of one tutor inside one availability window; only those are handed out. How
     * many free hours the tutor has depends on the weekday (the seed books tutors on fixed weekdays), so none is
     * asked for beyond the run.
     */
    async backToBack(contractorId: number, count: number): Promise<Slot[]> {
      const free = await freeHoursOf(contractorId);
      for (let i = 0; i + count <= free.length; i++) {
        const run = free.slice(i, i + count);
        if (run.every((s, k) => k === 0 || (s.start.getTime() - (run[k - 1] as Slot).start.getTime() === hour && s.aptId === run[0]?.aptId))) return handOut(run);
      }
      throw new Error(`no ${count} back-to-back free hours of tutor ${contractorId}`);
    },
    async next(): Promise<Slot> {
      if (!candidates) {
        const windows = await server.api('POST', '/subjectFilter/', { token: session.token, body: { subjectNames: [subject], yearLevels: [year] } });
        if (windows.status !== 200) throw new Error(`subjectFilter: ${windows.status} ${JSON.stringify(windows.body)}`);
        candidates = [];
        for (const w of windows.body as { start: string; finish: string; apt_id: number; contractor_id: number }[]) {
          // A window's piece left by a lesson at odd minutes starts off the hour: its whole hours, as the grid's.
          for (let t = Math.ceil(new Date(w.start).getTime() / hour) * hour; t + hour <= new Date(w.finish).getTime(); t += hour) {
            if (t >= Date.now() + 3 * 24 * hour) candidates.push(slotAt(w.contractor_id, w.apt_id, t));
          }
        }
      }
      for (const slot of candidates) {
        const key = keyOf(slot.contractorId, slot.start.getTime());
        // An hour another slot of this source is at is no slot for the same student (in one place at a time):
        // two tutors' windows often start at one time, and the second would be refused (409) on some days.
        if (used.has(key) || hoursHandedOut.has(slot.start.getTime())) continue;
        used.add(key);
        const free = await server.api('GET', '/filter_tutor', {
          token: session.token,
          query: { subject, date: slot.date, time: slot.time, quallevel: year },
        });
        // The tutor is free then (/filter_tutor leaves out the session's own holds, which a lesson booked
        // straight onto them would still clash with); the session's students must be free too (a student is in
        // one place at a time).
        const [busy] = await server.db.query<{ n: number }>(
          `select count(*)::int as n from busy_hours
            where ((who = 'student' and person_id = any($1::int[])) or (who = 'tutor' and person_id = $4))
              and during && tstzrange($2, $3) and (expires_at is null or expires_at > now())`,
          [session.studentIds, slot.start, slot.finish, slot.contractorId],
        );
        if ((busy?.n ?? 0) === 0 && free.body.data.some((t: { id: number }) => t.id === slot.contractorId)) {
          hoursHandedOut.add(slot.start.getTime());
          return slot;
        }
      }
      throw new Error('no free slot left');
    },
  };
}

export async function createService(server: TestServer, session: Session, contractorId: number, studentIds = session.studentIds.slice(0, 1)): Promise<number> {
  const answer = await server.api('POST', '/services/', {
    token: session.token,
    body: {
      name: 'Mathematics',
      dft_charge_type: 'hourly',
      dft_charge_rate: '100.00',
      dft_contractor_rate: '40.00',
      conjobs: [{ contractor: contractorId }],
      rcrs: studentIds.map((recipient) => ({ recipient })),
      branch_id: 1,
    },
  });
  if (answer.status !== 201) throw new Error(`createService: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

export async function packagePrice(server: TestServer, session: Session, pkgId: number, students = 1, level = 5): Promise<number> {
  const answer = await server.api('GET', '/allpackegastudent', { token: session.token, query: { student: students, level } });
  const found = answer.body.data.data.find((p: { id: number }) => p.id === pkgId);
  if (!found) throw new Error(`no package ${pkgId}`);
  return found.total;
}

export interface OrderOptions {
  pkgId?: number;
  level?: number;
  studentIds?: number[];
  coupon?: string;
  amount?: number;
  clientPackageId?: number;
  paymentMethod?: 'paypal' | 'visa' | 'mastercard';
}

export function orderBody(session: Session, amount: number, options: OrderOptions = {}) {
  return {
    email: session.email,
    student_ids: options.studentIds ?? session.studentIds.slice(0, 1),
    client_id: session.clientid,
    appoint_ids: [],
    amount,
    branch_id: 1,
    pkg_id: options.pkgId ?? 2,
    level: options.level ?? 5,
    ...(options.coupon ? { coupon: options.coupon } : {}),
    ...(options.clientPackageId ? { client_package_id: options.clientPackageId } : {}),
    ...(options.paymentMethod ? { payment_method: options.paymentMethod } : {}),
  };
}

/** Opens an order at the server's own price and answers its ref, unpaid. */
export async function openOrder(server: TestServer, session: Session, options: OrderOptions = {}): Promise<{ ref: string; amount: number; paymentLink: string }> {
  const students = (options.studentIds ?? session.studentIds.slice(0, 1)).length;
  const amount = options.amount ?? (await packagePrice(server, session, options.pkgId ?? 2, students, options.level ?? 5));
  const answer = await server.api('POST', '/create-order', { token: session.token, body: orderBody(session, amount, options) });
  if (answer.status !== 201) throw new Error(`createOrder: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Presses a button on the sandbox payment page; answers the redirect target. */
export async function sandbox(server: TestServer, ref: string, outcome: 'pay' | 'fail' | 'cancel' | 'pay-later' | 'notify'): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${server.url}/sandbox/pay/${ref}/${outcome}`, { method: 'POST', redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') };
}

export async function paidOrder(server: TestServer, session: Session, options: OrderOptions = {}) {
  const order = await openOrder(server, session, options);
  await sandbox(server, order.ref, 'pay');
  return order;
}

export type Basis = { order_ref: string } | { free_assessment: true } | { client_package_id: number };

export function appointmentPayload(session: Session, slot: Slot, serviceId: number, basis: Basis, options: { pkgId?: number | null; charge?: string; studentId?: number } = {}) {
  return {
    client_id: session.clientid,
    branch_id: 1,
    pkg_id: options.pkgId === undefined ? 2 : options.pkgId,
    start_date: slot.date,
    expiry_date: null,
    start: slot.start.toISOString(),
    finish: slot.finish.toISOString(),
    topic: 'Mathematics',
    status: 'planned',
    service: serviceId,
    rcras: [{ recipient: options.studentId ?? session.studentIds[0], charge_rate: options.charge ?? '0.00' }],
    cjas: [{ contractor: slot.contractorId, pay_rate: '100.00' }],
    pricestatus: true,
    ...basis,
  };
}

/** The per-class charge of an order, as the server checks it: amount over the package's classes. */
export const perClass = (amount: number, classes: number) => (Math.round((amount / classes) * 100) / 100).toFixed(2);

/** Books one lesson of `slot` for the session's first student on a new paid SILVER order; answers the appointment. */
export async function bookedLesson(server: TestServer, session: Session, slot: Slot): Promise<{ appointmentId: number; serviceId: number }> {
  const serviceId = await createService(server, session, slot.contractorId);
  const order = await paidOrder(server, session);
  const answer = await server.api('POST', '/appointments/', {
    token: session.token,
    body: [appointmentPayload(session, slot, serviceId, { order_ref: order.ref }, { charge: perClass(order.amount, 6) })],
  });
  if (answer.status !== 201) throw new Error(`bookedLesson: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { appointmentId: answer.body.data[0].id, serviceId };
}

/** The same slot moved by `ms` (still one hour long). */
export function shifted(slot: Slot, ms: number): Slot {
  const start = new Date(slot.start.getTime() + ms);
  return { ...slot, start, finish: new Date(start.getTime() + hour), ...branchDateTime(start) };
}

/** `count` back-to-back free hours of one tutor (inside one availability window). */
export const consecutiveHours = (source: ReturnType<typeof slotSource>, contractorId: number, count: number): Promise<Slot[]> => source.backToBack(contractorId, count);

export interface TwoInstances {
  server: TestServer;
  demo: Session;
  hours: ReturnType<typeof slotSource>;
  second: Awaited<ReturnType<TestServer['secondInstance']>>;
  /** The API of the first instance for even `i`, of the second for odd: racers split across both. */
  viaEither: (i: number) => TestServer['api'];
}

/** A test server, logged in as the demo client, with a second instance on the same database. */
export async function startTwoInstances(): Promise<TwoInstances> {
  const server = await startTestServer();
  const demo = await server.login();
  const second = await server.secondInstance();
  return { server, demo, hours: slotSource(server, demo), second, viaEither: (i) => (i % 2 === 0 ? server.api : second.api) };
}

const defaultPackageForm = JSON.stringify({ lessonData: { packageName: 'SILVER' }, packageFormData: { students: 1 } });

/** A client package as the portal saves it before payment: unpaid, `booked` of `total` classes taken. */
export function clientPackageBody(clientid: number, { booked = 0, total = 6, packageForm = defaultPackageForm }: { booked?: number; total?: number; packageForm?: string } = {}) {
  return {
    clientid,
    packageForm,
    bookingdata: { bookdata: [] },
    purches_status: 0,
    booked_classess: booked,
    total_classess: total,
    remaining_classess: Math.max(0, total - booked),
    completed_classess: 0,
  };
}

/**
 * A planned lesson of the session's first student with `tutorId` from `start` to `finish`, written as staff
 * record one: the API books only future hours, and a test of lessons that are over or about to end needs others.
 */
export async function staffLesson(server: TestServer, session: Session, tutorId: number, start: Date, finish: Date): Promise<number> {
  const serviceId = await createService(server, session, tutorId);
  return server.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, basis)
       values ($1, 1, $2, 2, $3, $4, 'Mathematics', 'planned', 'staff') returning id`,
      [session.clientid, serviceId, start, finish],
    );
    const id = row?.id as number;
    await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, 60)', [id, session.studentIds[0]]);
    await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate) values ($1, $2, 40)', [id, tutorId]);
    return id;
  });
}
