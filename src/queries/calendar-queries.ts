import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../contract/schema.d.ts';
import { api } from '../api/api.ts';
import { calendarFeedStatus } from '../api/calls/calendar.ts';

export type CalendarFeedStatus = components['schemas']['CalendarFeedStatus'];

/** GET /calendar-feed: keyed by client so that another login never sees a cached state. */
export const calendarFeedStatusOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['calendar-feed', clientid] as const,
    queryFn: (): Promise<CalendarFeedStatus> => calendarFeedStatus(api),
  });
