import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A refused request (4xx) will not get better by asking again; a network blip or a 5xx might.
      queries: { retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500), staleTime: 30_000 },
    },
  });
}
