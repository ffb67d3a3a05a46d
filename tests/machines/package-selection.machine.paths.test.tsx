import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type BookingDraft, type PackageForm, emptyDraft, withForm, withStudentChosen } from '../../machines/booking/booking-draft.ts';
import { type PackageSelectionInput, type PackageSelectionMachine, packageSelectionMachine } from '../../machines/booking/package-selection.machine.ts';
import { type Offer, type OfferInput, type Package, renewalSource } from '../../machines/booking/package-offer.ts';
import { weeklyLessonsBanner } from '../../machines/rules/packages.ts';
import { packagesFailedText } from '../../src/api/calls/catalogue.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { browserPackageSelectionMachine } from '../../src/actors/package-selection.ts';
import { ManagePackagesScreen, RemainingPackageScreen, RenewPackagesScreen } from '../../src/screens/package-selection/package-selection-screen.tsx';
import { liveToken } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import { individualForm, paidClientPackage } from '../support/draft-fixtures.ts';

// Every transition of the package-selection chart, from each way into it, replayed on the real screen
// (/manage-packages, /renew-change-packages, /remaining-package) with a read the test answers.

const pkg = (id: 2 | 3 | 4, name: Package['name'], total: number, numberofclass: number): Package => ({
  id,
  name,
  description: `<p>${numberofclass} one-hour classes</p><p>60 minutes per class</p>`,
  numberofclass,
  types: 'One-to-one',
  offers: id === 2 ? '' : 'Save 5%',
  total,
  duration_days: 30,
  mostPopular: id === 3,
});
const catalogue = [pkg(2, 'SILVER', 360, 6), pkg(3, 'GOLD', 684, 12), pkg(4, 'PLATINUM', 1296, 24)];
const goldId = 3;

const oneStudent: PackageForm = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };
const together: PackageForm = { ...oneStudent, students: 2, name2: 'Lina Ahmed', subject: ['Mathematics', 'English'], studyType: 'yes' };
const individual: PackageForm = individualForm(['Mathematics', 'English'], ['Science']);

/** A paid package of the client, as the renewal reads it. */
const renewed = (remaining: number) => {
  const source = renewalSource([paidClientPackage(remaining)]);

  if (!source) throw new Error('the fixture package cannot be renewed');
  return source;
};

interface Start {
  who: string;
  path: string;
  Screen: ComponentType<{ machine?: PackageSelectionMachine }>;
  draft: BookingDraft;
  offer: Offer;
  subjects: string[];
}

const starts: Start[] = [
  { who: 'a new booking for one student', path: '/manage-packages', Screen: ManagePackagesScreen, draft: withForm(emptyDraft('new'), oneStudent), offer: { packages: catalogue }, subjects: ['Mathematics'] },
  { who: 'a new booking for two studying together', path: '/manage-packages', Screen: ManagePackagesScreen, draft: withForm(emptyDraft('new'), together), offer: { packages: catalogue }, subjects: ['Mathematics', 'English'] },
  {
    who: "a new booking's individual split, student 1",
    path: '/manage-packages',
    Screen: ManagePackagesScreen,
    draft: withStudentChosen(withForm(emptyDraft('new'), individual), 1),
    offer: { packages: catalogue },
    subjects: ['Mathematics', 'English'],
  },
  { who: 'a renewal with classes left', path: '/renew-change-packages', Screen: RenewPackagesScreen, draft: emptyDraft('renewal'), offer: { packages: catalogue, renewal: renewed(4) }, subjects: ['Mathematics'] },
  { who: 'a renewal with none left', path: '/renew-change-packages', Screen: RenewPackagesScreen, draft: emptyDraft('renewal'), offer: { packages: catalogue, renewal: renewed(0) }, subjects: ['Mathematics'] },
  { who: 'a renewal with nothing paid', path: '/renew-change-packages', Screen: RenewPackagesScreen, draft: emptyDraft('renewal'), offer: { packages: [] }, subjects: [] },
  {
    who: "a paid package's remaining classes",
    path: '/remaining-package',
    Screen: RemainingPackageScreen,
    draft: { ...withForm(emptyDraft('remaining'), oneStudent), clientPackageId: 9 },
    offer: { packages: catalogue },
    subjects: ['Mathematics'],
  },
];

const bannerDelay = 'xstate.after.banner.packageSelection.choosing.invalid';

/** What the client and the read can do, in any state. */
const eventsOf = (start: Start): AnyEventObject[] => [
  { type: 'xstate.done.actor.loadOffer', output: start.offer },
  { type: 'xstate.error.actor.loadOffer', error: new Error(packagesFailedText) },
  { type: 'load.retried' },
  { type: 'package.toggled', id: goldId },
  ...start.subjects.map((subject) => ({ type: 'lessons.changed', subject, count: 1 })),
  { type: 'package.closed' },
  { type: 'package.selected' },
  { type: 'renewal.confirmed' },
  { type: 'renewal.cancelled' },
  { type: 'back.requested' },
  { type: bannerDelay },
];

const inputOf = (start: Start): PackageSelectionInput => ({ draft: start.draft, today: '2026-11-23', currency: 'AED', renewalPrice: 60, clientid: testUser.clientid });

/** The pages the screen leaves for, each saying which it is. */
const pages = {
  '/book-class': 'Book Classes page',
  '/remainingbookclass': 'Remaining book class page',
  '/new-booking': 'New Booking page',
  '/dashboard': 'Dashboard page',
  '/remaining-classes': 'Remaining Classes page',
};

/** The screen at its route in the app's layout (whose header holds Back), with a read the test answers, and the pages it may go to. */
function renderPackages(start: Start) {
  let pending: { resolve: (offer: Offer) => void; reject: (error: unknown) => void } | undefined;
  const asked: OfferInput[] = [];
  const machine = browserPackageSelectionMachine.provide({
    actors: {
      loadOffer: fromPromise<Offer, OfferInput>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            asked.push(input);
            pending = { resolve, reject };
          }),
      ),
    },
  });
  const { Screen } = start;
  renderWithSession(
    <MemoryRouter initialEntries={[start.path]}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path={start.path} element={<Screen machine={machine} />} />
          {Object.entries(pages).map(([path, text]) => (
            <Route key={path} path={path} element={<h1>{text}</h1>} />
          ))}
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
  const call = () => {
    if (!pending) throw new Error('no read is waiting');
    return pending;
  };
  return { call, asked };
}

type State = SnapshotFrom<PackageSelectionMachine>;

const stored = (key: string) => localStorage.getItem(key);

/** What a state of the chart shows, read from the snapshot the path reached. */
function expectScreenFor(state: State, start: Start) {
  const { context } = state;
  if (state.status === 'done') {
    const next = (state.output as { next: string }).next;
    const page = { slots: start.draft.entry === 'remaining' ? pages['/remainingbookclass'] : pages['/book-class'], students: pages['/new-booking'], dashboard: pages['/dashboard'], remainingClasses: pages['/remaining-classes'] }[next];
    expect(screen.getByRole('heading', { name: page })).toBeVisible();
    if (next === 'slots') {
      // Select stored the new lessonData and its total-lessons label.
      expect(JSON.parse(stored('lessonData') ?? 'null')).toEqual(context.draft.lessons);
      expect(stored('totalLession')).toBe(context.draft.totalLessonsLabel);
      expect(context.draft.lessons?.packageNames.id).toBe(goldId);
      // Beside the total the card showed, the draft keeps its number: the catalogue's, or the renewal price on /remaining-package.
      const gold = catalogue.find((offered) => offered.id === goldId);
      expect((JSON.parse(stored('bookingDraft') ?? 'null') as { price?: unknown }).price).toBe(start.draft.entry === 'remaining' ? 60 : gold?.total);
    } else if (next === 'dashboard') {
      expect(stored('packageFormData')).toBeNull();
      expect(stored('lessonData')).toBeNull();
    } else {
      expect(JSON.parse(stored('packageFormData') ?? 'null')).toEqual(context.draft.form);
    }
    return;
  }
  if (state.hasTag('loading')) {
    expect(screen.getByRole('status', { name: 'Loading packages' })).toBeVisible();
    return;
  }
  if (state.matches('loadFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent(packagesFailedText);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    return;
  }
  if (state.matches('nothingToRenew')) {
    expect(screen.getByText('You have no package to renew yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New Booking' })).toHaveAttribute('href', '/new-booking');
    return;
  }
  // Choosing, and the renewal question over it.
  const names = context.packages.map((p) => p.name);
  const main = within(screen.getByRole('main', { hidden: true }));
  expect(main.getAllByRole('heading', { level: 2, hidden: true }).map((heading) => heading.textContent)).toEqual(expect.arrayContaining(names));
  for (const offered of context.packages) {
    expect(main.getByRole('button', { name: offered.name, hidden: state.hasTag('confirming') })).toHaveAttribute('aria-expanded', String(offered.id === context.expanded));
  }
  if (state.hasTag('banner')) expect(screen.getByRole('alert')).toHaveTextContent(weeklyLessonsBanner);
  else expect(screen.queryByText(weeklyLessonsBanner)).toBeNull();
  if (context.expanded !== null && !state.hasTag('confirming')) {
    for (const subject of start.subjects) {
      expect(screen.getByRole('combobox', { name: `${subject} lessons per week` })).toHaveValue(String(context.counts[subject] ?? ''));
    }
    expect(screen.getByRole('button', { name: 'Select' })).toBeEnabled();
  }
  if (state.hasTag('confirming')) {
    const dialog = screen.getByRole('alertdialog', { name: 'Are You Sure You Want to Renew Your Package?' });
    expect(within(dialog).getByRole('button', { name: 'Yes, renew' })).toBeVisible();
  } else {
    expect(screen.queryByRole('alertdialog')).toBeNull();
  }
}

replayPaths({
  machine: packageSelectionMachine,
  title: 'package selection paths for $who, replayed on the screen',
  starts: starts.map((start) => ({ ...start, input: inputOf(start), events: eventsOf(start) })),
  // The clock also runs on its own (Testing Library waits a real tick after each user event); the banner's
  // wait is stepped through by hand.
  fakeTimers: true,
  mount: (start) => {
    // The draft the earlier step left (a renewal's is empty: it starts from the dashboard).
    writeDraft(start.draft);
    return { ...renderPackages(start), ui: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
  },
  send: {
    'xstate.done.actor.loadOffer': ({ event, mounted: { call } }) => act(async () => call().resolve(event.output as Offer)),
    'xstate.error.actor.loadOffer': ({ event, mounted: { call } }) => act(async () => call().reject(event.error)),
    'load.retried': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Retry' })),
    'package.toggled': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'GOLD' })),
    'lessons.changed': ({ event, mounted: { ui } }) => ui.selectOptions(screen.getByRole('combobox', { name: `${String(event.subject)} lessons per week` }), String(event.count)),
    'package.closed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Close' })),
    'package.selected': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Select' })),
    'renewal.confirmed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Yes, renew' })),
    'renewal.cancelled': ({ mounted: { ui } }) => ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' })),
    'back.requested': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Back' })),
    [bannerDelay]: async () => {
      // The banner stays for its time (give or take the real time the checks took), then goes.
      await act(async () => vi.advanceTimersByTimeAsync(2500));
      expect(screen.getByRole('alert')).toHaveTextContent(weeklyLessonsBanner);
      await act(async () => vi.advanceTimersByTimeAsync(500));
    },
  },
  expectScreen: (state, { start }) => expectScreenFor(state, start),
  afterPath: (_path, start, { asked }) => {
    // Every read asked for what the draft says: its entry, the client, the form and the student.
    for (const input of asked) {
      expect(input).toEqual({ entry: start.draft.entry, clientid: testUser.clientid, form: start.draft.form, studentType: start.draft.split.studentType });
    }
  },
});
