import type { SessionClaims } from '../auth/tokens.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { assertOwnClient, bookingPaused, ownBranch, ownedRow } from '../domain/access.ts';
import { branchTimeZone } from '../domain/branch-time.ts';
import { mailDateTime } from '../domain/mail-dates.ts';
import { sendMail } from '../domain/outbox.ts';
import { type AppointmentRow, type StudentRow, appointmentsWhere, loadUser, toStudent } from '../domain/records.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { type HandlerGroup, requireSession } from '../http/operations.ts';

type ClientOperations =
  | 'getClientData'
  | 'checkClientStatus'
  | 'getClientPriceStatus'
  | 'getFreeAssessmentStatus'
  | 'sendClientEmail'
  | 'createStudents'
  | 'sendReview';

/** The portal shows these as they are (the Rate Us dialog's refusal). */
export const ratedAlreadyText = 'You have rated this lesson already.';
export const notCompletedText = 'Only a completed lesson can be rated.';

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

export function clientHandlers(ctx: AppContext): HandlerGroup<ClientOperations> {
  const { db } = ctx;
  return {
    async getClientData(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      return { status: !(await bookingPaused(db, session.sub)), client: await loadUser(db, session.sub) };
    },

    async checkClientStatus(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.query.clientid, 'clientid');
      return { success: true, clientid: session.sub, status: 'active' };
    },

    async getClientPriceStatus(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      const [row] = await db.query<{ paid: boolean }>(
        'select exists (select 1 from client_packages where client_id = $1 and purches_status = 1) as paid',
        [session.sub],
      );
      return { pricestatus: row?.paid ?? false };
    },

    async getFreeAssessmentStatus(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.params.clientid, 'clientid');
      const [row] = await db.query<{ used: boolean }>(
        `select exists (select 1 from appointments where client_id = $1 and basis = 'free') as used`,
        [session.sub],
      );
      const used = row?.used ?? false;
      return { success: used, message: used ? 'The free assessment class has been booked already.' : 'The free assessment class is available.' };
    },

    async sendClientEmail(call) {
      const session = requireSession(call);
      const user = await loadUser(db, session.sub);
      await sendMail(
        db,
        ctx.staffEmail,
        'A client asks to be contacted',
        `${user.firstname} ${user.lastname} (client ${user.clientid}) asks to be contacted at ${call.body.email} about booking more students or subjects than the portal allows.`,
      );
      return { success: true, message: 'Our team will contact you shortly.' };
    },

    async createStudents(call) {
      const session = requireSession(call);
      ownBranch(session, call.query.branch_id);
      call.body.forEach((student, i) => {
        if (student.paying_client !== session.sub) throw forbidden(`[${i}].paying_client`, 'Students can be added to your own account only.');
      });
      const students = await db.transaction(async (tx) => {
        const saved: StudentRow[] = [];
        for (const student of call.body) {
          const first = student.first_name.trim();
          const last = student.last_name.trim();
          // Existing students are matched by case-insensitive first and last name, as the portal does.
          const [existing] = await tx.query<StudentRow>(
            'select * from students where client_id = $1 and lower(first_name) = lower($2) and lower(last_name) = lower($3)',
            [session.sub, first, last],
          );
          const [row] = existing
            ? [existing]
            : await tx.query<StudentRow>('insert into students (client_id, first_name, last_name) values ($1, $2, $3) returning *', [session.sub, first, last]);
          if (row) saved.push(row);
        }
        return saved;
      });
      return { success: true, data: students.map(toStudent) };
    },

    async sendReview(call) {
      const session = requireSession(call);
      assertOwnClient(session, call.body.clientid, 'clientid');
      const { client_email, review_number, description, appointment_id } = call.body;
      // A rating about one lesson: the client's (403), over (409), and rated once (409, by the unique
      // constraint, whatever the race). Nothing is recorded or mailed on a refusal.
      const lesson = appointment_id === undefined ? undefined : await ratedLesson(db, session, appointment_id);
      const recorded = await db.transaction(async (tx) => {
        const [review] = await tx.query<{ id: number }>(
          `insert into reviews (client_id, client_email, review_number, description, appointment_id) values ($1, $2, $3, $4, $5)
           on conflict (appointment_id) do nothing returning id`,
          [session.sub, client_email, review_number, description, appointment_id ?? null],
        );
        if (!review) return false;
        const about = lesson ? ` the lesson ${lesson.topic} of ${mailDateTime(lesson.start, await branchTimeZone(tx, lesson.branch_id))} (appointment ${lesson.id})` : '';
        await sendMail(tx, ctx.staffEmail, `Review: ${review_number} of 5 stars`, `Client ${session.sub} (${client_email}) rated${about} ${review_number} of 5:\n\n${description}`);
        return true;
      });
      if (!recorded) throw conflict(ratedAlreadyText, 'appointment_id');
      return { data: { success: true, message: 'Thank you for your feedback!' } };
    },
  };
}
