import { groupOfYear, programGroups } from '../../contract/programs.ts';

/**
 * Programs (level groups) and years (spec §3): the groups and their years are contract/programs.ts, shared
 * with the server's price bands; years read 'Year N / Grade N-1'. Key stages map to the groups: Key Stage 1
 * Primary, 2 Middle (called Secondary in the free flow), 3 Senior, 4 Advanced.
 */
export { type ProgramGroup, groupOfYear, programGroups } from '../../contract/programs.ts';

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
