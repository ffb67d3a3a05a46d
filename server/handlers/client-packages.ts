import type { components } from '../../contract/schema.d.ts';
import type { AppContext } from '../context.ts';
import { assertOwnClient, ownedRow } from '../domain/access.ts';
import { type AnsweredClientPackage, type ClientPackageRow, clientPackagesWhere, toClientPackage } from '../domain/records.ts';
import { badRequest } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type Payload = components['schemas']['ClientPackagePayload'];
type ClientPackageOperations =
  | 'listClientPackages'
  | 'getClientPackage'
  | 'listUnpaidClientPackages'
  | 'deleteUnpaidClientPackages'
  | 'createClientPackage'
  | 'updateClientPackage';

function checkPayload(body: Payload): void {
  let form: unknown;
  try {
    form = JSON.parse(body.packageForm);
  } catch {
    throw badRequest('packageForm', 'must be JSON text');
  }
  if (typeof form !== 'object' || form === null || Array.isArray(form)) throw badRequest('packageForm', 'must be the JSON text of an object');
  const remaining = Math.max(0, body.total_classess - body.booked_classess);
  if (body.remaining_classess !== remaining) {
    throw badRequest('remaining_classess', `must be total_classess minus booked_classess, at least 0 (${remaining})`);
  }
}

export function clientPackageHandlers(ctx: AppContext): HandlerGroup<ClientPackageOperations> {
  const { db } = ctx;
  const packagesOf = (clientId: number, onlyUnpaid: boolean) => clientPackagesWhere(db, `cp.client_id = $1 ${onlyUnpaid ? 'and cp.purches_status = 0' : ''}`, [clientId]);
  /** The package `id` as it is answered, with the lessons completed on it. */
  const answered = async (id: number): Promise<AnsweredClientPackage> => {
    const [row] = await clientPackagesWhere(db, 'cp.id = $1', [id]);
    if (!row) throw new Error(`client package ${id} vanished`);
    return row;
  };
  return {
    async listClientPackages(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { success: true, data: (await packagesOf(session.sub, false)).map(toClientPackage) };
    },

    async getClientPackage(call) {
      const session = requireSession(call);
      const row = await ownedRow<ClientPackageRow>(db, session, 'client_packages', call.params.id, 'Client package', 'id');
      return { success: true, data: [toClientPackage(await answered(row.id))] };
    },

    async listUnpaidClientPackages(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { success: true, data: (await packagesOf(session.sub, true)).map(toClientPackage) };
    },

    async deleteUnpaidClientPackages(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      const deleted = await db.query<{ id: number }>('delete from client_packages where client_id = $1 and purches_status = 0 returning id', [session.sub]);
      return { success: true, deleted: deleted.length };
    },

    async createClientPackage(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.clientid, 'clientid');
      checkPayload(body);
      const [row] = await db.query<ClientPackageRow>(
        `insert into client_packages (client_id, package_form, bookingdata, purches_status, booked_classess, total_classess, remaining_classess, completed_classess)
         values ($1, $2, $3, 0, $4, $5, $6, 0) returning *`,
        [session.sub, body.packageForm, JSON.stringify(body.bookingdata), body.booked_classess, body.total_classess, body.remaining_classess],
      );
      return { success: true, message: 'Package saved', data: toClientPackage(await answered((row as ClientPackageRow).id)) };
    },

    async updateClientPackage(call) {
      const session = requireSession(call);
      const { body } = call;
      const stored = await ownedRow<ClientPackageRow>(db, session, 'client_packages', call.params.id, 'Client package', 'id');
      assertOwnClient(session, body.clientid, 'clientid');
      checkPayload(body);
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
      return { success: true, message: 'Package updated', data: toClientPackage(await answered(row.id)) };
    },
  };
}
