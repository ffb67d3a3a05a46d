import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, useHref, useLocation, useNavigate } from 'react-router';
import { useHeaderBack } from '../../components/header-back.tsx';

const nothing = () => {};

/**
 * Whether this page is the first entry of the browser's history for this visit, as React Router's browser
 * history marks its entries (`{ usr, key, idx }` in `history.state`, `idx` 0 for the page the visit began
 * on). False under any other router (a memory router has no page before its first).
 */
function firstBrowserEntry(here: string): boolean {
  const state: unknown = window.history.state;
  const index = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return index === 0 && `${window.location.pathname}${window.location.search}` === here;
}

/**
 * Back from a payment's confirmation goes to the dashboard (spec §2), never back through history to the
 * payment page or the booking it came from:
 * - the header's arrow goes to /dashboard, replacing this page;
 * - the browser's back button, within the app, is held and goes to /dashboard instead;
 * - opened as the first page of the visit (the return from the payment provider's page, a bookmark, a shared
 *   link), the browser's back would leave the app for the page before it, which no blocker can hold; so an
 *   entry for /dashboard is put under this page in the browser's history, and back lands there. It is written
 *   straight into `history` in React Router's own entry format, not by navigating: a navigation would mount
 *   the dashboard for a moment, which clears the working keys (the pending payment's flag that /success
 *   still needs) and restarts this page. The router's next navigation reads the index back from the entry.
 * `beforeLeaving` runs first (e.g. clearing the working keys).
 */
export function useBackToDashboard(beforeLeaving: () => void = nothing): void {
  const navigate = useNavigate();
  const latest = useRef(beforeLeaving);
  useEffect(() => {
    latest.current = beforeLeaving;
  });
  const toDashboard = useCallback(() => {
    latest.current();
    void navigate('/dashboard', { replace: true });
  }, [navigate]);
  useHeaderBack(toDashboard);

  // Back onto the dashboard put under this page is the way out, not held.
  const blocker = useBlocker(({ historyAction, nextLocation }) => historyAction === 'POP' && nextLocation.pathname !== '/dashboard');
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    toDashboard();
  }, [blocker, toDashboard]);

  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const dashboardHref = useHref('/dashboard');
  useEffect(() => {
    // Once: afterwards this page is the second entry (StrictMode's second run, a reload).
    if (!firstBrowserEntry(here)) return;
    const state = window.history.state as Record<string, unknown>;
    window.history.replaceState({ usr: null, key: 'dashboard', idx: 0 }, '', dashboardHref);
    window.history.pushState({ ...state, idx: 1 }, '', here);
  }, [here, dashboardHref]);
}
