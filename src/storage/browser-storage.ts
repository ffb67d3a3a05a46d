import type { components } from '../../contract/schema.d.ts';
import { isRecord } from '../../contract/is-record.ts';
import { readStoredText, storageArea } from './stored-text.ts';

export type User = components['schemas']['User'];

/** The browser-stored keys of the spec. userdata, token and BranchId outlive the working keys. */
export const sessionKeys = ['userdata', 'token', 'BranchId'] as const;
export const workingKeys = [
  'packageFormData',
  'lessonData',
  'studentType',
  'totalLession',
  'hidebutton',
  'rescheduleData',
  'bookingdata',
  'groupedByWeek',
  'selectedTeacher',
  'selectedTeachers',
  'dashboard',
  'showLock',
  'fromRenew',
  'studentsData',
  // Not a key of the spec: the booking draft's version, entry and client package (src/booking/booking-draft-storage.ts).
  'bookingDraft',
] as const;
export type StorageKey = (typeof sessionKeys)[number] | (typeof workingKeys)[number];

export interface StoredSession {
  token: string;
  user: User;
}

export function readText(key: StorageKey): string | null {
  return readStoredText(key);
}

export function writeText(key: StorageKey, value: string): void {
  try {
    storageArea()?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

export function remove(key: StorageKey): void {
  try {
    storageArea()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** A JSON value, or null when absent; a corrupt or foreign value is dropped (and logged), never thrown. */
export function readJson<T>(key: StorageKey, isValid: (value: unknown) => value is T): T | null {
  const raw = readText(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
  } catch {
    // Falls through to dropping it.
  }
  console.warn(`Dropped an unreadable stored value for ${key}`);
  remove(key);
  return null;
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, JSON.stringify(value));
}

export function isUser(value: unknown): value is User {
  return (
    isRecord(value) &&
    typeof value.firstname === 'string' &&
    typeof value.lastname === 'string' &&
    typeof value.clientid === 'number' &&
    typeof value.branch_id === 'number' &&
    typeof value.email === 'string' &&
    typeof value.branch_time_zone === 'string' &&
    Array.isArray(value.studentdetails)
  );
}

export function readSession(): StoredSession | null {
  const token = readText('token');
  const user = readJson('userdata', isUser);
  if (!token || !user) return null;
  return { token, user };
}

export function writeSession({ token, user }: StoredSession): void {
  writeText('token', token);
  writeJson('userdata', user);
  writeText('BranchId', String(user.branch_id));
}

export function writeUser(user: User): void {
  writeJson('userdata', user);
}

/** A renewed token of the same session (a password change revokes the older ones). */
export function writeToken(token: string): void {
  writeText('token', token);
}

/**
 * Calls `listener` with the session the browser keeps whenever another tab changes or clears it (the
 * `storage` event: a tab is not told of its own writes). Answers the unsubscribe.
 */
export function onStoredSessionChange(listener: (stored: StoredSession | null) => void): () => void {
  const changed = (event: StorageEvent) => {
    if (event.storageArea !== null && event.storageArea !== storageArea()) return;
    // key null: the other tab cleared all storage (logout).
    if (event.key === null || sessionKeys.some((key) => key === event.key)) listener(readSession());
  };
  globalThis.addEventListener?.('storage', changed);
  return () => globalThis.removeEventListener?.('storage', changed);
}

/** What a 401 or an expired token clears: token, user data and branch id. */
export function clearSession(): void {
  for (const key of sessionKeys) remove(key);
}

/** Arriving at /dashboard, choosing Home, or leaving a booking flow: everything but the session. */
export function clearWorkingKeys(): void {
  for (const key of workingKeys) remove(key);
}

/** Logout: all storage. */
export function clearAll(): void {
  clearSession();
  clearWorkingKeys();
  try {
    storageArea()?.clear();
  } catch {
    // Already gone.
  }
}
