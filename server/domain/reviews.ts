import { notCompletedText, ratedAlreadyText } from '../../contract/refusals.ts';
import type { SessionClaims } from '../auth/tokens.ts';
import type { Database, Queryable } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import { ownedRow } from './access.ts';
import { appointmentsWhere } from './appointments.ts';
import { branchTimeZone } from './branch-time.ts';
import { mailDateTime } from './mail-dates.ts';
import { sendMail } from './outbox.ts';
import type { AppointmentRow } from './records.ts';

/** A rating as the Rate Us dialog sends it, about one lesson or none. */
export interface Review {
  client_email: string;
  review_number: number;
  description: string;
  appointment_id?: number | undefined;
}

/**
 * The lesson a rating is about: the client's own (404 when there is none, 403 naming appointment_id when it is
 * another client's) and completed (409 otherwise). Read through appointmentsWhere, so a lesson whose hour is
 * over counts as completed, as every listing shows it.
 */
async function ratedLesson(db: Queryable, session: SessionClaims, appointmentId: number): Promise<AppointmentRow> {
  const row = await ownedRow<AppointmentRow>(db, session, 'appointments', appointmentId, 'Appointment', 'appointment_id');
  const [listed] = await appointmentsWhere(db, 'a.id = $1', [row.id]);
  if (listed?.status !== 'completed') throw conflict(notCompletedText, 'appointment_id');
  return row;
}

/**
 * Records the client's rating and mails it to staff, in one transaction. About one lesson: the client's (403),
 * over (409), and rated once (409, by the unique constraint, whatever the race). Nothing is recorded or
 * mailed on a refusal.
 */
export async function recordReview(db: Database, staffEmail: string, session: SessionClaims, review: Review): Promise<void> {
  const { client_email, review_number, description, appointment_id } = review;
  const lesson = appointment_id === undefined ? undefined : await ratedLesson(db, session, appointment_id);
  const recorded = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into reviews (client_id, client_email, review_number, description, appointment_id) values ($1, $2, $3, $4, $5)
       on conflict (appointment_id) do nothing returning id`,
      [session.sub, client_email, review_number, description, appointment_id ?? null],
    );
    if (!row) return false;
    const about = lesson ? ` the lesson ${lesson.topic} of ${mailDateTime(lesson.start, await branchTimeZone(tx, lesson.branch_id))} (appointment ${lesson.id})` : '';
    await sendMail(tx, staffEmail, `Review: ${review_number} of 5 stars`, `Client ${session.sub} (${client_email}) rated${about} ${review_number} of 5:\n\n${description}`);
    return true;
  });
  if (!recorded) throw conflict(ratedAlreadyText, 'appointment_id');
}
