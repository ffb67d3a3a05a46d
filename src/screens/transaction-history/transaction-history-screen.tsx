import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { invoiceRows } from '../../../machines/rules/invoices.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { invoicesOptions } from '../../queries/invoice-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { TransactionHistoryView } from './transaction-history-view.tsx';

/** The provider's payment page replaces the app, as checkout's Pay Now does. */
const openPage = (url: string) => window.location.assign(url);

interface ScreenProps {
  /** Opens an unpaid invoice's payment page; tests give one that records it. */
  openPaymentPage?: (url: string) => void;
}

/** /transaction-history: the signed-in client's invoices, newest first; Pay opens an unpaid one's payment page; Renew opens /new-booking. */
export function TransactionHistoryScreen({ openPaymentPage = openPage }: ScreenProps) {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <TransactionHistory user={user} openPaymentPage={openPaymentPage} />;
}

function TransactionHistory({ user, openPaymentPage }: { user: User; openPaymentPage: (url: string) => void }) {
  const invoices = useQuery(invoicesOptions(user.clientid));
  const { clientid, branch_time_zone } = user;
  const rows = useMemo(
    () => invoiceRows(invoices.data ?? [], { clientId: clientid, timeZone: branch_time_zone, currency: config.currency }),
    [invoices.data, clientid, branch_time_zone],
  );
  return (
    <TransactionHistoryView
      loading={invoices.isPending}
      error={invoices.isError ? invoices.error.message : null}
      retrying={invoices.isFetching}
      invoices={rows}
      onRetry={() => void invoices.refetch()}
      onPay={openPaymentPage}
    />
  );
}
