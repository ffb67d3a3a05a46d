/**
 * The /book-class grid's work on a busy branch (issue 10, item 8; target under 5 ms): 6 weeks of
 * availability of 50 tutors split into hourly slots in the branch zone, the month's weeks with each day's
 * hours, and the auto-selection of the following weeks. Run: `npx vitest bench --run --project 'node (bench)' bench/slot-grid.bench.ts`.
 */
import { test } from 'vitest';
import { slotKey, withAutoFill } from '../machines/rules/slot-limits.ts';
import { type AvailabilityWindow, addDays, hourlyAvailability, hoursOfDay, monthWeeks } from '../machines/rules/slots.ts';

const timeZone = 'Asia/Dubai';
const today = '2026-11-23';
const tutors = 50;
const days = 6 * 7;

// Each tutor: a morning and an evening window every day, staggered so the hours differ between tutors.
const windows: AvailabilityWindow[] = [];
for (let tutor = 1; tutor <= tutors; tutor += 1) {
  for (let day = 0; day < days; day += 1) {
    const date = addDays(today, day);
    const from = String(8 + (tutor % 4)).padStart(2, '0');
    const to = String(12 + (tutor % 3)).padStart(2, '0');
    windows.push({ start: `${date}T${from}:00:00+04:00`, finish: `${date}T${to}:00:00+04:00`, apt_id: tutor * 1000 + day, contractor_id: tutor });
    windows.push({ start: `${date}T15:30:00+04:00`, finish: `${date}T20:00:00+04:00`, apt_id: tutor * 1000 + 500 + day, contractor_id: tutor });
  }
}

function grid() {
  const availability = hourlyAvailability(windows, timeZone);
  const weeks = monthWeeks(today, '2026-11', 6);
  const cells = weeks.map((week) => week.days.map((day) => (day.bookable ? hoursOfDay(availability, day.date) : [])));
  return { availability, weeks, cells };
}

type SelectedSlot = Parameters<typeof withAutoFill>[1];

const built = grid();
const first: SelectedSlot = { key: slotKey('Maths', '2026-11-25', '10:00'), subject: 'Maths', date: '2026-11-25', time: '10:00', tutorId: 3, tutorPrice: 50, apt_id: 3002, weekIndex: 0, name: 'Tutor 3' };
const english: SelectedSlot[] = [0, 1, 2, 3, 4, 5].map((weekIndex) => ({ ...first, subject: 'English', date: addDays('2026-11-26', weekIndex * 7), key: slotKey('English', addDays('2026-11-26', weekIndex * 7), '10:00'), weekIndex }));

// One after another, not bench.compare(): each figure is held to its own target, not ranked against the others.
test('slot grid, 6 weeks × 50 tutors', async ({ bench }) => {
  await bench('grid generation (hourly slots, weeks, hours per day)', () => {
    grid();
  }).run();

  await bench('auto-fill of the following weeks', () => {
    withAutoFill(english, first, { weeks: built.weeks, availability: built.availability, rules: { lessonsPerWeek: { Maths: 1, English: 1 }, free: false }, totalLessons: 12, weeklyLessons: 2 });
  }).run();

  await bench('grid generation and auto-fill', () => {
    const { availability, weeks } = grid();
    withAutoFill(english, first, { weeks, availability, rules: { lessonsPerWeek: { Maths: 1, English: 1 }, free: false }, totalLessons: 12, weeklyLessons: 2 });
  }).run();
});
