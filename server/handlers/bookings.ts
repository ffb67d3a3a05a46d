import type { AppContext } from '../context.ts';
import { assertOwnClient, assertOwnStudents, ownBranch } from '../domain/access.ts';
import { bookLessons } from '../domain/bookings.ts';
import { ordersToPlace } from '../domain/orders.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';
import { replayedIf } from '../http/replayed.ts';

/**
 * POST /bookings: the lessons a client books without paying at checkout (domain/bookings.ts, on the basis of
 * domain/booking-basis.ts). GET /orders-to-place/{clientid}: the paid orders that still have classes to place.
 */
export function bookingHandlers(ctx: AppContext): HandlerGroup<'bookLessons' | 'listOrdersToPlace'> {
  const { db } = ctx;
  return {
    async bookLessons(call) {
      const session = requireSession(call);
      const { body } = call;
      assertOwnClient(session, body.client_id, 'client_id');
      const branchId = ownBranch(session, body.branch_id);
      for (const [i, lesson] of body.lessons.entries()) await assertOwnStudents(db, session, lesson.students, `lessons[${i}].students`);
      const booked = await bookLessons(db, session, branchId, body);
      return replayedIf(booked.again, { success: true, data: booked.lessons });
    },

    async listOrdersToPlace(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { data: await ordersToPlace(db, session.sub) };
    },
  };
}
