import { HoursTakenError, takenHoursIn } from '../../../contract/taken-hours.ts';
import { type Answer, ApiError, type ApiClient, type RequestBody, callApi } from '../client.ts';

export const scheduledClassesFailedText = 'Your scheduled classes could not be loaded.';
export const unpaidPackagesFailedText = 'Your pending payment could not be loaded.';

/** GET /appointmentstwo/{ids}: the appointments of some of the client's students, earliest first. */
export function listAppointmentsForStudents(api: ApiClient, { ids, branch_id }: { ids: readonly number[]; branch_id: number }): Promise<Answer<'listAppointmentsForStudents'>> {
  return callApi(() => api.GET('/appointmentstwo/{ids}', { params: { path: { ids: ids.join(',') }, query: { branch_id } } }), scheduledClassesFailedText);
}

/** GET /client-packagesfree/{clientid}: the unpaid packages, newest first; the first is the pending payment. */
export function listUnpaidClientPackages(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'listUnpaidClientPackages'>> {
  return callApi(() => api.GET('/client-packagesfree/{clientid}', { params: { path: { clientid } } }), unpaidPackagesFailedText);
}

export const clientPackagesFailedText = 'Your packages could not be loaded.';

/** GET /client-packages/{clientid}: the client's packages, newest first, with booked, total and remaining classes. */
export function listClientPackages(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'listClientPackages'>> {
  return callApi(() => api.GET('/client-packages/{clientid}', { params: { path: { clientid } } }), clientPackagesFailedText);
}

export const bookingFailedText = 'Your classes could not be booked. Please try again.';

/**
 * POST /bookings: books lessons and their services in one transaction, on a basis that needs no payment (the
 * free assessment, a paid package's remaining classes, a paid order's classes to place); a retry of the same
 * lessons answers what was booked. A 409 naming the hours someone else took (`taken`) throws a
 * HoursTakenError with them, as create-order does; any other refusal throws as every call does.
 */
export async function bookLessons(api: ApiClient, body: RequestBody<'bookLessons'>): Promise<Answer<'bookLessons'>> {
  try {
    return await callApi(() => api.POST('/bookings', { body }), bookingFailedText);
  } catch (error) {
    const taken = error instanceof ApiError && error.status === 409 ? takenHoursIn(error.body) : null;
    if (error instanceof ApiError && taken) throw new HoursTakenError(error.message, taken);
    throw error;
  }
}

export const ordersToPlaceFailedText = 'Your paid classes to place could not be loaded.';

/** GET /orders-to-place/{clientid}: the client's paid orders with classes still to place, newest first. */
export function listOrdersToPlace(api: ApiClient, { clientid }: { clientid: number }): Promise<Answer<'listOrdersToPlace'>> {
  return callApi(() => api.GET('/orders-to-place/{clientid}', { params: { path: { clientid } } }), ordersToPlaceFailedText);
}
