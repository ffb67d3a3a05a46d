import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { checksumOf, migrate, rewordedMigrations } from '../../server/db/migrate.ts';
import { type TestServer, openTestDatabase, startTestServer } from '../support/test-server.ts';

// Migrations run as whole files (function bodies and all), each with a stored checksum, so a
// migration edited after it ran stops the start instead of leaving databases that differ.

const dirs: string[] = [];
const opened: { db: Database; drop: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.close();
    await drop();
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function scratch(): Promise<Database> {
  const made = await openTestDatabase();
  opened.push(made);
  return made.db;
}

async function migrations(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

const withFunction = `
-- A function body holds semicolons of its own: the file must run as one script.
create table counters (id int primary key, n int not null default 0);
create function bump(target int) returns int language plpgsql as $$
declare
  result int;
begin
  update counters set n = n + 1 where id = target returning n into result;
  return result;
end
$$;
insert into counters (id) values (1);
`;

describe('migrate', () => {
  it('runs a migration with a function body as one script, once', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction });

    expect(await migrate(db, dir)).toEqual(['001_counters.sql']);
    expect(await db.query('select bump(1) as n')).toEqual([{ n: 1 }]);
    expect(await migrate(db, dir)).toEqual([]);
    const [row] = await db.query<{ checksum: string }>('select checksum from schema_migrations where name = $1', ['001_counters.sql']);
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to start when an applied migration was edited since, naming it, and applies nothing after it', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction });
    await migrate(db, dir);
    await writeFile(path.join(dir, '001_counters.sql'), `${withFunction}\ninsert into counters (id) values (2);\n`);
    await writeFile(path.join(dir, '002_more.sql'), 'create table more (id int);');

    await expect(migrate(db, dir)).rejects.toThrow(/Migration 001_counters\.sql was edited after it was applied/);
    expect(await db.query(`select to_regclass('public.more') is null as absent`)).toEqual([{ absent: true }]);
    expect(await db.query('select id from counters order by id')).toEqual([{ id: 1 }]);
  });

  it('refuses to start when an applied migration is missing', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction });
    await migrate(db, dir);
    await rm(path.join(dir, '001_counters.sql'));

    await expect(migrate(db, dir)).rejects.toThrow(/missing.*001_counters\.sql/);
  });

  it('a failing migration leaves nothing of itself behind', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction, '002_broken.sql': 'create table half (id int);\nselect * from no_such_table;' });

    await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
    expect(await db.query(`select to_regclass('public.half') is null as absent, to_regclass('public.counters') is null as none`)).toEqual([{ absent: true, none: true }]);
  });

  it('a database migrated before checksums were kept adopts the files as they are', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction });
    await db.exec(`${withFunction}\ncreate table schema_migrations (name text primary key, applied_at timestamptz not null default now());\ninsert into schema_migrations (name) values ('001_counters.sql');`);

    expect(await migrate(db, dir)).toEqual([]);
    const [row] = await db.query<{ checksum: string | null }>('select checksum from schema_migrations');
    expect(row?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a migration whose comments were reworded is adopted where its old checksum was recorded, and no other edit is', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction });
    await migrate(db, dir);
    const reworded = withFunction.replace('-- A function body holds semicolons of its own', '-- Its function body holds semicolons');
    await writeFile(path.join(dir, '001_counters.sql'), reworded);
    const known = new Map([['001_counters.sql', [checksumOf(withFunction)]]]);

    await expect(migrate(db, dir, undefined, new Map())).rejects.toThrow(/001_counters\.sql was edited after it was applied/);
    expect(await migrate(db, dir, undefined, known)).toEqual([]);
    expect(await db.query('select checksum from schema_migrations')).toEqual([{ checksum: checksumOf(reworded) }]);
    // Known old text or not, a later edit is still refused.
    await writeFile(path.join(dir, '001_counters.sql'), `${reworded}\ninsert into counters (id) values (2);\n`);
    await expect(migrate(db, dir, undefined, known)).rejects.toThrow(/001_counters\.sql was edited after it was applied/);
  });

  it("the project's reworded migrations exist and differ from the text they had", async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    for (const [file, old] of rewordedMigrations) {
      const now = checksumOf(await readFile(path.join(here, '../../server/migrations', file), 'utf8'));
      expect(old).not.toContain(now);
    }
  });

  it('two instances migrating one database at once apply each file once', async () => {
    const db = await scratch();
    const dir = await migrations({ '001_counters.sql': withFunction, '002_more.sql': 'create table more (id int);' });

    const [a, b] = await Promise.all([migrate(db, dir), migrate(db, dir)]);

    expect([...a, ...b].sort()).toEqual(['001_counters.sql', '002_more.sql']);
  });
});

describe('006_receipts_and_ratings.sql on a database with services made before it', () => {
  const shipped = fileURLToPath(new URL('../../server/migrations/', import.meta.url));

  it("renames a service named by a bare subject '<Subject> - <its students>', and leaves every other name as it was", async () => {
    const db = await scratch();
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-migrations-'));
    dirs.push(dir);
    const files = (await readdir(shipped)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    const before = files.filter((f) => f < '006');
    for (const file of before) await copyFile(path.join(shipped, file), path.join(dir, file));
    expect(await migrate(db, dir)).toEqual(before);
    await db.exec(`
      insert into branches (id, name) values (1, 'Dubai');
      insert into subjects (branch_id, name, level_category) values (1, 'Mathematics', '[1]'), (1, 'English', '[1]');
      insert into clients (id, branch_id, firstname, lastname, email, password_hash) values (1, 1, 'Sarah', 'Ahmed', 's@example.com', 'x');
      insert into students (id, client_id, first_name, last_name) values (11, 1, 'Lina', 'Ahmed'), (10, 1, 'Adam', 'Ahmed');
      insert into services (id, branch_id, client_id, name, dft_charge_type, dft_charge_rate, dft_contractor_rate) values
        (1, 1, 1, 'Mathematics', 'hourly', 1, 1), (2, 1, 1, 'English', 'hourly', 1, 1), (3, 1, 1, 'Mathematics - Adam Ahmed', 'hourly', 1, 1),
        (4, 1, 1, 'Weekend club', 'hourly', 1, 1), (5, 1, 1, 'Mathematics', 'hourly', 1, 1);
      insert into service_recipients (service_id, student_id) values (1, 10), (2, 11), (2, 10), (3, 10), (4, 10);
    `);

    await copyFile(path.join(shipped, '006_receipts_and_ratings.sql'), path.join(dir, '006_receipts_and_ratings.sql'));
    expect(await migrate(db, dir)).toEqual(['006_receipts_and_ratings.sql']);

    expect(await db.query('select id, name from services order by id')).toEqual([
      { id: 1, name: 'Mathematics - Adam Ahmed' },
      { id: 2, name: 'English - Adam Ahmed, Lina Ahmed' },
      { id: 3, name: 'Mathematics - Adam Ahmed' },
      { id: 4, name: 'Weekend club' },
      // No students to name: left as it was.
      { id: 5, name: 'Mathematics' },
    ]);
  });
});

describe('the branch time zone is read from the branch row', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('is served with the user at login and in the client data, and follows the row', async () => {
    const demo = await server.login();
    const login = await server.api('POST', '/login', { body: { email: 'parent@example.com', password: 'Passw0rd!' } });
    expect(login.body.user.branch_time_zone).toBe('Asia/Dubai');

    await server.db.query(`update branches set time_zone = 'Asia/Kolkata' where id = 1`);
    try {
      const data = await server.api('GET', `/clientsdata/${demo.clientid}`, { token: demo.token });
      expect(data.body.client.branch_time_zone).toBe('Asia/Kolkata');
    } finally {
      await server.db.query(`update branches set time_zone = 'Asia/Dubai' where id = 1`);
    }
  });

  it('places /filter_tutor hours in that zone', async () => {
    const demo = await server.login();
    const amiraAt = async (date: string, time: string) => {
      const answer = await server.api('GET', '/filter_tutor', { token: demo.token, query: { subject: 'Mathematics', date, time, quallevel: 5 } });
      return (answer.body.data as { first_name: string }[]).some((t) => t.first_name === 'Amira');
    };
    // Amira (Mathematics) works Sunday to Thursday 15:00-20:00 branch time, and the demo client books her on some of
    // those days: the day is picked from the data (the first of the next weeks on which she is offered at 16:00),
    // not from the weekday the test runs on.
    let date: string | undefined;
    for (let ahead = 3; ahead < 24 && date === undefined; ahead++) {
      const candidate = new Date(Date.now() + ahead * 24 * 3600 * 1000).toISOString().slice(0, 10);
      if (await amiraAt(candidate, '16:00')) date = candidate;
    }
    if (date === undefined) throw new Error('Amira is offered at 16:00 on none of the next three weeks: the seed changed');
    // 16:00 in Kolkata is 14:30 in Dubai, before her hours begin.
    await server.db.query(`update branches set time_zone = 'Asia/Kolkata' where id = 1`);
    try {
      expect(await amiraAt(date, '16:00')).toBe(false);
    } finally {
      await server.db.query(`update branches set time_zone = 'Asia/Dubai' where id = 1`);
    }
  });
});
