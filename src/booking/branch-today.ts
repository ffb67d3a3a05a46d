import { TZDate } from '@date-fns/tz';

/** The calendar day of `now` in the branch's time zone, YYYY-MM-DD: the `today` booking machines take as input. */
export function branchToday(timeZone: string, now: number): string {
  const local = new TZDate(now, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}
