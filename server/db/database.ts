import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import { type RememberedReads, forgetfulReads, isPlainRead, writeAwareReads } from './remembered-reads.ts';

/** The one thing handlers need from a database: parameterised SQL. */
export interface Queryable {
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a whole SQL script (several statements, function bodies): migrations only, never input. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable, RememberedReads {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PgliteDatabase extends Database {
  /** The whole data directory as a tarball, for `openPglite`'s `loadDataDir`. */
  snapshot(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL: in `dataDir` on disk, or in memory when `dataDir` is undefined; `loadDataDir` starts it from
 * a `dumpDataDir` tarball (the tests' migrated and seeded database, made once per run).
 */
export async function openPglite(dataDir?: string, start: { loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  // btree_gist lets one exclusion constraint hold both "same tutor" (=) and "overlapping hours" (&&).
  const options = { extensions: { btree_gist }, ...start };
  const db = dataDir === undefined ? new PGlite(options) : new PGlite(dataDir, options);
  await db.waitReady;
  // This process holds the data directory alone, so every write passes here (remembered-reads.ts).
  const reads = writeAwareReads();
  return {
    kind: 'pglite',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      if (!isPlainRead(sql)) reads.wrote();
      try {
        return (await db.query<Row>(sql, [...params])).rows;
      } finally {
        // Again once it ran: a read that started while it waited in the queue must not keep its answer.
        if (!isPlainRead(sql)) reads.wrote();
      }
    },
    async exec(sql) {
      reads.wrote();
      await db.exec(sql);
      reads.wrote();
    },
    async transaction(work) {
      reads.wrote();
      try {
        return await db.transaction((tx) =>
          work({
            query: async <Row>(sql: string, params: readonly unknown[] = []) => (await tx.query<Row>(sql, [...params])).rows,
            exec: async (sql) => void (await tx.exec(sql)),
          }),
        );
      } finally {
        reads.wrote();
      }
    },
    remembered: reads.remembered,
    close: () => db.close(),
    snapshot: () => db.dumpDataDir('none'),
  };
}

// pg returns int8/numeric as strings by default; counts come back as int via ::int casts in SQL instead.
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection can be cut by the server (restart, failover, admin); the pool replaces it.
  // Without a listener that 'error' would crash the process.
  pool.on('error', (error) => console.warn('PostgreSQL connection lost:', error.message));
  await pool.query('select 1');
  // Every statement of this codebase is a literal (values go in parameters), so each one is prepared
  // once per connection under a name derived from its text, and then only bound and executed.
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined) names.set(sql, (name = `q${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
    return name;
  };
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]) =>
    (await client.query({ name: nameOf(sql), text: sql, values: [...params] })).rows as Row[];
  // A query without parameters goes by the simple protocol, which runs a whole script.
  const script = async (client: pg.Pool | pg.PoolClient, sql: string) => void (await client.query(sql));
  return {
    kind: 'postgres',
    // Other instances write to the same database unseen: every read is read.
    remembered: forgetfulReads.remembered,
    query: (sql, params = []) => run(pool, sql, params),
    exec: (sql) => script(pool, sql),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: (sql, params = []) => run(client, sql, params), exec: (sql) => script(client, sql) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

function violates(code: string, error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === code && (constraint === undefined || e.constraint === constraint);
}

/** PostgreSQL's code for a unique-constraint violation. */
export const isUniqueViolation = (error: unknown, constraint?: string) => violates('23505', error, constraint);

/** PostgreSQL's code for an exclusion-constraint violation (overlapping lessons). */
export const isExclusionViolation = (error: unknown, constraint?: string) => violates('23P01', error, constraint);
