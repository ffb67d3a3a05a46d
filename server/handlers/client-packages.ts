import type { components } from '../../contract/schema.d.ts';
import type { AppContext } from '../context.ts';
import { assertOwnClient, ownedRow } from '../domain/access.ts';
import { clientPackage, clientPackagesOf, deleteUnpaidPackages, saveClientPackage, updateClientPackage } from '../domain/client-packages.ts';
import type { ClientPackageRow } from '../domain/records.ts';
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
  return {
    async listClientPackages(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { success: true, data: await clientPackagesOf(db, session.sub, false) };
    },

    async getClientPackage(call) {
      const session = requireSession(call);
      const row = await ownedRow<ClientPackageRow>(db, session, 'client_packages', call.params.id, 'Client package', 'id');
      return { success: true, data: [await clientPackage(db, row)] };
    },

    async listUnpaidClientPackages(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { success: true, data: await clientPackagesOf(db, session.sub, true) };
    },

    async deleteUnpaidClientPackages(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { success: true, deleted: await deleteUnpaidPackages(db, session.sub) };
    },

    async createClientPackage(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.clientid, 'clientid');
      checkPayload(body);
      return { success: true, message: 'Package saved', data: await saveClientPackage(db, session.sub, body) };
    },

    async updateClientPackage(call) {
      const session = requireSession(call);
      const { body } = call;
      const stored = await ownedRow<ClientPackageRow>(db, session, 'client_packages', call.params.id, 'Client package', 'id');
      assertOwnClient(session, body.clientid, 'clientid');
      checkPayload(body);
      return { success: true, message: 'Package updated', data: await updateClientPackage(db, stored, body) };
    },
  };
}
