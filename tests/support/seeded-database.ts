import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, openPglite, openPostgres } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { branchDay, branchTimeZone } from '../../server/domain/branch-time.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import type { SeededOn } from './seeded-on.ts';

/**
 * Where the run's migrated and seeded database is: a PGlite tarball, or a PostgreSQL template database; and the
 * branch's day it was seeded on (the demo data is laid out from that day: see `seededToday`).
 */
export type SeededDatabase = ({ kind: 'pglite'; file: string } | { kind: 'postgres'; template: string }) & SeededOn;

/** Seeds a migrated database as of now (the server suite's and the e2e's global setups), and says on which of the branch's days. */
export async function seedAsOfNow(db: Database): Promise<SeededOn> {
  const now = new Date();
  await seedIfEmpty(db, now);
  const zone = await branchTimeZone(db, 1);
  return { zone, day: branchDay(now, zone) };
}

declare module 'vitest' {
  export interface ProvidedContext {
    seededDatabase: SeededDatabase;
    /** PGlite only: the tarball of a database as `new PGlite()` makes it, before any migration. */
    emptyDatabase: string | undefined;
  }
}

/**
 * The server suite's global setup: migrate and seed one database for the whole run, which each test server then
 * starts from (PGlite: `loadDataDir` of its tarball, 0.6 s instead of 3–4 s; PostgreSQL: `create database … template`),
 * instead of every file running every migration and the seed again. Each file still runs `migrate` and
 * `seedIfEmpty` on its copy: both find nothing to do, and would catch a stale copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = `portal_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = await openPostgres(url.toString());
    await migrate(db);
    const on = await seedAsOfNow(db);
    // A template can be copied only while nobody is connected to it.
    await db.close();
    project.provide('seededDatabase', { kind: 'postgres', template, ...on });
    project.provide('emptyDatabase', undefined);
    return () => adminQuery(adminUrl, `drop database if exists ${template}`);
  }
  const db = await openPglite();
  // A fresh PGlite runs initdb (about 2 s of CPU); a test that needs an empty database loads this copy instead.
  const empty = await tarball(db, 'empty');
  await migrate(db);
  const on = await seedAsOfNow(db);
  const file = await tarball(db, 'seeded');
  await db.close();
  project.provide('seededDatabase', { kind: 'pglite', file, ...on });
  project.provide('emptyDatabase', empty);
  return async () => {
    await rm(file, { force: true });
    await rm(empty, { force: true });
  };
}

async function tarball(db: Awaited<ReturnType<typeof openPglite>>, what: string): Promise<string> {
  const file = path.join(tmpdir(), `portal-${what}-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await (await db.snapshot()).arrayBuffer()));
  return file;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
