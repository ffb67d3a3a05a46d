import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lessonsByWeek } from '../../../machines/rules/lesson-weeks.ts';
import { orderOptions } from '../../actors/receipt.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { scheduledClassesOptions } from '../../queries/client-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { ReceiptView } from './receipt-view.tsx';

/** /payment-successfull?ref=…: a completed order's receipt (DESIGN.md), shown instead of replaying /success. */
export function ReceiptScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  const [params] = useSearchParams();
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <Receipt user={user} orderRef={params.get('ref')} />;
}

function Receipt({ user, orderRef }: { user: User; orderRef: string | null }) {
  const order = useQuery(orderOptions(orderRef));
  // The order's students' lessons (the same read as the scheduled classes'); the order's own are shown.
  const lessons = useQuery(scheduledClassesOptions(order.data?.student_ids ?? [], user.branch_id));
  const weeks = useMemo(() => {
    const booked = new Set(order.data?.appointment_ids ?? []);
    return lessonsByWeek((lessons.data ?? []).filter((lesson) => booked.has(lesson.id)), user.branch_time_zone ?? 'Asia/Dubai');
  }, [order.data, lessons.data, user.branch_time_zone]);
  const failed = order.error ?? lessons.error;
  return (
    <ReceiptView
      loading={order.isLoading || lessons.isLoading}
      error={failed ? failed.message : null}
      weeks={weeks}
      onRetry={() => void (order.error ? order.refetch() : lessons.refetch())}
    />
  );
}
