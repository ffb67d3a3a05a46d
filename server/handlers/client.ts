import { freeAssessmentUsedText } from '../../contract/refusals.ts';
import type { AppContext } from '../context.ts';
import { assertOwnClient, ownBranch } from '../domain/access.ts';
import { askToBeContacted, clientData, freeAssessmentUsed, hasPaidPackage, saveStudents } from '../domain/clients.ts';
import { recordReview } from '../domain/reviews.ts';
import { forbidden } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type ClientOperations =
  | 'getClientData'
  | 'checkClientStatus'
  | 'getClientPriceStatus'
  | 'getFreeAssessmentStatus'
  | 'sendClientEmail'
  | 'createStudents'
  | 'sendReview';

export function clientHandlers(ctx: AppContext): HandlerGroup<ClientOperations> {
  const { db } = ctx;
  return {
    async getClientData(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return clientData(db, session.sub);
    },

    async checkClientStatus(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.query.clientid, 'clientid');
      return { success: true, clientid: session.sub, status: 'active' };
    },

    async getClientPriceStatus(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { pricestatus: await hasPaidPackage(db, session.sub) };
    },

    async getFreeAssessmentStatus(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      const used = await freeAssessmentUsed(db, session.sub);
      return { success: used, message: used ? freeAssessmentUsedText : 'The free assessment class is available.' };
    },

    async sendClientEmail(call) {
      const session = requireSession(call);
      await askToBeContacted(db, ctx.staffEmail, session.sub, call.body.email);
      return { success: true, message: 'Our team will contact you shortly.' };
    },

    async createStudents(call) {
      const session = requireSession(call);
      ownBranch(session, call.query.branch_id);
      call.body.forEach((student, i) => {
        if (student.paying_client !== session.sub) throw forbidden(`[${i}].paying_client`, 'Students can be added to your own account only.');
      });
      return { success: true, data: await saveStudents(db, session.sub, call.body) };
    },

    async sendReview(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.body.clientid, 'clientid');
      await recordReview(db, ctx.staffEmail, session, call.body);
      return { data: { success: true, message: 'Thank you for your feedback!' } };
    },
  };
}
