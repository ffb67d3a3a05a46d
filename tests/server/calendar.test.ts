import { createHash } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoLogin } from '../../server/seed/seed.ts';
import { bookedLesson, createService, type Slot, slotSource } from '../support/booking-fixtures.ts';
import { type ParsedCalendar, type ParsedEvent, lineProblems, parseCalendar } from '../support/calendar-files.ts';
import { responseErrors } from '../support/contract.ts';
import { type Session, type TestServer, startTestServer, storedState } from '../support/test-server.ts';

// Lessons in the client's calendar (issue 19, items 1 and 2): one lesson's .ics (GET /calendar/lessons/{id})
// and the private feed (GET/POST /calendar-feed, GET /calendar-feed/{token}), over HTTP against a real server.
// Every calendar answer is parsed by a real parser (ical.js) and its lines checked (CRLF, at most 75 octets).

let server: TestServer;
let client: Session;
let slots: ReturnType<typeof slotSource>;
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.newClient(1);
  slots = slotSource(server, client);
});
afterAll(() => server?.close());

interface CalendarAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed calendar of a 200; undefined otherwise. */
  calendar: ParsedCalendar | undefined;
  /** The JSON body of an error answer. */
  json: any;
}

/** A GET of `url` (under /api, or a whole feed address), with the session's token when given. */
async function calendarGet(url: string, token?: string): Promise<CalendarAnswer> {
  const response = await fetch(url.startsWith('http') ? url : `${server.url}/api${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  const calendar = response.status === 200 ? parseCalendar(text) : undefined;
  const json = response.status === 200 ? undefined : JSON.parse(text);
  return { status: response.status, headers: response.headers, text, calendar, json };
}

/** The one event of a lesson's file, after checking the file's lines and that it holds one event. */
async function lessonFile(appointmentId: number, session: Session = client): Promise<{ answer: CalendarAnswer; event: ParsedEvent }> {
  const answer = await calendarGet(`/calendar/lessons/${appointmentId}`, session.token);
  expect(answer.status).toBe(200);
  expect(lineProblems(answer.text)).toEqual([]);
  expect(answer.calendar?.events).toHaveLength(1);
  return { answer, event: answer.calendar?.events[0] as ParsedEvent };
}

async function tutorName(contractorId: number): Promise<string> {
  const [row] = await server.db.query<{ name: string }>(`select first_name || ' ' || last_name as name from contractors where id = $1`, [contractorId]);
  return row?.name ?? '';
}

async function studentName(studentId: number): Promise<string> {
  const [row] = await server.db.query<{ name: string }>(`select first_name || ' ' || last_name as name from students where id = $1`, [studentId]);
  return row?.name ?? '';
}

const expectCommonHeaders = (headers: Headers) => {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('same-origin');
};

const manageBooking = () => `${server.url}/manage-booking`;

describe('GET /calendar/lessons/{id}: one lesson as a file', () => {
  let slot: Slot;
  let lesson: { appointmentId: number; serviceId: number };

  beforeAll(async () => {
    slot = await slots.next();
    lesson = await bookedLesson(server, client, slot);
  });

  it('a booked lesson: an attachment named after it, never cached, with the headers every answer has', async () => {
    const { answer } = await lessonFile(lesson.appointmentId);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="lesson-${lesson.appointmentId}.ics"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectCommonHeaders(answer.headers);
  });

  it("holds the lesson's fields: UID, DTSTAMP, its start and finish as UTC instants, the subject, tutor, student, Manage Booking, one alarm", async () => {
    const before = Date.now();
    const { event } = await lessonFile(lesson.appointmentId);
    const tutor = await tutorName(slot.contractorId);
    expect(event).toMatchObject({
      uid: `lesson-${lesson.appointmentId}@127.0.0.1`,
      sequence: 0,
      start: slot.start,
      end: slot.finish,
      utc: true,
      status: 'CONFIRMED',
      url: manageBooking(),
    });
    // DTSTAMP is when the file was written (whole seconds).
    expect(event.stamp?.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(event.stamp?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(event.summary).toBe(`Mathematics lesson with ${tutor}`);
    expect(event.description.split('\n')).toEqual(
      expect.arrayContaining([`For ${await studentName(client.studentIds[0] as number)}`, `Manage Booking: ${manageBooking()}`]),
    );
    expect(event.alarms).toHaveLength(1);
  });

  it('follows a reschedule through PUT /appointments/{id}: the same UID, SEQUENCE + 1, the new DTSTART and DTEND', async () => {
    const before = (await lessonFile(lesson.appointmentId)).event;
    const [to] = (await slots.sameTutor(slot.contractorId, 1)) as [Slot];
    const moved = await server.api('PUT', `/appointments/${lesson.appointmentId}`, {
      token: client.token,
      body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: lesson.serviceId, branch_id: 1 },
    });
    expect(moved.status).toBe(200);

    const after = (await lessonFile(lesson.appointmentId)).event;
    expect(after).toMatchObject({ uid: before.uid, sequence: before.sequence + 1, start: to.start, end: to.finish, status: 'CONFIRMED' });
    expect(after.alarms).toHaveLength(1);
    slot = to;
  });

  it('follows a cancellation by staff: STATUS:CANCELLED, SEQUENCE + 1, no alarm, still the same lesson and tutor', async () => {
    const before = (await lessonFile(lesson.appointmentId)).event;
    await server.db.query(`update appointments set status = 'cancelled' where id = $1`, [lesson.appointmentId]);

    const after = (await lessonFile(lesson.appointmentId)).event;
    expect(after).toMatchObject({ uid: before.uid, sequence: before.sequence + 1, start: slot.start, end: slot.finish, status: 'CANCELLED' });
    expect(after.alarms).toEqual([]);
    expect(after.summary).toBe(`Mathematics lesson with ${await tutorName(slot.contractorId)}`);
  });

  it("refuses another client's lesson with 403 naming id, and tells nothing of it", async () => {
    const [theirs] = await server.db.query<{ id: number }>(
      'select a.id from appointments a join clients c on c.id = a.client_id where c.email = $1 order by a.id limit 1',
      [demoLogin.email],
    );
    const answer = await calendarGet(`/calendar/lessons/${theirs?.id}`, client.token);
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ success: false, field: 'id', message: 'This lesson is not yours.' });
    expect(responseErrors('getLessonCalendarFile', 403, answer.json)).toEqual([]);
    expect(answer.text).not.toContain('BEGIN:VCALENDAR');
  });

  it('answers 404 for a lesson that does not exist, 401 without a session, 400 for an id not in decimal digits', async () => {
    const [last] = await server.db.query<{ id: number }>('select max(id) as id from appointments');
    const missing = await calendarGet(`/calendar/lessons/${(last?.id ?? 0) + 1000}`, client.token);
    expect({ status: missing.status, message: missing.json.message }).toEqual({ status: 404, message: 'Appointment not found' });
    expect(responseErrors('getLessonCalendarFile', 404, missing.json)).toEqual([]);

    const anonymous = await calendarGet(`/calendar/lessons/${lesson.appointmentId}`);
    expect(anonymous.status).toBe(401);
    expect(responseErrors('getLessonCalendarFile', 401, anonymous.json)).toEqual([]);

    const hex = await calendarGet(`/calendar/lessons/0x${lesson.appointmentId.toString(16)}`, client.token);
    expect({ status: hex.status, field: hex.json.field }).toEqual({ status: 400, field: 'id' });
    expect(responseErrors('getLessonCalendarFile', 400, hex.json)).toEqual([]);
  });
});

/** Makes or resets the session's feed (asking for the reset, which a first feed does not need); answers its address and secret. */
async function resetFeed(session: Session): Promise<{ url: string; webcal_url: string; created_at: string; token: string }> {
  const answer = await server.api('POST', '/calendar-feed', { token: session.token, body: { reset: true } });
  expect(answer.status).toBe(201);
  expect(responseErrors('resetCalendarFeed', 201, answer.body)).toEqual([]);
  const token = /\/api\/calendar-feed\/([A-Za-z0-9_-]{43})$/.exec(answer.body.url)?.[1];
  if (!token) throw new Error(`no secret in ${answer.body.url}`);
  return { ...answer.body, token };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the private calendar feed', () => {
  it('a new client has none; POST makes one, shown as https-or-portal scheme and webcal addresses; GET then says since when', async () => {
    const session = await server.newClient(1);
    const none = await server.api('GET', '/calendar-feed', { token: session.token });
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: { active: false, created_at: null } });
    expect(responseErrors('getCalendarFeedStatus', 200, none.body)).toEqual([]);

    const feed = await resetFeed(session);
    expect(feed.url).toBe(`${server.url}/api/calendar-feed/${feed.token}`);
    expect(feed.webcal_url).toBe(`webcal://${new URL(server.url).host}/api/calendar-feed/${feed.token}`);
    expect(Math.abs(Date.parse(feed.created_at) - Date.now())).toBeLessThan(60_000);

    const status = await server.api('GET', '/calendar-feed', { token: session.token });
    expect(status.body).toEqual({ active: true, created_at: feed.created_at });
    expect(responseErrors('getCalendarFeedStatus', 200, status.body)).toEqual([]);
  });

  it('stores only the SHA-256 of a secret that is 32 random bytes and not the session token', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    expect(Buffer.from(feed.token, 'base64url')).toHaveLength(32);
    expect(feed.token).not.toBe(session.token);
    expect(session.token).not.toContain(feed.token);
    const rows = await server.db.query<Record<string, unknown>>('select * from calendar_feeds where client_id = $1', [session.clientid]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(feed.token));
    expect(JSON.stringify(rows)).not.toContain(feed.token);
  });

  it('answers the calendar to anyone with the address: named, not an attachment, never cached, with the same UIDs as the lesson files', async () => {
    const session = await server.newClient(1);
    const hours = slotSource(server, session);
    const kept = await bookedLesson(server, session, await hours.next());
    const cancelled = await bookedLesson(server, session, await hours.next());
    await server.db.query(`update appointments set status = 'cancelled' where id = $1`, [cancelled.appointmentId]);
    const feed = await resetFeed(session);

    const answer = await calendarGet(feed.url);
    expect(answer.status).toBe(200);
    expect(lineProblems(answer.text)).toEqual([]);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-disposition')).toBeNull();
    expectCommonHeaders(answer.headers);
    expect(answer.calendar?.name).toBe('Tutoring lessons');

    // Each lesson as its own file says it, the cancelled one too (cancelled).
    const files = await Promise.all([kept, cancelled].map(async (l) => (await lessonFile(l.appointmentId, session)).event));
    const events = answer.calendar?.events ?? [];
    expect(events.map((e) => e.uid).sort()).toEqual(files.map((e) => e.uid).sort());
    for (const file of files) {
      const inFeed = events.find((e) => e.uid === file.uid);
      expect(inFeed).toMatchObject({ sequence: file.sequence, start: file.start, end: file.end, status: file.status, summary: file.summary, url: file.url });
      expect(inFeed?.alarms).toEqual(file.alarms);
    }
    expect(files.map((e) => [e.status, e.sequence])).toEqual([
      ['CONFIRMED', 0],
      ['CANCELLED', 1],
    ]);
  });

  it('holds the lessons from 2 weeks back to 3 months ahead, cancelled and completed ones too, never pending ones or other clients\'', async () => {
    const session = await server.newClient(1);
    const [tutor] = await server.db.query<{ id: number }>('select id from contractors order by id limit 1');
    const serviceId = await createService(server, session, tutor?.id ?? 0);
    const now = Date.now();
    // Calendar months, as date-fns counts them (31 Mar + 3 months is 30 Jun), in UTC.
    const months = (n: number) => addMonths(new TZDate(now, 'UTC'), n).getTime();
    const lessons: [label: string, start: number, status: string, inFeed: boolean][] = [
      ['15 days back', now - 15 * dayMs, 'completed', false],
      ['14 days and an hour back', now - 14 * dayMs - 3_600_000, 'completed', false],
      ['13 days back', now - 13 * dayMs, 'completed', true],
      ['yesterday, cancelled', now - dayMs, 'cancelled', true],
      ['in 2 months', months(2), 'planned', true],
      ['in 2 months, pending', months(2) + 3 * 3_600_000, 'pending', false],
      ['a day before 3 months ahead', months(3) - dayMs, 'planned', true],
      ['a day after 3 months ahead', months(3) + dayMs, 'planned', false],
      ['in 4 months', months(4), 'planned', false],
    ];
    const uids = new Map<string, string>();
    for (const [label, start, status] of lessons) {
      // As staff would write them: lessons in the past cannot be booked through the API.
      const [row] = await server.db.query<{ id: number }>(
        `insert into appointments (client_id, branch_id, service_id, start, finish, topic, status, basis)
         values ($1, 1, $2, $3, $4, 'Mathematics', $5, 'staff') returning id`,
        [session.clientid, serviceId, new Date(start), new Date(start + 3_600_000), status],
      );
      uids.set(`lesson-${row?.id}@127.0.0.1`, label);
    }
    const feed = await resetFeed(session);
    const answer = await calendarGet(feed.url);
    expect(answer.status).toBe(200);
    expect(lineProblems(answer.text)).toEqual([]);
    const shown = (answer.calendar?.events ?? []).map((e) => uids.get(e.uid) ?? `another lesson: ${e.uid}`);
    expect(shown.sort()).toEqual(lessons.filter(([, , , inFeed]) => inFeed).map(([label]) => label).sort());
  });

  it('Reset replaces the secret: the old address answers 404, the new one the calendar', async () => {
    const session = await server.newClient(1);
    const first = await resetFeed(session);
    expect((await calendarGet(first.url)).status).toBe(200);
    const second = await resetFeed(session);
    expect(second.token).not.toBe(first.token);
    expect(Date.parse(second.created_at)).toBeGreaterThanOrEqual(Date.parse(first.created_at));

    const old = await calendarGet(first.url);
    expect({ status: old.status, message: old.json.message }).toEqual({ status: 404, message: 'Calendar feed not found' });
    expect(responseErrors('getCalendarFeed', 404, old.json)).toEqual([]);
    expect((await calendarGet(second.url)).status).toBe(200);
    const rows = await server.db.query<{ token_hash: string }>('select token_hash from calendar_feeds where client_id = $1', [session.clientid]);
    expect(rows).toEqual([{ token_hash: sha256(second.token) }]);
  });

  it('an address nobody was given answers 404; a malformed one 400', async () => {
    const unknown = await calendarGet(`/calendar-feed/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(responseErrors('getCalendarFeed', 404, unknown.json)).toEqual([]);
    for (const bad of ['A'.repeat(42), `${'A'.repeat(42)}.`]) {
      const answer = await calendarGet(`/calendar-feed/${bad}`);
      expect({ bad, status: answer.status, field: answer.json.field }).toEqual({ bad, status: 400, field: 'token' });
      expect(responseErrors('getCalendarFeed', 400, answer.json)).toEqual([]);
    }
  });

  it('a password change ends the sessions but not the feed, which is its own secret', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    const changed = await server.api('POST', '/oldnewpassword', { token: session.token, body: { clientid: session.clientid, oldPassword: demoLogin.password, newPassword: 'another-Passw0rd' } });
    expect(changed.status).toBe(200);
    expect((await server.api('GET', '/calendar-feed', { token: session.token })).status).toBe(401);
    expect((await calendarGet(feed.url)).status).toBe(200);
    expect((await server.api('GET', '/calendar-feed', { token: changed.body.token })).body).toEqual({ active: true, created_at: feed.created_at });
  });

  it('deleting the client deletes the feed', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    await server.db.query('delete from clients where id = $1', [session.clientid]);
    expect((await calendarGet(feed.url)).status).toBe(404);
    expect(await server.db.query('select 1 from calendar_feeds where token_hash = $1', [sha256(feed.token)])).toEqual([]);
  });

  it('the status and Reset need a session (401)', async () => {
    for (const [method, operationId] of [['GET', 'getCalendarFeedStatus'], ['POST', 'resetCalendarFeed']] as const) {
      const answer = await server.api(method, '/calendar-feed');
      expect({ method, status: answer.status }).toEqual({ method, status: 401 });
      expect(responseErrors(operationId, 401, answer.body)).toEqual([]);
    }
  });
});

describe('a reset must be asked for: a stray POST never replaces a feed (issue 28)', () => {
  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['reset: false', { reset: false }],
  ])('a first feed needs no confirmation: %s makes it', async (_, body) => {
    const session = await server.newClient(1);
    const answer = await server.api('POST', '/calendar-feed', { token: session.token, ...(body === undefined ? {} : { body }) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(responseErrors('resetCalendarFeed', 201, answer.body)).toEqual([]);
    expect((await calendarGet(answer.body.url)).status).toBe(200);
  });

  it('with a feed, a POST without reset: true answers 409 naming reset, changes nothing, and the old address still works', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    const before = await storedState(server.db);
    for (const body of [undefined, {}, { reset: false }]) {
      const answer = await server.api('POST', '/calendar-feed', { token: session.token, ...(body === undefined ? {} : { body }) });
      expect({ body, status: answer.status, field: answer.body.field }).toEqual({ body, status: 409, field: 'reset' });
      expect(answer.body.message).toBe('You already have a calendar link. Reset it to make a new one: the old link then stops working.');
      expect(responseErrors('resetCalendarFeed', 409, answer.body)).toEqual([]);
    }
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    expect((await calendarGet(feed.url)).status).toBe(200);
    expect((await server.api('GET', '/calendar-feed', { token: session.token })).body).toEqual({ active: true, created_at: feed.created_at });
  });

  it('with reset: true, a new address; the old one answers 404', async () => {
    const session = await server.newClient(1);
    const first = await resetFeed(session);
    const answer = await server.api('POST', '/calendar-feed', { token: session.token, body: { reset: true } });
    expect(answer.status).toBe(201);
    expect(answer.body.url).not.toBe(first.url);
    expect((await calendarGet(first.url)).status).toBe(404);
    expect((await calendarGet(answer.body.url)).status).toBe(200);
  });

  it('an unknown field, a reset that is not true or false, an array, null: 400 naming the field, and the feed stays as it was', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    const before = await storedState(server.db);
    const cases: [unknown, string][] = [
      [{ rotate: true }, 'rotate'],
      [{ reset: true, confirm: 'reset' }, 'confirm'],
      [{ reset: 'true' }, 'reset'],
      [{ reset: 1 }, 'reset'],
      [{ reset: null }, 'reset'],
      [[{ reset: true }], 'body'],
      [null, 'body'],
      ['reset', 'body'],
    ];
    for (const [body, field] of cases) {
      const answer = await server.api('POST', '/calendar-feed', { token: session.token, body });
      expect({ body, status: answer.status, field: answer.body.field }).toEqual({ body, status: 400, field });
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
      expect(responseErrors('resetCalendarFeed', 400, answer.body)).toEqual([]);
    }
    expect((await storedState(server.db)).digest).toEqual(before.digest);
    expect((await calendarGet(feed.url)).status).toBe(200);
  });
});

describe('the feed is rate-limited: misses per address, fetches per feed', () => {
  const counted = async (kind: string, key?: string) => {
    const [row] = await server.db.query<{ n: number }>(
      `select count(*)::int as n from rate_events where kind = $1 and ($2::text is null or key = $2) and at > now() - interval '1 hour'`,
      [kind, key ?? null],
    );
    return row?.n ?? 0;
  };
  const guess = (i: number) => calendarGet(`/calendar-feed/${createHash('sha256').update(`guess ${i}`).digest('base64url').slice(0, 43)}`);
  const forget = () => server.db.query(`delete from rate_events where kind like 'calendar-feed%'`);
  beforeEach(forget);
  afterEach(forget);

  it('a real feed fetched often from one address (a calendar service) is not counted against the address', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    for (let i = 0; i < 40; i++) expect((await calendarGet(feed.url)).status).toBe(200);
    expect(await counted('calendar-feed-miss:ip')).toBe(0);
    expect(await counted('calendar-feed:feed')).toBe(40);
  });

  it('guesses are: after 30 misses in an hour from one address, that address is refused, even with a real feed', async () => {
    const session = await server.newClient(1);
    const feed = await resetFeed(session);
    for (let i = 0; i < 30; i++) {
      const missed = await guess(i);
      if (missed.status !== 404) throw new Error(`guess ${i + 1} answered ${missed.status}`);
    }
    expect(await counted('calendar-feed-miss:ip', '127.0.0.1')).toBe(30);
    const refused = await calendarGet(feed.url);
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ success: false, message: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(responseErrors('getCalendarFeed', 429, refused.json)).toEqual([]);
    expect(refused.text).not.toContain('VCALENDAR');
    expect((await guess(99)).status).toBe(429);
  });

  it('one feed is served 120 times an hour, then 429, while another feed still answers', async () => {
    const [one, other] = [await resetFeed(await server.newClient(1)), await resetFeed(await server.newClient(1))];
    for (let i = 0; i < 120; i++) {
      const fetched = await calendarGet(one.url);
      if (fetched.status !== 200) throw new Error(`fetch ${i + 1} answered ${fetched.status}`);
    }
    expect((await calendarGet(one.url)).status).toBe(429);
    expect((await calendarGet(other.url)).status).toBe(200);
  });
});
