import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api.ts';
import { getOrder } from '../api/calls/payment.ts';

/** GET /orders/{ref}: what a completed order produced (its students and lessons); not asked without a ref. */
export const orderOptions = (ref: string | null) =>
  queryOptions({
    queryKey: ['orders', ref] as const,
    enabled: ref !== null && ref !== '',
    queryFn: () => getOrder(api, { ref: ref ?? '' }),
  });
