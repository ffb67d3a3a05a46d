import { describe, expect, it } from 'vitest';
import * as contract from '../../contract/programs.ts';
import * as portal from '../../machines/rules/programs.ts';
import { levelGroup } from '../../server/domain/pricing.ts';

// One table for the portal (machines/rules/programs.ts: a program's years, a year's group) and the server
// (server/domain/pricing.ts: the band package_prices is read by): a year the portal shows under a program is
// priced by the server in that program's band.
const table: [year: number, group: 1 | 2 | 3 | 4, name: string][] = [
  [1, 1, 'Primary'], [2, 1, 'Primary'], [3, 1, 'Primary'], [4, 1, 'Primary'], [5, 1, 'Primary'], [6, 1, 'Primary'],
  [7, 2, 'Middle'], [8, 2, 'Middle'], [9, 2, 'Middle'],
  [10, 3, 'Senior'], [11, 3, 'Senior'],
  [12, 4, 'Advanced'], [13, 4, 'Advanced'],
];

describe('the year bands shared by the portal and the server', () => {
  it.each(table)('Year %i is group %i (%s) on both sides', (year, group, name) => {
    expect(portal.groupOfYear(year)).toBe(group);
    expect(levelGroup(year)).toBe(group);
    expect(portal.programName(group)).toBe(name);
    expect(portal.yearsOf(group)).toContain(`Year ${year} / Grade ${year - 1}`);
  });

  it('covers every year of the contract (1-13) once', () => {
    expect(table.map(([year]) => year)).toEqual(contract.programGroups.flatMap((group) => group.years));
  });

  it.each([
    [0, 1], [-3, 1], [14, 4], [99, 4],
  ])('outside the contract, Year %i still prices in the nearest band (%i) and is in no program', (year, band) => {
    expect(levelGroup(year)).toBe(band);
    expect(portal.groupOfYear(year)).toBeNull();
  });

  it('is one rule, not a copy', () => {
    expect(portal.programGroups).toBe(contract.programGroups);
    expect(portal.groupOfYear).toBe(contract.groupOfYear);
    expect(levelGroup).toBe(contract.priceBandOfYear);
  });
});
