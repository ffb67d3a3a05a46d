/**
 * The spec's failure texts (product-spec §8, "Error catalogue") that a call and its chart both say: the call throws it when
 * the server gives no reason of its own (src/api/calls), the chart heads its toast with it (machines/). In
 * contract/ because neither of the two may import the other (docs/architecture.md, "The shape").
 */

/** A refused or failed login (src/api/calls/session.ts, machines/session.machine.ts). */
export const loginFailedText = 'Login failed';

/** A failed reschedule (src/api/calls/reschedule.ts, machines/reschedule.machine.ts). */
export const rescheduleFailedText = 'Failed to update appointment.';
