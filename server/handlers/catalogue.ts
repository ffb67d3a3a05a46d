import type { AppContext } from '../context.ts';
import { ownBranch } from '../domain/access.ts';
import { hoursForSubjects, locationsOf, pricedPackages, subjectsOf, tutorNamesOf, tutorsFreeAt, tutorsOf } from '../domain/catalogue.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type CatalogueOperations =
  | 'listLocations'
  | 'listSubjects'
  | 'listPackagesForStudents'
  | 'listPackages'
  | 'listContractors'
  | 'listContractorsWithAvailability'
  | 'filterAvailabilityBySubject'
  | 'filterTutors';

export function catalogueHandlers(ctx: AppContext): HandlerGroup<CatalogueOperations> {
  const { db } = ctx;
  return {
    async listLocations(call) {
      return locationsOf(db, ownBranch(requireSession(call), call.query.branch_id));
    },

    async listSubjects(call) {
      return subjectsOf(db, ownBranch(requireSession(call), call.query.branch_id));
    },

    async listPackagesForStudents(call) {
      requireSession(call);
      return { data: { data: await pricedPackages(db, call.query.student, call.query.level) } };
    },

    async listPackages(call) {
      requireSession(call);
      return pricedPackages(db, 1, 1);
    },

    async listContractors(call) {
      const branch = ownBranch(requireSession(call), call.query.branch_id);
      return { success: true, data: await tutorNamesOf(db, branch) };
    },

    async listContractorsWithAvailability(call) {
      const session = requireSession(call);
      return tutorsOf(db, ownBranch(session, call.query.branch_id), session.sub);
    },

    async filterAvailabilityBySubject(call) {
      const session = requireSession(call);
      const branch = ownBranch(session, call.body.branch_id);
      return hoursForSubjects(db, branch, session.sub, call.body.subjectNames, call.body.yearLevels);
    },

    async filterTutors(call) {
      const session = requireSession(call);
      const branch = ownBranch(session, call.query.branch_id);
      return { data: await tutorsFreeAt(db, branch, session.sub, call.query) };
    },
  };
}
