import { and, assign, fromPromise, not, setup } from 'xstate';
import { type TakenHour } from '../../contract/taken-hours.ts';
import { errorText } from '../rules/error-text.ts';
import { isChosen, slotKey, withAutoFill, withoutSlot } from '../rules/slot-limits.ts';
import { aptIdFor, hourlyAvailability } from '../rules/slots.ts';
import { type BookLessonsInput, type BookedLessons, remainingBookedText } from './book-lessons.ts';
import { withoutSlots } from './booking-draft.ts';
import type { SelectedSlot } from '../rules/draft-types.ts';
import { type BookingOutput, type BookingStep, nextStep, stepBack, stepOutput } from './booking-steps.ts';
import {
  type ClientPackageBody,
  type GridData,
  type GridQuery,
  type PendingSlot,
  type SlotSelectionContext,
  type SlotSelectionEvent,
  type SlotSelectionInput,
  type SlotSelectionTag,
  type TutorOffer,
  type TutorQuery,
  clientPackageBody,
  draftWith,
  initialContext,
  refusalOf,
  rulesOf,
  slotWeekGrid,
  totalLessons,
  tutorQueryOf,
  weeklyTotal,
} from './slot-selection.model.ts';
import { takenFrom, takenHoursNotice, takenHoursOf } from './taken-hours.ts';
import { weekGridTransitions } from './week-grid.ts';

/**
 * Slot selection on /book-class (spec §2 "Book Classes"; §4 "Slot"; §5 "Slot selection", "Free
 * assessment"; §9). It starts with a read (loadGrid: the tutors' availability and the free-assessment
 * status). The client picks a subject tab, a month, a week tab (three at a time), then an hour of the 7-day
 * grid: the tutors free then are read into the Available Tutors dialog; choosing one selects the hour and
 * the same weekday and hour of the following weeks. A chosen hour, clicked again or removed from 'Selected
 * Slots', is unselected. Book Now records the package unpaid (new and renewal) and goes to the summary; on
 * /remainingbookclass (entry 'remaining') it books the slots on the paid package, or on the paid order whose
 * classes are placed (the dashboard's card), in one POST /bookings (the "two paths" of docs/decisions/023-remaining-classes-and-renewal.md: no payment), and
 * goes to the dashboard with the draft cleared. Ticking the Free Assessment box makes the draft a free
 * assessment, the form (and an hour chosen) kept, and goes to /free-book (docs/decisions/015-free-book.md); there
 * (entry 'free': one slot in all, 6 weeks) Book Now goes to the free summary: nothing is written before the
 * client confirms there. A booking refused
 * because someone else took hours meanwhile (a 409 naming them) drops those slots and says which, as
 * checkout does (taken-hours.ts); the client stays on the grid. Back asks first, then leaves with the slots
 * cleared (from an order's classes, to the dashboard; from /free-book, to its form). A notice brought to the grid (checkout's hours that
 * someone else took first) shows until the client chooses a slot.
 *
 * Its model (input, context, events, the reads and the write, the helpers its guards share with the screen) is
 * slot-selection.model.ts; the month, week and page of its grid are week-grid.ts's.
 */

export const slotSelectionMachine = setup({
  types: {
    input: {} as SlotSelectionInput,
    context: {} as SlotSelectionContext,
    events: {} as SlotSelectionEvent,
    output: {} as BookingOutput,
    tags: {} as SlotSelectionTag,
  },
  actors: {
    loadGrid: fromPromise<GridData, GridQuery>(async () => {
      throw new Error('loadGrid is provided at the React boundary');
    }),
    fetchTutors: fromPromise<TutorOffer[], TutorQuery>(async () => {
      throw new Error('fetchTutors is provided at the React boundary');
    }),
    createClientPackage: fromPromise<{ id: number }, ClientPackageBody>(async () => {
      throw new Error('createClientPackage is provided at the React boundary');
    }),
    bookRemaining: fromPromise<BookedLessons, BookLessonsInput>(async () => {
      throw new Error('bookRemaining is provided at the React boundary');
    }),
  },
  actions: {
    receiveGrid: assign(({ context }, params: { data: GridData }) => ({
      availability: hourlyAvailability(params.data.windows, context.timeZone),
      loaded: true,
      // The free assessment is a booking of its own, not a way to book a paid package's classes.
      freeAssessmentOffered: !params.data.freeAssessmentUsed && context.draft.entry !== 'remaining' && context.draft.entry !== 'free',
      freeAssessmentUsed: params.data.freeAssessmentUsed,
      remainingClasses: params.data.remainingClasses ?? context.remainingClasses,
      error: null,
    })),
    // The hours someone else took: their slots go, and the grid says which, one line each (as checkout does).
    dropTakenHours: assign(({ context }, params: { taken: readonly TakenHour[] }) => {
      const gone = takenFrom(params.taken, context.timeZone);
      const chosen = context.chosen.filter((slot) => !gone(slot));
      return { chosen, draft: draftWith(context, chosen), notice: takenHoursNotice(params.taken, context.timeZone) };
    }),
    keepError: assign({ error: (_, params: { message: string }) => params.message }),
    clearError: assign({ error: null }),
    ...slotWeekGrid.actions,
    chooseSubject: assign({ subject: (_, params: { subject: string }) => params.subject }),
    holdSlot: assign({
      pending: ({ context }, params: { date: string; time: string }): PendingSlot => ({ subject: context.subject, date: params.date, time: params.time, weekIndex: context.weekIndex }),
      tutors: [],
      tutorError: null,
    }),
    receiveTutors: assign({ tutors: (_, params: { tutors: TutorOffer[] }) => params.tutors }),
    keepTutorError: assign({ tutorError: (_, params: { message: string }) => params.message }),
    dropPending: assign({ pending: null, tutors: [], tutorError: null }),
    chooseTutor: assign(({ context }, params: { index: number }) => {
      const tutor = context.tutors[params.index];
      const { pending } = context;
      if (!tutor || tutor.id === null || !pending) return {};
      const apt_id = aptIdFor(context.availability, pending.date, pending.time, tutor.id);
      const slot: SelectedSlot = { key: slotKey(pending.subject, pending.date, pending.time), ...pending, tutorId: tutor.id, tutorPrice: tutor.price, apt_id, name: tutor.name };
      const chosen = withAutoFill(context.chosen, slot, { weeks: slotWeekGrid.weeksOf(context), availability: context.availability, rules: rulesOf(context), totalLessons: totalLessons(context), weeklyLessons: weeklyTotal(context) });
      // The notice brought to the grid has been read: the client chose another hour.
      return { chosen, draft: draftWith(context, chosen), pending: null, tutors: [], tutorError: null, notice: [] };
    }),
    unselect: assign(({ context }, params: { key: string }) => {
      const chosen = withoutSlot(context.chosen, params.key);
      return { chosen, draft: draftWith(context, chosen) };
    }),
    // A free assessment of the students on the form (with the one hour chosen, if any): what /free-book opens on and its summary books.
    makeFreeAssessment: assign({ draft: ({ context }) => ({ ...context.draft, entry: 'free' as const, clientPackageId: null, bookingData: null }) }),
    keepClientPackage: assign({ draft: ({ context }, params: { id: number }) => ({ ...context.draft, clientPackageId: params.id }) }),
    clearSlots: assign({ chosen: [], draft: ({ context }) => withoutSlots(context.draft) }),
    notifyProblem: (_, _params: { message: string }) => {},
    notifyBooked: (_, _params: { message: string }) => {},
  },
  guards: {
    ...slotWeekGrid.guards,
    isSubject: ({ context }, params: { subject: string }) => context.learners?.subjects.includes(params.subject) ?? false,
    isChosenHour: ({ context }, params: { date: string; time: string }) => isChosen(context.chosen, context.subject, params.date, params.time),
    isRefusedHour: ({ context }, params: { date: string; time: string }) => slotWeekGrid.openHour(context, params.date, params.time) && refusalOf(context, params.date, params.time) !== null,
    isOpenHour: ({ context }, params: { date: string; time: string }) => slotWeekGrid.openHour(context, params.date, params.time),
    isChosenKey: ({ context }, params: { key: string }) => context.chosen.some((slot) => slot.key === params.key),
    tutorHasId: ({ context }, params: { index: number }) => typeof context.tutors[params.index]?.id === 'number',
    // More hours chosen than the free assessment's one would be lost without a word: the box is off then.
    freeAssessmentSwitchable: ({ context }) => context.freeAssessmentOffered && context.chosen.length <= 1,
    hasSlots: ({ context }) => context.chosen.length > 0,
    booksRemaining: ({ context }) => context.draft.entry === 'remaining',
    booksFreeAssessment: ({ context }) => context.freeAssessment,
    freeAssessmentUsed: ({ context }) => context.freeAssessmentUsed,
    hoursTaken: (_, params: { error: unknown }) => takenHoursOf(params.error) !== null,
    gridLoaded: ({ context }) => context.loaded,
  },
}).createMachine({
  id: 'slotSelection',
  context: ({ input }) => initialContext(input),
  output: stepOutput,
  initial: 'loading',
  // The header's back arrow works whatever the screen shows; it asks first.
  on: { 'back.requested': { target: '.confirmingBack' } },
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadGrid',
        src: 'loadGrid',
        input: ({ context }): GridQuery => ({
          subjectNames: context.learners?.subjects ?? [],
          yearLevels: context.learners ? [context.learners.year] : [],
          branch_id: context.branchId,
          clientid: context.clientid,
          studentNames: context.learners?.names ?? [],
          knownStudentIds: context.draft.studentIds,
          clientPackageId: context.draft.entry === 'remaining' && context.draft.orderRef === null ? context.draft.clientPackageId : null,
          orderRef: context.draft.entry === 'remaining' ? context.draft.orderRef : null,
        }),
        onDone: { target: 'choosing', actions: { type: 'receiveGrid', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    loadFailed: {
      on: { 'load.retried': { target: 'loading', actions: 'clearError' } },
    },
    choosing: {
      on: {
        ...weekGridTransitions,
        'subject.chosen': { guard: { type: 'isSubject', params: ({ event }) => ({ subject: event.subject }) }, actions: { type: 'chooseSubject', params: ({ event }) => ({ subject: event.subject }) } },
        'slot.clicked': [
          { guard: { type: 'isChosenHour', params: ({ event }) => event }, actions: { type: 'unselect', params: ({ context, event }) => ({ key: slotKey(context.subject, event.date, event.time) }) } },
          {
            guard: { type: 'isRefusedHour', params: ({ event }) => event },
            actions: { type: 'notifyProblem', params: ({ context, event }) => ({ message: refusalOf(context, event.date, event.time)?.text ?? '' }) },
          },
          { guard: { type: 'isOpenHour', params: ({ event }) => event }, target: 'fetchingTutors', actions: { type: 'holdSlot', params: ({ event }) => event } },
        ],
        'slot.removed': { guard: { type: 'isChosenKey', params: ({ event }) => ({ key: event.key }) }, actions: { type: 'unselect', params: ({ event }) => ({ key: event.key }) } },
        'freeAssessment.toggled': { guard: 'freeAssessmentSwitchable', target: 'freeAssessmentAsked', actions: 'makeFreeAssessment' },
        // The free assessment goes to its own summary (the client confirms it there); the remaining classes of a
        // paid package, or of a paid order, are booked on it; any other booking is recorded as a package to pay.
        'book.requested': [
          { guard: and(['hasSlots', 'booksFreeAssessment', not('freeAssessmentUsed')]), target: 'freeAssessmentChosen', actions: 'makeFreeAssessment' },
          { guard: and(['hasSlots', not('booksFreeAssessment'), 'booksRemaining']), target: 'bookingRemaining' },
          { guard: and(['hasSlots', not('booksFreeAssessment'), not('booksRemaining')]), target: 'booking' },
        ],
      },
    },
    fetchingTutors: {
      tags: ['busy', 'tutors'],
      invoke: {
        id: 'fetchTutors',
        src: 'fetchTutors',
        input: ({ context }): TutorQuery => tutorQueryOf(context, context.pending ?? { subject: '', date: '', time: '' }),
        onDone: { target: 'pickingTutor', actions: { type: 'receiveTutors', params: ({ event }) => ({ tutors: event.output }) } },
        onError: { target: 'pickingTutor', actions: { type: 'keepTutorError', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
      on: { 'tutors.closed': { target: 'choosing', actions: 'dropPending' } },
    },
    pickingTutor: {
      tags: ['tutors'],
      on: {
        'tutor.chosen': { guard: { type: 'tutorHasId', params: ({ event }) => ({ index: event.index }) }, target: 'choosing', actions: { type: 'chooseTutor', params: ({ event }) => ({ index: event.index }) } },
        'tutors.closed': { target: 'choosing', actions: 'dropPending' },
      },
    },
    booking: {
      tags: ['busy'],
      invoke: {
        id: 'createClientPackage',
        src: 'createClientPackage',
        input: ({ context }) => clientPackageBody(context),
        onDone: { target: 'booked', actions: { type: 'keepClientPackage', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'choosing', actions: { type: 'notifyProblem', params: ({ event }) => ({ message: errorText(event.error) }) } },
      },
    },
    bookingRemaining: {
      tags: ['busy'],
      invoke: {
        id: 'bookRemaining',
        src: 'bookRemaining',
        input: ({ context }): BookLessonsInput => ({ draft: context.draft, clientid: context.clientid, branchId: context.branchId, timeZone: context.timeZone }),
        onDone: { target: 'bookedRemaining', actions: { type: 'notifyBooked', params: { message: remainingBookedText } } },
        onError: [
          // Someone else took hours meanwhile: the server booked none of them; their slots go and the grid
          // says which, the rest stay chosen.
          {
            guard: { type: 'hoursTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: { type: 'dropTakenHours', params: ({ event }) => ({ taken: takenHoursOf(event.error) ?? [] }) },
          },
          { target: 'choosing', actions: { type: 'notifyProblem', params: ({ event }) => ({ message: errorText(event.error) }) } },
        ],
      },
    },
    confirmingBack: {
      tags: ['confirmingBack'],
      on: {
        'back.confirmed': { target: 'left', actions: 'clearSlots' },
        'back.cancelled': [{ guard: 'gridLoaded', target: 'choosing' }, { target: 'loading' }],
      },
    },
    booked: {
      type: 'final',
      output: ({ context }): BookingOutput => ({ next: nextStep('slots', context.draft.entry) as BookingOutput['next'] }),
    },
    bookedRemaining: {
      type: 'final',
      output: (): BookingOutput => ({ next: 'dashboard', clearDraft: true }),
    },
    freeAssessmentChosen: {
      type: 'final',
      output: (): BookingOutput => ({ next: 'freeSummary' }),
    },
    freeAssessmentAsked: {
      type: 'final',
      output: (): BookingOutput => ({ next: 'freeSlot' }),
    },
    left: {
      type: 'final',
      output: ({ context }): BookingOutput => {
        const step: BookingStep = context.draft.entry === 'free' ? 'freeSlot' : 'slots';
        const next = stepBack(step, context.draft) as BookingOutput['next'];
        return next === 'dashboard' ? { next, clearDraft: true } : { next };
      },
    },
  },
});

export type SlotSelectionMachine = typeof slotSelectionMachine;
