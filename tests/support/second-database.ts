import { type Database, openPostgres } from '../../server/db/database.ts';
import type { TestServer } from './test-server.ts';

/**
 * A second instance's database, as the server scales: on PostgreSQL (TEST_DATABASE_URL) a pool of its own on the
 * test server's database, so two instances really race; PGlite lives in this process, so it is the same one.
 * Close it (when it is not `server.db`) before the server.
 */
export async function openSecondDatabase(server: TestServer): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return server.db;
  const [row] = await server.db.query<{ name: string }>('select current_database() as name');
  const url = new URL(adminUrl);
  url.pathname = `/${row?.name}`;
  return openPostgres(url.toString());
}

/** Closes a second instance's database opened by `openSecondDatabase` (nothing to close on PGlite, where it is the server's). */
export async function closeSecondDatabase(server: TestServer | undefined, db: Database | undefined): Promise<void> {
  if (db && db !== server?.db) await db.close();
}

/** Waits until `condition` holds, checking every 50 ms; fails after `timeoutMs`. */
export async function until(condition: () => Promise<boolean>, timeoutMs = 10_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
