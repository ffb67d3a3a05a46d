import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedAsOfNow } from '../support/seeded-database.ts';

/**
 * A migrated and seeded data directory, made once per run: every e2e server starts on a copy of it
 * (tests/e2e/fixtures.ts) rather than migrating and seeding its own, which with several workers starting at once
 * took over a minute. The workers find it in E2E_SEEDED_DATA_DIR, and the branch's day it was seeded on in
 * E2E_SEEDED_ON: a server started after the branch's midnight seeds its own, as `npm start` would that day.
 */
export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-seeded-'));
  const db = await openPglite(path.join(dataDir, 'pglite'));
  await migrate(db);
  const seededOn = await seedAsOfNow(db);
  await db.close();
  process.env.E2E_SEEDED_DATA_DIR = dataDir;
  process.env.E2E_SEEDED_ON = JSON.stringify(seededOn);
}
