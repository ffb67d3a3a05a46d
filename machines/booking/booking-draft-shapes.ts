import type { ChosenPackage, ChosenTutor, GroupedByWeek, LessonCounts, LessonData, PackageForm, StudentChoice, StudentPart } from './booking-draft.ts';
import type { RescheduleData, SelectedSlot } from '../rules/draft-types.ts';
import { isRecord } from '../../contract/is-record.ts';

// Checks that a value read back (from storage, or from a package the server kept) has the shape of a
// draft part. Strict on what the flows read, tolerant of extra fields (the provider's own).

type Check<T> = (value: unknown) => value is T;

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
export const isMoney = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const listOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);
const isDay = (value: unknown): value is string => isText(value) && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isHour = (value: unknown): value is string => isText(value) && /^\d{2}:\d{2}$/.test(value);

const isStudentChoice: Check<StudentChoice> = (value): value is StudentChoice =>
  isRecord(value) && isText(value.name) && (value.programOne === null || isId(value.programOne)) && isText(value.program) && listOf(isText)(value.subject);

export const isPackageForm: Check<PackageForm> = (value): value is PackageForm =>
  isRecord(value) &&
  isCount(value.students) &&
  isText(value.name1) &&
  isText(value.name2) &&
  (value.programOne === null || isId(value.programOne)) &&
  isText(value.program) &&
  listOf(isText)(value.subject) &&
  (value.student1 === undefined || isStudentChoice(value.student1)) &&
  (value.student2 === undefined || isStudentChoice(value.student2)) &&
  (value.studyType === null || value.studyType === 'yes' || value.studyType === 'no');

const isChosenPackage: Check<ChosenPackage> = (value): value is ChosenPackage =>
  isRecord(value) &&
  isId(value.id) &&
  isText(value.name) &&
  listOf(isText)(value.subjects) &&
  isCount(value.lessons) &&
  isText(value.description) &&
  isText(value.total) &&
  isCount(value.duration_days);

const isCountsBySubject = (value: unknown): value is Record<string, number> => isRecord(value) && Object.values(value).every(isCount);
const isLessonCounts: Check<LessonCounts> = (value): value is LessonCounts =>
  isCountsBySubject(value) || (isRecord(value) && Object.values(value).every(isCountsBySubject));

export const isLessonData: Check<LessonData> = (value): value is LessonData =>
  isRecord(value) &&
  isChosenPackage(value.packageNames) &&
  (value.packageName === 'SILVER' || value.packageName === 'GOLD' || value.packageName === 'PLATINUM') &&
  isRecord(value.studentName) &&
  isText(value.studentName.name1) &&
  (value.studentName.name2 === undefined || isText(value.studentName.name2)) &&
  isLessonCounts(value.lessonCounts);

const isSelectedSlot: Check<SelectedSlot> = (value): value is SelectedSlot =>
  isRecord(value) &&
  isText(value.key) &&
  isText(value.subject) &&
  isDay(value.date) &&
  isHour(value.time) &&
  isId(value.tutorId) &&
  isMoney(value.tutorPrice) &&
  isId(value.apt_id) &&
  isCount(value.weekIndex) &&
  isText(value.name);

export const isGroupedByWeek: Check<GroupedByWeek> = (value): value is GroupedByWeek => isRecord(value) && Object.values(value).every(listOf(isSelectedSlot));

const isChosenTutor: Check<ChosenTutor> = (value): value is ChosenTutor => isRecord(value) && isId(value.id) && isText(value.name) && isText(value.subject);
export const isTutorList: Check<ChosenTutor[]> = listOf(isChosenTutor);

/** A part as studentsData keeps it: its price is not there (the codec keeps it in its own key). */
export type StoredStudentPart = Omit<StudentPart, 'price'>;

const isStudentPart: Check<StoredStudentPart> = (value): value is StoredStudentPart =>
  isRecord(value) && (value.studentType === 1 || value.studentType === 2) && isPackageForm(value.form) && isLessonData(value.lessons) && isGroupedByWeek(value.slots);
export const isStudentParts: Check<StoredStudentPart[]> = listOf(isStudentPart);

export const isRescheduleData: Check<RescheduleData> = (value): value is RescheduleData =>
  isRecord(value) &&
  isId(value.appointmentId) &&
  isId(value.serviceId) &&
  isText(value.topic) &&
  isText(value.contractorName) &&
  isId(value.contractorNameid) &&
  isText(value.avatarUrl);

/** The draft's student ids by name (BookingDraft.studentIds). */
export const isStudentIds: Check<Record<string, number>> = (value): value is Record<string, number> => isRecord(value) && Object.values(value).every(isId);
