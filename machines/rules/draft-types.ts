/**
 * The parts of the booking draft the rules read. Defined here, in rules/ and not beside the draft in machines/booking/, so that rules/ stays the
 * floor the charts and the draft stand on: booking-draft.ts imports these, never the other way round
 * (docs/architecture.md, "The shape").
 */

export type PackageName = 'SILVER' | 'GOLD' | 'PLATINUM';
/** Two students: 'yes' group (siblings together), 'no' individual (separate tutors and timings), null unset. */
export type StudyType = 'yes' | 'no' | null;

/** A chosen hourly slot (spec §3 "Selected slot"). */
export interface SelectedSlot {
  key: string;
  subject: string;
  /** Branch-zone day, YYYY-MM-DD. */
  date: string;
  /** Branch-zone hour, HH:MM. */
  time: string;
  tutorId: number;
  tutorPrice: number;
  apt_id: number;
  weekIndex: number;
  /** The tutor's name. */
  name: string;
}

/** The spec's rescheduleData: the appointment being moved. */
export interface RescheduleData {
  appointmentId: number;
  serviceId: number;
  topic: string;
  contractorName: string;
  contractorNameid: number;
  avatarUrl: string;
}
