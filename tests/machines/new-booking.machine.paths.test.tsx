import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { type AnyEventObject, type SnapshotFrom, fromPromise } from 'xstate';
import { type BookingDraft, type PackageForm, emptyDraft, withForm } from '../../machines/booking/booking-draft.ts';
import { type KnownStudent, type Subject, blankForm, formProblem, isIndividual, namesOn } from '../../machines/booking/booking-form.ts';
import { formProblems } from '../../machines/booking/form-problems.ts';
import { type NewBookingInput, type NewBookingMachine, type NewStudentsRequest, contactFailedText, formOf, newBookingMachine, sameStudentText, warningOf } from '../../machines/booking/new-booking.machine.ts';
import { warningText } from '../../machines/rules/packages.ts';
import { AppLayout } from '../../src/app/app-layout.tsx';
import { readDraft, writeDraft } from '../../src/booking/booking-draft-storage.ts';
import { browserNewBookingMachine } from '../../src/actors/new-booking.ts';
import { NewBookingScreen } from '../../src/screens/new-booking/new-booking-screen.tsx';
import { liveToken } from '../support/fake-jwt.ts';
import { testUser, toasts } from '../support/render-screen.tsx';
import { renderWithSession } from '../support/render-session.tsx';
import { replayPaths } from '../support/path-replay.ts';
import { newStudentNameText } from '../../contract/refusals.ts';

const catalogue: Subject[] = [
  { name: 'Mathematics', level_category: [1, 2, 3, 4] },
  { name: 'English', level_category: [1, 2, 3, 4] },
  { name: 'Science', level_category: [1, 2] },
  { name: 'Physics', level_category: [3, 4] },
];
const students: KnownStudent[] = testUser.studentdetails.map(({ id, first_name, last_name }) => ({ id, first_name, last_name }));
const created: KnownStudent[] = [{ id: 31, first_name: 'Sara', last_name: 'Khan' }];
const contacted = 'Our team will contact you shortly.';
const subjectsFailed = 'The subjects could not be loaded.';
const studentsFailed = 'The new students could not be saved.';

const single: PackageForm = { ...blankForm, students: 1, name1: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] };
const individual: PackageForm = {
  ...blankForm,
  students: 2,
  studyType: 'no',
  student1: { name: 'Adam Ahmed', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'] },
  student2: { name: 'Lina Ahmed', programOne: 3, program: 'Year 10 / Grade 9', subject: ['Physics'] },
};

const loaded = { type: 'xstate.done.actor.loadSubjects', output: catalogue };

/**
 * The chart's form is too wide to walk whole, so each start is a stored form with the events that matter
 * there; together they take every transition (asserted in afterAll).
 */
const starts: { who: string; form: PackageForm | null; events: AnyEventObject[] }[] = [
  {
    who: 'a blank form: loading, the warnings and the contact request',
    form: null,
    events: [
      loaded,
      { type: 'xstate.error.actor.loadSubjects', error: new Error(subjectsFailed) },
      { type: 'retry.requested' },
      { type: 'back.requested' },
      { type: 'students.changed', count: 3 },
      { type: 'warning.contactRequested' },
      { type: 'xstate.done.actor.sendContact', output: { message: contacted } },
      { type: 'xstate.error.actor.sendContact', error: new Error('Mail server down') },
      { type: 'warning.dismissed' },
      { type: 'next.requested' },
    ],
  },
  {
    who: 'one student: names, program, year and subjects, new students',
    form: single,
    events: [
      loaded,
      { type: 'next.requested' },
      { type: 'subject.toggled', slot: 1, subject: 'Mathematics' },
      { type: 'program.changed', slot: 1, programOne: 3 },
      { type: 'year.changed', slot: 1, program: 'Year 10 / Grade 9' },
      { type: 'name.picked', slot: 1, name: 'Lina Ahmed' },
      { type: 'name.typed', slot: 1, text: 'Sara' },
      { type: 'name.typed', slot: 1, text: 'Sara Khan' },
      { type: 'name.added', slot: 1 },
      { type: 'xstate.done.actor.createStudents', output: created },
      { type: 'xstate.error.actor.createStudents', error: new Error(studentsFailed) },
    ],
  },
  {
    who: 'two students: the study type',
    form: single,
    events: [
      loaded,
      { type: 'students.changed', count: 2 },
      { type: 'studyType.chosen', studyType: 'yes' },
      { type: 'studyType.chosen', studyType: 'no' },
      { type: 'studyType.cancelled' },
      { type: 'studyType.changeRequested' },
      { type: 'name.typed', slot: 2, text: 'adam ahmed' },
      { type: 'name.added', slot: 2 },
      { type: 'next.requested' },
    ],
  },
  {
    who: 'two students individually: which student first',
    form: individual,
    events: [loaded, { type: 'next.requested' }, { type: 'student.chosen', studentType: 2 }, { type: 'student.choiceCancelled' }, { type: 'xstate.after.dialogChoice.newBooking.studentChosen' }],
  },
];

const inputOf = (form: PackageForm | null): NewBookingInput => ({
  draft: form ? withForm(emptyDraft('new'), form) : emptyDraft('new'),
  today: '2026-11-23',
  students,
  clientid: testUser.clientid,
  email: testUser.email,
  branchId: testUser.branch_id,
});

interface Pending<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** The screen on the real session and layout, with calls the test answers. */
function renderNewBooking(draft: BookingDraft) {
  writeDraft(draft);
  const calls: { loadSubjects: Pending<Subject[]>[]; createStudents: Pending<KnownStudent[]>[]; sendContact: Pending<{ message: string }>[] } = { loadSubjects: [], createStudents: [], sendContact: [] };
  const sent: { students: NewStudentsRequest[]; contact: { email: string }[] } = { students: [], contact: [] };
  const machine: NewBookingMachine = browserNewBookingMachine.provide({
    actors: {
      loadSubjects: fromPromise(() => new Promise<Subject[]>((resolve, reject) => calls.loadSubjects.push({ resolve, reject }))),
      createStudents: fromPromise<KnownStudent[], NewStudentsRequest>(({ input }) => {
        sent.students.push(input);
        return new Promise((resolve, reject) => calls.createStudents.push({ resolve, reject }));
      }),
      sendContact: fromPromise<{ message: string }, { email: string }>(({ input }) => {
        sent.contact.push(input);
        return new Promise((resolve, reject) => calls.sendContact.push({ resolve, reject }));
      }),
    },
    delays: { dialogChoice: 300 },
  });
  const rendered = renderWithSession(
    <MemoryRouter initialEntries={['/new-booking']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/new-booking" element={<NewBookingScreen machine={machine} />} />
          <Route path="/manage-packages" element={<p>Packages page</p>} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { stored: { token: liveToken(), user: testUser } },
  );
  const last = <T,>(list: Pending<T>[]) => {
    const call = list.at(-1);
    if (!call) throw new Error('no call is waiting');
    return call;
  };
  return { calls, sent, last, rendered };
}

const radio = (count: number) => within(screen.getByRole('group', { name: 'Number of students' })).getByRole('radio', { name: String(count) });
const studyDialog = () => within(screen.getByRole('dialog', { name: 'How will the students study?' }));
const studentDialog = () => within(screen.getByRole('dialog', { name: 'Which student do you want to book first?' }));

/** What the screen shows for a state of the chart, read from the snapshot the path reached. */
function expectScreenFor(state: SnapshotFrom<NewBookingMachine>) {
  if (state.matches('done')) {
    expect(screen.getByText('Packages page')).toBeVisible();
    // Every student the form names is the client's now: the draft keeps their ids, for the steps that book.
    const ids = readDraft()?.studentIds ?? {};
    expect(Object.keys(ids).sort()).toEqual(namesOn(formOf(state.context)).map((name) => name.trim()).sort());
    expect(ids).toEqual(state.context.draft.studentIds);
    return;
  }
  if (state.matches('left')) {
    expect(screen.getByText('Dashboard page')).toBeVisible();
    return;
  }
  if (state.matches('loading')) {
    expect(screen.getByRole('status', { name: 'Loading subjects' })).toBeInTheDocument();
    return;
  }
  if (state.matches('loadFailed')) {
    expect(screen.getByRole('alert')).toHaveTextContent(subjectsFailed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    return;
  }
  const form = formOf(state.context);
  for (const count of [1, 2, 3]) {
    if (form.students === count) expect(radio(count)).toBeChecked();
    else expect(radio(count)).not.toBeChecked();
  }
  const next = screen.getByRole('button', { name: state.matches('savingStudents') ? 'Saving…' : 'Next' });
  if (state.can({ type: 'next.requested' })) expect(next).toBeEnabled();
  else expect(next).toBeDisabled();
  const banner = screen.queryByText(/^You cannot select/);
  if (warningOf(state.context) && !state.context.warningDismissed) expect(banner).toHaveTextContent(warningText[warningOf(state.context) ?? 'tooManyStudents']);
  else expect(banner).toBeNull();
  if (state.hasTag('studyTypeDialog')) expect(studyDialog().getByRole('button', { name: /Together/ })).toBeVisible();
  else expect(screen.queryByRole('dialog', { name: 'How will the students study?' })).toBeNull();
  if (state.hasTag('studentDialog')) expect(studentDialog().getByRole('button', { name: /Student 1/ })).toBeVisible();
  else expect(screen.queryByRole('dialog', { name: 'Which student do you want to book first?' })).toBeNull();
  if (!isIndividual(form) && form.students !== 0 && form.students !== 3) {
    expect(screen.getByRole('combobox', { name: form.students === 2 ? 'Student 1 name' : 'Student name' })).toHaveValue(form.name1);
    expect(screen.getByRole('combobox', { name: 'Program' })).toHaveValue(form.programOne === null ? '' : String(form.programOne));
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue(form.program);
    if (form.programOne === null) expect(screen.getByRole('combobox', { name: 'Year' })).toBeDisabled();
    for (const subject of form.subject) expect(screen.getByRole('checkbox', { name: subject })).toBeChecked();
  }
  // Once Next found something missing, every field at fault says so at itself (form-problems.ts).
  const described = [...document.querySelectorAll('[aria-invalid="true"]')].map((field) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent);
  const refusedNames = Object.values(state.context.typedProblem).filter((text) => text !== null);
  const expected = state.context.formChecked ? formProblems(form).map((problem) => problem.message) : [];
  expect(new Set(described)).toEqual(new Set([...expected, ...refusedNames]));
  // What is on screen is what is stored: a refresh would restore it.
  expect(readDraft()?.form ?? null).toEqual(state.context.draft.form);
}

afterEach(() => {
  localStorage.clear();
});

replayPaths({
  machine: newBookingMachine,
  title: 'new booking paths from $who, replayed on the screen',
  starts: starts.map((start) => ({ ...start, input: inputOf(start.form) })),
  fakeTimers: true,
  mount: ({ input }) => ({ ...renderNewBooking(input.draft), ui: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) }),
  send: {
    'xstate.done.actor.loadSubjects': ({ event, mounted: { calls, last } }) => act(async () => last(calls.loadSubjects).resolve(event.output)),
    'xstate.error.actor.loadSubjects': ({ event, mounted: { calls, last } }) => act(async () => last(calls.loadSubjects).reject(event.error)),
    'retry.requested': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Retry' })),
    'back.requested': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Back' })),
    'students.changed': ({ event, mounted: { ui } }) => ui.click(radio(event.count)),
    'name.picked': ({ event, mounted: { ui } }) => ui.selectOptions(screen.getByRole('combobox', { name: event.slot === 2 ? 'Student 2 name' : /^Student (1 )?name$/ }), event.name),
    'name.typed': async ({ event, mounted: { ui } }) => {
      const field = screen.getByRole('textbox', { name: new RegExp(`^New student for Student ${event.slot === 2 ? '2 ' : '(1 )?'}name`) });
      await ui.clear(field);
      await ui.type(field, event.text);
    },
    'name.added': async ({ event, state, before, mounted: { ui } }) => {
      await ui.click(screen.getByRole('button', { name: new RegExp(`^Add new student for Student ${event.slot === 2 ? '2 ' : '(1 )?'}name`) }));
      if (!before) return;
      const typed = before.context.typed[event.slot as 1 | 2];
      const refused = state.context.typedProblem[event.slot as 1 | 2];
      if (!/\S+\s+\S+/.test(typed)) expect(toasts().getByText(newStudentNameText)).toBeVisible();
      else if (refused) expect(toasts().getByText(sameStudentText)).toBeVisible();
      // A refused name is said at its field, which takes focus.
      if (refused) expect(document.activeElement).toHaveAccessibleDescription(refused);
    },
    'program.changed': ({ event, mounted: { ui } }) => ui.selectOptions(screen.getByRole('combobox', { name: 'Program' }), String(event.programOne)),
    'year.changed': ({ event, mounted: { ui } }) => ui.selectOptions(screen.getByRole('combobox', { name: 'Year' }), event.program),
    'subject.toggled': ({ event, mounted: { ui } }) => ui.click(screen.getByRole('checkbox', { name: event.subject })),
    'studyType.chosen': ({ event, mounted: { ui } }) => ui.click(studyDialog().getByRole('button', { name: event.studyType === 'yes' ? /Together/ : /Individually/ })),
    'studyType.cancelled': ({ mounted: { ui } }) => ui.click(studyDialog().getByRole('button', { name: 'Cancel' })),
    'studyType.changeRequested': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Change' })),
    'warning.contactRequested': async ({ mounted: { ui, sent } }) => {
      await ui.click(screen.getByRole('button', { name: 'Contact' }));
      expect(sent.contact.at(-1)).toEqual({ email: testUser.email });
    },
    'xstate.done.actor.sendContact': async ({ event, mounted: { calls, last } }) => {
      await act(async () => last(calls.sendContact).resolve(event.output));
      expect(toasts().getByText(contacted)).toBeVisible();
    },
    'xstate.error.actor.sendContact': async ({ event, mounted: { calls, last } }) => {
      await act(async () => last(calls.sendContact).reject(event.error));
      // Whatever the server said, the spec's text.
      expect(toasts().getByText(contactFailedText)).toBeVisible();
    },
    'warning.dismissed': ({ mounted: { ui } }) => ui.click(screen.getByRole('button', { name: 'Cancel' })),
    'next.requested': async ({ before, mounted: { ui } }) => {
      await ui.click(screen.getByRole('button', { name: 'Next' }));
      const problem = before && formProblem(formOf(before.context));
      if (problem) expect(toasts().getByText(problem)).toBeVisible();
    },
    'xstate.done.actor.createStudents': async ({ event, mounted: { calls, sent, last } }) => {
      expect(sent.students.at(-1)).toEqual({ branch_id: testUser.branch_id, students: [{ first_name: 'Sara', last_name: 'Khan', paying_client: testUser.clientid }] });
      await act(async () => last(calls.createStudents).resolve(event.output));
    },
    'xstate.error.actor.createStudents': async ({ event, mounted: { calls, last } }) => {
      await act(async () => last(calls.createStudents).reject(event.error));
      expect(toasts().getByText(studentsFailed)).toBeVisible();
    },
    'student.chosen': ({ event, mounted: { ui } }) => ui.click(studentDialog().getByRole('button', { name: new RegExp(`Student ${event.studentType}`) })),
    'student.choiceCancelled': ({ mounted: { ui } }) => ui.click(studentDialog().getByRole('button', { name: 'Cancel' })),
    'xstate.after.dialogChoice.newBooking.studentChosen': () =>
      act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      }),
  },
  expectScreen: expectScreenFor,
  afterPath: (path) => {
    const end = path.steps.at(-1)?.state;
    if (end?.matches('done') && isIndividual(formOf(end.context))) {
      // The split is stored for the packages screen: which student, and that the other is still to come.
      expect(localStorage.getItem('studentType')).toBe(String(end.context.draft.split.studentType));
      expect(localStorage.getItem('hidebutton')).toBe('1');
    }
    if (end?.matches('left')) expect(localStorage.getItem('packageFormData')).toBeNull();
  },
});
