import type { components } from '../../src/api/schema.d.ts';
import type { AppContext } from '../app.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { type Queryable, isUniqueViolation } from '../db/database.ts';
import { assertOwnClient, assertOwnStudents, ownBranch, ownedRow } from '../domain/access.ts';
import { hourMs } from '../domain/branch-time.ts';
import { moneyValue, perClassCharge, sameMoney } from '../domain/pricing.ts';
import { type AppointmentRow, type ClientPackageRow, appointmentsWhere } from '../domain/records.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type Payload = components['schemas']['AppointmentPayload'];
type Basis = 'order' | 'free' | 'package';

interface OrderRow {
  id: number;
  client_id: number;
  status: string;
  pkg_id: number;
  amount: string;
  /** jsonb: the students the order was priced for. */
  student_ids: number[];
  client_package_id: number | null;
  consumed_at: Date | null;
}

function basisOf(item: Payload, index: number): Basis {
  const given: Basis[] = [];
  if (item.order_ref !== undefined) given.push('order');
  if (item.free_assessment === true) given.push('free');
  if (item.client_package_id !== undefined) given.push('package');
  const [basis] = given;
  if (given.length !== 1 || !basis) {
    throw badRequest(`[${index}].order_ref`, 'give exactly one of order_ref, free_assessment or client_package_id');
  }
  return basis;
}

/** One hour, starting in the future; answers the instants. */
function hourOf(start: string, finish: string, path: string): { start: Date; finish: Date } {
  const s = new Date(start);
  const f = new Date(finish);
  if (f.getTime() - s.getTime() !== hourMs) throw badRequest(`${path}finish`, 'must be one hour after start');
  if (s.getTime() <= Date.now()) throw badRequest(`${path}start`, 'Please choose a future date and time.');
  return { start: s, finish: f };
}

async function assertTutorAvailable(tx: Queryable, contractorId: number, start: Date, finish: Date): Promise<void> {
  const [window] = await tx.query<{ id: number }>(
    'select id from availability where contractor_id = $1 and start <= $2 and finish >= $3 limit 1',
    [contractorId, start, finish],
  );
  if (!window) throw conflict(`Tutor ${contractorId} is not available at ${start.toISOString()}.`, 'cjas');
}

function tutorHourTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'tutor_hour_booked_once');
}

/** Checks the batch's basis and takes what it uses up (the order, or the package's remaining classes). */
async function claimBasis(tx: Queryable, session: SessionClaims, items: Payload[], basis: Basis): Promise<{ orderId: number | null; packageId: number | null }> {
  const first = items[0] as Payload;
  if (basis === 'free') {
    if (items.length !== 1) throw badRequest('[1]', 'a free assessment is a single class');
    if (first.rcras.some((r) => moneyValue(r.charge_rate) !== 0)) throw badRequest('[0].rcras', 'a free assessment is charged 0.00');
    const [used] = await tx.query<{ id: number }>(`select id from appointments where client_id = $1 and basis = 'free'`, [session.sub]);
    if (used) throw conflict('The free assessment class has been booked already.', 'free_assessment');
    return { orderId: null, packageId: null };
  }
  if (basis === 'order') {
    const order = await ownedRow<OrderRow>(tx, session, 'orders', first.order_ref as string, 'Order', '[0].order_ref', 'ref');
    if (order.status !== 'paid' && order.status !== 'confirmed') throw conflict('This order has not been paid.', 'order_ref');
    const [{ numberofclass } = { numberofclass: 0 }] = await tx.query<{ numberofclass: number }>('select numberofclass from packages where id = $1', [order.pkg_id]);
    if (items.length > numberofclass) throw badRequest('body', `the package of this order has ${numberofclass} classes`);
    const charge = perClassCharge(Number(order.amount), numberofclass);
    items.forEach((item, i) => {
      if (item.pkg_id !== order.pkg_id) throw badRequest(`[${i}].pkg_id`, `must be ${order.pkg_id}, the package of the order`);
      // Fix: the order was priced for its own students (one student costs less than two); a
      // recipient who is not on the order would be taught without having been paid for.
      const stranger = item.rcras.find((r) => !order.student_ids.includes(r.recipient));
      if (stranger) throw badRequest(`[${i}].rcras`, `student ${stranger.recipient} is not on this order`);
      if (item.rcras.some((r) => !sameMoney(moneyValue(r.charge_rate), charge))) {
        throw badRequest(`[${i}].rcras`, `charge_rate must be ${charge.toFixed(2)}, the order's price per class`);
      }
    });
    const [claimed] = await tx.query<{ id: number }>('update orders set consumed_at = now() where id = $1 and consumed_at is null returning id', [order.id]);
    if (!claimed) throw conflict('This order has been used for a booking already.', 'order_ref');
    if (order.client_package_id !== null) {
      await tx.query(
        `update client_packages set booked_classess = booked_classess + $2,
                remaining_classess = greatest(total_classess - booked_classess - $2, 0), updated_at = now()
          where id = $1`,
        [order.client_package_id, items.length],
      );
    }
    return { orderId: order.id, packageId: order.client_package_id };
  }
  const pkg = await ownedRow<ClientPackageRow>(tx, session, 'client_packages', first.client_package_id as number, 'Client package', '[0].client_package_id');
  if (pkg.purches_status !== 1) throw conflict('This package has not been paid.', 'client_package_id');
  // Fix: a paid order with client_package_id and its package are one purchase. Booking the
  // package's classes spends that order too; otherwise its order_ref could book the same classes
  // a second time (the order path above only caps remaining_classess at 0). Orders are claimed
  // before the package row, in the same lock order as the order path, so the two cannot deadlock.
  await tx.query(`update orders set consumed_at = now() where client_package_id = $1 and consumed_at is null and status in ('paid', 'confirmed')`, [pkg.id]);
  const [taken] = await tx.query<{ id: number }>(
    `update client_packages set booked_classess = booked_classess + $2, remaining_classess = remaining_classess - $2, updated_at = now()
      where id = $1 and remaining_classess >= $2 returning id`,
    [pkg.id, items.length],
  );
  if (!taken) throw conflict(`Only ${pkg.remaining_classess} classes remain in this package.`, 'client_package_id');
  return { orderId: null, packageId: pkg.id };
}

export function appointmentHandlers(ctx: AppContext): HandlerGroup<'listAppointmentsForStudents' | 'listAppointmentsForStudent' | 'createAppointments' | 'rescheduleAppointment'> {
  const { db } = ctx;
  return {
    async listAppointmentsForStudents(call) {
      const session = requireSession(call);
      ownBranch(session, call.query.branch_id);
      const ids = call.params.ids.split(',').map(Number);
      await assertOwnStudents(db, session, ids, 'ids');
      const data = await appointmentsWhere(db, 'a.id in (select appointment_id from appointment_recipients where student_id = any($1::int[]))', [ids]);
      return { data };
    },

    async listAppointmentsForStudent(call) {
      const session = requireSession(call);
      await assertOwnStudents(db, session, [call.params.id], 'id');
      const results = await appointmentsWhere(db, 'a.id in (select appointment_id from appointment_recipients where student_id = $1)', [call.params.id]);
      return { results };
    },

    async createAppointments(call) {
      const session = requireSession(call);
      const items = call.body;
      const basis = basisOf(items[0] as Payload, 0);
      const hours = items.map((item, i) => {
        if (basisOf(item, i) !== basis || item.order_ref !== items[0]?.order_ref || item.client_package_id !== items[0]?.client_package_id) {
          throw badRequest(`[${i}]`, 'every appointment of one request must rest on the same order, package or free assessment');
        }
        assertOwnClient(session, item.client_id, `[${i}].client_id`);
        ownBranch(session, item.branch_id, `[${i}].branch_id`);
        return hourOf(item.start, item.finish, `[${i}].`);
      });
      try {
        const ids = await db.transaction(async (tx) => {
          for (const [i, item] of items.entries()) {
            await ownedRow(tx, session, 'services', item.service, 'Service', `[${i}].service`);
            const onService = await tx.query<{ student_id: number | null; contractor_id: number | null }>(
              `select student_id, null::int as contractor_id from service_recipients where service_id = $1
               union all select null, contractor_id from service_contractors where service_id = $1`,
              [item.service],
            );
            for (const r of item.rcras) {
              if (!onService.some((s) => s.student_id === r.recipient)) throw badRequest(`[${i}].rcras`, `student ${r.recipient} is not on service ${item.service}`);
            }
            for (const c of item.cjas) {
              if (!onService.some((s) => s.contractor_id === c.contractor)) throw badRequest(`[${i}].cjas`, `tutor ${c.contractor} is not on service ${item.service}`);
              const hour = hours[i] as { start: Date; finish: Date };
              await assertTutorAvailable(tx, c.contractor, hour.start, hour.finish);
            }
          }
          const { orderId, packageId } = await claimBasis(tx, session, items, basis);
          const created: number[] = [];
          for (const [i, item] of items.entries()) {
            const hour = hours[i] as { start: Date; finish: Date };
            const [row] = await tx.query<{ id: number }>(
              `insert into appointments (client_id, branch_id, service_id, pkg_id, start, finish, topic, status, start_date, expiry_date, pricestatus, basis, order_id, client_package_id)
               values ($1, $2, $3, $4, $5, $6, $7, 'planned', $8, $9, $10, $11, $12, $13) returning id`,
              [session.sub, session.branch_id, item.service, item.pkg_id, hour.start, hour.finish, item.topic, item.start_date, item.expiry_date ?? null, item.pricestatus ?? basis !== 'free', basis, orderId, packageId],
            );
            const id = (row as { id: number }).id;
            created.push(id);
            for (const r of item.rcras) {
              await tx.query('insert into appointment_recipients (appointment_id, student_id, charge_rate) values ($1, $2, $3)', [id, r.recipient, moneyValue(r.charge_rate)]);
            }
            for (const c of item.cjas) {
              await tx.query('insert into appointment_contractors (appointment_id, contractor_id, pay_rate, start) values ($1, $2, $3, $4)', [
                id, c.contractor, moneyValue(c.pay_rate), hour.start,
              ]);
            }
          }
          return created;
        });
        return { success: true, data: await appointmentsWhere(db, 'a.id = any($1::int[])', [ids]) };
      } catch (error) {
        if (tutorHourTaken(error)) throw conflict('That tutor is already booked at that time. Please choose another slot.', 'cjas');
        if (isUniqueViolation(error, 'appointments_one_free_assessment')) throw conflict('The free assessment class has been booked already.', 'free_assessment');
        throw error;
      }
    },

    async rescheduleAppointment(call) {
      const session = requireSession(call);
      const { body } = call;
      const appointment = await ownedRow<AppointmentRow>(db, session, 'appointments', call.params.id, 'Appointment', 'id');
      ownBranch(session, body.branch_id);
      if (body.service !== appointment.service_id) throw badRequest('service', 'is not the service of this appointment');
      if (appointment.status !== 'planned') throw conflict('Only planned appointments can be rescheduled.');
      const hour = hourOf(body.start, body.finish, '');
      try {
        await db.transaction(async (tx) => {
          const tutors = await tx.query<{ contractor_id: number }>('select contractor_id from appointment_contractors where appointment_id = $1 and not released', [appointment.id]);
          for (const t of tutors) await assertTutorAvailable(tx, t.contractor_id, hour.start, hour.finish);
          await tx.query('update appointment_contractors set start = $2 where appointment_id = $1', [appointment.id, hour.start]);
          await tx.query('update appointments set start = $2, finish = $3, topic = $4 where id = $1', [appointment.id, hour.start, hour.finish, body.topic]);
        });
      } catch (error) {
        if (tutorHourTaken(error)) throw conflict('That tutor is already booked at that time. Please choose another slot.', 'start');
        throw error;
      }
      const [data] = await appointmentsWhere(db, 'a.id = $1', [appointment.id]);
      if (!data) throw new Error(`appointment ${appointment.id} vanished`);
      return { success: true, message: 'Appointment rescheduled successfully', data };
    },
  };
}
