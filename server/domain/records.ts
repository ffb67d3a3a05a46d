import type { components } from '../../contract/schema.d.ts';
import type { Database, Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { type TutorBusy, type TutorWindow, freeWindows } from './free-windows.ts';

type Schemas = components['schemas'];

// Rows as the database returns them. numeric columns come back as strings, timestamps as Date.
export interface ClientRow {
  id: number;
  branch_id: number;
  firstname: string;
  lastname: string;
  email: string;
  password_hash: string;
  token_version: number;
}
export interface StudentRow {
  id: number;
  client_id: number;
  first_name: string;
  last_name: string;
}
export interface AppointmentRow {
  id: number;
  client_id: number;
  branch_id: number;
  service_id: number;
  start: Date;
  finish: Date;
  topic: string;
  status: Schemas['Appointment']['status'];
  pkg_id: number | null;
}
export interface OrderRow {
  id: number;
  ref: string;
  client_id: number;
  email: string;
  /** jsonb: the students the order was priced for. */
  student_ids: number[];
  pkg_id: number;
  level: number;
  coupon_code: string | null;
  amount: string;
  status: Schemas['OrderStatus'];
  client_package_id: number | null;
  /** The classes the order paid for, and how many of them are booked. */
  classes: number;
  booked_classes: number;
  paid_at: Date | null;
  /** Paid classes whose hours were lost (the hold expired first) and wait for new times. */
  to_place: number;
  /** The method chosen on /checkout; null for an order opened without one. */
  payment_method: Schemas['PaymentMethod'] | null;
}
export const isPaid = (order: Pick<OrderRow, 'status'>) => order.status === 'paid' || order.status === 'confirmed';

/** One line of an order: a package for its students and year, with its share of the amount and its classes. */
export interface OrderLineRow {
  id: number;
  order_id: number;
  line: number;
  pkg_id: number;
  level: number;
  /** jsonb: the students the line was priced for. */
  student_ids: number[];
  amount: string;
  classes: number;
  booked_classes: number;
  /** jsonb: lessons per week by subject; null for an order opened without lessons. */
  weekly_lessons: Record<string, number> | null;
  to_place: number;
}

export const linesOf = (db: Queryable, orderId: number): Promise<OrderLineRow[]> => db.query<OrderLineRow>('select * from order_lines where order_id = $1 order by line', [orderId]);

export interface ClientPackageRow {
  id: number;
  client_id: number;
  package_form: string;
  bookingdata: Record<string, unknown> | null;
  purches_status: number;
  booked_classess: number;
  total_classess: number;
  remaining_classess: number;
  completed_classess: number;
  /** jsonb: the students the package was paid for; null when that was never recorded. */
  student_ids: number[] | null;
  created_at: Date;
}
export interface InvoiceRow {
  id: number;
  client_id: number;
  order_id: number | null;
  amount: string;
  description: string;
  status: string;
  date_sent: Date;
}

export const toStudent = (row: StudentRow): Schemas['Student'] => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  paying_client: row.client_id,
});

export async function loadUser(db: Queryable, clientId: number): Promise<Schemas['User']> {
  const [client] = await db.query<ClientRow & { time_zone: string }>(
    'select c.*, b.time_zone from clients c join branches b on b.id = c.branch_id where c.id = $1',
    [clientId],
  );
  if (!client) throw notFound('Client');
  const students = await db.query<StudentRow>('select * from students where client_id = $1 order by id', [clientId]);
  return {
    firstname: client.firstname,
    lastname: client.lastname,
    clientid: client.id,
    branch_id: client.branch_id,
    email: client.email,
    studentdetails: students.map(toStudent),
    branch_time_zone: client.time_zone,
  };
}

/** A planned lesson whose hour is over: it has taken place, so it reads (and is stored) as completed. */
const lessonOver = `a.status = 'planned' and a.finish <= now()`;

// A lesson's rating is the review that names it (reviews_one_per_appointment: one at most).
const appointmentColumns = `a.id, a.client_id, a.service_id, a.start, a.finish, a.topic, case when ${lessonOver} then 'completed' else a.status end as status,
  a.pkg_id, a.client_package_id, sv.name as service_name, (select r.review_number from reviews r where r.appointment_id = a.id) as rating`;
type ListedAppointment = Omit<AppointmentRow, 'branch_id'> & { service_name: string; client_package_id: number | null; rating: number | null };

const toAppointment = (row: ListedAppointment): Schemas['Appointment'] => ({
  id: row.id,
  start: row.start.toISOString(),
  finish: row.finish.toISOString(),
  topic: row.topic,
  status: row.status,
  service: { id: row.service_id, name: row.service_name },
  db: { pkg_id: row.pkg_id },
  client_package_id: row.client_package_id,
  rating: row.rating,
});

/**
 * The appointments `where` picks (a condition on `appointments a`), earliest first. Lessons complete by
 * themselves: the answer reads a planned lesson whose hour is over as completed (so no timer and no
 * instance's memory is needed: every instance on one database agrees), and only when it read such a lesson
 * is 'completed' stored on those rows, by a write conditional on the same rule (a second reader, on any
 * instance, changes nothing). Most reads find none and write nothing: a write on every read cost the
 * embedded database a p99 of 205 ms at 50 connections (issue 20).
 */
export async function appointmentsWhere(db: Queryable, where: string, params: readonly unknown[]): Promise<Schemas['Appointment'][]> {
  const rows = await db.query<ListedAppointment & { due: boolean }>(
    `select ${appointmentColumns}, (${lessonOver}) as due from appointments a join services sv on sv.id = a.service_id where ${where} order by a.start, a.id`,
    params,
  );
  const due = rows.filter((row) => row.due).map((row) => row.id);
  if (due.length > 0) await db.query(`update appointments a set status = 'completed' where a.id = any($1::int[]) and ${lessonOver}`, [due]);
  return rows.map(toAppointment);
}

/**
 * The appointments of some students, earliest first: the dashboard's read, remembered until the next write
 * or until the first of its planned lessons ends (then that lesson reads as completed).
 */
export function appointmentsOfStudents(db: Database, studentIds: readonly number[]): Promise<Schemas['Appointment'][]> {
  return db.remembered(`appointments ${studentIds.join(',')}`, async () => {
    const value = await appointmentsWhere(db, 'a.id in (select appointment_id from appointment_recipients where student_id = any($1::int[]))', [studentIds]);
    return { value, until: Math.min(...value.filter((a) => a.status === 'planned').map((a) => Date.parse(a.finish))) };
  });
}

/**
 * The lessons completed on the client package `cp`: its lessons whose status is completed, or which are
 * planned and over (they complete lazily, as appointmentsWhere reads them). Counted whenever a package is
 * answered, so `completed_classess` always follows its lessons; the stored column is what the portal sent.
 */
const completedOnPackage = `(select count(*)::int from appointments a where a.client_package_id = cp.id and (a.status = 'completed' or (${lessonOver})))`;

/** A client package as it is answered: its row with the lessons completed on it. */
export type AnsweredClientPackage = ClientPackageRow & { completed_lessons: number };

/** The client packages `where` picks (a condition on `client_packages cp`), newest first. */
export const clientPackagesWhere = (db: Queryable, where: string, params: readonly unknown[]): Promise<AnsweredClientPackage[]> =>
  db.query<AnsweredClientPackage>(`select cp.*, ${completedOnPackage} as completed_lessons from client_packages cp where ${where} order by cp.created_at desc, cp.id desc`, params);

export const toClientPackage = (row: AnsweredClientPackage): Schemas['ClientPackage'] => ({
  id: row.id,
  clientid: row.client_id,
  packageForm: row.package_form,
  bookingdata: row.bookingdata,
  purches_status: row.purches_status === 1 ? 1 : 0,
  booked_classess: row.booked_classess,
  total_classess: row.total_classess,
  remaining_classess: row.remaining_classess,
  completed_classess: row.completed_lessons,
  created_at: row.created_at.toISOString(),
});

export const toInvoice = (row: InvoiceRow): Schemas['ProformaInvoice'] => ({
  id: row.id,
  date_sent: row.date_sent.toISOString(),
  status: row.status,
  description: row.description,
  amount: Number(row.amount),
  client: { id: row.client_id },
});

interface ContractorRow {
  id: number;
  first_name: string;
  last_name: string;
  photo: string | null;
  subjects: string[];
  quallevel: number;
  town: string;
  country: string;
  qualifications: string;
  speciality: string;
  bio: string | null;
  tutorprice: string;
}

/**
 * Whether the busy_hours row `b` takes its hour from the client whose id is the parameter `client` (`$n`):
 * a lesson (planned or completed) does, and so does a live hold of another client's order. The client's own
 * holds do not: its next Pay Now gives them up. An expired hold is no hold, whether or not it is deleted yet.
 */
export const takesHourFrom = (client: string) =>
  `(b.appointment_id is not null
    or (b.expires_at > now()
        and not exists (select 1 from order_lessons ol join orders o on o.id = ol.order_id where ol.id = b.order_lesson_id and o.client_id = ${client})))`;

/**
 * The availability windows as client `clientId` may book them: without the hours their tutors are busy
 * (any overlap, by `takesHourFrom`), earliest first. One statement for all the windows' tutors over the
 * windows' span.
 */
export async function bookableWindows(db: Queryable, windows: readonly TutorWindow[], clientId: number): Promise<TutorWindow[]> {
  if (windows.length === 0) return [];
  const from = new Date(windows.reduce((min, w) => Math.min(min, w.start.getTime()), Infinity));
  const to = new Date(windows.reduce((max, w) => Math.max(max, w.finish.getTime()), -Infinity));
  const busy = await db.query<TutorBusy>(
    `select b.person_id as contractor_id, lower(b.during) as start, upper(b.during) as finish
       from busy_hours b
      where b.who = 'tutor' and b.person_id = any($1::int[]) and b.during && tstzrange($2, $3) and ${takesHourFrom('$4')}`,
    [[...new Set(windows.map((w) => w.contractor_id))], from, to, clientId],
  );
  // A window's later piece may start after the next window does.
  return freeWindows(windows, busy).sort((a, b) => a.start.getTime() - b.start.getTime() || a.contractor_id - b.contractor_id);
}

/**
 * Tutors with their future availability windows (up to eight weeks ahead), less the hours they are busy for
 * client `clientId` (bookableWindows), so that a grid built on them offers only hours that can be booked.
 */
export async function contractorsWhere(db: Queryable, where: string, params: readonly unknown[], clientId: number): Promise<Schemas['Contractor'][]> {
  const tutors = await db.query<ContractorRow>(`select * from contractors c where ${where} order by c.last_name, c.first_name, c.id`, params);
  if (tutors.length === 0) return [];
  const stored = await db.query<TutorWindow>(
    `select id, contractor_id, start, finish from availability
      where contractor_id = any($1::int[]) and finish > now() and start < now() + interval '56 days'
      order by start`,
    [tutors.map((t) => t.id)],
  );
  const windows = await bookableWindows(db, stored, clientId);
  return tutors.map((t) => ({
    id: t.id,
    first_name: t.first_name,
    last_name: t.last_name,
    photo: t.photo,
    subject: t.subjects.map((name) => ({ name })),
    quallevel: t.quallevel,
    town: t.town,
    country: t.country,
    qualifications: t.qualifications,
    speciality: t.speciality,
    bio: t.bio,
    tutorprice: Number(t.tutorprice),
    availability: windows
      .filter((w) => w.contractor_id === t.id)
      .map((w) => ({ start: w.start.toISOString(), finish: w.finish.toISOString(), apt_id: w.id, contractor_id: t.id })),
  }));
}
