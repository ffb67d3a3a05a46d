import { QueryClient, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A refused request (4xx) will not get better by asking again; a network blip or a 5xx might.
      queries: { retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500), staleTime: 30_000 },
    },
  });
}

/**
 * The query client of the provider above, for a screen chunk: reached through this module (in the session's
 * chunk, as is its provider), a screen does not split TanStack's provider module out into a file of its own,
 * which every signed-in route would then load (tests/e2e/bundle-budget.spec.ts).
 */
export const useAppQueryClient = (): QueryClient => useQueryClient();
