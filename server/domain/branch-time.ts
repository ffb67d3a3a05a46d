import { TZDate } from '@date-fns/tz';
import { wallClockInstant } from '../../contract/date-format.ts';
import type { Queryable } from '../db/database.ts';
import { notFound } from '../http/errors.ts';

/** The branch's time zone, from its row: the one place it is set. */
export async function branchTimeZone(db: Queryable, branchId: number): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>('select time_zone from branches where id = $1', [branchId]);
  if (!row) throw notFound('Branch');
  return row.time_zone;
}

/** The instant of a wall-clock date (YYYY-MM-DD) and time (HH:MM) in the branch's time zone: the portal's own rule. */
export function branchInstant(date: string, time: string, timeZone: string): Date {
  return new Date(wallClockInstant(date, time, timeZone));
}

/** The branch's calendar day of an instant, YYYY-MM-DD. */
export function branchDay(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

export const hourMs = 60 * 60 * 1000;
export const dayMs = 24 * hourMs;
