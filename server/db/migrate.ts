import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const defaultDir = fileURLToPath(new URL('../migrations/', import.meta.url));
// Any constant works; it only has to be the same for every instance that migrates this database.
const migrationLock = 4_120_731;

export const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applied migrations whose comments were reworded since, file by file the checksums they had before: a database
 * that recorded one of them adopts the file as it is now. Their first lines cited a design page outside the
 * repository (2026-11-28); nothing else in them changed. Only comment changes belong here: a statement changed
 * after it ran is history rewritten, and goes in a new migration.
 */
export const rewordedMigrations: ReadonlyMap<string, readonly string[]> = new Map([
  ['003_booking_gate.sql', ['bf4b596ccec283dc0942d018a2a1d56eed363db6554faa95ec410023f8aa4dc0']],
  ['004_order_lines.sql', ['3e33579f8fd10da9d8709cd9eaebf761c02667f598c91f41f82096383f806358']],
  ['005_holds.sql', ['26bee9036917a0fdc5d61a96cc94187b06270226ecfefb18f8e09f27e8533a80']],
]);

/**
 * Applies, in name order, every `NNN_name.sql` not applied yet, each file as one script, all in one
 * transaction that holds an advisory lock, so instances starting together on one PostgreSQL take turns.
 * An applied migration whose file changed since, or went missing, stops the start: a migration that
 * ran is history, and a change to it belongs in a new file. `announce` hears which are about to run, when any are.
 */
export async function migrate(
  db: Database,
  dir = defaultDir,
  announce?: (pending: readonly string[]) => void,
  reworded: ReadonlyMap<string, readonly string[]> = rewordedMigrations,
): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const scripts = await Promise.all(files.map(async (file) => ({ file, sql: await readFile(path.join(dir, file), 'utf8') })));
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.exec(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now());
      alter table schema_migrations add column if not exists checksum text;`);
    const done = new Map((await tx.query<{ name: string; checksum: string | null }>('select name, checksum from schema_migrations')).map((r) => [r.name, r.checksum]));
    // Said under the lock, so that of instances starting together only the one that migrates says it does.
    const pending = files.filter((file) => !done.has(file));
    if (pending.length > 0) announce?.(pending);
    const applied: string[] = [];
    for (const { file, sql } of scripts) {
      const checksum = checksumOf(sql);
      if (done.has(file)) {
        const recorded = done.get(file);
        // Databases migrated before checksums were kept adopt the file as it is now, as do those that recorded a
        // text whose comments were reworded since.
        const adopt = recorded === null || (recorded !== undefined && recorded !== checksum && (reworded.get(file) ?? []).includes(recorded));
        if (adopt) await tx.query('update schema_migrations set checksum = $2 where name = $1', [file, checksum]);
        else if (recorded !== checksum) {
          throw new Error(`Migration ${file} was edited after it was applied (checksum ${recorded?.slice(0, 12)} recorded, ${checksum.slice(0, 12)} now). Restore it and put the change in a new migration.`);
        }
        continue;
      }
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file, checksum]);
      applied.push(file);
    }
    const missing = [...done.keys()].filter((name) => !files.includes(name));
    if (missing.length > 0) throw new Error(`Applied migrations are missing from ${dir}: ${missing.join(', ')}`);
    return applied;
  });
}
