import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { SessionProvider } from '../session/session-provider.tsx';
import { ToastRegion } from '../toasts/toast-region.tsx';
import { createQueryClient } from '../queries/query-client.ts';

/**
 * Everything a route with a session needs: the session machine, server-state cache and toasts.
 * Loaded lazily, so the landing page and the quote form do not carry it.
 */
export function SessionRoot() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Outlet />
        <ToastRegion />
      </SessionProvider>
    </QueryClientProvider>
  );
}
