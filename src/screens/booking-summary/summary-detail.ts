import { formatCalendarDayTime } from '../../../contract/date-format.ts';
import type { GroupedByWeek, LessonData } from '../../../machines/booking/booking-draft.ts';

/** A package's class length: the description's minutes line ('60 minutes per class'), else an hour. */
export function classMinutesOf(descriptionHtml: string): number {
  const text = descriptionHtml.replace(/<[^>]*>/g, ' ');
  const minutes = /(\d{1,3})\s*(?:minutes?|mins?)\b/i.exec(text);
  const value = minutes ? Number(minutes[1]) : 0;
  return value > 0 ? value : 60;
}

/** 'GOLD (12 classes)'. */
export const packageLineOf = (lessons: LessonData): string => `${lessons.packageNames.name} (${lessons.packageNames.lessons === 1 ? '1 class' : `${lessons.packageNames.lessons} classes`})`;

export interface SummarySession {
  key: string;
  /**
   * 'Sun 6 Dec 2026 · 16:00': the slot's branch-zone day and hour as stored, written as a wall clock (never
   * read through the browser's zone).
   */
  when: string;
  tutor: string;
  subject: string;
}

export interface SummaryWeek {
  label: string;
  sessions: SummarySession[];
}

/** The booking by week, in week order, each week's sessions by day and hour; empty weeks left out. */
export function weeksOf(slots: GroupedByWeek | null): SummaryWeek[] {
  return Object.entries(slots ?? {})
    .filter(([, week]) => week.length > 0)
    .sort(([, a], [, b]) => Math.min(...a.map((s) => s.weekIndex)) - Math.min(...b.map((s) => s.weekIndex)))
    .map(([label, week]) => ({
      label,
      sessions: [...week]
        .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))
        .map((slot) => ({ key: slot.key, when: formatCalendarDayTime(slot.date, slot.time), tutor: slot.name, subject: slot.subject })),
    }));
}
