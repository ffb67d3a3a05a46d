/**
 * Programs (level groups) and the years in them (spec §3): primary Years 1-6, middle 7-9, senior 10-11, advanced
 * 12-13, ids 1-4. A group is also a price band: `package_prices.level_group` prices a package by it. In contract/
 * because both sides must group a year alike: the portal offers a program's years and shows a year's packages
 * (machines/rules/programs.ts), the server prices the year by the same band (server/domain/pricing.ts).
 * tests/unit/programs-bands.test.ts runs both import paths over every year.
 */
export interface ProgramGroup {
  id: 1 | 2 | 3 | 4;
  name: string;
  years: number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const programGroups: readonly ProgramGroup[] = [
  { id: 1, name: 'Primary', years: range(1, 6) },
  { id: 2, name: 'Middle', years: range(7, 9) },
  { id: 3, name: 'Senior', years: range(10, 11) },
  { id: 4, name: 'Advanced', years: range(12, 13) },
];

/** The group of a year number, 1-13; null outside. */
export const groupOfYear = (year: number): ProgramGroup['id'] | null => programGroups.find((g) => g.years.includes(year))?.id ?? null;

/**
 * The price band of a year: its group. The contract admits years 1-13 only; a number outside still prices,
 * in the nearest band (below 1 the first, above 13 the last), as the server always did.
 */
export const priceBandOfYear = (year: number): ProgramGroup['id'] =>
  programGroups.find((g) => year <= (g.years.at(-1) ?? 0))?.id ?? 4;
