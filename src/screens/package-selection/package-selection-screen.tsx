import { shallowEqual, useSelector } from '@xstate/react';
import { useLocation } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import type { BookingEntry } from '../../../machines/booking/booking-draft.ts';
import type { PackageSelectionMachine } from '../../../machines/booking/package-selection.machine.ts';
import { priceOf, stepOfEntry } from '../../../machines/booking/package-offer.ts';
import { weeklyLessonOptions, weeklyLessonsBanner } from '../../../machines/rules/packages.ts';
import { browserPackageSelectionMachine } from '../../actors/package-selection.ts';
import { useHeaderBack } from '../../components/header-back.tsx';
import { tokenRequiredRoutes } from '../../routes.ts';
import { noticeIn } from '../../booking/booking-notice.ts';
import { bookingPath } from '../../booking/booking-paths.ts';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import { config } from '../../config.ts';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { PackageCardData } from './package-card.tsx';
import { PackageSelectionView, type PackageSelectionViewProps } from './package-selection-view.tsx';
import { sanitizeDescription } from './sanitize-description.ts';

type PackageSelectionSnapshot = SnapshotFrom<PackageSelectionMachine>;
type DataProps = Omit<PackageSelectionViewProps, `on${string}`>;

/** What the screen shows now: one of the machine's resting states, as the view tells them apart. */
function phaseOf(snapshot: PackageSelectionSnapshot): DataProps['phase'] {
  if (snapshot.status === 'done') return 'leaving';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'failed';
  if (snapshot.matches('nothingToRenew')) return 'nothingToRenew';
  return 'choosing';
}

/** What the view shows of a snapshot: the one place the screen's props are derived (stories use it too). */
export const selectPackageSelectionView = (snapshot: PackageSelectionSnapshot): DataProps => {
  const { draft, learners, packages, expanded, counts, currency, renewalPrice, remainingClasses, error } = snapshot.context;
  const { entry } = draft;
  // In the individual split the selectors are the one student's, and say whose.
  const splitStudent = learners && learners.studentType !== null ? learners.names[0] : undefined;
  const cards = packages.map(
    (pkg): PackageCardData => ({
      id: pkg.id,
      name: pkg.name,
      descriptionHtml: sanitizeDescription(pkg.description),
      lessonsLine: `${pkg.numberofclass} lessons · ${pkg.types}`,
      price: priceOf(pkg, entry, currency, renewalPrice),
      offers: pkg.offers.trim() === '' ? null : pkg.offers,
      mostPopular: pkg.mostPopular,
      expanded: pkg.id === expanded,
      subjects: pkg.id === expanded ? (learners?.subjects ?? []).map((subject) => ({ subject, count: counts[subject] ?? null })) : [],
    }),
  );
  return {
    title: tokenRequiredRoutes[bookingPath(stepOfEntry(entry), entry)],
    phase: phaseOf(snapshot),
    error,
    who: learners ? [learners.names.join(' & '), learners.program, learners.subjects.join(', ')].join(' · ') : null,
    lessonsLegend: splitStudent ? `Lessons per week for ${splitStudent}` : 'Lessons per week',
    countOptions: [...weeklyLessonOptions],
    cards,
    banner: snapshot.hasTag('banner') ? weeklyLessonsBanner : null,
    canSelect: snapshot.can({ type: 'package.selected' }) && !snapshot.hasTag('busy'),
    confirmingRenewal: snapshot.hasTag('confirming'),
    remainingClasses: entry === 'renewal' ? remainingClasses : 0,
  };
};

interface ScreenProps {
  /** The machine with its implementations; tests give one whose read they answer. */
  machine?: PackageSelectionMachine;
}

/** /manage-packages: the packages for the students of a new booking. */
export function ManagePackagesScreen({ machine = browserPackageSelectionMachine }: ScreenProps) {
  return <PackageSelectionScreen machine={machine} entry="new" />;
}

/** /renew-change-packages: a new package for the students of the client's newest paid one. */
export function RenewPackagesScreen({ machine = browserPackageSelectionMachine }: ScreenProps) {
  return <PackageSelectionScreen machine={machine} entry="renewal" />;
}

/** /remaining-package: the package and weekly lessons to book a paid package's remaining classes with. */
export function RemainingPackageScreen({ machine = browserPackageSelectionMachine }: ScreenProps) {
  return <PackageSelectionScreen machine={machine} entry="remaining" />;
}

function PackageSelectionScreen({ machine, entry }: { machine: PackageSelectionMachine; entry: BookingEntry }) {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <PackageSelection machine={machine} entry={entry} clientid={user.clientid} />;
}

function PackageSelection({ machine, entry, clientid }: { machine: PackageSelectionMachine; entry: BookingEntry; clientid: number }) {
  const { actorRef, exit } = useBookingMachine(machine, stepOfEntry(entry), entry, { currency: config.currency, renewalPrice: config.renewalPrice, clientid });
  const view = useSelector(actorRef, selectPackageSelectionView, shallowEqual);
  // What the step that sent the client here says (the grid opened before a package was chosen).
  const notice = noticeIn(useLocation().state);
  // The header's back arrow is the step's back (new booking, dashboard or remaining classes), not history.
  useHeaderBack(() => actorRef.send({ type: 'back.requested' }));
  if (exit) return exit;
  return (
    <PackageSelectionView
      {...view}
      notice={notice}
      onRetry={() => actorRef.send({ type: 'load.retried' })}
      onToggle={(id) => actorRef.send({ type: 'package.toggled', id })}
      onCountChange={(subject, count) => actorRef.send({ type: 'lessons.changed', subject, count })}
      onClose={() => actorRef.send({ type: 'package.closed' })}
      onSelect={() => actorRef.send({ type: 'package.selected' })}
      onConfirmRenewal={() => actorRef.send({ type: 'renewal.confirmed' })}
      onCancelRenewal={() => actorRef.send({ type: 'renewal.cancelled' })}
    />
  );
}
