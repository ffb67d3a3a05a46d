/**
 * Programs (level groups) and years (spec §3): primary Years 1-6, middle 7-9, senior 10-11, advanced
 * 12-13, ids 1-4; years read 'Year N / Grade N-1'. Key stages map to the groups: Key Stage 1 Primary,
 * 2 Middle (called Secondary in the free flow), 3 Senior, 4 Advanced.
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

/** The group's name as a flow shows it: the free flow calls Middle 'Secondary'. */
export function programName(groupId: number, flow: 'booking' | 'free' = 'booking'): string | null {
  const group = programGroups.find((g) => g.id === groupId);
  if (!group) return null;
  return flow === 'free' && group.id === 2 ? 'Secondary' : group.name;
}

/** 'Year 5 / Grade 4'. */
export const yearLabel = (year: number) => `Year ${year} / Grade ${year - 1}`;

/** The years a program offers, as labels; none for an unknown program. */
export const yearsOf = (groupId: number): string[] => (programGroups.find((g) => g.id === groupId)?.years ?? []).map(yearLabel);

/** The group of a year number, 1-13; null outside. */
export const groupOfYear = (year: number): ProgramGroup['id'] | null => programGroups.find((g) => g.years.includes(year))?.id ?? null;

/**
 * The year level of a program text, as the subject filter takes it: 'Year N …' is N; 'Key Stage N' is the
 * top year of its group (a tutor must teach the whole stage). Null when the text names neither.
 */
export function yearLevelOf(program: string): number | null {
  const year = /\bYear\s+(\d{1,2})\b/i.exec(program);
  if (year) {
    const n = Number(year[1]);
    return n >= 1 && n <= 13 ? n : null;
  }
  const stage = /\bKey\s+Stage\s+([1-4])\b/i.exec(program);
  if (stage) return programGroups[Number(stage[1]) - 1]?.years.at(-1) ?? null;
  return null;
}

/** The subjects taught at a year level: those whose level_category holds the year's group. */
export function subjectsForYear<T extends { name: string; level_category: number[] }>(subjects: readonly T[], year: number): T[] {
  const group = groupOfYear(year);
  return group === null ? [] : subjects.filter((subject) => subject.level_category.includes(group));
}
