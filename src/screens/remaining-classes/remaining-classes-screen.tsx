import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { remainingDraft, remainingRows, unreadablePackageText } from '../../../machines/booking/package-offer.ts';
import { useHeaderBack } from '../../components/header-back.tsx';
import { writeDraft } from '../../booking/booking-draft-storage.ts';
import { bookingPath } from '../../booking/booking-paths.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { clientPackagesOptions } from '../../queries/package-queries.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import { notify } from '../../toasts/notify.ts';
import { RemainingClassesView } from './remaining-classes-view.tsx';

/** /remaining-classes: the client's paid packages; 'Book remaining classes' opens /remaining-package for one. */
export function RemainingClassesScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <RemainingClasses clientid={user.clientid} />;
}

function RemainingClasses({ clientid }: { clientid: number }) {
  const navigate = useNavigate();
  const packages = useQuery(clientPackagesOptions(clientid));
  const rows = useMemo(() => remainingRows(packages.data ?? []), [packages.data]);
  // Back is the dashboard, wherever the client came from (the remaining-package screen's back leads here).
  useHeaderBack(() => navigate(bookingPath('dashboard', 'remaining')));

  const book = (id: number) => {
    const chosen = packages.data?.find((pkg) => pkg.id === id);
    const draft = chosen ? remainingDraft(chosen) : null;
    if (!draft) {
      // The button of such a package is disabled; a package gone meanwhile lands here.
      notify.error(unreadablePackageText);
      return;
    }
    // The remaining-classes flow starts here: its draft names the package and who it is for.
    writeDraft(draft);
    navigate(bookingPath('remainingPackage', 'remaining'));
  };

  return (
    <RemainingClassesView
      loading={packages.isPending}
      error={packages.isError ? packages.error.message : null}
      retrying={packages.isFetching}
      packages={rows}
      unreadableText={unreadablePackageText}
      onRetry={() => void packages.refetch()}
      onBook={book}
    />
  );
}
