import { describe, expect, it } from 'vitest';
import { type BookingDraft, type BookingEntry, bookingEntries, emptyDraft } from '../../machines/booking/booking-draft.ts';
import {
  type BookingStep,
  bookingSteps,
  firstStep,
  missingStep,
  missingStepNotice,
  nextStep,
  previousStep,
  startBookingText,
  startFreeAssessmentText,
} from '../../machines/booking/booking-steps.ts';
import { sampleForm, sampleLessons, sampleSlot } from '../support/draft-fixtures.ts';

// Every step × entry × split. Rows not listed lead to the dashboard (a step the flow does not have).
const next: Record<BookingEntry, Partial<Record<BookingStep, BookingStep>>> = {
  new: { students: 'packages', packages: 'slots', slots: 'summary', summary: 'checkout', checkout: 'payment' },
  renewal: { renewPackages: 'slots', slots: 'summary', summary: 'checkout', checkout: 'payment' },
  pendingPayment: { slots: 'summary', summary: 'checkout', checkout: 'payment' },
  remaining: { remainingClasses: 'remainingPackage', remainingPackage: 'slots', slots: 'dashboard' },
  // /free-book without a form: the students are chosen on /new-booking, whose Next returns to /free-book.
  free: { students: 'freeSlot', freeSlot: 'freeSummary', freeSummary: 'paymentSummary' },
};
const back: Record<BookingEntry, Partial<Record<BookingStep, BookingStep>>> = {
  new: { packages: 'students', slots: 'packages', summary: 'slots', checkout: 'summary' },
  renewal: { slots: 'renewPackages', summary: 'slots', checkout: 'summary' },
  pendingPayment: { summary: 'slots', checkout: 'summary' },
  remaining: { remainingPackage: 'remainingClasses', slots: 'remainingPackage' },
  // Back from /free-book is its form, kept (docs/decisions/015-free-book.md).
  free: { freeSlot: 'students', freeSummary: 'freeSlot' },
};

const every = bookingEntries.flatMap((entry) => bookingSteps.map((step) => [entry, step] as const));

describe('next step, for every step and entry', () => {
  it.each(every)('%s: after %s', (entry, step) => {
    expect(nextStep(step, entry, 'single')).toBe(next[entry][step] ?? 'dashboard');
  });

  it.each(every)('%s: after %s with the other student still to book', (entry, step) => {
    // Checkout's 'Go For First' / 'Go For Second' starts the other student's package; nothing else changes.
    expect(nextStep(step, entry, 'otherStudentPending')).toBe(step === 'checkout' ? 'packages' : (next[entry][step] ?? 'dashboard'));
  });
});

describe('back, for every step and entry', () => {
  it.each(every)('%s: back from %s', (entry, step) => {
    expect(previousStep(step, entry)).toBe(back[entry][step] ?? 'dashboard');
  });
});

describe('first steps', () => {
  it.each([
    ['new', 'students'],
    ['renewal', 'renewPackages'],
    ['pendingPayment', 'summary'],
    ['remaining', 'remainingClasses'],
    ['free', 'students'],
  ] as const)('%s starts at %s', (entry, step) => {
    expect(firstStep(entry)).toBe(step);
  });
});

const [form, lessons, slot] = [sampleForm, sampleLessons, sampleSlot];
const draft = (entry: BookingEntry, parts: Partial<BookingDraft> = {}): BookingDraft => ({ ...emptyDraft(entry), ...parts });

describe('a screen opened without the draft it needs goes back to the step that makes it', () => {
  it.each([
    ['the first step of a flow, with no draft: opens', 'students', null, 'new', null],
    ['packages with no draft', 'packages', null, 'new', 'students'],
    ['packages with a draft of no students yet', 'packages', draft('new'), 'new', 'students'],
    ['packages with the students chosen', 'packages', draft('new', { form }), 'new', null],
    ['slots without a package', 'slots', draft('new', { form }), 'new', 'packages'],
    ['slots of a renewal without a package', 'slots', draft('renewal'), 'new', 'renewPackages'],
    ['slots of remaining classes without a package', 'slots', draft('remaining', { clientPackageId: 4 }), 'remaining', 'remainingPackage'],
    ['slots with the package chosen', 'slots', draft('new', { form, lessons }), 'new', null],
    ['the summary without slots', 'summary', draft('new', { form, lessons, slots: { '1st Week': [] } }), 'new', 'slots'],
    ['the summary with a slot', 'summary', draft('new', { form, lessons, slots: { '1st Week': [slot] } }), 'new', null],
    ['checkout of a pending payment that lost its slots', 'checkout', draft('pendingPayment', { form, lessons }), 'pendingPayment', 'dashboard'],
    ['the pending payment summary with no draft', 'summary', null, 'pendingPayment', 'dashboard'],
    ['the remaining package without a package', 'remainingPackage', draft('remaining'), 'remaining', 'remainingClasses'],
    ['the free slot with no draft: who it is for is asked first', 'freeSlot', null, 'free', 'students'],
    ['the free slot with the students chosen: opens', 'freeSlot', draft('free', { form, lessons }), 'free', null],
    ['the free summary without its slot', 'freeSummary', draft('free'), 'free', 'freeSlot'],
    ['the free slot with a half-filled form: its students first', 'freeSlot', draft('free', { form: { ...form, subject: [] } }), 'free', 'students'],
    ['the students of the free flow (from /free-book): open', 'students', draft('free'), 'new', null],
    ['a step of another flow than the draft’s: the free flow from its start', 'freeSummary', draft('new', { form, lessons, slots: { '1st Week': [slot] } }), 'free', 'students'],
    ['checkout with no draft: a booking is started first', 'checkout', null, 'new', 'students'],
  ] as const)('%s', (_label, step, stored, entry, expected) => {
    expect(missingStep(step, stored as BookingDraft | null, entry)).toBe(expected);
  });
});

describe('what the step a missing draft sends the client to says', () => {
  it.each([
    ['students', 'new', [startBookingText]],
    ['students', 'free', [startFreeAssessmentText]],
    ['packages', 'new', ['Choose a package and the lessons per week first.']],
    ['renewPackages', 'renewal', ['Choose a package and the lessons per week first.']],
    ['remainingPackage', 'remaining', ['Choose a package and the lessons per week first.']],
    ['remainingClasses', 'remaining', ['Choose the package whose remaining classes you want to book first.']],
    ['slots', 'new', ['Choose the times of your classes first.']],
    ['freeSlot', 'free', ['Choose the time of your free assessment first.']],
    // The dashboard is where a flow is left: nothing to do there first.
    ['dashboard', 'pendingPayment', []],
  ] as const)('%s (%s)', (made, entry, lines) => {
    expect(missingStepNotice(made, entry)).toEqual(lines);
  });

  it('says why the client is on /new-booking when /manage-packages, /booking-summary or /checkout opened without a booking', () => {
    for (const step of ['packages', 'summary', 'checkout'] as const) {
      const made = missingStep(step, null, 'new');
      expect(made).toBe('students');
      expect(missingStepNotice(made ?? 'dashboard', 'new')).toEqual(['Start a booking here first: choose the students, program, year and subjects.']);
    }
  });
});
