import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * The browser's back button on a step that asks before clearing (spec §2 "Booking Summary"): it is held and
 * `ask()` is called, as the header's arrow does. Going on (confirm, a confirmed back) replaces or pushes,
 * which is never held.
 */
export function useBrowserBackAsks(ask: () => void): void {
  const blocker = useBlocker(({ historyAction }) => historyAction === 'POP');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    ask();
    blocker.reset();
  }, [blocker, ask]);
}
