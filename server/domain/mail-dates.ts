import { formatDateTime, zoneLabel } from '../../contract/date-format.ts';

/**
 * A lesson's time as every mail writes it: the one format of the portal, in the branch's zone, and saying
 * which zone, since the reader may be anywhere: 'Sat 28 Nov 2026 · 09:00 (Dubai time)'.
 */
export const mailDateTime = (instant: Date, timeZone: string): string => `${formatDateTime(instant, timeZone)} (${zoneLabel(timeZone)})`;
