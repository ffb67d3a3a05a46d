import { type EventObject, assign } from 'xstate';
import { dayHasHours, firstWeekWithHours } from '../rules/grid-gaps.ts';
import { type AvailabilityIndex, type GridWeek, isAvailable, monthChoices, monthWeeks, openingMonth, pageOfWeek, weekTabPage } from '../rules/slots.ts';

/**
 * The week grid of every chart that offers hours (/book-class, /free-book, /remainingbookclass, /reschedule-slot,
 * and the grids to come): a month (the picker's), a week of it (tabs, three at a time), the hours of that week.
 * One model, spread into each chart's setup() and its choosing state (its transitions, guards and actions by
 * name), so the charts keep their own states and a path test still sees every transition as the chart's own.
 * The weeks a month shows, whose hours count and where a month opens are the chart's to say (weekGrid's
 * options); everything else is here. Pure: `today` is the branch's day, given with the input.
 */

/** What a grid chart's context holds for the grid. */
export interface WeekGridContext {
  /** YYYY-MM-DD in the branch's time zone. */
  today: string;
  /** The branch's IANA time zone: every day and hour of the grid is its wall clock. */
  timeZone: string;
  /** Hourly availability in the branch zone; empty until the read is in. */
  availability: AvailabilityIndex;
  /** YYYY-MM */
  month: string;
  weekIndex: number;
  /** The page of week tabs shown (three at a time). */
  page: number;
}

/** The week shown: its index in the month's weeks and the page of tabs holding it. */
export type WeekShown = Pick<WeekGridContext, 'weekIndex' | 'page'>;

export type WeekGridEvent = { type: 'month.chosen'; month: string } | { type: 'week.chosen'; index: number } | { type: 'weeks.previous' } | { type: 'weeks.next' };

export interface WeekGridOptions<C extends WeekGridContext> {
  /** How many weeks a month's grid shows (spec §9: by package and weekly lessons; 6 to reschedule). */
  weekCount: (context: C) => number;
  /** Whose hours count: one tutor's (the lesson being moved), or undefined for any tutor's. */
  tutorOf?: (context: C) => number | undefined;
  /**
   * Where a month opens: on its first week, or on its first week with an hour (the reschedule grid, whose first
   * week is often all inside the 2-day notice).
   */
  opensOn?: 'firstWeek' | 'firstWeekWithHours';
}

/** The grid fields of a chart's context on arrival: the opening month's first week, nothing read yet. */
export const initialWeekGrid = (today: string): Omit<WeekGridContext, 'today' | 'timeZone'> => ({ availability: new Map(), month: openingMonth(today), weekIndex: 0, page: 0 });

/**
 * The week grid of a chart whose context is C and events E: its helpers, and the guards and actions its setup()
 * spreads (weekGridTransitions name them). E is the chart's whole event union: setup() infers each action's
 * params from the actions given, and an action typed for other events than the chart's spoils that for all.
 */
export function weekGrid<C extends WeekGridContext, E extends EventObject>({ weekCount, tutorOf = () => undefined, opensOn = 'firstWeek' }: WeekGridOptions<C>) {
  /** A month's weeks as the grid shows them (the month shown by default). */
  const weeksOf = (context: C, month: string = context.month): readonly GridWeek[] => monthWeeks(context.today, month, weekCount(context));

  const weekAt = (context: C, index: number) => weeksOf(context).find((week) => week.index === index);

  /** Whether a day has an hour that counts (with `availability` before it is the context's: the read just in). */
  const hasHours = (context: C, date: string, availability: AvailabilityIndex = context.availability) => dayHasHours(availability, date, tutorOf(context));

  /** An hour of the week shown that can be booked: a bookable day, and the hour free (for the tutor, if one). */
  function openHour(context: C, date: string, time: string): boolean {
    const day = weekAt(context, context.weekIndex)?.days.find((d) => d.date === date);
    return day?.bookable === true && isAvailable(context.availability, date, time, tutorOf(context));
  }

  /** The week a month's grid opens on. */
  function openingWeek(context: C, month: string, availability: AvailabilityIndex = context.availability): WeekShown {
    if (opensOn === 'firstWeek') return { weekIndex: 0, page: 0 };
    const weekIndex = firstWeekWithHours(weeksOf(context, month), (date) => hasHours(context, date, availability))?.index ?? 0;
    return { weekIndex, page: pageOfWeek(weekIndex) };
  }

  const tabPage = (context: C) => weekTabPage(weeksOf(context).length, context.page);

  // Each assigner returns the whole context with the grid's fields changed: a literal of those fields alone is
  // no Partial<C> to TypeScript while C is generic, and the context spread is, with no cast.
  const actions = {
    chooseMonth: assign<C, E, { month: string }, E, never>(({ context }, params) => ({ ...context, month: params.month, ...openingWeek(context, params.month) })),
    chooseWeek: assign<C, E, { index: number }, E, never>(({ context }, params) => ({ ...context, weekIndex: params.index, page: pageOfWeek(params.index) })),
    // Another page of tabs shows its first week.
    showPage: assign<C, E, { page: number }, E, never>(({ context }, params) => ({
      ...context,
      page: params.page,
      weekIndex: weekTabPage(weeksOf(context).length, params.page).weeks[0] ?? 0,
    })),
  };

  const guards = {
    monthOpen: ({ context }: { context: C }, params: { month: string }) => monthChoices(context.today).some((m) => m.value === params.month && !m.disabled),
    weekShown: ({ context }: { context: C }, params: { index: number }) => weekAt(context, params.index) !== undefined,
    hasPreviousWeeks: ({ context }: { context: C }) => tabPage(context).hasPrevious,
    hasNextWeeks: ({ context }: { context: C }) => tabPage(context).hasNext,
  };

  return { weeksOf, weekAt, hasHours, openHour, openingWeek, actions, guards };
}

/** A chart's week grid, as weekGrid makes it. */
export type WeekGrid<C extends WeekGridContext, E extends EventObject = EventObject> = ReturnType<typeof weekGrid<C, E>>;

/** The grid's own transitions, for the state in which the client chooses: spread into its `on`. */
export const weekGridTransitions = {
  'month.chosen': {
    guard: { type: 'monthOpen', params: ({ event }: { event: { month: string } }) => ({ month: event.month }) },
    actions: { type: 'chooseMonth', params: ({ event }: { event: { month: string } }) => ({ month: event.month }) },
  },
  'week.chosen': {
    guard: { type: 'weekShown', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
    actions: { type: 'chooseWeek', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
  },
  'weeks.previous': { guard: 'hasPreviousWeeks', actions: { type: 'showPage', params: ({ context }: { context: WeekShown }) => ({ page: context.page - 1 }) } },
  'weeks.next': { guard: 'hasNextWeeks', actions: { type: 'showPage', params: ({ context }: { context: WeekShown }) => ({ page: context.page + 1 }) } },
} as const;
