import type { components } from '../../contract/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { type OrderRow, linesOf } from './records.ts';

type OrderProgress = components['schemas']['OrderProgress'];
type PackageId = OrderProgress['pkg_id'];

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
  return {
    ref: order.ref,
    status: order.status,
    amount: Number(order.amount),
    pkg_id: order.pkg_id as PackageId,
    student_ids: order.student_ids,
    classes: order.classes,
    booked_classes: order.booked_classes,
    lines: (await linesOf(db, order.id)).map(({ pkg_id, level, student_ids, amount, classes, booked_classes, weekly_lessons }) => ({
      pkg_id: pkg_id as PackageId,
      level,
      student_ids,
      amount: Number(amount),
      classes,
      booked_classes,
      weekly_lessons,
    })),
    service_ids: made?.service_ids ?? [],
    appointment_ids: made?.appointment_ids ?? [],
    invoice_id: made?.invoice_id ?? null,
    payment_taken: made?.payment_taken ?? false,
    confirmed: order.status === 'confirmed',
    lessons: lessons.map((l) => ({ ...l, start: l.start.toISOString(), finish: l.finish.toISOString() })),
    hold_expires_at: hold?.expires_at ? hold.expires_at.toISOString() : null,
    to_place: order.to_place,
  };
}
