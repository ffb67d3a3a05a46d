import type { BookingEntry } from '../../machines/booking/booking-draft.ts';
import { type BookingOutput, type RoutedStep, missingStepNotice } from '../../machines/booking/booking-steps.ts';

/**
 * What a booking step hands the next one through the router's location state (not storage: it is said on
 * arrival, not resumed): the lines the next screen tells the client. Checkout → /book-class: the hours
 * someone else took first; a step opened without its draft → the step that makes it: what to do there first.
 */
export interface BookingLocationState {
  notice: string[];
}

/** The location state a step's exit carries: its output's notice, when it has one. */
export const locationStateOf = (output: BookingOutput | undefined): BookingLocationState | undefined =>
  output?.notice && output.notice.length > 0 ? { notice: output.notice } : undefined;

/** The location state of a redirect for a missing draft (missingStep): what to do first on the step that makes it. */
export function missingDraftState(made: RoutedStep, entry: BookingEntry): BookingLocationState | undefined {
  const notice = missingStepNotice(made, entry);
  return notice.length > 0 ? { notice } : undefined;
}

/** The notice a screen was opened with; none when the location state is not one (a bookmark, another page's state). */
export function noticeIn(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return [];
  const { notice } = state;
  return Array.isArray(notice) && notice.every((line) => typeof line === 'string') ? notice : [];
}
