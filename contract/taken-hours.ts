import type { components } from './schema.d.ts';
import { isRecord } from './is-record.ts';

/**
 * The 409 that names the hours of an order or a booking someone else took first (`HoursTaken` in openapi.yaml):
 * the server answers it, the client's calls (src/api/calls/{checkout,booking}.ts) turn its body into a
 * HoursTakenError, and the booking charts read that error (machines/booking/taken-hours.ts). In contract/ because
 * the call layer and the charts both hold it and neither may import the other.
 */

export type TakenHour = components['schemas']['TakenHour'];

/** A create-order or a booking (POST /bookings) refused because of `taken` hours: what the call throws, what the machines read. */
export class HoursTakenError extends Error {
  readonly status = 409;

  constructor(
    message: string,
    readonly taken: readonly TakenHour[],
  ) {
    super(message);
    this.name = 'HoursTakenError';
  }
}

const isTakenHour = (value: unknown): value is TakenHour =>
  isRecord(value) &&
  typeof value.subject === 'string' &&
  typeof value.start === 'string' &&
  !Number.isNaN(Date.parse(value.start)) &&
  typeof value.finish === 'string' &&
  typeof value.tutor === 'number' &&
  (value.reason === 'taken' || value.reason === 'unavailable' || value.reason === 'student_busy') &&
  (value.student === undefined || typeof value.student === 'string');

/** The `taken` list of a 409's body (`HoursTaken`); null when the body is not one (any other conflict). */
export function takenHoursIn(body: unknown): TakenHour[] | null {
  if (!isRecord(body) || !Array.isArray(body.taken)) return null;
  const taken: unknown[] = body.taken;
  return taken.length > 0 && taken.every(isTakenHour) ? taken : null;
}
