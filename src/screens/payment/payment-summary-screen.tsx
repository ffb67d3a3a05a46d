import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { type FreeAssessmentClass, freeClassRow } from '../../../machines/booking/free-assessment-class.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { freeAssessmentClassOptions } from '../../queries/free-assessment-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { type User, clearWorkingKeys } from '../../storage/browser-storage.ts';
import { PaymentSummaryView, type PaymentSummaryViewProps } from './payment-summary-view.tsx';
import { useBackToDashboard } from './use-back-to-dashboard.ts';

type DataProps = Omit<PaymentSummaryViewProps, `on${string}`>;

/** The read of the free class, as the summary needs it. */
export interface FreeClassRead {
  /** undefined while it is read; null when the client has no free class. */
  data: FreeAssessmentClass | null | undefined;
  error: Error | null;
  isFetching: boolean;
}

/** What the summary shows (stories use it too): the free class the server holds, or why there is none. */
export function selectPaymentSummaryView(read: FreeClassRead, timeZone: string): DataProps {
  if (read.data) return { phase: 'booked', lesson: freeClassRow(read.data, timeZone), error: null, retrying: false };
  if (read.data === null) return { phase: 'none', lesson: null, error: null, retrying: false };
  if (read.error) return { phase: 'failed', lesson: null, error: read.error.message, retrying: read.isFetching };
  return { phase: 'loading', lesson: null, error: null, retrying: false };
}

/**
 * /payment-summary: the end of the free assessment. The class is read from the server (the client's one free
 * class), so a reload or a bookmark shows it, or says there is none; back, from the header's arrow or the
 * browser's button, clears the working keys and goes to the dashboard.
 */
export function PaymentSummaryScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  const navigate = useNavigate();
  const leave = () => {
    clearWorkingKeys();
    void navigate('/dashboard', { replace: true });
  };
  useBackToDashboard(clearWorkingKeys);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <PaymentSummary user={user} onBack={leave} />;
}

function PaymentSummary({ user, onBack }: { user: User; onBack: () => void }) {
  const free = useQuery(freeAssessmentClassOptions(user.clientid, user.branch_id));
  const { data, error, isFetching } = free;
  const view = useMemo(() => selectPaymentSummaryView({ data, error, isFetching }, user.branch_time_zone), [data, error, isFetching, user.branch_time_zone]);
  return <PaymentSummaryView {...view} onBack={onBack} onRetry={() => void free.refetch()} />;
}
