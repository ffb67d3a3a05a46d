import { freeAssessmentUsedText } from '../../contract/refusals.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import { type Database, isExclusionViolation, isUniqueViolation } from '../db/database.ts';
import { retryingDeadlocks } from '../http/constraint-conflicts.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { bookingPaused, bookingPausedText } from './access.ts';
import { type BookedLessons, appointmentsWhere } from './appointments.ts';
import { type BookBody, assertBasisOpen, basisOf, bookedBefore, claimBasis, linesToCheck, termsOf } from './booking-basis.ts';
import { branchDay, branchTimeZone } from './branch-time.ts';
import { subjectSpellings } from './catalogue.ts';
import { HoursTakenError, type TakenHour, allTaken, hoursNotFree, planLessons, releaseOwnHolds, unavailableHours } from './holds.ts';
import { bookPlannedLessons, packageDurationDays, tutorPrices } from './lesson-booking.ts';
import { lockPeople, peopleOf } from './person-locks.ts';

const partlyBookedText = 'Part of this booking has been booked already.';

/**
 * POST /bookings: the lessons a client books without paying at checkout, with their services, in one
 * transaction (docs/architecture.md, "Paid means booked"), on their basis (booking-basis.ts). The lessons are
 * checked as create-order checks them (holds.ts), the basis's classes are taken by conditional writes, and
 * the rows are the ones fulfilment writes for a paid order (lesson-booking.ts). The caller has checked the
 * client, branch and students; the basis is checked the client's own here.
 */
export async function bookLessons(db: Database, session: SessionClaims, branchId: number, body: BookBody): Promise<BookedLessons> {
  const basis = await basisOf(db, session, body);

  const zone = await branchTimeZone(db, branchId);
  const subjects = await subjectSpellings(db, branchId);
  const { lines, levels } = linesToCheck(body, basis, subjects);
  const planned = planLessons(body.lessons, lines, subjects, zone);

  // A retry of a booking whose answer was lost answers what the first call booked, before anything else
  // is checked: by now its hours are taken (by itself) and its classes counted.
  const replay = async (): Promise<BookedLessons | undefined> => {
    const booked = await bookedBefore(db, session.sub, basis, planned);
    if (booked.length === 0) return undefined;
    if (booked.length !== planned.length) throw conflict(partlyBookedText, 'lessons');
    return { lessons: await appointmentsWhere(db, 'a.id = any($1::int[])', [booked]), again: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  // A paused client starts no new booking (as POST /create-order refuses); classes already paid for are
  // still placed, since the money is in.
  if (basis.kind === 'free' && (await bookingPaused(db, session.sub))) throw forbidden('client_id', bookingPausedText);

  try {
    await assertBasisOpen(db, session.sub, basis);
  } catch (error) {
    // The same booking sent twice at once may have committed since the replay check above: answer it.
    const late = await replay();
    if (late) return late;
    throw error;
  }
  const now = new Date();
  const unavailable: TakenHour[] = await unavailableHours(db, planned, levels, zone, now);
  const today = branchDay(now, zone);
  const durations = new Map<number, number>();
  for (const pkgId of new Set(basis.kind === 'order' ? basis.lines.map((l) => l.pkg_id) : basis.kind === 'package' ? [basis.pkgId] : [])) {
    durations.set(pkgId, await packageDurationDays(db, pkgId));
  }
  const prices = await tutorPrices(db, planned.map((l) => l.tutor));
  const common = { clientId: session.sub, branchId, timeZone: zone };
  try {
    const ids = await retryingDeadlocks(() =>
      db.transaction(async (tx) => {
        await lockPeople(tx, peopleOf(planned));
        // The client's own unpaid orders give up their holds on these hours (the grids offer them to it).
        await releaseOwnHolds(tx, session.sub, basis.kind === 'order' ? basis.order.id : 0, planned);
        const notFree = await hoursNotFree(tx, planned, unavailable);
        if (notFree.length > 0) throw new HoursTakenError(notFree);
        await claimBasis(tx, basis, planned);
        const made: number[] = [];
        for (const line of new Set(planned.map((l) => l.line))) {
          const own = planned.filter((l) => l.line === line);
          made.push(...(await bookPlannedLessons(tx, termsOf(basis, common, today, durations, prices, line), own)));
        }
        return made;
      }),
    );
    return { lessons: await appointmentsWhere(db, 'a.id = any($1::int[])', [ids]), again: false };
  } catch (error) {
    // The same booking, sent twice at once: the one that lost the race answers what the other booked.
    const late = await replay();
    if (late) return late;
    if (isUniqueViolation(error, 'appointments_one_free_assessment')) throw conflict(freeAssessmentUsedText, 'basis.free_assessment');
    // Someone took an hour between the check and the insert: the exclusion constraints of busy_hours had
    // the final word; name what was taken.
    if (isExclusionViolation(error)) {
      const notFree = await hoursNotFree(db, planned, unavailable);
      throw new HoursTakenError(notFree.length > 0 ? notFree : allTaken(planned));
    }
    throw error;
  }
}
