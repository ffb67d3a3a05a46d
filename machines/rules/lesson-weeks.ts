import { calendarDayOf, formatDateTime } from '../../contract/date-format.ts';

/**
 * The receipt's list (docs/decisions/018-receipt-page.md: /payment-successfull shows the order's lessons grouped by week with a check
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
  /** 'Sun 6 Dec 2026 · 16:00' in the branch's zone. */
  when: string;
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

/** The day number (days since 1970-01-01) of the Sunday that starts the week of an instant's branch-zone day. */
function weekStart(start: string, timeZone: string): number {
  const [y, m, d] = calendarDayOf(start, timeZone).split('-').map(Number);
  const day = Math.round(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / dayMs);
  // 1 Jan 1970 was a Thursday (4).
  return day - ((((day + 4) % 7) + 7) % 7);
}

export function lessonsByWeek(lessons: readonly Lesson[], timeZone: string): ReceiptWeek[] {
  const sorted = [...lessons].sort((a, b) => new Date(a.start).getTime() - new Date(b.start).getTime());
  const first = sorted[0];
  if (!first) return [];
  const origin = weekStart(first.start, timeZone);
  const weeks = new Map<number, ReceiptLesson[]>();
  for (const lesson of sorted) {
    const index = (weekStart(lesson.start, timeZone) - origin) / 7;
    const row = { id: lesson.id, when: formatDateTime(lesson.start, timeZone), subject: lesson.topic };
    weeks.set(index, [...(weeks.get(index) ?? []), row]);
  }
  return [...weeks.entries()].map(([index, rows]) => ({ label: weekLabel(index), lessons: rows }));
}
