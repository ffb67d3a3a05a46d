import { describe, expect, it } from 'vitest';
import {
  bookingWarning,
  offeredPackages,
  packageNameOf,
  totalLessonsLabel,
  weeksShown,
  weeksShownFor,
} from '../../machines/rules/packages.ts';
import { expiryDate } from '../../contract/package-expiry.ts';
import { validWeeklyLessons } from '../../contract/weekly-lessons.ts';

const all = [{ name: 'SILVER' }, { name: 'GOLD' }, { name: 'PLATINUM' }];
const names = (offered: { name: string }[]) => offered.map((p) => p.name);

describe('package names by pkg_id', () => {
  it.each([
    [2, 'SILVER'], [3, 'GOLD'], [4, 'PLATINUM'], [1, 'Unknown Package'], [5, 'Unknown Package'], [0, 'Unknown Package'],
  ])('%i is %s', (id, name) => {
    expect(packageNameOf(id)).toBe(name);
  });
});

describe('package filtering (spec §5), every study type × names × subject count', () => {
  it.each([
    // study type unset: one student
    [null, [1], ['SILVER', 'GOLD', 'PLATINUM']],
    [null, [2], ['GOLD', 'PLATINUM']],
    [null, [3], ['GOLD', 'PLATINUM']], // the decision on "(GOLD too in some cases)": one learner
    // 'no' (individual): per student
    ['no', [1, 1], ['SILVER', 'GOLD', 'PLATINUM']],
    ['no', [2, 2], ['GOLD', 'PLATINUM']],
    ['no', [2, 1], ['GOLD', 'PLATINUM']],
    ['no', [3, 3], ['PLATINUM']],
    ['no', [3, 2], ['PLATINUM']],
    // 'yes' (group) with two names
    ['yes', [1, 1], ['SILVER', 'GOLD', 'PLATINUM']],
    ['yes', [2, 2], ['GOLD', 'PLATINUM']],
    ['yes', [3, 3], ['PLATINUM']],
    // 'yes' with a single name
    ['yes', [3], ['GOLD', 'PLATINUM']],
    ['yes', [3, 0], ['GOLD', 'PLATINUM']],
    ['yes', [2], ['GOLD', 'PLATINUM']],
  ] as const)('study type %s, subjects %j: %j', (studyType, counts, offered) => {
    expect(names(offeredPackages(all, studyType, counts))).toEqual(offered);
  });

  it('matches names whatever their case, and keeps the server order', () => {
    expect(names(offeredPackages([{ name: 'Platinum' }, { name: 'Gold' }, { name: 'Silver' }], null, [2]))).toEqual(['Platinum', 'Gold']);
  });
});

describe('lessons per week (spec §5), SILVER and GOLD / PLATINUM × 1, 2, 3 subjects × study type', () => {
  it.each([
    // SILVER: one subject 1 or 2; two subjects 1 and 1; three never
    ['SILVER', null, [1], true], ['SILVER', null, [2], true], ['SILVER', null, [3], false], ['SILVER', 'no', [5], false],
    ['SILVER', null, [1, 1], true], ['SILVER', null, [1, 2], false], ['SILVER', 'no', [2, 1], false],
    ['SILVER', null, [1, 1, 1], false], ['SILVER', 'yes', [1, 1, 1], false], ['SILVER', 'yes', [2], true],
    // GOLD / PLATINUM, one subject: 1-4
    ['GOLD', null, [1], true], ['GOLD', null, [4], true], ['GOLD', null, [5], false], ['PLATINUM', 'no', [3], true], ['PLATINUM', 'yes', [4], true],
    // two subjects: 1+1, 1+2, 1+3, 2+1, 2+2
    ['GOLD', null, [1, 1], true], ['GOLD', null, [1, 2], true], ['GOLD', null, [1, 3], true], ['GOLD', null, [2, 1], true], ['GOLD', null, [2, 2], true],
    ['GOLD', null, [3, 1], false], ['GOLD', null, [2, 3], false], ['PLATINUM', 'no', [1, 4], false], ['PLATINUM', 'yes', [2, 2], true],
    // three subjects, study type unset or 'no': all set, each 1-2, total at most 4
    ['GOLD', null, [1, 1, 1], true], ['GOLD', null, [2, 1, 1], true], ['GOLD', null, [2, 2, 1], false], ['PLATINUM', 'no', [1, 1, 2], true], ['PLATINUM', 'no', [3, 1, 0], false],
    ['GOLD', null, [1, 1, 0], false],
    // three subjects, study type 'yes': each 1-4, total at most 12
    ['GOLD', 'yes', [4, 4, 4], true], ['GOLD', 'yes', [2, 2, 1], true], ['PLATINUM', 'yes', [5, 1, 1], false], ['PLATINUM', 'yes', [4, 4, 3], true],
    // nothing chosen, or four subjects
    ['GOLD', null, [], false], ['GOLD', 'yes', [1, 1, 1, 1], false],
  ] as const)('%s, study type %s, %j: %s', (pkg, studyType, counts, valid) => {
    expect(validWeeklyLessons(pkg, studyType, counts)).toBe(valid);
  });
});

describe('the total-lessons label', () => {
  it.each([
    [1, 6, '1 lesson per week · 6 lessons'],
    [3, 12, '3 lessons per week · 12 lessons'],
    [12, 24, '12 lessons per week · 24 lessons'],
  ])('%i a week of %i', (weekly, classes, label) => {
    expect(totalLessonsLabel(weekly, classes)).toBe(label);
  });
});

describe('weeks shown per month (spec §9)', () => {
  it.each([
    ['SILVER', 1, 6], ['SILVER', 2, 3], ['SILVER', 3, 3], ['SILVER', 4, 3],
    ['GOLD', 1, 6], ['GOLD', 2, 6], ['GOLD', 3, 4], ['GOLD', 4, 3], ['GOLD', 5, 6], ['GOLD', 12, 6],
    ['PLATINUM', 1, 6], ['PLATINUM', 4, 6], ['PLATINUM', 5, 4], ['PLATINUM', 6, 4], ['PLATINUM', 7, 3], ['PLATINUM', 8, 3], ['PLATINUM', 9, 6], ['PLATINUM', 12, 6],
  ] as const)('%s with %i a week: %i', (pkg, weekly, weeks) => {
    expect(weeksShown(pkg, weekly)).toBe(weeks);
  });

  it.each([
    ['free', 0, 6], ['reschedule', 0, 6], ['renewal', 10, 3], ['renewal', 6, 4], ['remaining', 7, 3], ['remaining', 2, 4],
  ] as const)('the %s grid with %i classes remaining: %i', (grid, remaining, weeks) => {
    expect(weeksShownFor(grid, remaining)).toBe(weeks);
  });
});

describe('the expiry date: today plus duration_days when above 0', () => {
  it.each([
    ['2026-11-23', 30, '2026-12-23'],
    ['2026-11-23', 45, '2027-01-07'],
    ['2028-02-20', 10, '2028-03-01'],
    ['2026-11-23', 0, null],
    ['2026-11-23', -5, null],
  ])('%s + %i days: %s', (today, days, expiry) => {
    expect(expiryDate(today, days)).toBe(expiry);
  });
});

describe('the warnings that hold Next back (spec §5)', () => {
  it.each([
    [1, [2], null],
    [1, [4], 'tooManySubjects'],
    [2, [2, 3], null],
    [2, [4, 1], 'tooManySubjects'],
    [2, [1, 4], 'tooManySubjects'],
    [3, [1, 1, 1], 'tooManyStudents'],
    [4, [], 'tooManyStudents'],
  ] as const)('%i students with subjects %j: %s', (students, counts, warning) => {
    expect(bookingWarning(students, counts)).toBe(warning);
  });
});
