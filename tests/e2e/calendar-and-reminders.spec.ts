import { type APIResponse, type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readCalendar } from './calendar-support.ts';
import { apiGet, demo, instantOfText, logIn } from './support.ts';

// Issue 19's calendar and inbox, as the demo client of the short-hold server (whose lessons no other test moves,
// and whose reminders reach every lesson of the next ~100 days within a second, see fixtures.ts): a
// lesson added to the calendar as a file and a Google link, the private feed subscribed, a lesson moved and the
// calendar following it (same UID, SEQUENCE + 1), Reset turning the old address off, and one reminder per lesson
// and start in the outbox.

test.use({ server: 'shortHold', acceptDownloads: true });
test.describe.configure({ mode: 'serial' });

interface Lesson {
  id: number;
  start: string;
  finish: string;
  topic: string;
  status: string;
}

interface OutboxMail {
  subject: string;
  body: string;
  attachments: { filename: string; content_type: string; url: string }[];
}

async function lessonsOf(page: Page): Promise<Lesson[]> {
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userdata'))) ?? 'null') as { branch_id: number; studentdetails: { id: number }[] };
  const { data } = await apiGet<{ data: Lesson[] }>(page, `/appointmentstwo/${user.studentdetails.map((s) => s.id).join(',')}?branch_id=${user.branch_id}`);
  return data.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** The lesson's file as the app downloads it from Manage Booking's control named for it. */
async function downloadFrom(page: Page, control: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
  expect(download.suggestedFilename()).toMatch(/^lesson-\d+\.ics$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const calendarText = async (answer: APIResponse) => {
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/calendar/);
  return answer.text();
};

async function reminders(page: Page): Promise<OutboxMail[]> {
  const mails = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(demo.email)}`)).json()) as OutboxMail[];
  return mails.filter((mail) => mail.subject.startsWith('Reminder: '));
}

const reminderLessonId = (mail: OutboxMail) => Number(/^lesson-(\d+)\.ics$/.exec(mail.attachments[0]?.filename ?? '')?.[1]);

test('a lesson goes into the calendar, the feed follows a move, Reset turns the old address off, and each lesson is reminded once per start', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Manage Booking: the first upcoming lesson's file and Google link.
  await page.goto('/manage-booking');
  const current = page.getByRole('tabpanel', { name: 'Current Booking' });
  const add = current.getByRole('button', { name: /^Add to calendar: / }).first();
  await expect(add).toBeVisible();
  const lessonText = ((await add.getAttribute('aria-label')) ?? '').replace('Add to calendar: ', '');
  const file = readCalendar(await downloadFrom(page, add));
  expect(file).toHaveLength(1);
  const [event] = file;
  if (!event) throw new Error('no event');
  const lessons = await lessonsOf(page);
  const lesson = lessons.find((candidate) => Date.parse(candidate.start) === event.start);
  expect(lesson, 'the file is of a lesson the client has').toBeDefined();
  if (!lesson) return;
  expect(event.start).toBe(instantOfText(lessonText));
  expect(event.end).toBe(Date.parse(lesson.finish));
  expect(event.uid).toBe(`lesson-${lesson.id}@127.0.0.1`);
  expect(event.summary).toContain(lesson.topic);
  expect(event.description).toContain(`${baseURL}/manage-booking`);
  expect(event.alarms).toBe(1);
  const google = current.getByRole('link', { name: `Add to Google Calendar: ${lessonText} (opens in a new tab)` });
  const googleUrl = new URL((await google.getAttribute('href')) ?? '');
  expect(googleUrl.host).toBe('calendar.google.com');
  const stamp = (at: number) => new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(googleUrl.searchParams.get('dates')).toBe(`${stamp(event.start)}/${stamp(event.end)}`);

  // Profile: the private feed, shown once; it has the same lesson under the same UID.
  await page.goto('/profile');
  const feedSection = page.getByRole('region', { name: 'Calendar feed' });
  await feedSection.getByRole('button', { name: /^(Create calendar link|Reset)$/ }).click();
  if (await page.getByRole('alertdialog', { name: 'Reset calendar link?' }).isVisible()) await page.getByRole('button', { name: 'Reset link' }).click();
  const linkField = page.getByRole('textbox', { name: 'Your calendar link' });
  await expect(linkField).toHaveValue(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}$/);
  const feedUrl = await linkField.inputValue();
  await expect(feedSection.getByRole('link', { name: 'Subscribe in calendar app' })).toHaveAttribute('href', feedUrl.replace(/^https?:\/\//, 'webcal://'));
  const feed = readCalendar(await calendarText(await page.request.get(feedUrl)));
  expect(feed.find((entry) => entry.uid === event.uid)).toMatchObject({ start: event.start, sequence: event.sequence });

  // Rescheduling: that lesson moves to the first hour its tutor has; the file and the feed follow it.
  await page.goto('/rescheduling');
  const movable = page.getByRole('button', { name: /^Reschedule / }).first();
  await expect(movable).toBeVisible();
  const movedText = ((await movable.getAttribute('aria-label')) ?? (await movable.textContent()) ?? '').replace(/^Reschedule .+? on /, '');
  const moving = lessons.find((candidate) => Date.parse(candidate.start) === instantOfText(movedText));
  if (!moving) throw new Error(`no lesson at ${movedText}`);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const fileOf = async (id: number) => readCalendar(await calendarText(await page.request.get(`/api/calendar/lessons/${id}`, { headers: { authorization: `Bearer ${token}` } })))[0];
  const before = await fileOf(moving.id);
  await movable.click();
  await expect(page).toHaveURL(/\/reschedule-slot$/);
  const grid = page.getByRole('grid', { name: 'Hours of the week' });
  await grid.getByRole('button', { name: /, free$/ }).first().click();
  const chosen = instantOfText((await page.getByRole('button', { name: /^Remove / }).getAttribute('aria-label')) ?? '');
  await page.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(page).toHaveURL(/\/rescheduling$/);
  const after = await fileOf(moving.id);
  expect(after).toMatchObject({ uid: before?.uid, sequence: (before?.sequence ?? 0) + 1, start: chosen });
  const followed = readCalendar(await calendarText(await page.request.get(feedUrl))).find((entry) => entry.uid === before?.uid);
  expect(followed).toMatchObject({ start: chosen, sequence: (before?.sequence ?? 0) + 1 });

  // Reset: a new address works, the old one answers 404.
  await page.goto('/profile');
  await feedSection.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('alertdialog', { name: 'Reset calendar link?' }).getByRole('button', { name: 'Reset link' }).click();
  await expect(linkField).not.toHaveValue(feedUrl);
  const newUrl = await linkField.inputValue();
  expect((await page.request.get(feedUrl)).status()).toBe(404);
  expect(readCalendar(await calendarText(await page.request.get(newUrl))).map((entry) => entry.uid)).toContain(event.uid);

  // Reminders: every planned lesson to come has exactly one per start; the moved one also one at its new time.
  const planned = (await lessonsOf(page)).filter((candidate) => candidate.status === 'planned' && Date.parse(candidate.start) > Date.now());
  await expect.poll(async () => (await reminders(page)).filter((mail) => reminderLessonId(mail) === moving.id).length, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(2500); // two more scans: nothing is sent twice
  const mails = await reminders(page);
  for (const candidate of planned) {
    const own = mails.filter((mail) => reminderLessonId(mail) === candidate.id);
    expect(own.length, `reminders of lesson ${candidate.id}`).toBe(candidate.id === moving.id ? 2 : 1);
    const latest = own[0];
    expect(latest?.subject).toMatch(/ \(Dubai time\)$/);
    expect(latest?.body).toContain(`${baseURL}/manage-booking`);
    expect(latest?.attachments[0]?.content_type).toMatch(/^text\/calendar/);
  }
  const newest = mails.find((mail) => reminderLessonId(mail) === moving.id);
  expect(instantOfText(newest?.subject ?? '')).toBe(chosen);
  const attached = readCalendar(await calendarText(await page.request.get(newest?.attachments[0]?.url ?? '')));
  expect(attached[0]).toMatchObject({ uid: before?.uid, start: chosen });
});
