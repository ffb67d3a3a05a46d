import type { components } from '../../contract/schema.d.ts';

type ClientPackage = components['schemas']['ClientPackage'];

/** What tapping the pending payment stores, read from the first unpaid package. */
export interface PendingPaymentKeys {
  bookingdata: unknown;
  lessonData: Record<string, unknown>;
  packageFormData: Record<string, unknown>;
  groupedByWeek: unknown;
  selectedTeacher: unknown;
  selectedTeachers: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Reads the pending payment's booking out of an unpaid package, or null when its packageForm is not
 * the JSON object the portal stores ({ lessonData, packageFormData, groupedByWeek?, storedTeacher?,
 * storedTeacher2? }; the week grouping and teachers may also sit inside lessonData).
 */
export function readPendingPayment(pkg: ClientPackage): PendingPaymentKeys | null {
  const form = parseJson(pkg.packageForm);
  if (!isRecord(form)) return null;
  const { lessonData, packageFormData } = form;
  if (!isRecord(lessonData) || !isRecord(packageFormData)) return null;
  // bookingdata is JSON ({ bookdata }); some providers send it as JSON text.
  const bookingdata: unknown = typeof pkg.bookingdata === 'string' ? parseJson(pkg.bookingdata) : pkg.bookingdata;
  if (typeof pkg.bookingdata === 'string' && bookingdata === undefined) return null;
  return {
    bookingdata: bookingdata ?? null,
    lessonData,
    packageFormData,
    groupedByWeek: form.groupedByWeek ?? lessonData.groupedByWeek ?? null,
    selectedTeacher: form.storedTeacher ?? lessonData.storedTeacher ?? null,
    selectedTeachers: form.storedTeacher2 ?? lessonData.storedTeacher2 ?? null,
  };
}
