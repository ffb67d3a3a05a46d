import { describe, expect, it } from 'vitest';
import { type SnapshotFrom, initialTransition, setup, transition } from 'xstate';
import { type WeekGridContext, type WeekGridEvent, type WeekShown, weekGrid, weekGridTransitions } from '../../machines/booking/week-grid.ts';
import { type AvailabilityIndex, type AvailabilityWindow, hourlyAvailability } from '../../machines/rules/slots.ts';
import { selectWeekGrid, weekDays } from '../../src/components/week-grid/select-week-grid.ts';

// The week grid every grid chart spreads (week-grid.ts), on a chart of its own: a month, a week, a page of tabs.
// Monday 23 November 2026 is today in Dubai: the first bookable day is Wednesday the 25th. November's weeks run
// from Sunday the 22nd (1st) to the week of Sunday 27 December (6th); December's first week is November's 2nd.
const today = '2026-11-23';

// Amira (tutor 5) on Wednesday 2 December and Wednesday the 16th at 15:00; Omar (tutor 6) on Thursday 26 November at 15:00.
const w = (start: string, contractor_id: number, apt_id: number): AvailabilityWindow => ({ start: `${start}:00+04:00`, finish: new Date(Date.parse(`${start}:00+04:00`) + 3_600_000).toISOString(), apt_id, contractor_id });
const availability = hourlyAvailability([w('2026-12-02T15:00', 5, 1), w('2026-12-16T15:00', 5, 2), w('2026-11-26T15:00', 6, 3)], 'Asia/Dubai');
// Amira on the 16th alone: November's 4th week, on the second page of tabs.
const lateAvailability = hourlyAvailability([w('2026-12-16T15:00', 5, 2)], 'Asia/Dubai');

interface TestContext extends WeekGridContext {
  /** The weeks a month shows. */
  weeks: number;
  /** Whose hours count: one tutor's, or any tutor's. */
  tutor: number | undefined;
}

const contextOf = (changes: Partial<TestContext> = {}): TestContext => ({ today, timeZone: 'Asia/Dubai', availability, month: '2026-11', weekIndex: 0, page: 0, weeks: 6, tutor: undefined, ...changes });

const gridOf = (opensOn: 'firstWeek' | 'firstWeekWithHours') => weekGrid<TestContext, WeekGridEvent>({ weekCount: (context) => context.weeks, tutorOf: (context) => context.tutor, opensOn });
const firstWeek = gridOf('firstWeek');
const firstWithHours = gridOf('firstWeekWithHours');

/** A chart with nothing but the grid, its choosing state spreading the grid's transitions as the grid charts do. */
const chartOf = (grid: ReturnType<typeof gridOf>) =>
  setup({
    types: { input: {} as TestContext, context: {} as TestContext, events: {} as WeekGridEvent },
    actions: { ...grid.actions },
    guards: { ...grid.guards },
  }).createMachine({ id: 'grid', context: ({ input }) => input, initial: 'choosing', states: { choosing: { on: { ...weekGridTransitions } } } });

const shown = ({ month, weekIndex, page }: WeekGridContext) => ({ month, weekIndex, page });

describe("a month's weeks", () => {
  it.each<[string, number, string, string[]]>([
    ['6 weeks of November', 6, '2026-11', ['2026-11-22', '2026-11-29', '2026-12-06', '2026-12-13', '2026-12-20', '2026-12-27']],
    ['3 weeks of November', 3, '2026-11', ['2026-11-22', '2026-11-29', '2026-12-06']],
    ["December's 3: its first week is November's 2nd", 3, '2026-12', ['2026-11-29', '2026-12-06', '2026-12-13']],
    ['a month before today: none', 6, '2026-10', []],
  ])('%s', (_, weeks, month, sundays) => {
    expect(firstWeek.weeksOf(contextOf({ weeks }), month).map((week) => week.days[0]?.date)).toEqual(sundays);
  });

  it('are the month shown by default', () => {
    expect(firstWeek.weeksOf(contextOf({ month: '2026-12', weeks: 2 })).map((week) => week.label)).toEqual(['1st Week', '2nd Week']);
    expect(firstWeek.weekAt(contextOf({ weeks: 2 }), 1)?.days[0]?.date).toBe('2026-11-29');
    expect(firstWeek.weekAt(contextOf({ weeks: 2 }), 2)).toBeUndefined();
  });
});

describe('the hours that count', () => {
  it.each<[string, string, string, number, number | undefined, boolean]>([
    ["Omar's Thursday, any tutor's grid", '2026-11-26', '15:00', 0, undefined, true],
    ["Omar's Thursday, Amira's grid", '2026-11-26', '15:00', 0, 5, false],
    ["Amira's Wednesday, in the week shown", '2026-12-02', '15:00', 1, 5, true],
    ["Amira's Wednesday, another week shown", '2026-12-02', '15:00', 0, 5, false],
    ['an hour nobody is free', '2026-11-26', '16:00', 0, undefined, false],
    ['a day inside the 2-day notice', '2026-11-24', '15:00', 0, undefined, false],
  ])('%s: open %s', (_, date, time, weekIndex, tutor, open) => {
    expect(firstWeek.openHour(contextOf({ weekIndex, tutor }), date, time)).toBe(open);
  });

  it.each<[string, string, number | undefined, boolean]>([
    ["Omar's Thursday, any tutor", '2026-11-26', undefined, true],
    ["Omar's Thursday, Amira's", '2026-11-26', 5, false],
    ["Amira's Wednesday", '2026-12-02', 5, true],
  ])('a day with hours: %s', (_, date, tutor, has) => {
    expect(firstWeek.hasHours(contextOf({ tutor }), date)).toBe(has);
  });
});

describe('the week a month opens on', () => {
  it.each<[string, ReturnType<typeof gridOf>, Partial<TestContext>, string, AvailabilityIndex | undefined, WeekShown]>([
    ['its first week, whatever its hours', firstWeek, { tutor: 5 }, '2026-11', undefined, { weekIndex: 0, page: 0 }],
    ["the first with the tutor's hours", firstWithHours, { tutor: 5 }, '2026-11', undefined, { weekIndex: 1, page: 0 }],
    ["any tutor's: Omar's week", firstWithHours, {}, '2026-11', undefined, { weekIndex: 0, page: 0 }],
    ['one on the second page of tabs', firstWithHours, { tutor: 5 }, '2026-11', lateAvailability, { weekIndex: 3, page: 1 }],
    ['the read just in, before it is the context', firstWithHours, { tutor: 5, availability: new Map() }, '2026-11', lateAvailability, { weekIndex: 3, page: 1 }],
    ['none with hours: its first', firstWithHours, { tutor: 5, availability: new Map() }, '2026-11', undefined, { weekIndex: 0, page: 0 }],
    ["another month: December's first", firstWithHours, { tutor: 5 }, '2026-12', undefined, { weekIndex: 0, page: 0 }],
  ])('%s', (_, grid, changes, month, read, expected) => {
    expect(grid.openingWeek(contextOf(changes), month, read)).toEqual(expected);
  });
});

describe("the grid's transitions", () => {
  it.each<[string, ReturnType<typeof gridOf>, Partial<TestContext>, WeekGridEvent, WeekGridContext['month'], number, number]>([
    ['a month chosen opens on its first week', firstWeek, { weekIndex: 2, page: 0 }, { type: 'month.chosen', month: '2026-12' }, '2026-12', 0, 0],
    ["a month chosen opens on its first week with the tutor's hours", firstWithHours, { tutor: 5, month: '2026-12', availability: lateAvailability }, { type: 'month.chosen', month: '2026-11' }, '2026-11', 3, 1],
    ['a month before today is refused', firstWeek, { weekIndex: 1 }, { type: 'month.chosen', month: '2026-10' }, '2026-11', 1, 0],
    ['a month the picker does not offer is refused', firstWeek, {}, { type: 'month.chosen', month: '2027-06' }, '2026-11', 0, 0],
    ['a week chosen, with its page of tabs', firstWeek, {}, { type: 'week.chosen', index: 4 }, '2026-11', 4, 1],
    ['a week the month does not show is refused', firstWeek, { weeks: 3 }, { type: 'week.chosen', index: 3 }, '2026-11', 0, 0],
    ['next: the next page, on its first week', firstWeek, { weekIndex: 1 }, { type: 'weeks.next' }, '2026-11', 3, 1],
    ['next on the last page is refused', firstWeek, { weekIndex: 4, page: 1 }, { type: 'weeks.next' }, '2026-11', 4, 1],
    ['next with 3 weeks in all is refused', firstWeek, { weeks: 3, weekIndex: 2 }, { type: 'weeks.next' }, '2026-11', 2, 0],
    ['previous: the page before, on its first week', firstWeek, { weekIndex: 5, page: 1 }, { type: 'weeks.previous' }, '2026-11', 0, 0],
    ['previous on the first page is refused', firstWeek, { weekIndex: 2 }, { type: 'weeks.previous' }, '2026-11', 2, 0],
    ['4 weeks: the second page holds the 4th alone', firstWeek, { weeks: 4 }, { type: 'weeks.next' }, '2026-11', 3, 1],
  ])('%s', (_, grid, changes, event, month, weekIndex, page) => {
    const chart = chartOf(grid);
    const [start] = initialTransition(chart, contextOf(changes));
    const [next] = transition(chart, start, event);
    expect(shown(next.context)).toEqual({ month, weekIndex, page });
    // Only the grid's fields change.
    expect({ ...next.context, month: 0, weekIndex: 0, page: 0 }).toEqual({ ...start.context, month: 0, weekIndex: 0, page: 0 });
  });
});

describe('what the week grid shows of a snapshot', () => {
  const chart = chartOf(firstWithHours);
  const snapshotAt = (changes: Partial<TestContext>, events: WeekGridEvent[] = []): SnapshotFrom<typeof chart> => {
    const [start] = initialTransition(chart, contextOf(changes));
    return events.reduce((snapshot, event) => transition(chart, snapshot, event)[0], start);
  };
  const open = () => ({ state: 'open' }) as const;

  it("a week with hours: its tabs, arrows and Page Up / Page Down as the chart would take them, and no offer", () => {
    const snapshot = snapshotAt({ tutor: 5 }, [{ type: 'week.chosen', index: 1 }]);
    const days = weekDays(snapshot.context, firstWithHours, open);
    const shown = selectWeekGrid(snapshot, firstWithHours, days);
    expect(shown).toMatchObject({
      month: '2026-11',
      weekTabs: [
        { index: 0, label: '1st Week', current: false },
        { index: 1, label: '2nd Week', current: true },
        { index: 2, label: '3rd Week', current: false },
      ],
      hasPreviousWeeks: false,
      hasNextWeeks: true,
      previousWeek: 0,
      nextWeek: 2,
      zoneNote: 'Times are Dubai time',
      emptyWeek: null,
    });
    expect(shown.days).toBe(days);
    expect(shown.months.find((month) => month.value === '2026-10')?.disabled).toBe(true);
    expect(days.flatMap((day) => day.hours.map((hour) => hour.label))).toEqual(['Wed 2 Dec 2026 · 15:00 Dubai time, free']);
  });

  it("a week without the tutor's hours offers the next with one, in this month or a later one", () => {
    const snapshot = snapshotAt({ tutor: 5, weeks: 3 }, [{ type: 'week.chosen', index: 2 }]);
    const shown = selectWeekGrid(snapshot, firstWithHours, weekDays(snapshot.context, firstWithHours, open));
    // November shows 3 weeks: Amira's 16th is in December's 3rd.
    expect(shown.emptyWeek).toEqual({ text: 'No free hours this week.', next: { label: 'Show week of Sun 13 Dec 2026', month: '2026-12', index: 2 } });
    expect(shown).toMatchObject({ previousWeek: 1, nextWeek: null, hasNextWeeks: false });
  });

  it('the last week of the last page: no Page Down, no next arrow', () => {
    const snapshot = snapshotAt({}, [{ type: 'week.chosen', index: 5 }]);
    const shown = selectWeekGrid(snapshot, firstWithHours, weekDays(snapshot.context, firstWithHours, open));
    expect(shown).toMatchObject({ weekTabs: [{ index: 3 }, { index: 4 }, { index: 5, current: true }], hasPreviousWeeks: true, hasNextWeeks: false, previousWeek: 4, nextWeek: null });
  });
});
