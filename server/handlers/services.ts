import type { AppContext } from '../context.ts';
import { assertOwnStudents, ownBranch, ownedRow } from '../domain/access.ts';
import { type ServiceRow, makeService, serviceAnswer } from '../domain/services.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';
import { replayedIf } from '../http/replayed.ts';

export function serviceHandlers(ctx: AppContext): HandlerGroup<'getService' | 'createService'> {
  const { db } = ctx;
  return {
    async getService(call) {
      const session = requireSession(call);
      ownBranch(session, call.query.branch_id);
      return serviceAnswer(db, await ownedRow<ServiceRow>(db, session, 'services', call.params.serviceId, 'Service', 'serviceId'));
    },

    async createService(call) {
      const session = requireSession(call);
      const { body } = call;
      const branch = ownBranch(session, body.branch_id);
      await assertOwnStudents(db, session, body.rcrs.map((r) => r.recipient), 'rcrs');
      const made = await makeService(db, session, branch, body);
      return replayedIf(made.again, { id: made.id });
    },
  };
}
