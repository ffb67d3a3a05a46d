import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { tutorCard } from '../../../machines/rules/tutors.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { tutorsOptions } from '../../queries/tutor-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { CrTutorsView } from './cr-tutors-view.tsx';

/** /crtutors: the tutors of the signed-in client's branch, each with a detail that opens and closes. */
export function CrTutorsScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <CrTutors branchId={user.branch_id} />;
}

function CrTutors({ branchId }: { branchId: number }) {
  const tutors = useQuery(tutorsOptions(branchId));
  const cards = useMemo(() => (tutors.data ?? []).map(tutorCard), [tutors.data]);
  // Each detail opens on its own: comparing two tutors side by side is what the list is for.
  const [expandedIds, setExpandedIds] = useState<readonly number[]>([]);
  const toggle = (id: number) => setExpandedIds((open) => (open.includes(id) ? open.filter((other) => other !== id) : [...open, id]));
  return (
    <CrTutorsView
      loading={tutors.isPending}
      error={tutors.isError ? tutors.error.message : null}
      retrying={tutors.isFetching}
      tutors={cards}
      expandedIds={expandedIds}
      onRetry={() => void tutors.refetch()}
      onToggle={toggle}
    />
  );
}
