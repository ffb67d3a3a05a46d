import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type AnyEventObject, fromPromise } from 'xstate';
import { emptyDraft } from '../machines/booking/booking-draft.ts';
import type { KnownStudent, Subject } from '../machines/booking/booking-form.ts';
import { type NewBookingEvent, type NewStudentsRequest, newBookingMachine } from '../machines/booking/new-booking.machine.ts';
import { tooManyStudentsText, tooManySubjectsText } from '../machines/rules/packages.ts';
import { subjectsFailedText } from '../src/api/calls/catalogue.ts';
import { studentsFailedText } from '../src/api/calls/client.ts';
import { NewBookingView } from '../src/screens/new-booking/new-booking-view.tsx';
import { selectNewBookingView } from '../src/screens/new-booking/new-booking-screen.tsx';
import { type MachineStories, storyAt } from './machine-story.ts';

/** The branch's subjects: Physics is taught from Senior on, Science up to Middle only. */
const catalogue: Subject[] = [
  { name: 'Mathematics', level_category: [1, 2, 3, 4] },
  { name: 'English', level_category: [1, 2, 3, 4] },
  { name: 'Science', level_category: [1, 2] },
  { name: 'Arabic', level_category: [1, 2, 3] },
  { name: 'Physics', level_category: [3, 4] },
];

/** An answer that never comes: a story is a moment at rest. */
const never = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

const loaded: AnyEventObject = { type: 'xstate.done.actor.loadSubjects', output: catalogue };
const saraSaved: KnownStudent[] = [{ id: 13, first_name: 'Sara', last_name: 'Ahmed' }];
const dialogClosed: AnyEventObject = { type: 'xstate.after.dialogChoice.newBooking.studentChosen' };

/**
 * What the screen sends, one sample each (two counts: 2 asks the study type, 3 warns). The graph of resting
 * states is walked over every combination of these, so the list is kept small: slot 1 sets the program and
 * year before 'Individually' (each student starts from them), and both slots take the same subject.
 */
const uiEvents: NewBookingEvent[] = [
  { type: 'retry.requested' },
  { type: 'students.changed', count: 2 },
  { type: 'students.changed', count: 3 },
  { type: 'studyType.chosen', studyType: 'no' },
  { type: 'studyType.cancelled' },
  { type: 'studyType.changeRequested' },
  { type: 'name.picked', slot: 1, name: 'Adam Ahmed' },
  { type: 'name.typed', slot: 2, text: 'Sara Ahmed' },
  { type: 'name.added', slot: 2 },
  { type: 'program.changed', slot: 1, programOne: 1 },
  { type: 'year.changed', slot: 1, program: 'Year 5 / Grade 4' },
  { type: 'subject.toggled', slot: 1, subject: 'Mathematics' },
  { type: 'subject.toggled', slot: 2, subject: 'Mathematics' },
  { type: 'warning.contactRequested' },
  { type: 'warning.dismissed' },
  { type: 'next.requested' },
  { type: 'student.chosen', studentType: 1 },
  { type: 'student.choiceCancelled' },
  { type: 'back.requested' },
];

/** The actors' answers and the dialog's wait, as the invokes and the delay would raise them. */
const answers: AnyEventObject[] = [
  loaded,
  { type: 'xstate.error.actor.loadSubjects', error: new Error(subjectsFailedText) },
  { type: 'xstate.done.actor.createStudents', output: saraSaved },
  { type: 'xstate.error.actor.createStudents', error: new Error(studentsFailedText) },
  { type: 'xstate.done.actor.sendContact', output: { success: true, message: 'Our team will contact you shortly.' } },
  { type: 'xstate.error.actor.sendContact', error: new Error('Something went wrong!') },
  dialogClosed,
];

/** The machine as stories run it: the subjects, the new students and the contact request never answer by themselves. */
const newBookingStories: MachineStories<typeof newBookingMachine, ReturnType<typeof selectNewBookingView>> = {
  machine: newBookingMachine.provide({
    actors: {
      loadSubjects: never<Subject[], { branch_id: number }>(),
      createStudents: never<KnownStudent[], NewStudentsRequest>(),
      sendContact: never<{ message: string }, { email: string }>(),
    },
  }),
  input: {
    draft: emptyDraft('new'),
    today: '2026-11-23',
    students: [
      { id: 11, first_name: 'Adam', last_name: 'Ahmed' },
      { id: 12, first_name: 'Lina', last_name: 'Ahmed' },
    ],
    clientid: 7,
    email: 'parent@example.com',
    branchId: 1,
  },
  select: selectNewBookingView,
  events: [...answers, ...uiEvents],
};

// The ways into the states the stories show.
const primaryYear5: NewBookingEvent[] = [
  { type: 'program.changed', slot: 1, programOne: 1 },
  { type: 'year.changed', slot: 1, program: 'Year 5 / Grade 4' },
];
const singleFilled: AnyEventObject[] = [
  loaded,
  { type: 'students.changed', count: 1 },
  { type: 'name.picked', slot: 1, name: 'Adam Ahmed' },
  ...primaryYear5,
  { type: 'subject.toggled', slot: 1, subject: 'Mathematics' },
  { type: 'subject.toggled', slot: 1, subject: 'English' },
];
const together: AnyEventObject[] = [
  loaded,
  { type: 'students.changed', count: 2 },
  { type: 'studyType.chosen', studyType: 'yes' },
  { type: 'name.picked', slot: 1, name: 'Adam Ahmed' },
  { type: 'name.picked', slot: 2, name: 'Lina Ahmed' },
  ...primaryYear5,
  { type: 'subject.toggled', slot: 1, subject: 'Mathematics' },
];
const individual: AnyEventObject[] = [
  loaded,
  { type: 'students.changed', count: 2 },
  { type: 'studyType.chosen', studyType: 'no' },
  { type: 'name.picked', slot: 1, name: 'Adam Ahmed' },
  ...primaryYear5,
  { type: 'subject.toggled', slot: 1, subject: 'Mathematics' },
  { type: 'name.picked', slot: 2, name: 'Lina Ahmed' },
  { type: 'program.changed', slot: 2, programOne: 3 },
  { type: 'year.changed', slot: 2, program: 'Year 10 / Grade 9' },
  { type: 'subject.toggled', slot: 2, subject: 'Physics' },
];
const individualWithNewStudent: AnyEventObject[] = [
  loaded,
  { type: 'students.changed', count: 2 },
  { type: 'studyType.chosen', studyType: 'no' },
  { type: 'name.picked', slot: 1, name: 'Adam Ahmed' },
  ...primaryYear5,
  { type: 'subject.toggled', slot: 1, subject: 'Mathematics' },
  { type: 'name.typed', slot: 2, text: 'Sara Ahmed' },
  { type: 'name.added', slot: 2 },
  { type: 'program.changed', slot: 2, programOne: 1 },
  { type: 'year.changed', slot: 2, program: 'Year 3 / Grade 2' },
  { type: 'subject.toggled', slot: 2, subject: 'English' },
];
const choosingStudent: AnyEventObject[] = [...individual, { type: 'next.requested' }];
const studentChosen: AnyEventObject[] = [...choosingStudent, { type: 'student.chosen', studentType: 2 }];
const threeStudents: AnyEventObject[] = [loaded, { type: 'students.changed', count: 3 }];

const meta = {
  title: 'Booking/New Booking',
  component: NewBookingView,
  parameters: { machine: newBookingStories },
  args: {
    ...storyAt(newBookingStories).args,
    onStudentsChange: fn(),
    onNamePick: fn(),
    onNameType: fn(),
    onNameAdd: fn(),
    onProgramChange: fn(),
    onYearChange: fn(),
    onSubjectToggle: fn(),
    onStudyTypeChoose: fn(),
    onStudyTypeCancel: fn(),
    onStudyTypeChange: fn(),
    onContact: fn(),
    onDismissWarning: fn(),
    onNext: fn(),
    onStudentChoose: fn(),
    onStudentChoiceCancel: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof NewBookingView>;
export default meta;
type Story = StoryObj<typeof meta>;

const canvasOf = (canvasElement: HTMLElement) => within(canvasElement);
const nextButton = (canvasElement: HTMLElement) => canvasOf(canvasElement).getByRole('button', { name: /^(Next|Saving…)$/ });
const optionsOf = (select: HTMLElement) => [...(select as HTMLSelectElement).options].filter((option) => !option.disabled).map((option) => option.text);
const subjectsIn = (group: HTMLElement) => within(group).queryAllByRole('checkbox').map((box) => box.closest('label')?.textContent ?? '');

/** The subjects are on their way: a named spinner, no form yet. */
export const Loading: Story = {
  ...storyAt(newBookingStories),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading subjects' })).toBeVisible();
    await expect(canvas.queryByRole('radiogroup')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Next' })).toBeNull();
  },
};

/** The subjects could not be loaded: the reason and Retry. */
export const LoadFailed: Story = {
  ...storyAt(newBookingStories, [{ type: 'xstate.error.actor.loadSubjects', error: new Error(subjectsFailedText) }]),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(subjectsFailedText);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A fresh form: nothing chosen; the year waits for a program, the subjects for a year. */
export const Form: Story = {
  ...storyAt(newBookingStories, [loaded]),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    const count = canvas.getByRole('group', { name: 'Number of students' });
    for (const n of ['1', '2', '3']) await expect(within(count).getByRole('radio', { name: n })).not.toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Student name' })).toHaveValue('');
    await expect(optionsOf(canvas.getByRole('combobox', { name: 'Student name' }))).toEqual(['Adam Ahmed', 'Lina Ahmed']);
    await expect(optionsOf(canvas.getByRole('combobox', { name: 'Program' }))).toEqual(['Primary', 'Middle', 'Senior', 'Advanced']);
    await expect(canvas.getByRole('combobox', { name: 'Year' })).toBeDisabled();
    await expect(canvas.getByText('Choose a year to see its subjects.')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    // Next is on: pressing it is how the client learns what is missing (the toasts).
    await userEvent.click(nextButton(canvasElement));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
    await userEvent.click(within(count).getByRole('radio', { name: '2' }));
    await expect(args.onStudentsChange).toHaveBeenCalledWith(2);
    await userEvent.type(canvas.getByRole('textbox', { name: 'New student for Student name: first and last name' }), 'S');
    await expect(args.onNameType).toHaveBeenCalledWith(1, 'S');
    await userEvent.click(canvas.getByRole('button', { name: 'Add new student for Student name' }));
    await expect(args.onNameAdd).toHaveBeenCalledWith(1);
  },
};

/** One student filled in: Primary offers its years, and Year 5 only the subjects taught at Primary. */
export const SingleStudentFilled: Story = {
  ...storyAt(newBookingStories, singleFilled),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByRole('radio', { name: '1' })).toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Student name' })).toHaveValue('Adam Ahmed');
    await expect(canvas.getByRole('combobox', { name: 'Program' })).toHaveDisplayValue('Primary');
    const year = canvas.getByRole('combobox', { name: 'Year' });
    await expect(year).toBeEnabled();
    await expect(year).toHaveDisplayValue('Year 5 / Grade 4');
    await expect(optionsOf(year)).toEqual(['Year 1 / Grade 0', 'Year 2 / Grade 1', 'Year 3 / Grade 2', 'Year 4 / Grade 3', 'Year 5 / Grade 4', 'Year 6 / Grade 5']);
    const subjects = canvas.getByRole('group', { name: 'Subjects' });
    await expect(subjectsIn(subjects)).toEqual(['Mathematics', 'English', 'Science', 'Arabic']);
    await expect(within(subjects).getByRole('checkbox', { name: 'Mathematics' })).toBeChecked();
    await expect(within(subjects).getByRole('checkbox', { name: 'English' })).toBeChecked();
    await expect(within(subjects).getByRole('checkbox', { name: 'Science' })).not.toBeChecked();
    await expect(canvas.queryByText(/Study type/)).toBeNull();
    await expect(nextButton(canvasElement)).toBeEnabled();
    await userEvent.click(within(subjects).getByRole('checkbox', { name: 'Science' }));
    await expect(args.onSubjectToggle).toHaveBeenCalledWith(1, 'Science');
    await userEvent.selectOptions(year, 'Year 6 / Grade 5');
    await expect(args.onYearChange).toHaveBeenCalledWith(1, 'Year 6 / Grade 5');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Program' }), 'Senior');
    await expect(args.onProgramChange).toHaveBeenCalledWith(1, 3);
  },
};

/** Next found the form incomplete: every field at fault says the spec's text at itself, and the first has focus. */
export const FieldsMissing: Story = {
  ...storyAt(newBookingStories, [loaded, { type: 'students.changed', count: 1 }, { type: 'program.changed', slot: 1, programOne: 1 }, { type: 'next.requested' }]),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    const name = canvas.getByRole('combobox', { name: 'Student name' });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Student Name is required');
    // Next again: focus goes to the first field at fault.
    await userEvent.click(nextButton(canvasElement));
    await expect(args.onNext).toHaveBeenCalledTimes(1);
    await expect(name).toHaveFocus();
    // The program is chosen but not its year: the spec's 'Program is required' stands at the year.
    await expect(canvas.getByRole('combobox', { name: 'Program' })).not.toHaveAttribute('aria-invalid');
    await expect(canvas.getByRole('combobox', { name: 'Year' })).toHaveAccessibleDescription('Program is required');
  },
};

/** Add refused a name without a last name: said at the typed field, which has focus. */
export const NameRefused: Story = {
  ...storyAt(newBookingStories, [loaded, { type: 'students.changed', count: 1 }, { type: 'name.typed', slot: 1, text: 'Sara' }, { type: 'name.added', slot: 1 }]),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    const typed = canvas.getByRole('textbox', { name: /^New student for Student name/ });
    await expect(typed).toHaveAccessibleDescription('Please provide both first and last names for all new students.');
    // Add again: focus goes back to the field.
    await userEvent.click(canvas.getByRole('button', { name: /^Add new student for Student name/ }));
    await expect(args.onNameAdd).toHaveBeenCalledWith(1);
    await expect(typed).toHaveFocus();
  },
};

/** A fourth subject for one student: the warning is on and Next waits. */
export const FourSubjectsWarning: Story = {
  ...storyAt(newBookingStories, [...singleFilled, { type: 'subject.toggled', slot: 1, subject: 'Science' }, { type: 'subject.toggled', slot: 1, subject: 'Arabic' }]),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(tooManySubjectsText);
    await expect(nextButton(canvasElement)).toBeDisabled();
  },
};

/** Two students: the study type is asked at once. */
export const ChoosingStudyType: Story = {
  ...storyAt(newBookingStories, [loaded, { type: 'students.changed', count: 2 }]),
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasOf(canvasElement).getByRole('dialog', { name: 'How will the students study?' }));
    await expect(dialog.getByRole('button', { name: /Together \(group\)/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Individually/ })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: /Individually/ }));
    await expect(args.onStudyTypeChoose).toHaveBeenCalledWith('no');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onStudyTypeCancel).toHaveBeenCalledTimes(1);
  },
};

/** Two students studying together: two names, one program, year and subject list; the second name is not the first's. */
export const TwoStudentsTogether: Story = {
  ...storyAt(newBookingStories, together),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByText(/^Study type:/)).toHaveTextContent('Study type: Together');
    await expect(optionsOf(canvas.getByRole('combobox', { name: 'Student 1 name' }))).toEqual(['Adam Ahmed']);
    await expect(optionsOf(canvas.getByRole('combobox', { name: 'Student 2 name' }))).toEqual(['Lina Ahmed']);
    await expect(canvas.getAllByRole('combobox', { name: 'Program' })).toHaveLength(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Change' }));
    await expect(args.onStudyTypeChange).toHaveBeenCalledTimes(1);
  },
};

/** Two students studying individually: a section each, with their own program, year and subjects. */
export const IndividualTwoStudents: Story = {
  ...storyAt(newBookingStories, individual),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByText(/^Study type:/)).toHaveTextContent('Study type: Individually');
    const first = within(canvas.getByRole('region', { name: 'Student 1' }));
    const second = within(canvas.getByRole('region', { name: 'Student 2' }));
    await expect(first.getByRole('combobox', { name: 'Student 1 Name' })).toHaveValue('Adam Ahmed');
    await expect(first.getByRole('combobox', { name: 'Student 1 Year' })).toHaveDisplayValue('Year 5 / Grade 4');
    await expect(subjectsIn(first.getByRole('group', { name: 'Student 1 Subjects' }))).toEqual(['Mathematics', 'English', 'Science', 'Arabic']);
    // The second student's names leave out the first's.
    await expect(optionsOf(second.getByRole('combobox', { name: 'Student 2 Name' }))).toEqual(['Lina Ahmed']);
    await expect(second.getByRole('combobox', { name: 'Student 2 Program' })).toHaveDisplayValue('Senior');
    await expect(subjectsIn(second.getByRole('group', { name: 'Student 2 Subjects' }))).toEqual(['Mathematics', 'English', 'Arabic', 'Physics']);
    await expect(second.getByRole('checkbox', { name: 'Physics' })).toBeChecked();
    await expect(nextButton(canvasElement)).toBeEnabled();
    await userEvent.click(second.getByRole('checkbox', { name: 'English' }));
    await expect(args.onSubjectToggle).toHaveBeenCalledWith(2, 'English');
  },
};

/** Three students: the spec's warning with Contact and Cancel, and Next is disabled. */
export const ThreeStudentsWarning: Story = {
  ...storyAt(newBookingStories, threeStudents),
  play: async ({ canvasElement, args }) => {
    const canvas = canvasOf(canvasElement);
    const warning = within(canvas.getByRole('alert'));
    await expect(warning.getByText('You cannot select more than 2 students for more details contact our customer support.')).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '3' })).toBeChecked();
    await expect(nextButton(canvasElement)).toBeDisabled();
    await userEvent.click(warning.getByRole('button', { name: 'Contact' }));
    await expect(args.onContact).toHaveBeenCalledTimes(1);
    await userEvent.click(warning.getByRole('button', { name: 'Cancel' }));
    await expect(args.onDismissWarning).toHaveBeenCalledTimes(1);
  },
};

/** Cancel closed the banner; the warning still holds Next back. */
export const ThreeStudentsWarningClosed: Story = {
  ...storyAt(newBookingStories, [...threeStudents, { type: 'warning.dismissed' }]),
  play: async ({ canvasElement }) => {
    await expect(canvasOf(canvasElement).queryByRole('alert')).toBeNull();
    await expect(nextButton(canvasElement)).toBeDisabled();
  },
};

/** Contact pressed: the request is on its way. */
export const Contacting: Story = {
  ...storyAt(newBookingStories, [...threeStudents, { type: 'warning.contactRequested' }]),
  play: async ({ canvasElement }) => {
    const warning = within(canvasOf(canvasElement).getByRole('alert'));
    await expect(warning.getByText(tooManyStudentsText)).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await expect(warning.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(nextButton(canvasElement)).toBeDisabled();
  },
};

/** Next with a new student: the student is being created; the form waits. */
export const SavingStudents: Story = {
  ...storyAt(newBookingStories, [...individualWithNewStudent, { type: 'next.requested' }]),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Student 2 Name' })).toHaveValue('Sara Ahmed');
    await expect(canvas.getByRole('combobox', { name: 'Student 2 Name' })).toBeDisabled();
    await expect(canvas.getByRole('group', { name: 'Number of students' })).toBeDisabled();
  },
};

/** Next with two students studying individually: who is booked first? */
export const ChoosingStudent: Story = {
  ...storyAt(newBookingStories, choosingStudent),
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasOf(canvasElement).getByRole('dialog', { name: 'Which student do you want to book first?' }));
    await expect(dialog.getByRole('button', { name: 'Student 1 Adam Ahmed' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Student 2 Lina Ahmed' }));
    await expect(args.onStudentChoose).toHaveBeenCalledWith(2);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await expect(args.onStudentChoiceCancel).toHaveBeenCalledTimes(1);
  },
};

/** The choice shows as made for a moment (300 ms) before the dialog closes. */
export const StudentChosen: Story = {
  ...storyAt(newBookingStories, studentChosen),
  play: async ({ canvasElement }) => {
    const dialog = within(canvasOf(canvasElement).getByRole('dialog', { name: 'Which student do you want to book first?' }));
    await expect(dialog.getByRole('button', { name: 'Student 2 Lina Ahmed' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('button', { name: 'Student 1 Adam Ahmed' })).toHaveAttribute('aria-pressed', 'false');
    await expect(dialog.getByRole('button', { name: 'Student 1 Adam Ahmed' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

/** Done: the screen leaves for the packages (the app renders the route, not this); the form's last look, settled. */
export const Done: Story = {
  ...storyAt(newBookingStories, [...studentChosen, dialogClosed]),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(nextButton(canvasElement)).toBeDisabled();
  },
};

/** Back: the screen leaves for the dashboard with the draft cleared (the app renders the route, not this). */
export const Left: Story = {
  ...storyAt(newBookingStories, [loaded, { type: 'back.requested' }]),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(canvas.queryByRole('dialog')).toBeNull();
    await expect(nextButton(canvasElement)).toBeDisabled();
  },
};
