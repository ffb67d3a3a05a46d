import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AppointmentRow } from '../domain/records.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { onlyThisMachine } from '../http/this-machine.ts';

type Completed = Pick<AppointmentRow, 'id' | 'status'>;

/** The path's id as the contract's Id (1 to 2147483647, no leading zeros); 400 naming `id` otherwise. */
function appointmentId(text: string): number {
  const id = /^[1-9][0-9]{0,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(id <= 2147483647)) throw badRequest('id', 'must be an appointment id (a whole number from 1 to 2147483647)');
  return id;
}

/**
 * Development tools beside the outbox: lessons complete by themselves once their hour is over, and tests and
 * demos that cannot wait for that complete one now. Served with the outbox, to this machine only.
 */
export function registerDevAppointmentPages(app: FastifyInstance, { db }: AppContext): void {
  app.post<{ Params: { id: string } }>('/dev/appointments/:id/complete', { onRequest: onlyThisMachine }, async (request): Promise<Completed> => {
    const id = appointmentId(request.params.id);
    const [completed] = await db.query<Completed>(`update appointments set status = 'completed' where id = $1 and status = 'planned' returning id, status`, [id]);
    if (completed) return completed;
    // Why nothing changed, for the answer only: the row is not written.
    const [row] = await db.query<Completed>('select id, status from appointments where id = $1', [id]);
    if (!row) throw notFound('Appointment');
    if (row.status === 'completed') return row;
    throw conflict(`This appointment is ${row.status}; only a planned appointment can be completed.`, 'id');
  });
}
