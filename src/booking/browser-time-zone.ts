/**
 * The reader's own time zone, as the browser knows it ('Europe/London'). Read by a screen's container, never
 * by machines or rules, which take it as a name: a lesson is shown on the branch's clock, and also on this one
 * when the two differ.
 */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
