import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from '../../contract/date-format.ts';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { lessonUid } from '../../server/domain/lesson-calendar.ts';
import { scanReminders, startReminderLoop } from '../../server/domain/reminders.ts';
import { type Slot, bookedLesson, slotSource } from '../support/booking-fixtures.ts';
import { lineProblems, parseCalendar } from '../support/calendar-files.ts';
import { type Session, type TestServer, startTestServer, testWebhookSecret } from '../support/test-server.ts';
import { closeSecondDatabase, openSecondDatabase } from '../support/second-database.ts';

// Lesson reminders (issue 19, item 3): a mail to the client REMINDER_LEAD_HOURS before each planned lesson,
// exactly once per lesson and start however many scans and instances run at once, a moved lesson reminded at
// its new time only, none for a cancelled, pending, completed or started one. Scans are run with the `now`
// they are given, so the due boundary is exact; the loop is run for real at the end. Run on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL (there the second instance has a pool of its own).

let server: TestServer;
/** A second instance's database: on PostgreSQL a pool of its own on the same database; PGlite is shared. */
let otherDb: Database;
const zone = 'Asia/Dubai';
const hour = 60 * 60 * 1000;
const minute = 60 * 1000;
const lead = 24;

beforeAll(async () => {
  server = await startTestServer();
  otherDb = await openSecondDatabase(server);
});
afterAll(async () => {
  await closeSecondDatabase(server, otherDb);
  await server?.close();
});

const scan = (now: Date, db: Database = server.db, leadHours = lead) => scanReminders(db, { publicUrl: server.url, leadHours, now });

interface Mail {
  id: number;
  subject: string;
  body: string;
  attachments: { filename: string; content_type: string; content: string }[];
}

const remindersTo = (session: Session) =>
  server.db.query<Mail>(`select id, subject, body, attachments from outbox where to_address = $1 and subject like 'Reminder:%' order by id`, [session.email]);

/** A new client of one student with one lesson booked (paid order) at a free hour 3 days ahead or more. */
async function lesson(): Promise<{ session: Session; slot: Slot; appointmentId: number; serviceId: number; hours: ReturnType<typeof slotSource> }> {
  const session = await server.newClient(1);
  const hours = slotSource(server, session);
  const slot = await hours.next();
  return { session, slot, hours, ...(await bookedLesson(server, session, slot)) };
}

const subjectAt = (start: Date) => `Reminder: Mathematics on ${formatDateTime(start, zone)} (Dubai time)`;

describe('a reminder is due from the lead before the start until the start', () => {
  it('none a minute before start − lead; one exactly at start − lead; none again after', async () => {
    const { session, slot, appointmentId } = await lesson();
    const dueAt = slot.start.getTime() - lead * hour;

    await scan(new Date(dueAt - minute));
    expect(await remindersTo(session)).toEqual([]);

    const { sent } = await scan(new Date(dueAt));
    expect(await remindersTo(session)).toEqual([expect.objectContaining({ subject: subjectAt(slot.start) })]);
    // The seed's lessons due at that instant are sent too (which ones depends on the day of the run).
    expect(sent.filter((id) => id === appointmentId)).toHaveLength(1);

    await scan(new Date(dueAt + hour));
    await scan(new Date(slot.start.getTime() - minute));
    expect(await remindersTo(session)).toHaveLength(1);
  });

  it('none for a lesson that has started, even if it was never reminded', async () => {
    const { session, slot, appointmentId } = await lesson();
    await scan(slot.start);
    await scan(new Date(slot.start.getTime() + 30 * minute));
    await scan(new Date(slot.start.getTime() + 24 * hour));
    expect(await remindersTo(session)).toEqual([]);
    const claims = await server.db.query('select * from lesson_reminders where appointment_id = $1', [appointmentId]);
    expect(claims).toEqual([]);
    // Nothing was claimed, so the same lesson is still reminded inside its window.
    await scan(new Date(slot.start.getTime() - hour));
    expect(await remindersTo(session)).toHaveLength(1);
  });

  it.each([
    ['cancelled', `update appointments set status = 'cancelled' where id = $1`],
    ['pending', `update appointments set status = 'pending' where id = $1`],
  ])('none for a %s lesson', async (_status, sql) => {
    const { session, slot, appointmentId } = await lesson();
    await server.db.query(sql, [appointmentId]);
    await scan(new Date(slot.start.getTime() - hour));
    expect(await remindersTo(session)).toEqual([]);
  });

  it('none for a lesson completed early (through the development page)', async () => {
    const { session, slot, appointmentId } = await lesson();
    const completed = await fetch(`${server.url}/dev/appointments/${appointmentId}/complete`, { method: 'POST' });
    expect(completed.status).toBe(200);
    await scan(new Date(slot.start.getTime() - hour));
    expect(await remindersTo(session)).toEqual([]);
  });
});

describe('exactly once per lesson and start', () => {
  it('ten scans at once, half of them through a second instance’s connections: one mail per lesson', async () => {
    const { session, slot, hours, appointmentId } = await lesson();
    const more = [await hours.next(), await hours.next()];
    const ids = [appointmentId];
    for (const s of more) ids.push((await bookedLesson(server, session, s)).appointmentId);
    const starts = [slot.start, ...more.map((s) => s.start)];
    // A lead that covers all three lessons, so that one instant has them all due.
    const leadHours = Math.ceil((Math.max(...starts.map((s) => s.getTime())) - Date.now()) / hour) + 1;
    const now = new Date();

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => scan(now, i % 2 === 0 ? server.db : otherDb, leadHours)));

    const mails = await remindersTo(session);
    expect(mails.map((m) => m.subject).sort()).toEqual(starts.map(subjectAt).sort());
    expect(mails.map((m) => m.attachments[0]?.filename).sort()).toEqual(ids.map((id) => `lesson-${id}.ics`).sort());
    // Each lesson was sent by exactly one of the ten scans; the others found it claimed.
    expect(results.flatMap((r) => r.sent).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(results.flatMap((r) => r.failed)).toEqual([]);
    // Every claim in the database has exactly one mail, whoever wrote it.
    const [counts] = await server.db.query<{ claims: number; mails: number }>(
      `select (select count(*)::int from lesson_reminders) as claims, (select count(*)::int from outbox where subject like 'Reminder:%') as mails`,
    );
    expect(counts?.mails).toBe(counts?.claims);
  });
});

describe('a moved lesson is reminded at its new time only', () => {
  it('reminded, then moved through the reschedule endpoint: one more reminder, showing the new time', async () => {
    const { session, slot, hours, appointmentId, serviceId } = await lesson();
    await scan(new Date(slot.start.getTime() - lead * hour));
    expect(await remindersTo(session)).toHaveLength(1);

    // An hour of the same tutor at least two days away, so the old and the new due windows do not meet.
    const to = (await hours.sameTutor(slot.contractorId, 40)).find((s) => Math.abs(s.start.getTime() - slot.start.getTime()) > 2 * lead * hour);
    if (!to) throw new Error('no free hour of the tutor two days away from the lesson');
    const moved = await server.api('PUT', `/appointments/${appointmentId}`, {
      token: session.token,
      body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: serviceId, branch_id: 1 },
    });
    expect(moved.status).toBe(200);

    // The old start is never due again; the new one is not due before its own window.
    await scan(new Date(slot.start.getTime() - lead * hour));
    await scan(new Date(slot.start.getTime() - minute));
    await scan(new Date(to.start.getTime() - lead * hour - minute));
    expect(await remindersTo(session)).toHaveLength(1);

    await scan(new Date(to.start.getTime() - lead * hour));
    await scan(new Date(to.start.getTime() - hour));
    const mails = await remindersTo(session);
    expect(mails.map((m) => m.subject)).toEqual([subjectAt(slot.start), subjectAt(to.start)]);
    expect(mails[1]?.body).toContain(`on ${formatDateTime(to.start, zone)}–`);
    const { events } = parseCalendar(mails[1]?.attachments[0]?.content ?? '');
    expect(events[0]).toMatchObject({ start: to.start, sequence: 1 });
    const claims = await server.db.query<{ starts_at: Date }>('select starts_at from lesson_reminders where appointment_id = $1 order by starts_at', [appointmentId]);
    expect(claims.map((c) => c.starts_at.getTime()).sort()).toEqual([slot.start.getTime(), to.start.getTime()].sort());
  });

  it('a reminded lesson that is cancelled gets nothing more', async () => {
    const { session, slot, appointmentId } = await lesson();
    await scan(new Date(slot.start.getTime() - lead * hour));
    await server.db.query(`update appointments set status = 'cancelled' where id = $1`, [appointmentId]);
    await scan(new Date(slot.start.getTime() - hour));
    expect(await remindersTo(session)).toHaveLength(1);
  });
});

describe('the reminder mail', () => {
  let session: Session;
  let appointmentId: number;
  let slot: Slot;
  let mail: Mail;

  beforeAll(async () => {
    ({ session, slot, appointmentId } = await lesson());
    await scan(new Date(slot.start.getTime() - 2 * hour));
    const [found] = await remindersTo(session);
    if (!found) throw new Error('no reminder was sent');
    mail = found;
  });

  it('says the subject, the time in the branch zone with its label, the tutor, the student and Manage Booking', async () => {
    const [tutor] = await server.db.query<{ name: string }>(`select first_name || ' ' || last_name as name from contractors where id = $1`, [slot.contractorId]);
    const [student] = await server.db.query<{ name: string }>(`select first_name || ' ' || last_name as name from students where id = $1`, [session.studentIds[0]]);
    expect(mail.subject).toBe(subjectAt(slot.start));
    expect(mail.subject).toMatch(/^Reminder: Mathematics on \w{3} \d{1,2} \w{3} \d{4} · \d{2}:\d{2} \(Dubai time\)$/);
    const lines = mail.body.split('\n');
    expect(lines).toContain(`This is a reminder of your Mathematics lesson on ${formatDateTime(slot.start, zone)}–${formatTime(slot.finish, zone)} (Dubai time).`);
    expect(lines).toContain(`Tutor: ${tutor?.name}`);
    expect(lines).toContain(`Student: ${student?.name}`);
    expect(lines).toContain(`To see, reschedule or cancel it, open Manage Booking: ${server.url}/manage-booking`);
  });

  it('attaches the lesson’s calendar file, with the UID of GET /calendar/lessons/{id}', async () => {
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file).toMatchObject({ filename: `lesson-${appointmentId}.ics`, content_type: 'text/calendar' });
    expect(lineProblems(file?.content ?? '')).toEqual([]);
    const attached = parseCalendar(file?.content ?? '').events;
    expect(attached).toHaveLength(1);

    const response = await fetch(`${server.url}/api/calendar/lessons/${appointmentId}`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(response.status).toBe(200);
    const served = parseCalendar(await response.text()).events;
    expect(attached[0]?.uid).toBe(served[0]?.uid);
    expect(attached[0]?.uid).toBe(lessonUid(appointmentId, server.url));
    expect(attached[0]).toMatchObject({ start: slot.start, end: slot.finish, sequence: served[0]?.sequence, summary: served[0]?.summary });
  });

  it('the /dev/outbox page lists the attachment, and its link downloads the file', async () => {
    const page = await (await fetch(`${server.url}/dev/outbox?to=${encodeURIComponent(session.email)}`)).text();
    const link = `/dev/outbox/${mail.id}/attachments/1`;
    expect(page).toContain(`<a href="${link}" download>lesson-${appointmentId}.ics</a>`);

    const download = await fetch(`${server.url}${link}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="lesson-${appointmentId}.ics"`);
    expect(await download.text()).toBe(mail.attachments[0]?.content);

    const listed = await (await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(session.email)}`)).json();
    expect(listed[0].attachments).toEqual([{ filename: `lesson-${appointmentId}.ics`, content_type: 'text/calendar', url: link }]);
  });

  it.each([
    ['a second attachment the mail does not have', (id: number) => `/dev/outbox/${id}/attachments/2`],
    ['attachment 0', (id: number) => `/dev/outbox/${id}/attachments/0`],
    ['no such mail', () => '/dev/outbox/999999999/attachments/1'],
    ['a mail id that is no number', () => '/dev/outbox/abc/attachments/1'],
  ])('%s: 404', async (_label, path) => {
    expect((await fetch(`${server.url}${path(mail.id)}`)).status).toBe(404);
  });
});

describe('other mails write lesson times the same way', () => {
  it('the staff mail of a rating names the lesson’s time in the branch zone', async () => {
    const { session, slot, appointmentId } = await lesson();
    expect((await fetch(`${server.url}/dev/appointments/${appointmentId}/complete`, { method: 'POST' })).status).toBe(200);
    const rated = await server.api('POST', '/sendReviewEmail', {
      token: session.token,
      body: { clientid: session.clientid, client_email: session.email, review_number: 5, description: 'Great.', appointment_id: appointmentId },
    });
    expect(rated.status).toBe(201);
    const [mail] = await server.db.query<{ body: string }>(`select body from outbox where subject like 'Review:%' and body like $1`, [`%(appointment ${appointmentId})%`]);
    expect(mail?.body).toContain(`rated the lesson Mathematics of ${formatDateTime(slot.start, zone)} (Dubai time) (appointment ${appointmentId}) 5 of 5`);
  });
});

describe('the scan loop', () => {
  it('two instances scanning every second send each due lesson one mail, and stop scanning when closed', async () => {
    const { session, slot, hours } = await lesson();
    const [second, third] = [await hours.next(), await hours.next()];
    await bookedLesson(server, session, second);
    // A lead that has all three lessons due now.
    const leadHours = Math.ceil((Math.max(slot.start.getTime(), second.start.getTime(), third.start.getTime()) - Date.now()) / hour) + 1;
    const reminders = { leadHours, scanSeconds: 1 };
    const apps = await Promise.all(
      [server.db, otherDb].map((db) => buildApp({ db, tokens: server.tokens, publicUrl: server.url, paymentWebhookSecret: testWebhookSecret, reminders })),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      await until(async () => (await remindersTo(session)).length === 2);
      // Several more scans of each instance: nothing more.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect((await remindersTo(session)).map((m) => m.subject).sort()).toEqual([subjectAt(slot.start), subjectAt(second.start)].sort());
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }

    // Closed: a lesson booked now, due at once under that lead, is reminded by no one.
    await bookedLesson(server, session, third);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await remindersTo(session)).toHaveLength(2);
    // It is due, though: a scan would have sent it.
    await scan(new Date(), server.db, leadHours);
    expect(await remindersTo(session)).toHaveLength(3);
  });

  it('logs a failed scan and scans again, without throwing', async () => {
    let calls = 0;
    const failing = {
      kind: 'pglite',
      query: async () => {
        calls += 1;
        throw new Error('database gone');
      },
      exec: async () => {},
      transaction: async () => {
        throw new Error('database gone');
      },
      close: async () => {},
    } as unknown as Database;
    const logged: string[] = [];
    const loop = startReminderLoop(failing, { publicUrl: server.url, leadHours: lead, scanSeconds: 1, log: { error: (_details, message) => logged.push(message) } });
    await until(async () => calls >= 2, 5000);
    await loop.stop();
    const after = calls;
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(logged[0]).toBe('reminder scan failed; the next scan tries again');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls).toBe(after);
  });
});

describe('settings', () => {
  it('default to a 24-hour lead and a 60-second scan', () => {
    expect(readConfig({})).toMatchObject({ reminderLeadHours: 24, reminderScanSeconds: 60 });
  });

  it('take whole or fractional hours and whole seconds', () => {
    expect(readConfig({ REMINDER_LEAD_HOURS: '48', REMINDER_SCAN_SECONDS: '5' })).toMatchObject({ reminderLeadHours: 48, reminderScanSeconds: 5 });
    expect(readConfig({ REMINDER_LEAD_HOURS: '0.5' }).reminderLeadHours).toBe(0.5);
  });

  it.each([
    ['REMINDER_LEAD_HOURS', '0', 'Setting REMINDER_LEAD_HOURS: got "0", wants a number of hours, more than 0 and at most 8784.'],
    ['REMINDER_LEAD_HOURS', '-3', 'Setting REMINDER_LEAD_HOURS: got "-3", wants a number of hours, more than 0 and at most 8784.'],
    ['REMINDER_LEAD_HOURS', 'a day', 'Setting REMINDER_LEAD_HOURS: got "a day", wants a number of hours, more than 0 and at most 8784.'],
    ['REMINDER_LEAD_HOURS', '9000', 'Setting REMINDER_LEAD_HOURS: got "9000", wants a number of hours, more than 0 and at most 8784.'],
    ['REMINDER_SCAN_SECONDS', '0', 'Setting REMINDER_SCAN_SECONDS: got "0", wants a whole number of seconds from 1 to 86400.'],
    ['REMINDER_SCAN_SECONDS', '1.5', 'Setting REMINDER_SCAN_SECONDS: got "1.5", wants a whole number of seconds from 1 to 86400.'],
    ['REMINDER_SCAN_SECONDS', '90000', 'Setting REMINDER_SCAN_SECONDS: got "90000", wants a whole number of seconds from 1 to 86400.'],
    ['REMINDER_SCAN_SECONDS', 'often', 'Setting REMINDER_SCAN_SECONDS: got "often", wants a whole number of seconds from 1 to 86400.'],
  ])('refuse %s=%s with a clear message', (name, value, message) => {
    expect(() => readConfig({ [name]: value })).toThrow(message);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
