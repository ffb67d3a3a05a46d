import { calendarDayOf, formatDateTime, formatDay, timesInText, yourTime } from '../../contract/date-format.ts';
import { insideRescheduleNotice } from '../../contract/reschedule-notice.ts';
import type { components } from '../../contract/schema.d.ts';
import type { RescheduleData } from './draft-types.ts';
import { packageNameOf } from './packages.ts';

/**
 * The lists of the client's appointments on Manage Booking and Rescheduling (spec §2, §3 "Mapped booking",
 * §4 "Appointment status"): which tab a lesson belongs to, its group (the client package it was booked
 * under), its page, its weekday, day and hour in the branch's time zone (docs/decisions/001-branch-time-zone.md:
 * whatever the browser's zone) with the reader's own clock beside it when the reader's zone shows another, how its status is drawn,
 * whether it may be rated, and the derived action.
 * Pure: the clock comes in as `now` (an instant) or `today` (a branch-zone day), the reader's zone as a name.
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

/**
 * The dashboard's count of scheduled classes (spec §2: the length of the appointment list) and how it splits
 * over Manage Booking's two tabs: a parent reading '36 scheduled classes' would take them all for lessons to come.
 */
export interface ScheduledCount {
  all: number;
  current: number;
  past: number;
}

export function scheduledCountOf(appointments: readonly Pick<Appointment, 'status'>[]): ScheduledCount {
  const past = appointments.filter((appointment) => tabOf(appointment.status) === 'past').length;
  return { all: appointments.length, current: appointments.length - past, past };
}

export const freeAssessmentGroupName = 'Free Assessment';

/** The group a lesson is listed under: `key` tells groups apart, `packageName` is what the heading starts with. */
export interface PackageGroup {
  key: string;
  packageName: string;
}

/**
 * A lesson's group: the client package it was booked under, so two students' SILVER packages are two groups;
 * a free assessment (no package) is its own group; a lesson without a client package id groups by package name.
 */
export function packageGroupOf({ db, client_package_id }: Pick<Appointment, 'db' | 'client_package_id'>): PackageGroup {
  if (db.pkg_id === null) return { key: 'free', packageName: freeAssessmentGroupName };
  const packageName = packageNameOf(db.pkg_id);
  const clientPackageId = client_package_id ?? null;
  return clientPackageId === null ? { key: `package-${packageName}`, packageName } : { key: `client-package-${clientPackageId}`, packageName };
}

/**
 * When a lesson is, as its card shows it: `when` its start in the branch's zone, in the one formatter's words
 * (contract/date-format.ts) 'Sun 6 Dec 2026 · 16:00' (a parent plans by weekday), and the reader's clock when
 * it differs.
 */
export interface LessonWhen {
  when: string;
  /** '12:00 pm your time' ('Sat 5 Dec · 11:00 pm your time' on another day); null when the reader's zone shows the branch's clock. */
  yourTime: string | null;
}

/** The zones a list is shown in: the branch's, and the reader's (the browser's, read by the screen). */
export interface ListZones {
  timeZone: string;
  viewerTimeZone: string;
}

export const lessonWhen = (start: string, { timeZone, viewerTimeZone }: ListZones): LessonWhen => ({
  when: formatDateTime(start, timeZone),
  yourTime: yourTime(start, timeZone, viewerTimeZone),
});

/**
 * How a status is drawn: pending orange, planned and completed green (the spec), and cancelled apart from
 * completed (its own colour and mark), so a lesson that did not take place never reads as one that did.
 */
export type StatusTone = 'planned' | 'pending' | 'completed' | 'cancelled';
export function statusToneOf(status: string): StatusTone {
  const lower = status.toLowerCase();
  return lower === 'pending' || lower === 'completed' || lower === 'cancelled' ? lower : 'planned';
}

/** A lesson may be rated once it took place, and once only. */
export const canRate = ({ status, rating }: Pick<Appointment, 'status' | 'rating'>): boolean => status === 'completed' && (rating ?? null) === null;

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
    const { key } = packageGroupOf(appointment);
    groups.set(key, [...(groups.get(key) ?? []), appointment]);
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

/** A group of a page: its lessons, and the day its earliest lesson falls on (in the whole list, not the page). */
export interface ListGroup<T> {
  key: string;
  packageName: string;
  /** 'Sun 6 Dec 2026': tells apart two groups that would otherwise read the same. */
  since: string;
  items: T[];
}

/** Consecutive items of the same group under one heading (a page of `groupedByPackage`). */
export function packageGroups<T extends { groupKey: string; packageName: string }>(items: readonly T[], since: ReadonlyMap<string, string> = new Map()): ListGroup<T>[] {
  const groups: ListGroup<T>[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.key === item.groupKey) last.items.push(item);
    else groups.push({ key: item.groupKey, packageName: item.packageName, since: since.get(item.groupKey) ?? '', items: [item] });
  }
  return groups;
}

/** The day of each group's earliest lesson, by group key. */
export function groupSince(appointments: readonly Appointment[], timeZone: string): Map<string, string> {
  const earliest = new Map<string, Appointment>();
  for (const appointment of appointments) {
    const { key } = packageGroupOf(appointment);
    const known = earliest.get(key);
    if (!known || byStart(appointment, known) < 0) earliest.set(key, appointment);
  }
  return new Map([...earliest].map(([key, appointment]) => [key, formatDay(appointment.start, timeZone)]));
}

/**
 * The headings of a page's groups, so a parent tells them apart: the package and whose it is ('SILVER ·
 * Adam Ahmed'), from the students of the group's lessons (`studentsOf` a service, undefined while it
 * loads); 'Free Assessment' alone. Two headings that would still read the same add their first day
 * ('SILVER · Adam Ahmed · from Sun 6 Dec 2026').
 */
export function groupTitles(groups: readonly ListGroup<{ serviceId: number }>[], studentsOf: (serviceId: number) => readonly string[] | undefined): string[] {
  const titles = groups.map((group) => {
    if (group.key === 'free') return group.packageName;
    const students = [...new Set(group.items.flatMap((item) => studentsOf(item.serviceId) ?? []))];
    return students.length === 0 ? group.packageName : `${group.packageName} · ${students.join(', ')}`;
  });
  return titles.map((title, index) => {
    const since = groups[index]?.since;
    return since && titles.filter((other) => other === title).length > 1 ? `${title} · from ${since}` : title;
  });
}

/** A Manage Booking card before its service is known (the spec's mapped booking without the names). */
export interface BookingCard extends LessonWhen {
  id: number;
  /** The lesson's start and finish as the server answered them (ISO instants): what a calendar entry of it needs. */
  start: string;
  finish: string;
  /** S.No.: the position in the tab's whole list, from 1. */
  serial: number;
  subject: string;
  serviceId: number;
  pkgId: number | null;
  groupKey: string;
  packageName: string;
  /** Lower-cased. */
  status: string;
  tone: StatusTone;
  action: BookingAction;
  /** The stars the client gave, null until rated. */
  rating: number | null;
  /** Completed and not rated yet: Comment opens Rate Us for it. */
  rateable: boolean;
}

export interface BookingPage {
  groups: ListGroup<BookingCard>[];
  page: number;
  pageCount: number;
  /** Said over the list: 'Times in Dubai time'. */
  timesIn: string;
  /** The services of this page's cards, each once: the only ones to look up. */
  serviceIds: number[];
}

/** One page of a tab's bookings (from `bookingsOfTab`), with dates and hours in the branch's zone (and the reader's). */
export function bookingPage(bookings: readonly Appointment[], { page, size, timeZone, viewerTimeZone, now }: { page: number; size: number; now: number } & ListZones): BookingPage {
  const shown = pageOf(bookings, page, size);
  const cards = shown.items.map((appointment, index): BookingCard => {
    const status = appointment.status.toLowerCase();
    const group = packageGroupOf(appointment);
    return {
      id: appointment.id,
      start: appointment.start,
      finish: appointment.finish,
      serial: shown.first + index + 1,
      subject: appointment.topic,
      serviceId: appointment.service.id,
      pkgId: appointment.db.pkg_id,
      groupKey: group.key,
      packageName: group.packageName,
      ...lessonWhen(appointment.start, { timeZone, viewerTimeZone }),
      status,
      tone: statusToneOf(status),
      action: actionOf(appointment.status, appointment.start, now),
      rating: appointment.rating ?? null,
      rateable: canRate(appointment),
    };
  });
  return {
    groups: packageGroups(cards, groupSince(bookings, timeZone)),
    page: shown.page,
    pageCount: shown.pageCount,
    timesIn: timesInText(timeZone),
    serviceIds: [...new Set(cards.map((card) => card.serviceId))],
  };
}

/** The students of a service, by name (blank names left out). */
export const studentNamesOf = (service: Pick<Service, 'rcrs'>): string[] => service.rcrs.map((rcr) => rcr.recipient_name.trim()).filter(Boolean);

/** The names the spec joins with ', ', or 'N/A' when there are none (or the look-up failed: `service` undefined). */
export function peopleOf(service: Pick<Service, 'conjobs' | 'rcrs'> | undefined): { studentName: string; teacherName: string } {
  const joined = (names: readonly string[]) => names.map((name) => name.trim()).filter(Boolean).join(', ') || 'N/A';
  return {
    studentName: joined(service?.rcrs.map((rcr) => rcr.recipient_name) ?? []),
    teacherName: joined(service?.conjobs.map((conjob) => conjob.name) ?? []),
  };
}

/** A Rescheduling list item. */
export interface RescheduleItem extends LessonWhen {
  id: number;
  serviceId: number;
  serviceName: string;
  topic: string;
  groupKey: string;
  packageName: string;
  status: string;
  /** Planned and beyond the notice (docs/decisions/003-reschedule-notice.md: hidden within the 2-day notice, that day included). */
  reschedulable: boolean;
  /** Planned but inside the notice: the button is hidden, and the screen says why. */
  insideNotice: boolean;
}

export interface ReschedulePage {
  groups: ListGroup<RescheduleItem>[];
  page: number;
  pageCount: number;
  /** Said over the list: 'Times in Dubai time'. */
  timesIn: string;
  /** The services of this page's lessons, each once: whose lessons they are names the groups. */
  serviceIds: number[];
}

/**
 * One page of the Rescheduling list: the lessons still to come (not completed or cancelled: those can never
 * move, and Manage Booking's Past tab lists them), grouped by package, earliest first.
 */
export function reschedulePage(appointments: readonly Appointment[], { page, size, timeZone, viewerTimeZone, today }: { page: number; size: number; today: string } & ListZones): ReschedulePage {
  const upcoming = bookingsOfTab(appointments, 'current');
  const shown = pageOf(upcoming, page, size);
  const items = shown.items.map((appointment): RescheduleItem => {
    const inside = insideRescheduleNotice(calendarDayOf(appointment.start, timeZone), today);
    const group = packageGroupOf(appointment);
    return {
      id: appointment.id,
      serviceId: appointment.service.id,
      serviceName: appointment.service.name,
      topic: appointment.topic,
      groupKey: group.key,
      packageName: group.packageName,
      ...lessonWhen(appointment.start, { timeZone, viewerTimeZone }),
      status: appointment.status.toLowerCase(),
      reschedulable: appointment.status === 'planned' && !inside,
      insideNotice: appointment.status === 'planned' && inside,
    };
  });
  return {
    groups: packageGroups(items, groupSince(upcoming, timeZone)),
    page: shown.page,
    pageCount: shown.pageCount,
    timesIn: timesInText(timeZone),
    serviceIds: [...new Set(items.map((item) => item.serviceId))],
  };
}

/**
 * The spec's rescheduleData for a lesson: its tutor is the service's first (conjobs[0]); the avatar is the
 * app's local initials avatar (docs/decisions/009-initials-avatar.md), so no address is kept. Null when the service has no tutor.
 */
export function rescheduleDataOf(appointment: Pick<Appointment, 'id' | 'topic' | 'service'>, service: Pick<Service, 'conjobs'>): RescheduleData | null {
  const tutor = service.conjobs[0];
  if (!tutor) return null;
  return { appointmentId: appointment.id, serviceId: appointment.service.id, topic: appointment.topic, contractorName: tutor.name, contractorNameid: tutor.contractor, avatarUrl: '' };
}
