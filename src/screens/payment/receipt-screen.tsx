import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { orderUnpaidText, refMissingText, refMissingTitle } from '../../../machines/booking/success-sequence.machine.ts';
import { type OrderProgress, isPaid, orderUnavailableOf, orderUnavailableTexts, receiptOf } from '../../../machines/rules/order-progress.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { orderOptions } from '../../queries/order-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { ReceiptView, type ReceiptViewProps } from './receipt-view.tsx';
import { useBackToDashboard } from './use-back-to-dashboard.ts';

type DataProps = Omit<ReceiptViewProps, `on${string}`>;

export const orderUnpaidTitle = 'Payment not completed';

/** The read of the order, as the receipt needs it. */
export interface OrderRead {
  data: OrderProgress | undefined;
  error: Error | null;
  isFetching: boolean;
}

/**
 * What the receipt shows (stories use it too): a success only for a paid order of the client's; without a
 * ref, for an unknown ref or another client's order, or for an order not paid, a sentence that says so.
 */
export function selectReceiptView(ref: string | null, read: OrderRead, timeZone: string): DataProps {
  const none = { notice: null, receipt: null, error: null, retrying: false };
  if (ref === null) return { ...none, phase: 'missingRef', notice: { title: refMissingTitle, text: refMissingText } };
  if (read.data) {
    if (!isPaid(read.data)) return { ...none, phase: 'unpaid', notice: { title: orderUnpaidTitle, text: orderUnpaidText } };
    return { ...none, phase: 'paid', receipt: receiptOf(read.data, { timeZone, currency: config.currency }) };
  }
  if (read.error) {
    const unavailable = orderUnavailableOf(read.error);
    if (unavailable) return { ...none, phase: 'unavailable', notice: orderUnavailableTexts[unavailable] };
    return { ...none, phase: 'failed', error: read.error.message, retrying: read.isFetching };
  }
  return { ...none, phase: 'loading' };
}

/** /payment-successfull?ref=…: a paid order's receipt (docs/decisions/018-receipt-page.md), shown instead of replaying /success. */
export function ReceiptScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  const [params] = useSearchParams();
  const ref = params.get('ref');
  useBackToDashboard();
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <Receipt user={user} orderRef={ref === null || ref.trim() === '' ? null : ref} />;
}

function Receipt({ user, orderRef }: { user: User; orderRef: string | null }) {
  const order = useQuery(orderOptions(orderRef));
  const { data, error, isFetching } = order;
  const view = useMemo(() => selectReceiptView(orderRef, { data, error, isFetching }, user.branch_time_zone), [orderRef, data, error, isFetching, user.branch_time_zone]);
  return <ReceiptView {...view} onRetry={() => void order.refetch()} />;
}
