import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Session, SessionMachine } from '../../machines/session.machine.ts';
import { type SessionActor, useSessionActor } from '../../src/session/session-context.ts';
import { SessionProvider } from '../../src/session/session-provider.tsx';
import { writeSession } from '../../src/storage/browser-storage.ts';
import { ToastRegion } from '../../src/toasts/toast-region.tsx';

export interface SessionRender {
  /** The session actor the provider made (available once rendered). */
  readonly actor: SessionActor;
  queryClient: QueryClient;
}

/**
 * `ui` under what SessionRoot gives the app: the query client, the real SessionProvider (which reads the
 * stored session once, connects the API client to the actor and listens to other tabs) and the toasts.
 * `stored` is written to the browser's storage first, as a previous visit would have left it.
 */
export function renderWithSession(ui: ReactNode, { stored = null, machine }: { stored?: Session | null; machine?: SessionMachine } = {}): SessionRender {
  if (stored) writeSession(stored);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  let actor: SessionActor | undefined;
  function Probe() {
    actor = useSessionActor();
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider machine={machine}>
        <Probe />
        {ui}
      </SessionProvider>
      <ToastRegion />
    </QueryClientProvider>,
  );
  return {
    queryClient,
    get actor() {
      if (!actor) throw new Error('the session provider has not rendered');
      return actor;
    },
  };
}

/** What another tab does to the stored session, with the `storage` events this tab receives for it. */
export function changeStorageInAnotherTab(stored: Session | null): void {
  if (stored === null) {
    // Logout there clears all storage: one event, with no key.
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
    return;
  }
  const written: [string, string][] = [
    ['token', stored.token],
    ['userdata', JSON.stringify(stored.user)],
    ['BranchId', String(stored.user.branch_id)],
  ];
  for (const [key, value] of written) {
    const oldValue = localStorage.getItem(key);
    localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
  }
}
