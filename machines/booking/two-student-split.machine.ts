import { assign, setup } from 'xstate';
import { type BookingDraft, type BookingEntry, type BookingInput, withOtherStudent } from './booking-draft.ts';
import { type BookingOutput, type RoutedStep, nextStep, routed, stepOutput } from './booking-steps.ts';

/**
 * The checkout's 'Go For First' / 'Go For Second' (spec §2 Checkout, §4 "Two-student flow"; the
 * decision on individual study, docs/decisions/024-individual-study-order-lines.md). With two students studying individually the client books one at a time:
 * while the other student is still to come (hidebutton), checkout shows this button instead of Pay Now.
 * It keeps the current student's package and slots in studentsData, switches studentType to the other
 * student, turns hidebutton off (that student's checkout pays for both, one order) and goes to the
 * packages of the other student. Nothing to switch (a single booking, or the second student's checkout):
 * no button, Pay Now is shown.
 */

export type SplitStudent = 1 | 2;
export type OtherStudentLabel = 'Go For First' | 'Go For Second';

/** The button names the student booked next: the second after the first, the first after the second. */
export const otherStudentLabel = (studentType: SplitStudent): OtherStudentLabel => (studentType === 1 ? 'Go For Second' : 'Go For First');

/** Whether the draft's split has the other student still to come (hidebutton on, a student being booked). */
export const hasOtherStudentPending = (draft: BookingDraft): boolean => draft.split.otherStudentPending && draft.split.studentType !== null;

/** Whether the current student has something to keep (a package chosen): only then can the other be booked. */
export const canSwitchStudent = (draft: BookingDraft): boolean => withOtherStudent(draft) !== null;

/** Where the switch leads: the checkout's next step while a student is pending, the other student's packages. */
export const switchedStep = (entry: BookingEntry): RoutedStep => routed(nextStep('checkout', entry, 'otherStudentPending'));

export interface TwoStudentSplitContext {
  draft: BookingDraft;
}

export type TwoStudentSplitEvent = { type: 'split.otherStudentRequested' };

/**
 * Where the client goes, and the switched draft: a checkout machine that invokes this one as a child takes
 * the new draft from here (issue 10). `draft` is optional in the type because the root passes the final
 * state's output through `stepOutput`, typed as a plain BookingOutput.
 */
export type TwoStudentSplitOutput = BookingOutput & { draft?: BookingDraft };

export const twoStudentSplitMachine = setup({
  types: {
    input: {} as BookingInput,
    context: {} as TwoStudentSplitContext,
    events: {} as TwoStudentSplitEvent,
    output: {} as TwoStudentSplitOutput,
    tags: {} as 'showButton',
  },
  actions: {
    switchStudent: assign({ draft: ({ context }) => withOtherStudent(context.draft) ?? context.draft }),
  },
  guards: {
    otherStudentPending: ({ context }) => hasOtherStudentPending(context.draft),
    canSwitch: ({ context }) => canSwitchStudent(context.draft),
  },
}).createMachine({
  id: 'twoStudentSplit',
  context: ({ input }) => ({ draft: input.draft }),
  output: stepOutput,
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'otherStudentPending', target: 'otherStudentPending' }, { target: 'single' }],
    },
    // Pay Now is the checkout's; this machine shows nothing.
    single: {},
    otherStudentPending: {
      tags: ['showButton'],
      on: {
        // A draft with nothing chosen for the current student has nothing to keep; checkout never opens
        // without a package and slots, so the refusal needs no state of its own.
        'split.otherStudentRequested': { guard: 'canSwitch', target: 'switched', actions: 'switchStudent' },
      },
    },
    switched: {
      type: 'final',
      output: ({ context }) => ({ next: switchedStep(context.draft.entry), draft: context.draft }),
    },
  },
});

export type TwoStudentSplitMachine = typeof twoStudentSplitMachine;
