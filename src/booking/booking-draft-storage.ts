import { type BookingDraft, type BookingEntry, type LessonData, type PaymentMethod, bookingDraftVersion, bookingEntries, emptyDraft, paymentMethods } from '../../machines/booking/booking-draft.ts';
import {
  isGroupedByWeek,
  isLessonData,
  isMoney,
  isPackageForm,
  isRescheduleData,
  isStudentIds,
  isStudentParts,
  isTutorList,
} from '../../machines/booking/booking-draft-shapes.ts';
import { amountOfPrice } from '../../machines/rules/shown-price.ts';
import { type StorageKey, clearWorkingKeys, readJson, readText, remove, writeJson, writeText } from '../storage/browser-storage.ts';
import { isRecord } from '../../contract/is-record.ts';

/**
 * The codec between the booking draft and the spec's working keys. Each key is read through its own
 * check: a corrupt or foreign value (garbage, a wrong type, another version's shape, truncated JSON) is
 * dropped from storage and logged, and that part of the draft reads as not chosen yet, so the screen that
 * needs it sends the client back to the step that makes it. Reads never throw.
 *
 * `bookingDraft` holds what the spec's keys have no place for: the draft's version, how the flow was
 * entered, the client package or the paid order it is about, the payment method chosen at checkout, the
 * packages' prices as numbers and the students' ids. A draft of another version is dropped whole.
 */
interface DraftMeta {
  version: number;
  entry: BookingEntry;
  clientPackageId: number | null;
  /** Written by version 2 on; an older draft has none (and is dropped for its version). */
  orderRef?: string | null;
  /** Written once the client picks one at checkout; an unknown value reads as none chosen (the rest stays). */
  paymentMethod?: unknown;
  /**
   * The price of lessonData's package, and of each studentsData part's by its studentType: written since the
   * draft kept them. A draft stored before has none, and its price is read from the total lessonData shows.
   */
  price?: unknown;
  partPrices?: unknown;
  /** The students' ids by name: written since the draft kept them; none reads as none (the screen fills them in). */
  studentIds?: unknown;
}

const isEntry = (value: unknown): value is BookingEntry => typeof value === 'string' && (bookingEntries as readonly string[]).includes(value);
const isPaymentMethod = (value: unknown): value is PaymentMethod => typeof value === 'string' && (paymentMethods as readonly string[]).includes(value);
const isMeta = (value: unknown): value is DraftMeta =>
  isRecord(value) &&
  typeof value.version === 'number' &&
  isEntry(value.entry) &&
  (value.clientPackageId === null || (typeof value.clientPackageId === 'number' && Number.isInteger(value.clientPackageId) && value.clientPackageId > 0)) &&
  (value.orderRef === undefined || value.orderRef === null || (typeof value.orderRef === 'string' && value.orderRef.trim() !== ''));
const isBookingData = (value: unknown): value is Record<string, unknown> => isRecord(value);

/** A text key whose value must be one of `allowed`; anything else is dropped and logged. */
function readChoice<T extends string>(key: StorageKey, allowed: readonly T[]): T | null {
  const raw = readText(key);
  if (raw === null) return null;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  console.warn(`Dropped an unreadable stored value for ${key}`);
  remove(key);
  return null;
}

/**
 * A package's price as stored beside it: the number, or null for none to pay. A draft stored before the draft
 * kept prices has none; its price is then the amount the package's total shows, as checkout read it then.
 */
function storedPrice(stored: unknown, lessons: LessonData | null): number | null {
  if (stored === null || isMoney(stored)) return stored;
  if (stored !== undefined) console.warn('Dropped an unreadable stored package price');
  return lessons ? amountOfPrice(lessons.packageNames.total) : null;
}

/** The draft in storage; null when there is none, or it is of another version (then it is dropped). */
export function readDraft(): BookingDraft | null {
  const meta = readJson('bookingDraft', isMeta);
  if (!meta) return null;
  if (meta.version !== bookingDraftVersion) {
    console.warn(`Dropped a booking draft of version ${meta.version}; this portal reads version ${bookingDraftVersion}`);
    clearDraft();
    return null;
  }
  const paymentMethod = isPaymentMethod(meta.paymentMethod) ? meta.paymentMethod : null;
  if (meta.paymentMethod !== undefined && paymentMethod === null) console.warn('Dropped an unreadable stored payment method');
  const studentType = readChoice('studentType', ['1', '2'] as const);
  // The flags are written from the entry, never read for it; a value they never hold is dropped all the same.
  for (const flag of ['dashboard', 'showLock', 'fromRenew'] as const) readChoice(flag, ['1'] as const);
  const lessons = readJson('lessonData', isLessonData);
  const partPrices = isRecord(meta.partPrices) ? meta.partPrices : {};
  if (meta.partPrices !== undefined && !isRecord(meta.partPrices)) console.warn('Dropped an unreadable stored package price');
  if (meta.studentIds !== undefined && !isStudentIds(meta.studentIds)) console.warn('Dropped unreadable stored student ids');
  return {
    ...emptyDraft(meta.entry),
    clientPackageId: meta.clientPackageId,
    orderRef: meta.orderRef ?? null,
    paymentMethod,
    studentIds: isStudentIds(meta.studentIds) ? meta.studentIds : {},
    form: readJson('packageFormData', isPackageForm),
    lessons,
    price: storedPrice(meta.price, lessons),
    totalLessonsLabel: readText('totalLession'),
    slots: readJson('groupedByWeek', isGroupedByWeek),
    bookingData: readJson('bookingdata', isBookingData),
    tutors: readJson('selectedTeacher', isTutorList) ?? [],
    secondTutors: readJson('selectedTeachers', isTutorList) ?? [],
    split: {
      studentType: studentType === null ? null : studentType === '1' ? 1 : 2,
      otherStudentPending: readChoice('hidebutton', ['0', '1'] as const) === '1',
      done: (readJson('studentsData', isStudentParts) ?? []).map((part) => ({ ...part, price: storedPrice(partPrices[part.studentType], part.lessons) })),
    },
    reschedule: readJson('rescheduleData', isRescheduleData),
  };
}

function writeOrRemove(key: StorageKey, value: unknown): void {
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) remove(key);
  else writeJson(key, value);
}

function writeFlag(key: StorageKey, on: boolean): void {
  if (on) writeText(key, '1');
  else remove(key);
}

/** Stores the draft in the working keys (what is not chosen is removed), with the spec's flags for its flow. */
export function writeDraft(draft: BookingDraft): void {
  writeJson('bookingDraft', {
    version: draft.version,
    entry: draft.entry,
    clientPackageId: draft.clientPackageId,
    orderRef: draft.orderRef,
    ...(draft.paymentMethod ? { paymentMethod: draft.paymentMethod } : {}),
    price: draft.price,
    partPrices: Object.fromEntries(draft.split.done.map((part) => [part.studentType, part.price])),
    studentIds: draft.studentIds,
  } satisfies DraftMeta);
  writeOrRemove('packageFormData', draft.form);
  writeOrRemove('lessonData', draft.lessons);
  if (draft.totalLessonsLabel === null) remove('totalLession');
  else writeText('totalLession', draft.totalLessonsLabel);
  writeOrRemove('groupedByWeek', draft.slots);
  writeOrRemove('bookingdata', draft.bookingData);
  writeOrRemove('selectedTeacher', draft.tutors);
  writeOrRemove('selectedTeachers', draft.secondTutors);
  // studentsData keeps the parts as the spec's keys do; their prices are in bookingDraft.
  writeOrRemove('studentsData', draft.split.done.map(({ price: _price, ...part }) => part));
  writeOrRemove('rescheduleData', draft.reschedule);
  if (draft.split.studentType === null) remove('studentType');
  else writeText('studentType', String(draft.split.studentType));
  writeFlag('hidebutton', draft.split.otherStudentPending);
  // The spec's flags: dashboard=1 and showLock=1 mark the pending payment (its free package is deleted
  // after payment), fromRenew=1 a renewal (the slots' back goes to /renew-change-packages).
  writeFlag('dashboard', draft.entry === 'pendingPayment');
  writeFlag('showLock', draft.entry === 'pendingPayment');
  writeFlag('fromRenew', draft.entry === 'renewal');
}

/** Leaving a booking flow: every working key goes; userdata, token and BranchId stay. */
export function clearDraft(): void {
  clearWorkingKeys();
}
