import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type SnapshotFrom, assign, fromPromise, setup } from 'xstate';
import { useSelector } from '@xstate/react';
import { type BookingDraft, type BookingEntry, type BookingInput, type PackageForm, emptyDraft, withForm } from '../../machines/booking/booking-draft.ts';
import { type BookingOutput, type BookingStep, startBookingText, startFreeAssessmentText, stepOutput } from '../../machines/booking/booking-steps.ts';
import { noticeIn } from '../../src/booking/booking-notice.ts';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { useBookingMachine } from '../../src/booking/use-booking-machine.tsx';
import { liveToken } from '../support/network-stub.ts';
import { renderWithSession } from '../support/render-session.tsx';
import { testUser } from '../support/render-screen.tsx';
import { sampleForm } from '../support/draft-fixtures.ts';

// One hook runs every booking step's machine: input once from the draft and the branch-zone day, the
// draft written back on every change, and the route left by <Navigate> (a final state, or a missing draft).

const form = sampleForm;

/** A step machine of the shape every booking step has: it picks the students, then goes on or back. */
const studentsStep = setup({
  types: {
    input: {} as BookingInput,
    context: {} as BookingInput,
    events: {} as { type: 'form.chosen'; form: PackageForm } | { type: 'next.pressed' } | { type: 'back.confirmed' } | { type: 'told.pressed' },
    output: {} as BookingOutput,
  },
}).createMachine({
  context: ({ input }) => input,
  // The machine's output is its final state's: where the client goes next.
  output: stepOutput,
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'form.chosen': { actions: assign({ draft: ({ context, event }) => withForm(context.draft, event.form) }) },
        'next.pressed': { target: 'next' },
        'back.confirmed': { target: 'back' },
        'told.pressed': { target: 'told' },
      },
    },
    next: { type: 'final', output: { next: 'packages' } },
    // Goes on with something for the next screen to say (checkout's hours taken, on the grid).
    told: { type: 'final', output: { next: 'packages', notice: ['Sat 28 Nov 2026 09:00 was just booked by someone else. Please choose another time.'] } },
    back: { type: 'final', output: { next: 'dashboard', clearDraft: true } },
  },
});

const selectContext = (snapshot: SnapshotFrom<typeof studentsStep>) => snapshot.context;

function StepScreen({ step }: { step: BookingStep }) {
  const { actorRef, exit } = useBookingMachine(studentsStep, step, 'new');
  const context = useSelector(actorRef, selectContext);
  if (exit) return exit;
  return (
    <main>
      <h1>Step {step}</h1>
      <p>Today is {context.today}</p>
      <pre aria-label="Draft">{JSON.stringify(context.draft)}</pre>
      <button type="button" onClick={() => actorRef.send({ type: 'form.chosen', form })}>
        Choose
      </button>
      <button type="button" onClick={() => actorRef.send({ type: 'next.pressed' })}>
        Next
      </button>
      <button type="button" onClick={() => actorRef.send({ type: 'back.confirmed' })}>
        Back
      </button>
      <button type="button" onClick={() => actorRef.send({ type: 'told.pressed' })}>
        Next with a notice
      </button>
    </main>
  );
}

/** A step whose machine has more than its draft: a dialog it opens and closes (as the grid's tutors' dialog). */
const dialogStep = setup({
  types: {
    input: {} as BookingInput,
    context: {} as BookingInput & { dialogOpen: boolean },
    events: {} as { type: 'dialog.toggled' } | { type: 'form.chosen'; form: PackageForm } | { type: 'next.pressed' },
    output: {} as BookingOutput,
  },
}).createMachine({
  context: ({ input }) => ({ ...input, dialogOpen: false }),
  output: stepOutput,
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'dialog.toggled': { actions: assign({ dialogOpen: ({ context }) => !context.dialogOpen }) },
        'form.chosen': { actions: assign({ draft: ({ context, event }) => withForm(context.draft, event.form) }) },
        'next.pressed': { target: 'next' },
      },
    },
    next: { type: 'final', output: { next: 'packages' } },
  },
});

const selectDialogOpen = (snapshot: SnapshotFrom<typeof dialogStep>) => snapshot.context.dialogOpen;

function DialogScreen() {
  const { actorRef, exit } = useBookingMachine(dialogStep, 'students', 'new');
  const open = useSelector(actorRef, selectDialogOpen);
  if (exit) return exit;
  return (
    <main>
      <button type="button" onClick={() => actorRef.send({ type: 'dialog.toggled' })}>
        {open ? 'Close the dialog' : 'Open the dialog'}
      </button>
      {open && <div role="dialog" aria-label="A dialog" />}
      <button type="button" onClick={() => actorRef.send({ type: 'form.chosen', form })}>
        Choose
      </button>
      <button type="button" onClick={() => actorRef.send({ type: 'form.chosen', form: { ...form, subject: ['English'] } })}>
        Choose another
      </button>
      <button type="button" onClick={() => actorRef.send({ type: 'next.pressed' })}>
        Next
      </button>
    </main>
  );
}

/** The next step's page, with what it was told on arrival. */
function PackagesPage() {
  const notice = noticeIn(useLocation().state);
  return (
    <>
      <h1>Packages page</h1>
      {notice.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}

/** A step whose machine reads on its first state, as the slot grid does (POST /subjectFilter/): `read` is the call. */
function readingStep(read: () => Promise<unknown>) {
  return setup({
    types: { input: {} as BookingInput, context: {} as BookingInput, output: {} as BookingOutput },
    actors: { load: fromPromise(read) },
  }).createMachine({
    context: ({ input }) => input,
    output: stepOutput,
    initial: 'loading',
    states: { loading: { invoke: { id: 'load', src: 'load', onError: 'failed' } }, failed: {} },
  });
}

function ReadingScreen({ step, entry, read }: { step: BookingStep; entry: BookingEntry; read: () => Promise<unknown> }) {
  const [machine] = useState(() => readingStep(read));
  const { exit } = useBookingMachine(machine, step, entry);
  return exit ?? <h1>Step {step}</h1>;
}

/** /new-booking as the step a missing draft sends the client to: with what it was told on arrival. */
function NewBookingPage() {
  return (
    <>
      <h1>New Booking page</h1>
      {noticeIn(useLocation().state).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}

function renderStep(path: string, step: BookingStep, element = <StepScreen step={step} />) {
  return renderWithSession(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/new-booking" element={<NewBookingPage />} />
        <Route path="/manage-packages" element={<PackagesPage />} />
        <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
}

afterEach(() => {
  vi.useRealTimers();
});

const shownDraft = (): BookingDraft => JSON.parse(screen.getByLabelText('Draft').textContent ?? 'null');

describe('useBookingMachine', () => {
  it("starts the flow's first step with an empty draft and the branch-zone day (Dubai is already on the 24th)", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 23, 21, 30));
    renderStep('/new-booking-step', 'students');
    expect(screen.getByRole('heading', { name: 'Step students' })).toBeVisible();
    expect(screen.getByText('Today is 2026-11-24')).toBeVisible();
    expect(shownDraft()).toEqual(emptyDraft('new'));
  });

  it('writes the draft back to the working keys on every change, and leaves for the next step when done', async () => {
    renderStep('/new-booking-step', 'students');
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
    expect(readDraft()).toEqual({ ...emptyDraft('new'), form });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Packages page' })).toBeVisible();
    expect(readDraft()?.form).toEqual(form);
  });

  it("hands a final state's notice to the next step as the location state", async () => {
    renderStep('/new-booking-step', 'students');
    await userEvent.click(screen.getByRole('button', { name: 'Next with a notice' }));
    expect(await screen.findByRole('heading', { name: 'Packages page' })).toBeVisible();
    expect(screen.getByText('Sat 28 Nov 2026 09:00 was just booked by someone else. Please choose another time.')).toBeVisible();
  });

  it('says nothing on the next step when the final state has no notice', async () => {
    renderStep('/new-booking-step', 'students');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Packages page' })).toBeVisible();
    expect(screen.queryByText(/Please choose another time/)).toBeNull();
  });

  it('resumes from the stored draft (a refresh, or the return from the payment page)', () => {
    const stored = { ...emptyDraft('new'), form, studentIds: { 'Adam Ahmed': 11 } };
    writeDraft(stored);
    renderStep('/manage-packages-step', 'packages');
    expect(screen.getByRole('heading', { name: 'Step packages' })).toBeVisible();
    expect(shownDraft()).toEqual(stored);
  });

  it('a draft without its students’ ids (stored before the draft kept them, or made from a saved package) takes them from the signed-in client’s students', () => {
    writeDraft({ ...emptyDraft('new'), form });
    renderStep('/manage-packages-step', 'packages');
    expect(shownDraft()).toEqual({ ...emptyDraft('new'), form, studentIds: { 'Adam Ahmed': testUser.studentdetails[0]?.id } });
    expect(readDraft()?.studentIds).toEqual({ 'Adam Ahmed': 11 });
  });

  it('opened without the draft it needs, goes back to the step that makes it, which says why', async () => {
    renderStep('/manage-packages-step', 'packages');
    expect(await screen.findByRole('heading', { name: 'New Booking page' })).toBeVisible();
    expect(screen.getByText(startBookingText)).toBeVisible();
  });

  it('opened without the draft it needs, sends none of its calls (they would lack their values)', async () => {
    const read = vi.fn(async () => []);
    renderStep('/free-book-step', 'freeSlot', <ReadingScreen step="freeSlot" entry="free" read={read} />);
    expect(await screen.findByRole('heading', { name: 'New Booking page' })).toBeVisible();
    expect(read).not.toHaveBeenCalled();
    // The step it sends the client to continues the free flow, and says what to do there first.
    expect(screen.getByText(startFreeAssessmentText)).toBeVisible();
    expect(readDraft()).toEqual(emptyDraft('free'));
  });

  it('opened with its draft, sends its calls', async () => {
    const read = vi.fn(async () => []);
    writeDraft({ ...emptyDraft('free'), form });
    renderStep('/free-book-step', 'freeSlot', <ReadingScreen step="freeSlot" entry="free" read={read} />);
    expect(await screen.findByRole('heading', { name: 'Step freeSlot' })).toBeVisible();
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
  });

  it('stores the draft only when it changes: a snapshot with the same draft, or an equal one made again, writes nothing', async () => {
    renderStep('/new-booking-step', 'students', <DialogScreen />);
    const setItem = vi.spyOn(localStorage, 'setItem');
    onTestFinished(() => setItem.mockRestore());
    const draftWrites = () => setItem.mock.calls.filter(([key]) => key === 'bookingDraft').length;
    const ui = userEvent.setup();

    await ui.click(screen.getByRole('button', { name: 'Open the dialog' }));
    expect(screen.getByRole('dialog', { name: 'A dialog' })).toBeVisible();
    expect(setItem).not.toHaveBeenCalled();

    await ui.click(screen.getByRole('button', { name: 'Choose' }));
    expect(draftWrites()).toBe(1);
    expect(setItem.mock.calls.filter(([key]) => key === 'packageFormData')).toHaveLength(1);
    expect(readDraft()?.form).toEqual(form);

    // The same form chosen again: a new draft object, equal to the one stored.
    await ui.click(screen.getByRole('button', { name: 'Choose' }));
    await ui.click(screen.getByRole('button', { name: 'Close the dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(draftWrites()).toBe(1);

    // A change after an equal draft is still stored, and so is the draft the machine ends with.
    await ui.click(screen.getByRole('button', { name: 'Choose another' }));
    expect(draftWrites()).toBe(2);
    expect(readDraft()?.form).toEqual({ ...form, subject: ['English'] });
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Packages page' })).toBeVisible();
    expect(draftWrites()).toBe(2);
    expect(readDraft()?.form).toEqual({ ...form, subject: ['English'] });
  });

  it('an exit that clears the draft leaves no working key behind, and the session keys stay', async () => {
    renderStep('/new-booking-step', 'students');
    await userEvent.click(screen.getByRole('button', { name: 'Choose' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeVisible();
    expect(readDraft()).toBeNull();
    expect(localStorage.getItem('packageFormData')).toBeNull();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
