import { assign, fromPromise, setup } from 'xstate';
import { programGroups, yearsOf } from '../rules/programs.ts';
import { bookingWarning } from '../rules/packages.ts';
import { type BookingDraft, type BookingInput, type PackageForm, withForm, withStudentChosen } from './booking-draft.ts';
import type { StudyType } from '../rules/draft-types.ts';
import {
  type KnownStudent,
  type Slot,
  type Subject,
  asksStudyType,
  blankForm,
  choiceOf,
  formProblem,
  fullName,
  isIndividual,
  knownStudentNamed,
  nameOf,
  nameOptions,
  newStudentsOn,
  splitName,
  subjectCounts,
  subjectsAt,
  withName,
  withProgram,
  withStudents,
  withStudyType,
  withSubjectToggled,
  withYear,
} from './booking-form.ts';
import { withStudentIds } from './booking-plan.ts';
import { type BookingOutput, nextStep, previousStep, routed, stepOutput } from './booking-steps.ts';
import { errorText } from '../rules/error-text.ts';
import { newStudentNameText } from '../../contract/refusals.ts';

/**
 * /new-booking (spec §2 New Booking, §4 Study type, §5 New booking): the number of students, their names (the
 * client's students, or new ones typed and added), program, year and subjects, the study type of two students,
 * the warning banner, and Next: the form is checked (the spec's toasts), new students are created (the draft keeps
 * the ids of the students it names), and with two students studying individually a dialog asks which student is
 * booked first. Every change goes into the draft, so a refresh restores the form.
 */

export interface NewBookingInput extends BookingInput {
  /** The client's students (userdata.studentdetails). */
  students: KnownStudent[];
  clientid: number;
  email: string;
  branchId: number;
}

export interface NewBookingContext {
  draft: BookingDraft;
  today: string;
  students: KnownStudent[];
  clientid: number;
  email: string;
  branchId: number;
  /** The branch's subjects, once loaded. */
  catalogue: Subject[];
  /** A new student's name as typed, per slot, until Add. */
  typed: Record<Slot, string>;
  /** The study-type dialog was shown for this choice of two students (it opens by itself once). */
  studyTypeAsked: boolean;
  /** Cancel closed the warning banner (until the students or subjects change). */
  warningDismissed: boolean;
  loadError: string | null;
  /** Next found something missing: from then on each field at fault says so (form-problems.ts), until it is given. */
  formChecked: boolean;
  /** Add's refusal of the name typed in a slot, said at that field until it is typed again. */
  typedProblem: Record<Slot, string | null>;
}

export type NewBookingEvent =
  | { type: 'students.changed'; count: number }
  | { type: 'studyType.chosen'; studyType: Exclude<StudyType, null> }
  | { type: 'studyType.cancelled' }
  | { type: 'studyType.changeRequested' }
  | { type: 'name.picked'; slot: Slot; name: string }
  | { type: 'name.typed'; slot: Slot; text: string }
  | { type: 'name.added'; slot: Slot }
  | { type: 'program.changed'; slot: Slot; programOne: number | null }
  | { type: 'year.changed'; slot: Slot; program: string }
  | { type: 'subject.toggled'; slot: Slot; subject: string }
  | { type: 'warning.contactRequested' }
  | { type: 'warning.dismissed' }
  | { type: 'next.requested' }
  | { type: 'student.chosen'; studentType: 1 | 2 }
  | { type: 'student.choiceCancelled' }
  | { type: 'retry.requested' }
  | { type: 'back.requested' };

export interface NewStudentsRequest {
  branch_id: number;
  students: { first_name: string; last_name: string; paying_client: number }[];
}

/** The contact request's failure, whatever the server said (spec §7: otherwise alert 'Something went wrong!'). */
export const contactFailedText = 'Something went wrong!';
/** Decision: the spec has no text for typing the other student's name; the pickers already exclude it. */
export const sameStudentText = 'Please choose two different students.';

export const formOf = (context: Pick<NewBookingContext, 'draft'>): PackageForm => context.draft.form ?? blankForm;

/** The warning on now (spec §5): it holds Next back whether or not the banner was closed. */
export const warningOf = (context: Pick<NewBookingContext, 'draft'>) => bookingWarning(formOf(context).students, subjectCounts(formOf(context)));

/** The typed name a slot's Add takes: a known student's own spelling when it is one. */
function typedName(context: NewBookingContext, slot: Slot): string {
  const typed = context.typed[slot].trim().replace(/\s+/g, ' ');
  const known = knownStudentNamed(typed, context.students);
  return known ? fullName(known) : typed;
}

const slotShownIn = (context: Pick<NewBookingContext, 'draft'>, slot: Slot) => slot === 1 || formOf(context).students === 2;

export const newBookingMachine = setup({
  types: {
    input: {} as NewBookingInput,
    context: {} as NewBookingContext,
    events: {} as NewBookingEvent,
    output: {} as BookingOutput,
    tags: {} as 'loading' | 'busy' | 'studyTypeDialog' | 'studentDialog',
  },
  actors: {
    loadSubjects: fromPromise<Subject[], { branch_id: number }>(async () => {
      throw new Error('loadSubjects is provided at the React boundary');
    }),
    createStudents: fromPromise<KnownStudent[], NewStudentsRequest>(async () => {
      throw new Error('createStudents is provided at the React boundary');
    }),
    sendContact: fromPromise<{ message: string }, { email: string }>(async () => {
      throw new Error('sendContact is provided at the React boundary');
    }),
  },
  actions: {
    setCatalogue: assign({ catalogue: (_, params: { subjects: Subject[] }) => params.subjects, loadError: null }),
    setLoadError: assign({ loadError: (_, params: { message: string }) => params.message }),
    edit: assign({ draft: ({ context }, params: { change: (form: PackageForm) => PackageForm }) => withForm(context.draft, params.change(formOf(context))) }),
    // A new number of students or new subjects may bring a warning back, and a new choice of two asks the study type again.
    resetPrompts: assign({ studyTypeAsked: false, warningDismissed: false }),
    reopenWarning: assign({ warningDismissed: false }),
    markStudyTypeAsked: assign({ studyTypeAsked: true }),
    setTyped: assign(({ context }, params: { slot: Slot; text: string }) => ({
      typed: { ...context.typed, [params.slot]: params.text },
      typedProblem: { ...context.typedProblem, [params.slot]: null },
    })),
    addTyped: assign(({ context }, params: { slot: Slot }) => ({
      draft: withForm(context.draft, withName(formOf(context), params.slot, typedName(context, params.slot))),
      typed: { ...context.typed, [params.slot]: '' },
      typedProblem: { ...context.typedProblem, [params.slot]: null },
    })),
    /** Add refused the typed name: said at the field (and in the toast). */
    refuseTyped: assign({ typedProblem: ({ context }, params: { slot: Slot; message: string }) => ({ ...context.typedProblem, [params.slot]: params.message }) }),
    /** Next found the form incomplete: each field at fault says so (and the toast says the first). */
    markFormChecked: assign({ formChecked: true }),
    dismissWarning: assign({ warningDismissed: true }),
    addStudents: assign({
      students: ({ context }, params: { students: KnownStudent[] }) => [...context.students, ...params.students.filter((s) => !context.students.some((known) => known.id === s.id))],
    }),
    chooseStudent: assign({ draft: ({ context }, params: { studentType: 1 | 2 }) => withStudentChosen(context.draft, params.studentType) }),
    // The named students are all the client's now (new ones were just saved): the draft keeps their ids, for the steps that book.
    recordStudentIds: assign({ draft: ({ context }) => withStudentIds(context.draft, context.students) }),
    // Provided at the React boundary: toasts, and the session told of new students.
    notifyProblem: (_, _params: { message: string }) => {},
    /** A problem the screen also says at its field (the spec's toast): the field is what a screen reader hears. */
    notifyInvalid: (_, _params: { message: string }) => {},
    notifyContacted: (_, _params: { message: string }) => {},
    studentsSaved: (_, _params: { students: KnownStudent[] }) => {},
  },
  guards: {
    asksStudyType: ({ context }) => !context.studyTypeAsked && asksStudyType(formOf(context)),
    twoStudents: ({ context }) => formOf(context).students === 2,
    noWarning: ({ context }) => warningOf(context) === null,
    warningShown: ({ context }) => warningOf(context) !== null && !context.warningDismissed,
    typedLacksLastName: ({ context }, params: { slot: Slot }) => slotShownIn(context, params.slot) && splitName(context.typed[params.slot]) === null,
    typedIsOtherStudent: ({ context }, params: { slot: Slot }) =>
      formOf(context).students === 2 && typedName(context, params.slot).toLowerCase() === nameOf(formOf(context), params.slot === 1 ? 2 : 1).trim().toLowerCase(),
    // Events carry what the screen offers; anything else (a stale or forged value) changes nothing.
    slotShown: ({ context }, params: { slot: Slot }) => slotShownIn(context, params.slot),
    offeredName: ({ context }, params: { slot: Slot; name: string }) => slotShownIn(context, params.slot) && nameOptions(formOf(context), params.slot, context.students).includes(params.name),
    knownProgram: (_, params: { programOne: number | null }) => programGroups.some((group) => group.id === params.programOne),
    yearOfProgram: ({ context }, params: { slot: Slot; program: string }) => {
      const { programOne } = choiceOf(formOf(context), params.slot);
      return programOne !== null && yearsOf(programOne).includes(params.program);
    },
    offeredSubject: ({ context }, params: { slot: Slot; subject: string }) => subjectsAt(context.catalogue, choiceOf(formOf(context), params.slot).program).some((subject) => subject.name === params.subject),
    hasFormProblem: ({ context }) => formProblem(formOf(context)) !== null,
    studyTypeMissing: ({ context }) => formOf(context).students === 2 && formOf(context).studyType === null,
    hasNewStudents: ({ context }) => newStudentsOn(formOf(context), context.students).length > 0,
    individual: ({ context }) => isIndividual(formOf(context)),
  },
  delays: {
    dialogChoice: 300,
  },
}).createMachine({
  id: 'newBooking',
  context: ({ input }) => ({
    draft: input.draft,
    today: input.today,
    students: input.students,
    clientid: input.clientid,
    email: input.email,
    branchId: input.branchId,
    catalogue: [],
    typed: { 1: '', 2: '' },
    // A restored form with two students has had its dialog already.
    studyTypeAsked: (input.draft.form?.students ?? 0) === 2,
    warningDismissed: false,
    loadError: null,
    formChecked: false,
    typedProblem: { 1: null, 2: null },
  }),
  initial: 'loading',
  output: stepOutput,
  on: {
    'back.requested': { target: '.left' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSubjects',
        src: 'loadSubjects',
        input: ({ context }) => ({ branch_id: context.branchId }),
        onDone: { target: 'editing', actions: { type: 'setCatalogue', params: ({ event }) => ({ subjects: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setLoadError', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'retry.requested': { target: 'loading' } },
    },
    editing: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'asksStudyType', target: 'choosingStudyType' }, { target: 'form' }],
        },
        form: {
          on: {
            'students.changed': {
              target: 'checking',
              actions: [{ type: 'edit', params: ({ event }) => ({ change: (form: PackageForm) => withStudents(form, event.count) }) }, 'resetPrompts'],
            },
            'name.picked': {
              guard: { type: 'offeredName', params: ({ event }) => ({ slot: event.slot, name: event.name }) },
              actions: { type: 'edit', params: ({ event }) => ({ change: (form: PackageForm) => withName(form, event.slot, event.name) }) } },
            'name.typed': {
              guard: { type: 'slotShown', params: ({ event }) => ({ slot: event.slot }) },
              actions: { type: 'setTyped', params: ({ event }) => ({ slot: event.slot, text: event.text }) } },
            'name.added': [
              {
                guard: { type: 'typedLacksLastName', params: ({ event }) => ({ slot: event.slot }) },
                actions: [
                  { type: 'refuseTyped', params: ({ event }) => ({ slot: event.slot, message: newStudentNameText }) },
                  { type: 'notifyInvalid', params: { message: newStudentNameText } },
                ],
              },
              {
                guard: { type: 'typedIsOtherStudent', params: ({ event }) => ({ slot: event.slot }) },
                actions: [
                  { type: 'refuseTyped', params: ({ event }) => ({ slot: event.slot, message: sameStudentText }) },
                  { type: 'notifyInvalid', params: { message: sameStudentText } },
                ],
              },
              { guard: { type: 'slotShown', params: ({ event }) => ({ slot: event.slot }) }, actions: { type: 'addTyped', params: ({ event }) => ({ slot: event.slot }) } },
            ],
            'program.changed': {
              guard: { type: 'knownProgram', params: ({ event }) => ({ programOne: event.programOne }) },
              actions: { type: 'edit', params: ({ event }) => ({ change: (form: PackageForm) => withProgram(form, event.slot, event.programOne) }) } },
            'year.changed': {
              guard: { type: 'yearOfProgram', params: ({ event }) => ({ slot: event.slot, program: event.program }) },
              actions: { type: 'edit', params: ({ context, event }) => ({ change: (form: PackageForm) => withYear(form, event.slot, event.program, context.catalogue) }) },
            },
            'subject.toggled': {
              guard: { type: 'offeredSubject', params: ({ event }) => ({ slot: event.slot, subject: event.subject }) },
              target: 'checking',
              actions: [{ type: 'edit', params: ({ event }) => ({ change: (form: PackageForm) => withSubjectToggled(form, event.slot, event.subject) }) }, 'reopenWarning'],
            },
            'studyType.changeRequested': { guard: 'twoStudents', target: 'choosingStudyType' },
            'warning.contactRequested': { guard: 'warningShown', target: 'contacting' },
            'warning.dismissed': { guard: 'warningShown', actions: 'dismissWarning' },
            'next.requested': { guard: 'noWarning', target: 'validating' },
          },
        },
        choosingStudyType: {
          tags: ['studyTypeDialog'],
          entry: 'markStudyTypeAsked',
          on: {
            'studyType.chosen': { target: 'form', actions: { type: 'edit', params: ({ event }) => ({ change: (form: PackageForm) => withStudyType(form, event.studyType) }) } },
            'studyType.cancelled': { target: 'form' },
          },
        },
        contacting: {
          tags: ['busy'],
          invoke: {
            id: 'sendContact',
            src: 'sendContact',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'form', actions: ['dismissWarning', { type: 'notifyContacted', params: ({ event }) => ({ message: event.output.message }) }] },
            onError: { target: 'form', actions: { type: 'notifyProblem', params: { message: contactFailedText } } },
          },
        },
        validating: {
          always: [
            {
              guard: 'hasFormProblem',
              target: 'form',
              actions: ['markFormChecked', { type: 'notifyInvalid', params: ({ context }) => ({ message: formProblem(formOf(context)) ?? '' }) }],
            },
            { guard: 'studyTypeMissing', target: 'choosingStudyType' },
            { guard: 'hasNewStudents', target: '#newBooking.savingStudents' },
            { target: '#newBooking.named' },
          ],
        },
      },
    },
    savingStudents: {
      tags: ['busy'],
      invoke: {
        id: 'createStudents',
        src: 'createStudents',
        input: ({ context }) => ({
          branch_id: context.branchId,
          students: newStudentsOn(formOf(context), context.students).map((student) => ({ ...student, paying_client: context.clientid })),
        }),
        onDone: {
          target: 'named',
          actions: [
            { type: 'addStudents', params: ({ event }) => ({ students: event.output }) },
            { type: 'studentsSaved', params: ({ event }) => ({ students: event.output }) },
          ],
        },
        onError: { target: 'editing.form', actions: { type: 'notifyProblem', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    named: {
      entry: 'recordStudentIds',
      always: [{ guard: 'individual', target: 'choosingStudent' }, { target: 'done' }],
    },
    choosingStudent: {
      tags: ['studentDialog'],
      on: {
        'student.chosen': { target: 'studentChosen', actions: { type: 'chooseStudent', params: ({ event }) => ({ studentType: event.studentType }) } },
        'student.choiceCancelled': { target: 'editing.form' },
      },
    },
    // The choice shows as made for a moment before the dialog closes (spec §4: it closes after 300 ms).
    studentChosen: {
      tags: ['studentDialog', 'busy'],
      after: { dialogChoice: { target: 'done' } },
    },
    done: {
      type: 'final',
      // The free assessment's students go on to /free-book (the draft's flow), a booking's to its packages.
      output: ({ context }): BookingOutput => ({ next: routed(nextStep('students', context.draft.entry)) }),
    },
    left: {
      type: 'final',
      output: (): BookingOutput => ({ next: routed(previousStep('students', 'new')), clearDraft: true }),
    },
  },
});

export type NewBookingMachine = typeof newBookingMachine;
