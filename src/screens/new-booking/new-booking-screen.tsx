import { shallowEqual, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { type Slot, choiceOf, isIndividual, nameOf, nameOptions, subjectsAt } from '../../../machines/booking/booking-form.ts';
import { type FormField, formProblems } from '../../../machines/booking/form-problems.ts';
import { type NewBookingContext, type NewBookingMachine, formOf, warningOf } from '../../../machines/booking/new-booking.machine.ts';
import { warningText } from '../../../machines/rules/packages.ts';
import { programGroups, programName, yearsOf } from '../../../machines/rules/programs.ts';
import { browserNewBookingMachine, withSessionStudents } from '../../actors/new-booking.ts';
import { useHeaderBack } from '../../components/header-back.tsx';
import { noticeIn } from '../../booking/booking-notice.ts';
import { useBookingMachine } from '../../booking/use-booking-machine.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { type NameField, NewBookingView, type NewBookingViewProps, type StudySection } from './new-booking-view.tsx';

type NewBookingSnapshot = SnapshotFrom<NewBookingMachine>;
type DataProps = Omit<NewBookingViewProps, `on${string}`>;

const programs = programGroups.map(({ id, name }) => ({ id, name }));
// The free flow calls Key Stage 2 'Secondary' (spec §3).
const freePrograms = programGroups.map(({ id, name }) => ({ id, name: programName(id, 'free') ?? name }));

type FieldErrors = Partial<Record<FormField, string>>;

/** What Next found missing, by field, once it has found something (form-problems.ts); nothing before. */
const fieldErrorsOf = (context: NewBookingContext): FieldErrors =>
  context.formChecked ? Object.fromEntries(formProblems(formOf(context)).map(({ field, message }) => [field, message])) : {};

function nameField(context: NewBookingContext, slot: Slot, errors: FieldErrors): NameField {
  const form = formOf(context);
  return {
    slot,
    label: form.students === 2 ? `Student ${slot} name` : 'Student name',
    // In a student's own section its heading says which student.
    hiddenPrefix: isIndividual(form) ? `Student ${slot} ` : '',
    value: nameOf(form, slot),
    options: nameOptions(form, slot, context.students),
    typed: context.typed[slot],
    error: errors[`name${slot}`] ?? null,
    typedError: context.typedProblem[slot],
  };
}

function section(context: NewBookingContext, slot: Slot, heading: string | null, names: NameField[], errors: FieldErrors): StudySection {
  const choice = choiceOf(formOf(context), slot);
  return {
    slot,
    heading,
    names,
    programOne: choice.programOne,
    program: choice.program,
    years: choice.programOne === null ? [] : yearsOf(choice.programOne),
    subjects: subjectsAt(context.catalogue, choice.program).map(({ name }) => ({ name, checked: choice.subject.includes(name) })),
    errors: { program: errors[`program${slot}`] ?? null, year: errors[`year${slot}`] ?? null, subjects: errors[`subjects${slot}`] ?? null },
  };
}

function sectionsOf(context: NewBookingContext, errors: FieldErrors): StudySection[] {
  const form = formOf(context);
  if (isIndividual(form)) return ([1, 2] as const).map((slot) => section(context, slot, `Student ${slot}`, [nameField(context, slot, errors)], errors));
  const names = form.students === 2 ? [nameField(context, 1, errors), nameField(context, 2, errors)] : [nameField(context, 1, errors)];
  return [section(context, 1, null, names, errors)];
}

const studyTypeLabels = { yes: 'Together', no: 'Individually' } as const;

/** What the view shows of a snapshot: the one place its props are derived (stories use it too). */
export const selectNewBookingView = (snapshot: NewBookingSnapshot): DataProps => {
  const { context } = snapshot;
  const form = formOf(context);
  const warning = warningOf(context);
  const editing = snapshot.matches('editing');
  const errors = fieldErrorsOf(context);
  return {
    status: snapshot.hasTag('loading') ? 'loading' : snapshot.matches('loadFailed') ? 'failed' : 'ready',
    loadError: context.loadError,
    students: form.students,
    studentsError: errors.students ?? null,
    programs: context.draft.entry === 'free' ? freePrograms : programs,
    sections: sectionsOf(context, errors),
    studyTypeLabel: form.students === 2 && form.studyType ? studyTypeLabels[form.studyType] : null,
    canChangeStudyType: snapshot.can({ type: 'studyType.changeRequested' }),
    warning: editing && warning && !context.warningDismissed ? warningText[warning] : null,
    contacting: snapshot.matches({ editing: 'contacting' }),
    saving: snapshot.matches('savingStudents'),
    busy: snapshot.hasTag('busy'),
    canNext: snapshot.can({ type: 'next.requested' }),
    studyTypeDialogOpen: snapshot.hasTag('studyTypeDialog'),
    studentDialog: {
      open: snapshot.hasTag('studentDialog'),
      chosen: snapshot.matches('studentChosen') ? context.draft.split.studentType : null,
      names: [nameOf(form, 1), nameOf(form, 2)],
    },
  };
};

/** /new-booking. */
export function NewBookingScreen({ machine = browserNewBookingMachine }: { machine?: NewBookingMachine }) {
  const user = useSelector(useSessionActor(), selectUser);
  // The route guard keeps users without a session out; this covers the moment of logging out.
  if (!user) return <CentredSpinner label="Loading" />;
  return <NewBooking user={user} machine={machine} />;
}

function NewBooking({ user, machine }: { user: User; machine: NewBookingMachine }) {
  const session = useSessionActor();
  const [running] = useState(() => withSessionStudents(machine, session));
  const { actorRef, exit } = useBookingMachine(running, 'students', 'new', {
    students: user.studentdetails,
    clientid: user.clientid,
    email: user.email,
    branchId: user.branch_id,
  });
  const view = useSelector(actorRef, selectNewBookingView, shallowEqual);
  // What the step that sent the client here says (a booking step opened without a booking).
  const notice = noticeIn(useLocation().state);
  useHeaderBack(() => actorRef.send({ type: 'back.requested' }));
  if (exit) return exit;
  return (
    <NewBookingView
      {...view}
      notice={notice}
      onStudentsChange={(count) => actorRef.send({ type: 'students.changed', count })}
      onNamePick={(slot, name) => actorRef.send({ type: 'name.picked', slot, name })}
      onNameType={(slot, text) => actorRef.send({ type: 'name.typed', slot, text })}
      onNameAdd={(slot) => actorRef.send({ type: 'name.added', slot })}
      onProgramChange={(slot, programOne) => actorRef.send({ type: 'program.changed', slot, programOne })}
      onYearChange={(slot, program) => actorRef.send({ type: 'year.changed', slot, program })}
      onSubjectToggle={(slot, subject) => actorRef.send({ type: 'subject.toggled', slot, subject })}
      onStudyTypeChoose={(studyType) => actorRef.send({ type: 'studyType.chosen', studyType })}
      onStudyTypeCancel={() => actorRef.send({ type: 'studyType.cancelled' })}
      onStudyTypeChange={() => actorRef.send({ type: 'studyType.changeRequested' })}
      onContact={() => actorRef.send({ type: 'warning.contactRequested' })}
      onDismissWarning={() => actorRef.send({ type: 'warning.dismissed' })}
      onNext={() => actorRef.send({ type: 'next.requested' })}
      onStudentChoose={(studentType) => actorRef.send({ type: 'student.chosen', studentType })}
      onStudentChoiceCancel={() => actorRef.send({ type: 'student.choiceCancelled' })}
      onRetry={() => actorRef.send({ type: 'retry.requested' })}
    />
  );
}
