import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { expect } from 'vitest';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { type BookingDraft, type BookingInput, type PackageForm, emptyDraft, withForm, withLessons, withSlots, withStudentChosen } from '../../machines/booking/booking-draft.ts';
import { type TwoStudentSplitMachine, otherStudentLabel, twoStudentSplitMachine } from '../../machines/booking/two-student-split.machine.ts';
import { writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { CheckoutScreen } from '../../src/screens/checkout/checkout-screen.tsx';
import { sampleLessons, sampleSlots, sampleTutors, individualForm } from '../support/draft-fixtures.ts';
import { liveToken } from '../support/network-stub.ts';
import { replayPaths } from '../support/path-replay.ts';
import { testUser } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';

// The split checkout invokes, on the stored draft: each generated path of the split machine is replayed
// on the checkout screen's switch button, and what it leaves in the browser's storage is checked after the switch.

const form: PackageForm = individualForm();

/** A draft at checkout: a package and slots chosen for whom it books. */
const atCheckout = (draft: BookingDraft) => withSlots(withLessons(draft, sampleLessons, '12 Lessons'), sampleSlots, sampleTutors);

const events: AnyEventObject[] = [{ type: 'split.otherStudentRequested' }];

const starts = [
  { who: 'student 1 pending', draft: atCheckout(withStudentChosen(withForm(emptyDraft('new'), form), 1)) },
  { who: 'student 2 pending', draft: atCheckout(withStudentChosen(withForm(emptyDraft('new'), form), 2)) },
  { who: 'a single booking', draft: atCheckout(withForm(emptyDraft('new'), { ...form, students: 1, name1: 'Adam Ahmed', program: 'Year 5 / Grade 4', programOne: 1, subject: ['Mathematics'], studyType: null })) },
].map(({ who, draft }) => {
  const input: BookingInput = { draft, today: '2026-11-24' };
  return { who, input, events };
});

const packagesPage = 'Packages of the other student';

function renderCheckout(draft: BookingDraft) {
  writeDraft(draft);
  renderWithSession(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutScreen />} />
        <Route path="/manage-packages" element={<h1>{packagesPage}</h1>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
const switchButton = () => screen.queryByRole('button', { name: /^Go For (First|Second)$/ });

/** What a state of the chart shows, read from the snapshot the path reached. */
function expectScreenFor(state: SnapshotFrom<TwoStudentSplitMachine>, before: BookingDraft) {
  if (state.status === 'done') {
    expect(screen.getByRole('heading', { name: packagesPage })).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    // The current student's part is kept for the order; the other student is booked next, and pays for both.
    const { studentType } = before.split;
    expect(localStorage.getItem('studentType')).toBe(studentType === 1 ? '2' : '1');
    expect(localStorage.getItem('hidebutton')).toBeNull();
    expect(stored('studentsData')).toEqual([{ studentType, form: before.form, lessons: before.lessons, slots: before.slots }]);
    expect(localStorage.getItem('lessonData')).toBeNull();
    expect(localStorage.getItem('totalLession')).toBeNull();
    expect(localStorage.getItem('groupedByWeek')).toBeNull();
    expect(localStorage.getItem('selectedTeacher')).toBeNull();
    expect(stored('packageFormData')).toEqual(before.form);
    return;
  }
  expect(screen.queryByRole('heading', { name: packagesPage })).toBeNull();
  const { studentType } = state.context.draft.split;
  if (state.hasTag('showButton') && studentType !== null) {
    expect(screen.getByRole('button', { name: otherStudentLabel(studentType) })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
    expect(localStorage.getItem('hidebutton')).toBe('1');
    expect(localStorage.getItem('studentType')).toBe(String(studentType));
  } else {
    // A single booking: Pay Now, and no switch.
    expect(switchButton()).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  }
}

replayPaths({
  machine: twoStudentSplitMachine,
  title: 'two-student split paths with $who, replayed on checkout',
  starts,
  mount: ({ input }) => {
    renderCheckout(input.draft);
    return { ui: userEvent.setup() };
  },
  send: {
    'split.otherStudentRequested': async ({ start, mounted: { ui } }) => {
      const { studentType } = start.input.draft.split;
      if (studentType === null) throw new Error('only a pending student has the button');
      await ui.click(screen.getByRole('button', { name: otherStudentLabel(studentType) }));
      // The exit is rendered once the actor's completion is seen.
      await screen.findByRole('heading', { name: packagesPage });
    },
  },
  expectScreen: (state, { start }) => expectScreenFor(state, start.input.draft),
});
