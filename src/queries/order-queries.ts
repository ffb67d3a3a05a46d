import { queryOptions } from '@tanstack/react-query';
import type { OrderProgress } from '../../machines/booking/classes-to-place.ts';
import { api } from '../api/api.ts';
import { listOrdersToPlace } from '../api/calls/booking.ts';
import { getOrder } from '../api/calls/payment.ts';

/**
 * GET /orders-to-place/{clientid}: the client's paid orders with classes still to place (their held hours
 * were lost to a late payment), newest first. Read afresh on every visit of the dashboard: the server adds one
 * when a late payment is confirmed, and placing the classes takes it away.
 */
export const ordersToPlaceOptions = (clientid: number) =>
  queryOptions({
    queryKey: ['orders-to-place', clientid] as const,
    staleTime: 0,
    queryFn: async (): Promise<OrderProgress[]> => (await listOrdersToPlace(api, { clientid })).data.filter((order) => order.to_place > 0),
  });

/** GET /orders/{ref}: what an order is and what it produced (the receipt); not asked without a ref. */
export const orderOptions = (ref: string | null) =>
  queryOptions({
    queryKey: ['orders', ref] as const,
    enabled: ref !== null && ref !== '',
    queryFn: () => getOrder(api, { ref: ref ?? '' }),
  });
