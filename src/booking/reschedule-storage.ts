import type { RescheduleData } from '../../machines/rules/draft-types.ts';
import { isRescheduleData } from '../../machines/booking/booking-draft-shapes.ts';
import { clearWorkingKeys, readJson, remove, writeJson } from '../storage/browser-storage.ts';

/**
 * The appointment /reschedule-slot moves (the spec's rescheduleData key). The Rescheduling list stores it
 * and opens the screen; any booking draft left half-way goes (moving a lesson is a flow of its own).
 */
export function storeRescheduleData(data: RescheduleData): void {
  clearWorkingKeys();
  writeJson('rescheduleData', data);
}

/** The stored appointment to move; null when there is none or it is unreadable (it is then dropped and logged). */
export const readRescheduleData = (): RescheduleData | null => readJson('rescheduleData', isRescheduleData);

/** The lesson has been moved: its rescheduleData is done with. */
export const forgetRescheduleData = (): void => remove('rescheduleData');
