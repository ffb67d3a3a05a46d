import type { components } from '../../contract/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { type OrderLineRow, type OrderRow, linesOf } from './records.ts';

type OrderProgress = components['schemas']['OrderProgress'];
type PackageId = OrderProgress['pkg_id'];

/** The full names ("First Last") of students by id: what a receipt names them by. */
export async function studentNames(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; name: string }>(`select id, first_name || ' ' || last_name as name from students where id = any($1::int[])`, [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The names of `ids`, in their order (a student since deleted is left out). */
export const namesOf = (names: ReadonlyMap<number, string>, ids: readonly number[]): string[] => ids.flatMap((id) => names.get(id) ?? []);

/** The catalogue's package names by id (2 SILVER, 3 GOLD, 4 PLATINUM). */
export async function packageNames(db: Queryable): Promise<Map<number, string>> {
  return new Map((await db.query<{ id: number; name: string }>('select id, name from packages')).map((p) => [p.id, p.name]));
}

/** A line's package as the client bought it; the spec's word for an id it does not know. */
export const packageNameOf = (names: ReadonlyMap<number, string>, line: Pick<OrderLineRow, 'pkg_id'>): string => names.get(line.pkg_id) ?? 'Unknown Package';

/** GET /orders/{ref}: what the order is, the hours it holds or booked, and what it has produced so far. */
export async function orderProgress(db: Queryable, order: OrderRow): Promise<OrderProgress> {
  const [made] = await db.query<{ service_ids: number[]; appointment_ids: number[]; invoice_id: number | null; payment_taken: boolean }>(
    `select coalesce((select array_agg(id order by id) from services where order_id = $1), '{}') as service_ids,
            coalesce((select array_agg(id order by start, id) from appointments where order_id = $1), '{}') as appointment_ids,
            (select id from proforma_invoices where order_id = $1) as invoice_id,
            coalesce((select status = 'paid' from proforma_invoices where order_id = $1), false) as payment_taken`,
    [order.id],
  );
  const lessons = await db.query<{ subject: string; start: Date; finish: Date; tutor: number; tutor_name: string; students: number[]; appointment_id: number | null; lost: boolean }>(
    `select ol.subject, ol.start, ol.finish, ol.contractor_id as tutor, c.first_name || ' ' || c.last_name as tutor_name,
            ol.student_ids as students, ol.appointment_id, ol.lost_at is not null as lost
       from order_lessons ol join contractors c on c.id = ol.contractor_id
      where ol.order_id = $1 order by ol.start, ol.id`,
    [order.id],
  );
  const [hold] = await db.query<{ expires_at: Date | null }>(
    `select max(b.expires_at) as expires_at from busy_hours b join order_lessons ol on ol.id = b.order_lesson_id where ol.order_id = $1`,
    [order.id],
  );
  const lines = await linesOf(db, order.id);
  const names = await studentNames(db, [...order.student_ids, ...lines.flatMap((l) => l.student_ids), ...lessons.flatMap((l) => l.students)]);
  const packages = await packageNames(db);
  return {
    ref: order.ref,
    status: order.status,
    amount: Number(order.amount),
    payment_method: order.payment_method,
    paid_at: order.paid_at ? order.paid_at.toISOString() : null,
    pkg_id: order.pkg_id as PackageId,
    student_ids: order.student_ids,
    classes: order.classes,
    booked_classes: order.booked_classes,
    lines: lines.map((line) => ({
      pkg_id: line.pkg_id as PackageId,
      package_name: packageNameOf(packages, line),
      level: line.level,
      student_ids: line.student_ids,
      student_names: namesOf(names, line.student_ids),
      amount: Number(line.amount),
      classes: line.classes,
      booked_classes: line.booked_classes,
      weekly_lessons: line.weekly_lessons,
    })),
    service_ids: made?.service_ids ?? [],
    appointment_ids: made?.appointment_ids ?? [],
    invoice_id: made?.invoice_id ?? null,
    payment_taken: made?.payment_taken ?? false,
    confirmed: order.status === 'confirmed',
    lessons: lessons.map((l) => ({ ...l, student_names: namesOf(names, l.students), start: l.start.toISOString(), finish: l.finish.toISOString() })),
    hold_expires_at: hold?.expires_at ? hold.expires_at.toISOString() : null,
    to_place: order.to_place,
  };
}
