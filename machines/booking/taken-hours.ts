import { formatDateTime, zoneLabel } from '../../contract/date-format.ts';
import { HoursTakenError, type TakenHour } from '../../contract/taken-hours.ts';
import { type AvailabilityIndex, addDays, bookingNoticeDays, instantOfHour, isAvailable } from '../rules/slots.ts';
import type { BookingDraft, ChosenTutor, GroupedByWeek, StudentPart } from './booking-draft.ts';
import type { SelectedSlot } from '../rules/draft-types.ts';

/**
 * The hours of an order someone else took first (POST /create-order's 409, `HoursTaken`): the server holds
 * an order's lessons when it opens it, and refuses the whole order when one of them is booked or held by
 * someone else, or no longer bookable. Checkout drops those hours from the draft and sends the client back
 * to the slot grid with one line per hour. Pure, table-tested (tests/unit/taken-hours.test.ts).
 */

/** The hours a failed create-order or booking names as taken; null for any other failure. */
export const takenHoursOf = (error: unknown): readonly TakenHour[] | null => (error instanceof HoursTakenError ? error.taken : null);

/** Whether a slot is one of the taken hours: its subject and start instant (its branch-zone day and hour) are a taken hour's. */
export const takenFrom = (taken: readonly TakenHour[], timeZone: string) => (slot: SelectedSlot): boolean => {
  const start = instantOfHour(slot.date, slot.time, timeZone);
  return taken.some((hour) => hour.subject === slot.subject && Date.parse(hour.start) === start);
};

/** The slots by week without the taken ones; a week left with none goes. */
const withoutSlots = (grouped: GroupedByWeek, gone: (slot: SelectedSlot) => boolean): GroupedByWeek =>
  Object.fromEntries(
    Object.entries(grouped)
      .map(([week, slots]) => [week, slots.filter((slot) => !gone(slot))] as const)
      .filter(([, slots]) => slots.length > 0),
  );

const teaches = (tutor: ChosenTutor, slots: readonly SelectedSlot[]) => slots.some((slot) => slot.tutorId === tutor.id && slot.subject === tutor.subject);

/**
 * The draft without the taken hours: a slot goes when its subject and start instant (its branch-zone day
 * and hour) are a taken hour's, in the student booked now and in the parts of the individual split kept in
 * studentsData. A tutor chosen goes with the last of their slots for the subject; the booking as a stored
 * package (bookingdata) no longer matches and goes. Nothing taken: the same draft.
 */
export function withoutTakenHours(draft: BookingDraft, taken: readonly TakenHour[], timeZone: string): BookingDraft {
  const gone = takenFrom(taken, timeZone);
  const current = Object.values(draft.slots ?? {}).flat();
  const lost = current.filter(gone);
  if (lost.length === 0 && !draft.split.done.some((part) => Object.values(part.slots).flat().some(gone))) return draft;
  const kept = current.filter((slot) => !gone(slot));
  return {
    ...draft,
    slots: draft.slots ? withoutSlots(draft.slots, gone) : null,
    tutors: draft.tutors.filter((tutor) => teaches(tutor, kept) || !teaches(tutor, lost)),
    split: { ...draft.split, done: draft.split.done.map((part): StudentPart => ({ ...part, slots: withoutSlots(part.slots, gone) })) },
    bookingData: null,
  };
}

/** 'Sat 28 Nov 2026 · 09:00 Dubai time': an instant's day and hour on the branch's wall clock (never the browser's), labelled. */
export const branchHourText = (instant: number, timeZone: string): string => `${formatDateTime(instant, timeZone)} ${zoneLabel(timeZone)}`;

const bookedByOthersText = (hour: string) => `${hour} was just booked by someone else. Please choose another time.`;

/** The line said of one taken hour: a student of the family busy then is the family's own clash, and said so. */
export function takenHourText(hour: TakenHour, timeZone: string): string {
  const when = branchHourText(Date.parse(hour.start), timeZone);
  if (hour.reason === 'student_busy') return `${when}: ${hour.student ?? 'a student of this booking'} already has a lesson at that time. Please choose another time.`;
  return hour.reason === 'taken' ? bookedByOthersText(when) : `${when} is no longer available. Please choose another time.`;
}

/** One line per taken hour, earliest first; an hour named twice (two students, two subjects) says it once. */
export function takenHoursNotice(taken: readonly TakenHour[], timeZone: string): string[] {
  const lines = [...taken].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)).map((hour) => takenHourText(hour, timeZone));
  return lines.filter((line, index) => lines.indexOf(line) === index);
}

/**
 * Why an hour of a booking saved a while ago (the pending payment) can no longer be booked: it is no longer
 * offered (someone else booked or holds it, the tutor's hours changed); its start has passed; or it is now
 * within the booking notice (the grid's first bookable day is today + 2, and so is the server's).
 */
export type LostReason = 'taken' | 'past' | 'tooSoon';

export interface LostHour {
  slot: SelectedSlot;
  reason: LostReason;
}

/** What the saved hours are checked against: the hours the grid offers now, and the branch's day and the instant now. */
export interface HourCheck {
  availability: AvailabilityIndex;
  /** YYYY-MM-DD in the branch's time zone. */
  today: string;
  /** Epoch milliseconds. */
  now: number;
  timeZone: string;
}

/** The saved slots that can no longer be booked, each with why; none when every one still can. */
export function lostHoursOf(slots: readonly SelectedSlot[], check: HourCheck): LostHour[] {
  const firstBookable = addDays(check.today, bookingNoticeDays);
  return slots.flatMap((slot): LostHour[] => {
    if (instantOfHour(slot.date, slot.time, check.timeZone) <= check.now) return [{ slot, reason: 'past' }];
    if (slot.date < firstBookable) return [{ slot, reason: 'tooSoon' }];
    return isAvailable(check.availability, slot.date, slot.time, slot.tutorId) ? [] : [{ slot, reason: 'taken' }];
  });
}

const hourMs = 3_600_000;

/** A lost hour as the server would name it (POST /create-order's 409): what withoutTakenHours drops. */
function asTakenHour({ slot, reason }: LostHour, timeZone: string): TakenHour {
  const start = instantOfHour(slot.date, slot.time, timeZone);
  return { subject: slot.subject, start: new Date(start).toISOString(), finish: new Date(start + hourMs).toISOString(), tutor: slot.tutorId, reason: reason === 'taken' ? 'taken' : 'unavailable' };
}

/** The draft without its lost hours (their tutors and the stored booking go as with taken hours). */
export const withoutLostHours = (draft: BookingDraft, lost: readonly LostHour[], timeZone: string): BookingDraft =>
  lost.length === 0 ? draft : withoutTakenHours(draft, lost.map((hour) => asTakenHour(hour, timeZone)), timeZone);

/** The line said of one lost hour: a taken one in checkout's words; a past or too near one says so. */
export function lostHourText({ slot, reason }: LostHour, timeZone: string): string {
  const when = branchHourText(instantOfHour(slot.date, slot.time, timeZone), timeZone);
  if (reason === 'taken') return bookedByOthersText(when);
  if (reason === 'past') return `${when} has already passed. Please choose another time.`;
  return `${when} is too soon to book now: classes are booked at least ${bookingNoticeDays} days ahead. Please choose another time.`;
}

/** One line per lost hour, earliest first; an hour lost for two subjects says it once. */
export function lostHoursNotice(lost: readonly LostHour[], timeZone: string): string[] {
  const at = (hour: LostHour) => instantOfHour(hour.slot.date, hour.slot.time, timeZone);
  const lines = [...lost].sort((a, b) => at(a) - at(b)).map((hour) => lostHourText(hour, timeZone));
  return lines.filter((line, index) => lines.indexOf(line) === index);
}
