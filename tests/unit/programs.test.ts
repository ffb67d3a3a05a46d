import { describe, expect, it } from 'vitest';
import { groupOfYear, programName, subjectsForYear, yearLabel, yearLevelOf, yearsOf } from '../../machines/rules/programs.ts';

describe('programs and years (spec §3)', () => {
  it.each([
    [1, ['Year 1 / Grade 0', 'Year 2 / Grade 1', 'Year 3 / Grade 2', 'Year 4 / Grade 3', 'Year 5 / Grade 4', 'Year 6 / Grade 5']],
    [2, ['Year 7 / Grade 6', 'Year 8 / Grade 7', 'Year 9 / Grade 8']],
    [3, ['Year 10 / Grade 9', 'Year 11 / Grade 10']],
    [4, ['Year 12 / Grade 11', 'Year 13 / Grade 12']],
    [5, []],
  ])('program %i offers %j', (group, years) => {
    expect(yearsOf(group)).toEqual(years);
  });

  it.each([
    [1, 'booking', 'Primary'],
    [2, 'booking', 'Middle'],
    [2, 'free', 'Secondary'],
    [3, 'free', 'Senior'],
    [4, 'booking', 'Advanced'],
    [0, 'booking', null],
  ] as const)('group %i in the %s flow is %s', (group, flow, name) => {
    expect(programName(group, flow)).toBe(name);
  });

  it.each([
    [1, 1], [6, 1], [7, 2], [9, 2], [10, 3], [11, 3], [12, 4], [13, 4], [0, null], [14, null],
  ])('Year %i is in group %s', (year, group) => {
    expect(groupOfYear(year)).toBe(group);
    if (group !== null) expect(yearLabel(year)).toBe(`Year ${year} / Grade ${year - 1}`);
  });
});

describe('the year level of a program text', () => {
  it.each([
    ['Year 5 / Grade 4', 5],
    ['Year 13 / Grade 12', 13],
    ['year 8', 8],
    ['Key Stage 1', 6],
    ['Key Stage 2', 9],
    ['Key Stage 3', 11],
    ['Key Stage 4', 13],
    ['Year 14 / Grade 13', null],
    ['Key Stage 5', null],
    ['Secondary', null],
    ['', null],
  ])('%j reads as %s', (text, level) => {
    expect(yearLevelOf(text)).toBe(level);
  });
});

describe('subjects by year level (level_category)', () => {
  const subjects = [
    { name: 'Mathematics', level_category: [1, 2, 3, 4] },
    { name: 'Science', level_category: [1, 2] },
    { name: 'Physics', level_category: [3, 4] },
    { name: 'Economics', level_category: [4] },
  ];
  it.each([
    [5, ['Mathematics', 'Science']],
    [8, ['Mathematics', 'Science']],
    [10, ['Mathematics', 'Physics']],
    [13, ['Mathematics', 'Physics', 'Economics']],
    [0, []],
  ])('Year %i: %j', (year, names) => {
    expect(subjectsForYear(subjects, year).map((s) => s.name)).toEqual(names);
  });
});
