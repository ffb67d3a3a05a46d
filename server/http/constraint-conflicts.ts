import { freeAssessmentUsedText, ratedAlreadyText } from '../../contract/refusals.ts';

/**
 * What each unique constraint, unique index and exclusion constraint of the schema means to the person whose
 * request ran into it: a 409 with a message they can act on, naming the field to change. Handlers that know
 * better (which of their fields clashed) answer in their own words first; the app's error handler answers
 * any violation that reaches it from here, so a race the handler did not foresee is a 409, never a 500.
 * tests/server/constraint-conflicts.test.ts fails when the schema has a name this table does not.
 */
export interface ConstraintConflict {
  message: string;
  field: string;
}

export const constraintConflicts = {
  // busy_hours (005_holds.sql): a lesson or a held hour of an unpaid order.
  tutor_in_one_place_at_a_time: { message: 'That tutor is already booked at that time. Please choose another slot.', field: 'start' },
  student_in_one_place_at_a_time: { message: 'The student already has a lesson at that time. Please choose another slot.', field: 'start' },
  appointments_one_free_assessment: { message: freeAssessmentUsedText, field: 'free_assessment' },
  appointments_one_per_order_lesson: { message: 'This lesson has been booked on this order already. Please reload to see it.', field: 'order_ref' },
  availability_contractor_id_start_key: { message: 'The tutor already has availability starting at that time.', field: 'start' },
  clients_email_key: { message: 'An account with this e-mail address exists already. Please log in or reset the password.', field: 'email' },
  order_lessons_line_id_start_key: { message: 'The same hour is twice in this order. Please choose each hour once.', field: 'lessons' },
  order_lines_order_id_line_key: { message: 'This order changed meanwhile. Please reload and try again.', field: 'lines' },
  orders_ref_key: { message: 'This order could not be opened this time. Please try again.', field: 'ref' },
  packages_name_key: { message: 'A package of that name exists already.', field: 'name' },
  // reviews (006_receipts_and_ratings.sql): a rating is about one lesson, once.
  reviews_one_per_appointment: { message: ratedAlreadyText, field: 'appointment_id' },
  calendar_feeds_token_hash_key: { message: 'This calendar link is in use already. Please reset it again.', field: 'token' },
  proforma_invoices_one_per_order: { message: 'An invoice has been raised for this order already. Please reload to see it.', field: 'order_ref' },
  services_one_per_order_key: { message: 'This service has been made for this order already. Please reload to see it.', field: 'order_ref' },
  subjects_branch_id_name_key: { message: 'The branch has a subject of that name already.', field: 'name' },
} as const satisfies Record<string, ConstraintConflict>;

/** Looked up by the name PostgreSQL reports, which may be one the table does not have. */
const byName: Readonly<Partial<Record<string, ConstraintConflict>>> = constraintConflicts;

/** For a name missing from the table above (a constraint added without its message): still a 409. */
export const unknownConflict = 'This clashes with something saved meanwhile. Please reload and try again.';

/** PostgreSQL's unique_violation and exclusion_violation. */
const conflictCodes = new Set(['23505', '23P01']);

export interface ConflictAnswer {
  message: string;
  field?: string;
  /** The constraint's name, when the table above has no message for it: worth a log line. */
  unknown?: string;
}

/** The 409 answer to a database error, when it is a unique or exclusion violation; undefined otherwise. */
export function conflictAnswer(error: unknown): ConflictAnswer | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (typeof code !== 'string' || !conflictCodes.has(code)) return undefined;
  const name = typeof constraint === 'string' ? constraint : '';
  const known = Object.hasOwn(byName, name) ? byName[name] : undefined;
  return known ?? { message: unknownConflict, unknown: name || '(unnamed)' };
}

/** PostgreSQL's deadlock_detected. */
const isDeadlock = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';

/**
 * Runs `work` (one transaction) again when PostgreSQL chose it as a deadlock's victim. Two writers taking
 * overlapping hours at the same instant can each wait for the other under an exclusion constraint (each sees
 * the other's row in progress); the database aborts one, and its retry meets the other's committed row: the
 * conflict it would have had, answered as such, instead of a 500.
 */
export async function retryingDeadlocks<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}
