import ICAL from 'ical.js';

/** A VEVENT as a calendar app reads it, by a real parser (ical.js). */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  /** Whether DTSTART and DTEND are UTC instants (…Z). */
  utc: boolean;
  stamp: Date | undefined;
  summary: string;
  description: string;
  url: string | undefined;
  status: string | undefined;
  /** The VALARMs: each one's action and trigger (`-PT1H`). */
  alarms: { action: string; trigger: string }[];
}

export interface ParsedCalendar {
  name: string | undefined;
  events: ParsedEvent[];
  /** The calendar's own properties by name, as written (`X-PUBLISHED-TTL` → `PT1H`). */
  properties: Record<string, string>;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Parses iCalendar text; throws unless it holds exactly one VCALENDAR. */
export function parseCalendar(body: string): ParsedCalendar {
  const jcal = ICAL.parse(body);
  // One component parses to ['vcalendar', props, subs]; several to an array of such.
  if (jcal[0] !== 'vcalendar') throw new Error(`expected one VCALENDAR, parsed ${JSON.stringify(jcal).slice(0, 80)}`);
  const calendar = new ICAL.Component(jcal);
  const properties = Object.fromEntries(calendar.getAllProperties().map((p) => [p.name.toUpperCase(), text(p.getFirstValue())]));
  const events = calendar.getAllSubcomponents('vevent').map((vevent): ParsedEvent => {
    const event = new ICAL.Event(vevent);
    const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time | null;
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      utc: event.startDate.zone?.tzid === 'UTC' && event.endDate.zone?.tzid === 'UTC',
      stamp: stamp ? stamp.toJSDate() : undefined,
      summary: event.summary,
      description: event.description,
      url: vevent.getFirstPropertyValue('url') === null ? undefined : text(vevent.getFirstPropertyValue('url')),
      status: vevent.getFirstPropertyValue('status') === null ? undefined : text(vevent.getFirstPropertyValue('status')),
      alarms: vevent.getAllSubcomponents('valarm').map((alarm) => ({ action: text(alarm.getFirstPropertyValue('action')), trigger: text(alarm.getFirstPropertyValue('trigger')) })),
    };
  });
  return { name: properties['X-WR-CALNAME'], events, properties };
}

/**
 * What breaks RFC 5545 §3.1 in the physical lines of iCalendar text: a line not ended by CRLF (a bare CR or
 * LF, or no CRLF after the last line), one longer than 75 octets, or a character split across a fold. [] when
 * every line is right.
 */
export function lineProblems(body: string): string[] {
  const problems: string[] = [];
  if (!body.endsWith('\r\n')) problems.push('the last line does not end with CRLF');
  const lines = body.split('\r\n').slice(0, -1);
  lines.forEach((line, i) => {
    if (/[\r\n]/.test(line)) problems.push(`line ${i + 1} holds a bare CR or LF: ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) problems.push(`line ${i + 1} is ${Buffer.byteLength(line, 'utf8')} octets: ${line}`);
    if (/\p{Cs}/u.test(line)) problems.push(`line ${i + 1} splits a character: ${JSON.stringify(line)}`);
  });
  return problems;
}

/** The folded lines (continuations begin with a space): a test of folding shows it folded something. */
export const continuationLines = (body: string): string[] => body.split('\r\n').filter((line) => line.startsWith(' '));
