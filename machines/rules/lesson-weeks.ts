import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * The receipt's list (DESIGN.md: /payment-successfull shows the order's lessons grouped by week with a check
 * mark each): lessons in time order, in weeks (Sunday to Saturday, as the booking grid shows them) counted
 * from the first lesson's week, with days and hours in the branch's zone, whatever the browser's.
 */

export interface Lesson {
  id: number;
  /** An instant, ISO 8601. */
  start: string;
  topic: string;
}

export interface ReceiptLesson {
  id: number;
  /** 'Sun, 6 Dec 2026'. */
  day: string;
  /** '16:00'. */
  time: string;
  subject: string;
}

export interface ReceiptWeek {
  label: string;
  lessons: ReceiptLesson[];
}

/** '1st Week', '2nd Week', '3rd Week', '4th Week', … '11th Week', '21st Week'. */
export function weekLabel(index: number): string {
  const n = index + 1;
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix} Week`;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The day number (days since 1970-01-01) of the Sunday that starts the week of `local`'s wall-clock day. */
function weekStart(local: TZDate): number {
  return Math.round(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / dayMs) - local.getDay();
}

export function lessonsByWeek(lessons: readonly Lesson[], timeZone: string): ReceiptWeek[] {
  const sorted = [...lessons].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  const first = sorted[0];
  if (!first) return [];
  const origin = weekStart(new TZDate(new Date(first.start).getTime(), timeZone));
  const weeks = new Map<number, ReceiptLesson[]>();
  for (const lesson of sorted) {
    const local = new TZDate(new Date(lesson.start).getTime(), timeZone);
    const index = (weekStart(local) - origin) / 7;
    const row = { id: lesson.id, day: format(local, 'EEE, d MMM yyyy'), time: format(local, 'HH:mm'), subject: lesson.topic };
    weeks.set(index, [...(weeks.get(index) ?? []), row]);
  }
  return [...weeks.entries()].map(([index, rows]) => ({ label: weekLabel(index), lessons: rows }));
}
