import { type BookingSummaryMachine, bookingSummaryMachine } from '../../machines/booking/booking-summary.machine.ts';

/** The summary reads the draft only: nothing to inject, the app runs the machine as it is. */
export const browserBookingSummaryMachine: BookingSummaryMachine = bookingSummaryMachine;
