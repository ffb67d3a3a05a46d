/**
 * Reads answered from memory while nothing was written (issue 20, item 2): on the embedded database this
 * process is the only one that can write, so it knows every write, and a read repeated with no write since
 * (and before its answer changes with time) answers what it answered. Every statement that is not a plain
 * select counts as a write: a statement taken for a write costs only a read again, never a stale answer.
 * On PostgreSQL other instances write too, so nothing is remembered there (see `forgetfulReads`).
 */

/** An answer and, when time alone changes it (a lesson ends), the instant (ms since the epoch) it stops standing. */
export interface Remembered<T> {
  value: T;
  until?: number;
}

export interface RememberedReads {
  /** `read`'s answer for `key`: remembered while no write happened and before its `until`. */
  remembered<T>(key: string, read: () => Promise<Remembered<T>>): Promise<T>;
}

export interface WriteAwareReads extends RememberedReads {
  /** A write happened (or may have): every remembered answer is forgotten. */
  wrote(): void;
}

/** A select that reads and locks nothing and calls no sequence: the only statements that are not writes. */
export function isPlainRead(sql: string): boolean {
  return /^\s*select\b/i.test(sql) && !/\b(insert|update|delete|truncate|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|pg_advisory\w*|set_config)\b/i.test(sql);
}

/** How many answers are kept: the least recently stored go first. */
const maxAnswers = 5000;

export function writeAwareReads(clock: () => number = Date.now): WriteAwareReads {
  let generation = 0;
  const answers = new Map<string, { generation: number; until: number; value: unknown }>();
  return {
    wrote() {
      generation += 1;
      answers.clear();
    },
    async remembered<T>(key: string, read: () => Promise<Remembered<T>>): Promise<T> {
      const kept = answers.get(key);
      if (kept && kept.generation === generation && clock() < kept.until) return kept.value as T;
      const startedAt = generation;
      const { value, until = Number.POSITIVE_INFINITY } = await read();
      // A write while the read ran may or may not be in its answer: it is answered, not kept.
      if (generation === startedAt) {
        answers.delete(key);
        answers.set(key, { generation, until, value });
        if (answers.size > maxAnswers) answers.delete(answers.keys().next().value as string);
      }
      return value;
    },
  };
}

/** Reads that are always read: where other processes write to the same database. */
export const forgetfulReads: RememberedReads = {
  remembered: async (_key, read) => (await read()).value,
};
