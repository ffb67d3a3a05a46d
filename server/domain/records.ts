import type { components } from '../../contract/schema.d.ts';
import type { Queryable } from '../db/database.ts';

type Schemas = components['schemas'];

/*
 * The rows of the schema as the database returns them, shared by every aggregate's file (orders.ts,
 * appointments.ts, client-packages.ts, invoices.ts, clients.ts, …), and the one read all of them make: an order's
 * lines. Each aggregate's statements are in its own file.
 */

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
