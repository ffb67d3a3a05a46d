import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { type BookingDraft, type LessonData, emptyDraft, withForm, withLessons, withStudentChosen } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { learnersOf } from '../../machines/booking/booking-learners.ts';
import { slotSelectionMachine } from '../../machines/booking/slot-selection.machine.ts';
import { type SlotSelectionContext, chosenTutors, clientPackageBody, groupedByWeek, lessonsPerWeekOf, tutorQueriesOfWeek } from '../../machines/booking/slot-selection.model.ts';
import { goldDraft, individualForm, sampleForm, sampleLessons } from '../support/draft-fixtures.ts';

const slot = (subject: string, date: string, weekIndex: number, tutorId = 1, name = 'Amira Haddad'): SelectedSlot => ({
  key: `${subject}-${date}-16:00`,
  subject,
  date,
  time: '16:00',
  tutorId,
  tutorPrice: 120,
  apt_id: 1,
  weekIndex,
  name,
});

describe('lessons per week by subject, for the learners booked now', () => {
  it.each<[string, BookingDraft, Record<string, number>]>([
    ['one student', withLessons(withForm(emptyDraft('new'), sampleForm), sampleLessons, ''), { Mathematics: 2 }],
    [
      "the individual split's second student (counts by name)",
      withLessons(withStudentChosen(withForm(emptyDraft('new'), individualForm()), 2), { ...sampleLessons, lessonCounts: { 'Lina Ahmed': { English: 1 } } } satisfies LessonData, ''),
      { English: 1 },
    ],
    ['no lessons chosen', withForm(emptyDraft('new'), sampleForm), {}],
  ])('%s', (_label, draft, expected) => {
    const learners = draft.form ? learnersOf(draft.form, draft.split.studentType) : null;
    expect(lessonsPerWeekOf(draft, learners)).toEqual(expected);
  });
});

describe('the chosen slots as the draft keeps them', () => {
  const chosen = [slot('English', '2026-12-03', 1, 2, 'Omar Khalil'), slot('Mathematics', '2026-12-02', 1), slot('Mathematics', '2026-11-25', 0), slot('Mathematics', '2026-12-09', 2)];

  it('groups them by week label, each week in time order', () => {
    const grouped = groupedByWeek(chosen);
    expect(Object.keys(grouped)).toEqual(['1st Week', '2nd Week', '3rd Week']);
    expect(grouped['2nd Week']?.map((s) => s.date)).toEqual(['2026-12-02', '2026-12-03']);
  });

  it('keeps each subject’s tutor once', () => {
    expect(chosenTutors(chosen)).toEqual([
      { id: 2, name: 'Omar Khalil', subject: 'English' },
      { id: 1, name: 'Amira Haddad', subject: 'Mathematics' },
    ]);
  });

  it.each([
    [4, 12, 4, 8],
    [12, 12, 12, 0],
  ])('POST /client-packages/ for %i slots of a %i-class package: %i booked, %i remaining', (count, _classes, booked, remaining) => {
    const draft = withLessons(withForm(emptyDraft('new'), sampleForm), sampleLessons, '');
    const many = Array.from({ length: count }, (_, i) => slot('Mathematics', `2026-12-${String(i + 1).padStart(2, '0')}`, Math.floor(i / 2)));
    const body = clientPackageBody({ draft, chosen: many, clientid: 7 } as SlotSelectionContext);
    expect(body).toMatchObject({ clientid: 7, purches_status: 0, booked_classess: booked, total_classess: 12, remaining_classess: remaining, completed_classess: 0 });
    expect(JSON.parse(body.packageForm)).toEqual({ lessonData: sampleLessons, packageFormData: sampleForm, groupedByWeek: groupedByWeek(many), storedTeacher: chosenTutors(many) });
    expect(body.bookingdata.bookdata).toEqual(many);
  });
});

describe('the hours whose tutors the grid reads ahead', () => {
  // Today is Monday 23 November 2026 (Dubai); the grid offers hours from Wednesday 25. Tuesday 24 15:00, Wednesday
  // 25 15:00 and 16:00, Thursday 26 15:00; Wednesday 2 December 15:00 (2nd week). Written in UTC.
  const windows = [
    { start: '2026-11-24T11:00:00Z', finish: '2026-11-24T12:00:00Z', apt_id: 1, contractor_id: 5 },
    { start: '2026-11-25T11:00:00Z', finish: '2026-11-25T13:00:00Z', apt_id: 2, contractor_id: 5 },
    { start: '2026-11-26T11:00:00Z', finish: '2026-11-26T12:00:00Z', apt_id: 3, contractor_id: 5 },
    { start: '2026-12-02T11:00:00Z', finish: '2026-12-02T12:00:00Z', apt_id: 4, contractor_id: 5 },
  ];
  const hours = ['2026-11-24 15:00', '2026-11-25 15:00', '2026-11-25 16:00', '2026-11-26 15:00', '2026-12-02 15:00'];
  const input = { draft: goldDraft(), today: '2026-11-23', branchId: 1, timeZone: 'Asia/Dubai', clientid: 7 };
  const [start] = initialTransition(slotSelectionMachine, input);
  // An invoked actor's answer, as the path tests send it: the machine's event type does not list xstate's own events.
  const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
  const [loaded] = transition(slotSelectionMachine, start, done('loadGrid', { windows, freeAssessmentUsed: false }));
  // Mathematics (once a week) on Wednesday 25 at 15:00 with its tutor, and the same hour of the 2nd week.
  const [asking] = transition(slotSelectionMachine, loaded, { type: 'slot.clicked', date: '2026-11-25', time: '15:00' });
  const [picking] = transition(slotSelectionMachine, asking, done('fetchTutors', [{ id: 5, name: 'Amira Haddad', price: 0 }]));
  const [chosen] = transition(slotSelectionMachine, picking, { type: 'tutor.chosen', index: 0 });

  it('are none before the grid is read', () => {
    expect(tutorQueriesOfWeek(start.context)).toEqual([]);
  });

  it.each([
    ['Mathematics', 0, []],
    ['English', 0, ['2026-11-25 16:00', '2026-11-26 15:00']],
    ['Mathematics', 1, []],
    ['English', 1, []],
  ])('for %s in week %i: exactly the hours whose tap asks for tutors', (subject, index, expected) => {
    const [bySubject] = transition(slotSelectionMachine, chosen, { type: 'subject.chosen', subject });
    const [shown] = transition(slotSelectionMachine, bySubject, { type: 'week.chosen', index });
    const asked = tutorQueriesOfWeek(shown.context);
    expect(asked.map((query) => `${query.date} ${query.time}`)).toEqual(expected);
    for (const query of asked) expect(query).toMatchObject({ subject, quallevel: 5, branch_id: 1 });
    const tapped = hours.filter((hour) => {
      const [date = '', time = ''] = hour.split(' ');
      return transition(slotSelectionMachine, shown, { type: 'slot.clicked', date, time })[0].matches('fetchingTutors');
    });
    expect(asked.map((query) => `${query.date} ${query.time}`)).toEqual(tapped);
  });

  it('are the free hours of the week when nothing is chosen yet', () => {
    expect(tutorQueriesOfWeek(loaded.context).map((query) => `${query.date} ${query.time}`)).toEqual(['2026-11-25 15:00', '2026-11-25 16:00', '2026-11-26 15:00']);
  });
});
