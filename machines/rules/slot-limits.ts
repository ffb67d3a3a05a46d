import type { SelectedSlot } from './draft-types.ts';
import { type AvailabilityIndex, type GridWeek, addDays, aptIdFor, isAvailable, weekdayOf } from './slots.ts';

/** Which slots may be chosen (spec §5 "Slot selection", "Free assessment"; §4 "Slot"). */

/** The spec's slot key, from subject, date and time (the format stored drafts already hold). */
export const slotKey = (subject: string, date: string, time: string) => `${subject}-${date}-${time}`;

/** The Sunday that starts a day's week: weekly limits count calendar weeks, whichever month's grid chose the slot. */
const weekOf = (date: string) => addDays(date, -weekdayOf(date));

export const weeklyLimitText = (limit: number, subject: string) => `You can only select ${limit} slot(s) for "${subject}" in this week.`;
export const conflictText = 'This time slot conflicts with a slot from another subject.';
export const freeAssessmentText = "You can't select more than 1 slot for a free assessment";
/** The remaining classes of a paid package, or the classes to place of a paid order: no more may be chosen in all. */
export const classesLimitText = (limit: number) => `You can only select ${limit} slot(s) in all.`;
/**
 * What the summary says when fewer classes are chosen than the package holds: the rest stay on the paid
 * package, booked later from Remaining Classes (/remaining-classes). Null when every class is chosen.
 */
export function classesLeftText(chosen: number, classes: number): string | null {
  if (!Number.isInteger(chosen) || !Number.isInteger(classes) || chosen < 0 || chosen >= classes) return null;
  const left = classes - chosen;
  const later = 'can be booked later from Remaining Classes.';
  if (chosen === 0) return classes === 1 ? `You have not chosen the class yet. It ${later}` : `You have not chosen any of the ${classes} classes yet. They ${later}`;
  return `You have chosen ${chosen} of ${classes} classes. ${left === 1 ? 'The other class' : `The other ${left}`} ${later}`;
}

/** The server's answer to a second free assessment (409), and what the grid and the summary say when they know first. */

export interface SlotRules {
  /** Lessons per week by subject (the subject's weekly limit). */
  lessonsPerWeek: Record<string, number>;
  /** The free assessment: one slot in all. */
  free: boolean;
  /** The most slots that may be chosen in all (a paid package's remaining classes, a paid order's to place); none when absent. */
  maxSlots?: number | null;
}

export type SlotRefusal = { reason: 'free'; text: string } | { reason: 'conflict'; text: string } | { reason: 'weeklyLimit'; text: string } | { reason: 'classesLimit'; text: string };

type Candidate = Pick<SelectedSlot, 'subject' | 'date' | 'time'>;

/** Why a slot may not be added to those chosen, or null when it may. */
export function slotRefusal(chosen: readonly SelectedSlot[], slot: Candidate, rules: SlotRules): SlotRefusal | null {
  if (rules.free && chosen.length >= 1) return { reason: 'free', text: freeAssessmentText };
  if (chosen.some((s) => s.subject !== slot.subject && s.date === slot.date && s.time === slot.time)) return { reason: 'conflict', text: conflictText };
  const limit = rules.lessonsPerWeek[slot.subject] ?? 0;
  const week = weekOf(slot.date);
  const inWeek = chosen.filter((s) => s.subject === slot.subject && weekOf(s.date) === week).length;
  if (inWeek >= limit) return { reason: 'weeklyLimit', text: weeklyLimitText(limit, slot.subject) };
  if (typeof rules.maxSlots === 'number' && chosen.length >= rules.maxSlots) return { reason: 'classesLimit', text: classesLimitText(rules.maxSlots) };
  return null;
}

/** Whether a subject's hour is among those chosen (clicking it again unselects it). */
export const isChosen = (chosen: readonly SelectedSlot[], subject: string, date: string, time: string) => chosen.some((s) => s.key === slotKey(subject, date, time));

/** The weeks a booking spans: total lessons ÷ lessons per week (all subjects), rounded up, at least 1. */
export function weeksToFill(totalLessons: number, weeklyLessons: number): number {
  if (!(weeklyLessons > 0) || !(totalLessons > 0)) return 1;
  return Math.max(1, Math.ceil(totalLessons / weeklyLessons));
}

export interface AutoFill {
  weeks: readonly GridWeek[];
  availability: AvailabilityIndex;
  rules: SlotRules;
  /** The package's classes: auto-selection never chooses more in all. */
  totalLessons: number;
  /** Lessons per week over all subjects. */
  weeklyLessons: number;
}

/**
 * The slot chosen with its tutor, then the same weekday and hour in the following weeks, for
 * total lessons ÷ lessons per week weeks in all, where the hour is bookable, available (to that tutor when
 * the windows name tutors) and allowed (no conflict, within the weekly limit, within the package's classes).
 */
export function withAutoFill(chosen: readonly SelectedSlot[], slot: SelectedSlot, fill: AutoFill): SelectedSlot[] {
  const result = [...chosen, slot];
  if (fill.rules.free) return result;
  const lastWeek = slot.weekIndex + weeksToFill(fill.totalLessons, fill.weeklyLessons) - 1;
  for (const week of fill.weeks) {
    if (week.index <= slot.weekIndex || week.index > lastWeek) continue;
    if (result.length >= fill.totalLessons) break;
    const date = addDays(slot.date, (week.index - slot.weekIndex) * 7);
    const day = week.days.find((d) => d.date === date);
    if (!day?.bookable || !isAvailable(fill.availability, date, slot.time, slot.tutorId)) continue;
    const next: SelectedSlot = { ...slot, key: slotKey(slot.subject, date, slot.time), date, weekIndex: week.index, apt_id: aptIdFor(fill.availability, date, slot.time, slot.tutorId) };
    if (isChosen(result, slot.subject, date, slot.time) || slotRefusal(result, next, fill.rules)) continue;
    result.push(next);
  }
  return result;
}

/** The chosen slots without one (by key). */
export const withoutSlot = (chosen: readonly SelectedSlot[], key: string) => chosen.filter((s) => s.key !== key);
