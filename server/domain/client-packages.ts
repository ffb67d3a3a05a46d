import type { components } from '../../contract/schema.d.ts';
import type { Queryable } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { lessonOver } from './appointments.ts';
import type { ClientPackageRow } from './records.ts';

type Schemas = components['schemas'];
type Payload = Schemas['ClientPackagePayload'];

/* A client's packages as the portal saves them (its form, its counters) and as they are answered. */

/**
 * The lessons completed on the client package `cp`: its lessons whose status is completed, or which are
 * planned and over (they complete lazily, as appointmentsWhere reads them). Counted whenever a package is
 * answered, so `completed_classess` always follows its lessons; the stored column is what the portal sent.
 */
const completedOnPackage = `(select count(*)::int from appointments a where a.client_package_id = cp.id and (a.status = 'completed' or (${lessonOver})))`;

/** A client package as it is answered: its row with the lessons completed on it. */
type AnsweredClientPackage = ClientPackageRow & { completed_lessons: number };

/** The client packages `where` picks (a condition on `client_packages cp`), newest first. */
const clientPackagesWhere = (db: Queryable, where: string, params: readonly unknown[]): Promise<AnsweredClientPackage[]> =>
  db.query<AnsweredClientPackage>(`select cp.*, ${completedOnPackage} as completed_lessons from client_packages cp where ${where} order by cp.created_at desc, cp.id desc`, params);

const toClientPackage = (row: AnsweredClientPackage): Schemas['ClientPackage'] => ({
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

/** The package `id` as it is answered, with the lessons completed on it. */
async function answered(db: Queryable, id: number): Promise<Schemas['ClientPackage']> {
  const [row] = await clientPackagesWhere(db, 'cp.id = $1', [id]);
  if (!row) throw new Error(`client package ${id} vanished`);
  return toClientPackage(row);
}

/** The client's packages, newest first; only the unpaid ones with `onlyUnpaid`. */
export async function clientPackagesOf(db: Queryable, clientId: number, onlyUnpaid: boolean): Promise<Schemas['ClientPackage'][]> {
  return (await clientPackagesWhere(db, `cp.client_id = $1 ${onlyUnpaid ? 'and cp.purches_status = 0' : ''}`, [clientId])).map(toClientPackage);
}

/** A package the caller has found to be the client's own. */
export const clientPackage = (db: Queryable, row: Pick<ClientPackageRow, 'id'>): Promise<Schemas['ClientPackage']> => answered(db, row.id);

/** Deletes the client's unpaid packages; answers how many there were. */
export async function deleteUnpaidPackages(db: Queryable, clientId: number): Promise<number> {
  const deleted = await db.query<{ id: number }>('delete from client_packages where client_id = $1 and purches_status = 0 returning id', [clientId]);
  return deleted.length;
}

/** Saves a new, unpaid package of the client as the portal sent it. */
export async function saveClientPackage(db: Queryable, clientId: number, body: Payload): Promise<Schemas['ClientPackage']> {
  const [row] = await db.query<ClientPackageRow>(
    `insert into client_packages (client_id, package_form, bookingdata, purches_status, booked_classess, total_classess, remaining_classess, completed_classess)
     values ($1, $2, $3, 0, $4, $5, $6, 0) returning *`,
    [clientId, body.packageForm, JSON.stringify(body.bookingdata), body.booked_classess, body.total_classess, body.remaining_classess],
  );
  return answered(db, (row as ClientPackageRow).id);
}

/** Saves the portal's form on the client's package `stored`; its counters only while it is unpaid (400 for a paid package's size). */
export async function updateClientPackage(db: Queryable, stored: ClientPackageRow, body: Payload): Promise<Schemas['ClientPackage']> {
  // One conditional statement, never read-then-write: the counters of a paid package are the
  // server's (a booking may be taking classes off it right now), so only an unpaid package takes
  // the client's; and a paid package's size is what was paid for.
  const [row] = await db.query<ClientPackageRow>(
    `update client_packages set package_form = $2, bookingdata = $3,
            booked_classess = case when purches_status = 0 then $4 else booked_classess end,
            total_classess = case when purches_status = 0 then $5 else total_classess end,
            remaining_classess = case when purches_status = 0 then $6 else remaining_classess end,
            updated_at = now()
      where id = $1 and (purches_status = 0 or total_classess = $5) returning *`,
    [stored.id, body.packageForm, JSON.stringify(body.bookingdata), body.booked_classess, body.total_classess, body.remaining_classess],
  );
  if (!row) {
    const [now] = await db.query<ClientPackageRow>('select total_classess from client_packages where id = $1', [stored.id]);
    throw badRequest('total_classess', `cannot change on a paid package (${now?.total_classess ?? stored.total_classess})`);
  }
  return answered(db, row.id);
}
