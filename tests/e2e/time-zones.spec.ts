import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiGet, inBranch, oneStudentGoldToBookClass } from './support.ts';

// About what comes after the login: each test opens signed in as the demo client (tests/e2e/fixtures.ts).
test.use({ signedIn: true });

// A family abroad sees the branch's clock, labelled, and their own beside it; a family in the branch's zone sees
// one clock. Expected texts are computed here with Intl, apart from the app's formatter.

interface Lesson {
  id: number;
  start: string;
  topic: string;
  status: string;
}

async function upcoming(page: Page): Promise<Lesson[]> {
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userdata'))) ?? 'null') as { branch_id: number; studentdetails: { id: number }[] };
  const { data } = await apiGet<{ data: Lesson[] }>(page, `/appointmentstwo/${user.studentdetails.map((s) => s.id).join(',')}?branch_id=${user.branch_id}`);
  return data.filter((lesson) => Date.parse(lesson.start) > Date.now()).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** The reader's clock as the cards say it: '6:00 am your time', with the reader's day first when it differs from Dubai's. */
function readerClock(start: string, zone: string): string {
  const at = new Date(start);
  const clock = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at).replace(' AM', ' am').replace(' PM', ' pm');
  const day = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  if (day(zone) === day('Asia/Dubai')) return `${clock} your time`;
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} · ${clock} your time`;
}

test.describe('a reader in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('Manage Booking and Rescheduling show the Dubai time, labelled, and the reader’s own clock', async ({ page }) => {
    await page.goto('/dashboard');
    const [lesson] = await upcoming(page);
    if (!lesson) throw new Error('the demo client has no lesson to come');
    const when = inBranch(lesson.start);

    await page.goto('/manage-booking');
    const panel = page.getByRole('tabpanel', { name: 'Current Booking' });
    await expect(panel.getByText('Times in Dubai time')).toBeVisible();
    const card = panel.getByRole('article', { name: `${lesson.topic}, ${when.weekdayDate} · ${when.time}` }).first();
    await expect(card).toContainText(`${when.weekdayDate} · ${when.time}`);
    await expect(card).toContainText(readerClock(lesson.start, 'America/New_York'));

    await page.goto('/rescheduling');
    await expect(page.getByText('Times in Dubai time')).toBeVisible();
    const item = page.getByRole('article').filter({ hasText: `${when.weekdayDate} · ${when.time}` }).first();
    await expect(item).toContainText(readerClock(lesson.start, 'America/New_York'));
  });

  test('the grid says its hours are Dubai time and names each hour with its zone', async ({ page }) => {
    await page.goto('/dashboard');
    await oneStudentGoldToBookClass(page, { existing: 'Adam Ahmed' });
    await expect(page).toHaveURL(/\/book-class$/);
    await expect(page.getByText('Times are Dubai time')).toBeVisible();
    const names = await page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent ?? ''));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2} \w{3} \d{4} · \d\d:00 Dubai time, /);
  });
});

test.describe('a reader in Dubai', () => {
  test.use({ timezoneId: 'Asia/Dubai' });

  test('sees one clock: no “your time” line', async ({ page }) => {
    await page.goto('/dashboard');
    await page.goto('/manage-booking');
    const panel = page.getByRole('tabpanel', { name: 'Current Booking' });
    await expect(panel.getByRole('article').first()).toBeVisible();
    await expect(panel.getByText('Times in Dubai time')).toBeVisible();
    await expect(panel.getByText(/your time/)).toHaveCount(0);
  });
});
