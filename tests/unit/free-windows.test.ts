import { describe, expect, it } from 'vitest';
import { type Span, type TutorBusy, type TutorWindow, freePieces, freeWindows } from '../../server/domain/free-windows.ts';

// The availability reads offer a tutor's windows less the hours the tutor is busy: any overlap takes its time
// away, not only a lesson starting on the hour.

/** 'HH:MM' on one day, as milliseconds (the day does not matter to the arithmetic). */
const at = (hhmm: string) => Date.parse(`2031-03-10T${hhmm}:00Z`);
const span = (from: string, to: string): Span => ({ start: at(from), finish: at(to) });
const text = (spans: Span[]) => spans.map((s) => `${new Date(s.start).toISOString().slice(11, 16)}-${new Date(s.finish).toISOString().slice(11, 16)}`);

describe('freePieces: a window less busy spans', () => {
  it.each<[string, [string, string][], string[]]>([
    ['nothing busy', [], ['16:00-20:00']],
    ['a lesson on the hour inside', [['17:00', '18:00']], ['16:00-17:00', '18:00-20:00']],
    ['a lesson at half past inside', [['17:30', '18:30']], ['16:00-17:30', '18:30-20:00']],
    ['a lesson at the start', [['16:00', '17:00']], ['17:00-20:00']],
    ['a lesson at the end', [['19:00', '20:00']], ['16:00-19:00']],
    ['a lesson reaching in from before', [['15:30', '16:30']], ['16:30-20:00']],
    ['a lesson reaching out past the end', [['19:30', '20:30']], ['16:00-19:30']],
    ['a lesson touching the start only', [['15:00', '16:00']], ['16:00-20:00']],
    ['a lesson touching the end only', [['20:00', '21:00']], ['16:00-20:00']],
    ['a lesson elsewhere', [['09:00', '10:00']], ['16:00-20:00']],
    ['the whole window', [['16:00', '20:00']], []],
    ['more than the whole window', [['15:00', '21:00']], []],
    ['back-to-back lessons', [['17:00', '18:00'], ['18:00', '19:00']], ['16:00-17:00', '19:00-20:00']],
    ['overlapping busy spans (a lesson and a hold)', [['17:00', '18:00'], ['17:30', '18:30']], ['16:00-17:00', '18:30-20:00']],
    ['a span inside another', [['17:00', '19:00'], ['17:30', '18:00']], ['16:00-17:00', '19:00-20:00']],
    ['spans out of order', [['19:00', '20:00'], ['16:00', '17:00']], ['17:00-19:00']],
    ['every hour taken', [['16:00', '17:00'], ['17:00', '18:00'], ['18:00', '19:00'], ['19:00', '20:00']], []],
  ])('%s', (_label, busy, expected) => {
    expect(text(freePieces(span('16:00', '20:00'), busy.map(([from, to]) => span(from, to))))).toEqual(expected);
  });

  it('one millisecond of overlap takes one millisecond', () => {
    expect(freePieces(span('16:00', '20:00'), [{ start: at('15:00'), finish: at('16:00') + 1 }])).toEqual([{ start: at('16:00') + 1, finish: at('20:00') }]);
  });
});

describe('freeWindows: each tutor’s windows less that tutor’s busy stretches', () => {
  const window = (id: number, tutor: number, from: string, to: string): TutorWindow => ({ id, contractor_id: tutor, start: new Date(at(from)), finish: new Date(at(to)) });
  const busy = (tutor: number, from: string | null, to: string | null): TutorBusy => ({
    contractor_id: tutor,
    start: from === null ? null : new Date(at(from)),
    finish: to === null ? null : new Date(at(to)),
  });
  const shown = (windows: TutorWindow[]) => windows.map((w) => `${w.id}/${w.contractor_id} ${text([{ start: w.start.getTime(), finish: w.finish.getTime() }])[0]}`);

  it.each<[string, TutorWindow[], TutorBusy[], string[]]>([
    ['a piece keeps its window’s id and tutor', [window(5, 7, '16:00', '20:00')], [busy(7, '17:00', '18:00')], ['5/7 16:00-17:00', '5/7 18:00-20:00']],
    ['another tutor’s lesson takes nothing', [window(5, 7, '16:00', '20:00')], [busy(8, '17:00', '18:00')], ['5/7 16:00-20:00']],
    [
      'two tutors at the same hours, one busy',
      [window(5, 7, '16:00', '18:00'), window(6, 8, '16:00', '18:00')],
      [busy(8, '16:00', '17:00')],
      ['5/7 16:00-18:00', '6/8 17:00-18:00'],
    ],
    ['one busy stretch across two windows of a tutor', [window(5, 7, '09:00', '12:00'), window(6, 7, '12:00', '15:00')], [busy(7, '11:00', '13:00')], ['5/7 09:00-11:00', '6/7 13:00-15:00']],
    ['a window wholly taken is left out', [window(5, 7, '16:00', '17:00'), window(6, 7, '18:00', '19:00')], [busy(7, '16:00', '17:00')], ['6/7 18:00-19:00']],
    ['a stretch open at its start reaches back for ever', [window(5, 7, '16:00', '20:00')], [busy(7, null, '17:00')], ['5/7 17:00-20:00']],
    ['a stretch open at its finish reaches on for ever', [window(5, 7, '16:00', '20:00')], [busy(7, '19:00', null)], ['5/7 16:00-19:00']],
    ['no windows', [], [busy(7, '17:00', '18:00')], []],
  ])('%s', (_label, windows, busyHours, expected) => {
    expect(shown(freeWindows(windows, busyHours))).toEqual(expected);
  });
});
