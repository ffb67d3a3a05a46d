import type { components } from '../../contract/schema.d.ts';
import type { AppContext } from '../context.ts';
import { assertOwnClient, assertOwnStudents, ownBranch, ownOrder, ownedRow } from '../domain/access.ts';
import { type AppointmentBasis, appointmentsOfStudents, createAppointments, rescheduleAppointment } from '../domain/appointments.ts';
import type { AppointmentRow } from '../domain/records.ts';
import { badRequest } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';
import { replayedIf } from '../http/replayed.ts';

type Payload = components['schemas']['AppointmentPayload'];

function basisOf(item: Payload, index: number): AppointmentBasis {
  const given: AppointmentBasis[] = [];
  if (item.order_ref !== undefined) given.push('order');
  if (item.free_assessment === true) given.push('free');
  if (item.client_package_id !== undefined) given.push('package');
  const [basis] = given;
  if (given.length !== 1 || !basis) {
    throw badRequest(`[${index}].order_ref`, 'give exactly one of order_ref, free_assessment or client_package_id');
  }
  return basis;
}

export function appointmentHandlers(ctx: AppContext): HandlerGroup<'listAppointmentsForStudents' | 'listAppointmentsForStudent' | 'createAppointments' | 'rescheduleAppointment'> {
  const { db } = ctx;
  return {
    async listAppointmentsForStudents(call) {
      const session = requireSession(call);
      ownBranch(session, call.query.branch_id);
      const ids = call.params.ids.split(',').map(Number);
      await assertOwnStudents(db, session, ids, 'ids');
      return { data: await appointmentsOfStudents(db, ids) };
    },

    async listAppointmentsForStudent(call) {
      const session = requireSession(call);
      await assertOwnStudents(db, session, [call.params.id], 'id');
      return { results: await appointmentsOfStudents(db, [call.params.id]) };
    },

    async createAppointments(call) {
      const session = requireSession(call);
      const items = call.body;
      const basis = basisOf(items[0] as Payload, 0);
      items.forEach((item, i) => {
        if (basisOf(item, i) !== basis || item.order_ref !== items[0]?.order_ref || item.client_package_id !== items[0]?.client_package_id) {
          throw badRequest(`[${i}]`, 'every appointment of one request must rest on the same order, package or free assessment');
        }
        assertOwnClient(session, item.client_id, `[${i}].client_id`);
        ownBranch(session, item.branch_id, `[${i}].branch_id`);
      });
      const order = basis === 'order' ? await ownOrder(db, session, items[0]?.order_ref as string, '[0].order_ref') : undefined;
      const booked = await createAppointments(db, session, items, basis, order);
      return replayedIf(booked.again, { success: true, data: booked.lessons });
    },

    async rescheduleAppointment(call) {
      const session = requireSession(call);
      const { body } = call;
      const appointment = await ownedRow<AppointmentRow>(db, session, 'appointments', call.params.id, 'Appointment', 'id');
      ownBranch(session, body.branch_id);
      if (body.service !== appointment.service_id) throw badRequest('service', 'is not the service of this appointment');
      return { success: true, message: 'Appointment rescheduled successfully', data: await rescheduleAppointment(db, appointment, body) };
    },
  };
}
