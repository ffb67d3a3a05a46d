import { expect } from '@playwright/test';
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  sequence: number;
  start: number;
  end: number;
  summary: string;
  description: string;
  status: string | null;
  alarms: number;
}

/**
 * A calendar file as a calendar app reads it (ical.js, Mozilla's parser), after checking its physical lines:
 * every line ends with CRLF and holds at most 75 octets (RFC 5545 §3.1).
 */
export function readCalendar(text: string): ParsedEvent[] {
  expect(text.endsWith('\r\n')).toBe(true);
  for (const line of text.slice(0, -2).split('\r\n')) {
    expect(line).not.toContain('\n');
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      summary: event.summary,
      description: event.description,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      alarms: vevent.getAllSubcomponents('valarm').length,
    };
  });
}
