import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { insideRescheduleNotice } from '../../contract/reschedule-notice.ts';
import type { components } from '../../contract/schema.d.ts';
import type { RescheduleData } from '../booking/booking-draft.ts';
import { packageNameOf } from './packages.ts';

/**
 * The lists of the client's appointments on Manage Booking and Rescheduling (spec §2, §3 "Mapped booking",
 * §4 "Appointment status"): which tab a lesson belongs to, its package group, its page, its day and hour in
 * the branch's time zone (DESIGN.md: whatever the browser's zone), the status colour and the derived action.
 * Pure: the clock comes in as `now` (an instant) or `today` (a branch-zone day).
 */

export type Appointment = components['schemas']['Appointment'];
export type AppointmentStatus = Appointment['status'];
type Service = components['schemas']['Service'];

export const manageBookingPageSize = 20;
export const reschedulingPageSize = 10;

export type BookingTab = 'current' | 'past';
export const bookingTabs: readonly { id: BookingTab; label: string }[] = [
  { id: 'current', label: 'Current Booking' },
  { id: 'past', label: 'Past Booking' },
];

/** Past = completed or cancelled; Current = the rest. */
export const tabOf = (status: AppointmentStatus): BookingTab => (status === 'completed' || status === 'cancelled' ? 'past' : 'current');

/** The package a lesson is grouped under; a free assessment (no package) is 'Unknown Package' as any other id. */
export const packageGroupOf = (pkgId: number | null): string => (pkgId === null ? 'Unknown Package' : packageNameOf(pkgId));

/** The lesson's start in the branch's zone: `day` 'YYYY-MM-DD', `date` '3 Dec 2026', `time` '16:00' (24 h). */
export function branchDateTime(start: string, timeZone: string): { day: string; date: string; time: string } {
  const local = new TZDate(Date.parse(start), timeZone);
  return { day: format(local, 'yyyy-MM-dd'), date: format(local, 'd MMM yyyy'), time: format(local, 'HH:mm') };
}

/** The status colour: pending is orange, every other status green. */
export type StatusTone = 'pending' | 'settled';
export const statusToneOf = (status: string): StatusTone => (status.toLowerCase() === 'pending' ? 'pending' : 'settled');

/** The spec's derived action (computed, not displayed): a planned lesson to come is 'Join Now', one gone by 'Reschedule'. */
export type BookingAction = 'Join Now' | 'Reschedule' | 'Completed';
export function actionOf(status: AppointmentStatus, start: string, now: number): BookingAction {
  if (status !== 'planned') return 'Completed';
  return Date.parse(start) > now ? 'Join Now' : 'Reschedule';
}

const byStart = (a: Appointment, b: Appointment) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

/**
 * The lessons in package groups, each group in the order of its first lesson, lessons in `order` of their
 * start within it. Paging cuts this one sequence, so a group may run on into the next page.
 */
export function groupedByPackage(appointments: readonly Appointment[], order: 'earliest' | 'latest' = 'earliest'): Appointment[] {
  const sorted = [...appointments].sort(order === 'earliest' ? byStart : (a, b) => byStart(b, a));
  const groups = new Map<string, Appointment[]>();
  for (const appointment of sorted) {
    const name = packageGroupOf(appointment.db.pkg_id);
    groups.set(name, [...(groups.get(name) ?? []), appointment]);
  }
  return [...groups.values()].flat();
}

/** The tab's lessons, grouped: current ones earliest first, past ones latest first (the last lesson is the one to rate). */
export const bookingsOfTab = (appointments: readonly Appointment[], tab: BookingTab): Appointment[] =>
  groupedByPackage(
    appointments.filter((appointment) => tabOf(appointment.status) === tab),
    tab === 'current' ? 'earliest' : 'latest',
  );

export interface Page<T> {
  /** The items of the page; `first` is the position (from 0) of the first of them in the whole list. */
  items: T[];
  first: number;
  /** 1-based, clamped to the pages there are. */
  page: number;
  /** At least 1, so an empty list reads 'Page 1 of 1'. */
  pageCount: number;
}

export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const first = (current - 1) * size;
  return { items: items.slice(first, first + size), first, page: current, pageCount };
}

export const pageText = (page: number, pageCount: number) => `Page ${page} of ${pageCount}`;

/** Consecutive items of the same package under one heading (a page of `groupedByPackage`). */
export function packageGroups<T extends { packageName: string }>(items: readonly T[]): { packageName: string; items: T[] }[] {
  const groups: { packageName: string; items: T[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.packageName === item.packageName) last.items.push(item);
    else groups.push({ packageName: item.packageName, items: [item] });
  }
  return groups;
}

/** A Manage Booking card before its service is known (the spec's mapped booking without the names). */
export interface BookingCard {
  id: number;
  /** S.No.: the position in the tab's whole list, from 1. */
  serial: number;
  subject: string;
  serviceId: number;
  pkgId: number | null;
  packageName: string;
  date: string;
  time: string;
  /** Lower-cased. */
  status: string;
  tone: StatusTone;
  action: BookingAction;
}

export interface BookingPage {
  groups: { packageName: string; items: BookingCard[] }[];
  page: number;
  pageCount: number;
  /** The services of this page's cards, each once: the only ones to look up. */
  serviceIds: number[];
}

/** One page of a tab's bookings (from `bookingsOfTab`), with dates and hours in the branch's zone. */
export function bookingPage(bookings: readonly Appointment[], { page, size, timeZone, now }: { page: number; size: number; timeZone: string; now: number }): BookingPage {
  const shown = pageOf(bookings, page, size);
  const cards = shown.items.map((appointment, index): BookingCard => {
    const { date, time } = branchDateTime(appointment.start, timeZone);
    const status = appointment.status.toLowerCase();
    return {
      id: appointment.id,
      serial: shown.first + index + 1,
      subject: appointment.topic,
      serviceId: appointment.service.id,
      pkgId: appointment.db.pkg_id,
      packageName: packageGroupOf(appointment.db.pkg_id),
      date,
      time,
      status,
      tone: statusToneOf(status),
      action: actionOf(appointment.status, appointment.start, now),
    };
  });
  return { groups: packageGroups(cards), page: shown.page, pageCount: shown.pageCount, serviceIds: [...new Set(cards.map((card) => card.serviceId))] };
}

/** The names the spec joins with ', ', or 'N/A' when there are none (or the look-up failed: `service` undefined). */
export function peopleOf(service: Pick<Service, 'conjobs' | 'rcrs'> | undefined): { studentName: string; teacherName: string } {
  const joined = (names: readonly string[]) => names.map((name) => name.trim()).filter(Boolean).join(', ') || 'N/A';
  return {
    studentName: joined(service?.rcrs.map((rcr) => rcr.recipient_name) ?? []),
    teacherName: joined(service?.conjobs.map((conjob) => conjob.name) ?? []),
  };
}

/** A Rescheduling list item. */
export interface RescheduleItem {
  id: number;
  serviceId: number;
  serviceName: string;
  topic: string;
  packageName: string;
  date: string;
  time: string;
  status: string;
  /** Planned and beyond the notice (DESIGN.md: hidden within the 2-day notice, that day included). */
  reschedulable: boolean;
  /** Planned but inside the notice: the button is hidden, and the screen says why. */
  insideNotice: boolean;
}

export interface ReschedulePage {
  groups: { packageName: string; items: RescheduleItem[] }[];
  page: number;
  pageCount: number;
}

/**
 * One page of the Rescheduling list: the lessons still to come (not completed or cancelled: those can never
 * move, and Manage Booking's Past tab lists them), grouped by package, earliest first.
 */
export function reschedulePage(appointments: readonly Appointment[], { page, size, timeZone, today }: { page: number; size: number; timeZone: string; today: string }): ReschedulePage {
  const shown = pageOf(bookingsOfTab(appointments, 'current'), page, size);
  const items = shown.items.map((appointment): RescheduleItem => {
    const { day, date, time } = branchDateTime(appointment.start, timeZone);
    const inside = insideRescheduleNotice(day, today);
    return {
      id: appointment.id,
      serviceId: appointment.service.id,
      serviceName: appointment.service.name,
      topic: appointment.topic,
      packageName: packageGroupOf(appointment.db.pkg_id),
      date,
      time,
      status: appointment.status.toLowerCase(),
      reschedulable: appointment.status === 'planned' && !inside,
      insideNotice: appointment.status === 'planned' && inside,
    };
  });
  return { groups: packageGroups(items), page: shown.page, pageCount: shown.pageCount };
}

/**
 * The spec's rescheduleData for a lesson: its tutor is the service's first (conjobs[0]); the avatar is the
 * app's local initials avatar (DESIGN.md), so no address is kept. Null when the service has no tutor.
 */
export function rescheduleDataOf(appointment: Pick<Appointment, 'id' | 'topic' | 'service'>, service: Pick<Service, 'conjobs'>): RescheduleData | null {
  const tutor = service.conjobs[0];
  if (!tutor) return null;
  return { appointmentId: appointment.id, serviceId: appointment.service.id, topic: appointment.topic, contractorName: tutor.name, contractorNameid: tutor.contractor, avatarUrl: '' };
}
