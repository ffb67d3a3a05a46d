import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../../contract/date-format.ts';
import { type CalendarFeedLink, isFeedExistsRefusal, makeCalendarFeedLink } from '../../actors/calendar-feed.ts';
import { type CalendarFeedStatus, calendarFeedStatusOptions } from '../../queries/calendar-queries.ts';
import { type CalendarFeedPanel, CalendarFeedView, type CopyStatus } from './calendar-feed-view.tsx';

interface FeedRead {
  data: CalendarFeedStatus | undefined;
  error: Error | null;
  isFetching: boolean;
}

/**
 * What the section shows: the link just made (its one showing) before anything the status read says; then
 * the read's state. The day the feed was made is the branch's, like every date in the portal.
 */
export function selectCalendarFeedPanel(read: FeedRead, link: CalendarFeedLink | null, timeZone: string): CalendarFeedPanel {
  if (link) return { kind: 'shown', url: link.url, webcalUrl: link.webcal_url };
  if (read.data) {
    if (!read.data.active) return { kind: 'none' };
    return { kind: 'active', since: read.data.created_at ? formatDay(read.data.created_at, timeZone) : null };
  }
  if (read.error) return { kind: 'loadFailed', message: read.error.message, retrying: read.isFetching };
  return { kind: 'loading' };
}

/** Copies with the Clipboard API; a browser without it (or refusing it) answers false. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Profile's Calendar feed: the feed's state, Create / Reset (asked first) and the link's one showing. */
export function CalendarFeedSection({ clientid, timeZone }: { clientid: number; timeZone: string }) {
  const queryClient = useQueryClient();
  const statusQuery = calendarFeedStatusOptions(clientid);
  const status = useQuery(statusQuery);
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [copy, setCopy] = useState<CopyStatus>('idle');

  const mutation = useMutation({
    mutationFn: makeCalendarFeedLink,
    onSuccess: (answer) => {
      setLink(answer);
      setCopy('idle');
      // The read now knows the feed is on, without asking again.
      queryClient.setQueryData(statusQuery.queryKey, { active: true, created_at: answer.created_at });
    },
    // A Create refused because a feed was made meanwhile is no failure to retry (the same Create would be refused
    // again): the state is read again, and shows the feed with Reset.
    onError: (error) => {
      if (isFeedExistsRefusal(error)) void queryClient.invalidateQueries({ queryKey: statusQuery.queryKey });
    },
  });
  // Reset replaces the feed, which only the confirmed dialog asks for; Create asks for a first feed only.
  const save = (reset: boolean) => {
    if (!mutation.isPending) mutation.mutate({ reset });
  };

  return (
    <CalendarFeedView
      panel={selectCalendarFeedPanel(status, link, timeZone)}
      saving={mutation.isPending}
      saveError={mutation.isError && !isFeedExistsRefusal(mutation.error) ? mutation.error.message : null}
      confirmOpen={confirmOpen}
      copy={copy}
      onRetryLoad={() => void status.refetch()}
      onCreate={() => save(false)}
      onReset={() => setConfirmOpen(true)}
      onCancelReset={() => setConfirmOpen(false)}
      onConfirmReset={() => {
        // The question is answered: the dialog closes and the Reset button waits for the new link.
        setConfirmOpen(false);
        save(true);
      }}
      onRetrySave={() => save(mutation.variables?.reset ?? false)}
      onCopy={() => {
        if (link) void copyText(link.url).then((copied) => setCopy(copied ? 'copied' : 'failed'));
      }}
    />
  );
}
