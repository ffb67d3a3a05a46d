import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/operations.ts';
import { appointmentHandlers } from './appointments.ts';
import { bookingHandlers } from './bookings.ts';
import { calendarHandlers } from './calendar.ts';
import { catalogueHandlers } from './catalogue.ts';
import { clientHandlers } from './client.ts';
import { clientPackageHandlers } from './client-packages.ts';
import { paymentHandlers } from './payment.ts';
import { serviceHandlers } from './services.ts';
import { sessionHandlers } from './session.ts';

export function createHandlers(ctx: AppContext): Handlers {
  return {
    ...sessionHandlers(ctx),
    ...clientHandlers(ctx),
    ...catalogueHandlers(ctx),
    ...appointmentHandlers(ctx),
    ...bookingHandlers(ctx),
    ...serviceHandlers(ctx),
    ...clientPackageHandlers(ctx),
    ...paymentHandlers(ctx),
    ...calendarHandlers(ctx),
  };
}
