import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainRead, writeAwareReads } from '../../server/db/remembered-reads.ts';
import { demoLogin } from '../../server/seed/seed.ts';
import { staffLesson } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

// Reads remembered until the next write (issue 20, item 2): on the embedded database the dashboard's
// repeated reads (the token check, the students' owner, the lessons) are answered from memory while nothing
// was written. What must hold: a write of any kind, through any path, is seen by the next read, and a lesson
// that ends while its list is remembered reads as completed from its end on.

describe('which statements are plain reads (anything else forgets every remembered answer)', () => {
  it.each([
    ['select 1', true],
    ['  SELECT id, updated_at from clients where id = $1', true],
    ['select a.id from appointments a where a.status = $1 order by a.start', true],
    ['insert into outbox (to_address) values ($1)', false],
    ['update appointments set status = $1', false],
    ['delete from busy_hours where id = $1', false],
    ['truncate outbox', false],
    ['with moved as (update appointments set start = $1 returning id) select id from moved', false],
    ['select id from orders where ref = $1 for update', false],
    ['select id from orders where ref = $1 for no key update', false],
    ['select id from orders where ref = $1 for share', false],
    ['select id from orders where ref = $1 for key share', false],
    ["select nextval('orders_id_seq')", false],
    ['select pg_advisory_xact_lock($1)', false],
    ["select set_config('app.now', $1, true)", false],
    ['begin', false],
    ['commit', false],
  ])('%s → %s', (sql, plain) => {
    expect(isPlainRead(sql)).toBe(plain);
  });
});

describe('a remembered answer', () => {
  const reading = (answers: unknown[]) => {
    let reads = 0;
    return {
      read: async () => ({ value: answers[reads++] }),
      count: () => reads,
    };
  };

  it('is answered again without a read until a write, then read afresh', async () => {
    const reads = writeAwareReads();
    const source = reading(['first', 'second']);
    expect(await reads.remembered('k', source.read)).toBe('first');
    expect(await reads.remembered('k', source.read)).toBe('first');
    expect(source.count()).toBe(1);
    reads.wrote();
    expect(await reads.remembered('k', source.read)).toBe('second');
    expect(source.count()).toBe(2);
  });

  it('stands until its instant, and is read again from that instant on', async () => {
    let now = 1_000;
    const reads = writeAwareReads(() => now);
    let count = 0;
    const read = async () => ({ value: ++count, until: 2_000 });
    expect(await reads.remembered('k', read)).toBe(1);
    now = 1_999;
    expect(await reads.remembered('k', read)).toBe(1);
    now = 2_000;
    expect(await reads.remembered('k', read)).toBe(2);
  });

  it('is not kept when a write happened while it was read (the write may or may not be in it)', async () => {
    const reads = writeAwareReads();
    let n = 0;
    const read = async () => {
      n += 1;
      if (n === 1) reads.wrote();
      return { value: n };
    };
    expect(await reads.remembered('k', read)).toBe(1);
    expect(await reads.remembered('k', read)).toBe(2);
    expect(await reads.remembered('k', read)).toBe(2);
  });

  it('is kept per key', async () => {
    const reads = writeAwareReads();
    expect(await reads.remembered('a', async () => ({ value: 'A' }))).toBe('A');
    expect(await reads.remembered('b', async () => ({ value: 'B' }))).toBe('B');
    expect(await reads.remembered('a', async () => ({ value: 'other' }))).toBe('A');
  });
});

describe('the dashboard read through the server', () => {
  let server: TestServer;
  let client: Session;
  let tutor: number;

  beforeAll(async () => {
    server = await startTestServer();
    client = await server.newClient(1);
    const [row] = await server.db.query<{ id: number }>(`select id from contractors where first_name = 'Michael' and last_name = 'Chen'`);
    tutor = row?.id ?? 0;
  });
  afterAll(() => server?.close());

  const lessons = async (token = client.token) => {
    const answer = await server.api('GET', `/appointmentstwo/${client.studentIds.join(',')}`, { token, query: { branch_id: 1 } });
    return { status: answer.status, lessons: (answer.body.data ?? []) as { id: number; status: string; start: string; finish: string }[] };
  };

  const lessonFrom = (start: Date, finish: Date) => staffLesson(server, client, tutor, start, finish);

  it('a lesson written in a transaction shows on the next read', async () => {
    expect((await lessons()).lessons).toEqual([]);
    const day = 24 * 3_600_000;
    const start = new Date((Math.floor(Date.now() / day) + 20) * day + 3 * 3_600_000);
    const id = await lessonFrom(start, new Date(start.getTime() + 3_600_000));
    expect((await lessons()).lessons.map((l) => [l.id, l.status])).toEqual([[id, 'planned']]);
  });

  it('a status changed by a plain update shows on the next read', async () => {
    const [first] = (await lessons()).lessons;
    await server.db.query(`update appointments set status = 'cancelled' where id = $1`, [first?.id]);
    expect((await lessons()).lessons.map((l) => [l.id, l.status])).toEqual([[first?.id, 'cancelled']]);
  });

  it('a lesson that ends while its list is remembered reads as completed from its end, with no write between', async () => {
    const finish = new Date(Date.now() + 1_500);
    const id = await lessonFrom(new Date(finish.getTime() - 3_600_000), finish);
    const before = (await lessons()).lessons.find((l) => l.id === id);
    expect(before?.status).toBe('planned');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, finish.getTime() - Date.now()) + 50));
    const after = (await lessons()).lessons.find((l) => l.id === id);
    expect(after?.status).toBe('completed');
  });

  it('a password change ends the old token at once, though it was just accepted', async () => {
    expect((await lessons()).status).toBe(200);
    const changed = await server.api('POST', '/oldnewpassword', {
      token: client.token,
      body: { clientid: client.clientid, oldPassword: demoLogin.password, newPassword: 'An0ther-Passw0rd!' },
    });
    expect(changed.status).toBe(200);
    expect((await lessons()).status).toBe(401);
    expect((await lessons(changed.body.token)).status).toBe(200);
  });
});
