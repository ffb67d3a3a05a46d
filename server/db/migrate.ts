import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const defaultDir = fileURLToPath(new URL('../migrations/', import.meta.url));
// Any constant works; it only has to be the same for every instance that migrates this database.
const migrationLock = 4_120_731;

const checksumOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applies, in name order, every `NNN_name.sql` not applied yet, each file as one script, all in one
 * transaction that holds an advisory lock, so instances starting together on one PostgreSQL take turns.
 * An applied migration whose file changed since, or went missing, stops the start: a migration that
 * ran is history, and a change to it belongs in a new file.
 */
export async function migrate(db: Database, dir = defaultDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
  const scripts = await Promise.all(files.map(async (file) => ({ file, sql: await readFile(path.join(dir, file), 'utf8') })));
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.exec(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now());
      alter table schema_migrations add column if not exists checksum text;`);
    const done = new Map((await tx.query<{ name: string; checksum: string | null }>('select name, checksum from schema_migrations')).map((r) => [r.name, r.checksum]));
    const applied: string[] = [];
    for (const { file, sql } of scripts) {
      const checksum = checksumOf(sql);
      if (done.has(file)) {
        const recorded = done.get(file);
        // Databases migrated before checksums were kept adopt the file as it is now.
        if (recorded === null) await tx.query('update schema_migrations set checksum = $2 where name = $1', [file, checksum]);
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
