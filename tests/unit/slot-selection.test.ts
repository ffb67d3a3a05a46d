import { describe, expect, it } from 'vitest';
import { type BookingDraft, type LessonData, type SelectedSlot, emptyDraft, withForm, withLessons, withStudentChosen } from '../../machines/booking/booking-draft.ts';
import { learnersOf } from '../../machines/booking/booking-learners.ts';
import { type SlotSelectionContext, chosenTutors, clientPackageBody, groupedByWeek, lessonsPerWeekOf } from '../../machines/booking/slot-selection.machine.ts';
import { individualForm, sampleForm, sampleLessons } from '../support/draft-fixtures.ts';

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
