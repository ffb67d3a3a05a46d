import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiGet, inBranch, instantOfText, latestMail, newClient, oneStudentGoldToBookClass } from './support.ts';

// Issue 11's journey for a new client, in a browser west of UTC: a GOLD booking paid through the sandbox
// appears under Current Booking with its tutor and branch time; one lesson is rescheduled on /reschedule-slot
// and the server has it at the new hour; completed (the dev endpoint stands in for the hour passing), it is
// under Past Booking and gets 4 stars with feedback; Transaction History shows the paid invoice.

test.use({ timezoneId: 'America/Los_Angeles' });

interface Lesson {
  id: number;
  start: string;
  topic: string;
  status: string;
}

async function lessonsOf(page: Page): Promise<Lesson[]> {
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userdata'))) ?? 'null') as { branch_id: number; studentdetails: { id: number }[] };
  const { data } = await apiGet<{ data: Lesson[] }>(page, `/appointmentstwo/${user.studentdetails.map((s) => s.id).join(',')}?branch_id=${user.branch_id}`);
  return data.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

test('a paid booking is seen, rescheduled, completed, rated and found in the transactions', async ({ page }) => {
  test.setTimeout(180_000);
  const email = await newClient(page, 'journey');

  // New Booking: a new student, Year 5 Mathematics, GOLD once a week.
  await oneStudentGoldToBookClass(page, { added: 'Sami Khoury' });

  // An hour of the 2nd week: the first lesson is then outside the 2-day reschedule notice.
  await page.getByRole('button', { name: '2nd Week' }).click();
  await page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button').first().click();
  await page.getByRole('dialog').getByRole('button', { name: /^Select / }).first().click();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Successful!')).toBeVisible({ timeout: 40_000 });
  await page.getByRole('link', { name: 'Manage your Slots' }).click();

  // Current Booking: the earliest lesson first, at its branch day and hour, with its tutor.
  await expect(page).toHaveURL(/\/manage-booking$/);
  const lessons = await lessonsOf(page);
  expect(lessons.length).toBeGreaterThan(0);
  const [first] = lessons;
  if (!first) throw new Error('no lesson was booked');
  const when = inBranch(first.start);
  const card = page.getByRole('tabpanel', { name: 'Current Booking' }).getByRole('article', { name: `Mathematics, ${when.weekdayDate} · ${when.time}` });
  await expect(card).toContainText('Sami Khoury');
  await expect(card).toContainText('planned');
  const tutor = (await card.getByRole('definition').nth(3).textContent()) ?? '';
  expect(tutor).not.toBe('N/A');

  // Rescheduling: the first lesson moves to another hour of its tutor.
  await page.goto('/rescheduling');
  const item = page.getByRole('article').filter({ hasText: `${when.time}` }).first();
  await item.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page).toHaveURL(/\/reschedule-slot$/);
  await expect(page.getByText(`Moving Mathematics with ${tutor}, now ${when.weekdayDate} · ${when.time} Dubai time`)).toBeVisible();
  await page.getByRole('button', { name: '3rd Week' }).click();
  const hours = page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button', { pressed: false });
  await hours.last().click();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  const chosen = instantOfText((await page.getByRole('button', { name: /^Remove / }).getAttribute('aria-label')) ?? '');
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('region', { name: 'Notifications Alt+T' })).toContainText('Appointment rescheduled successfully');
  await expect(page).toHaveURL(/\/rescheduling$/);
  const moved = (await lessonsOf(page)).find((lesson) => lesson.id === first.id);
  expect(moved?.start && new Date(moved.start).getTime()).toBe(chosen);

  // Completed now (the hour has not come: the dev endpoint stands in for it), then rated under Past Booking.
  const completed = await page.request.post(`/dev/appointments/${first.id}/complete`);
  expect(completed.ok()).toBe(true);
  await page.goto('/manage-booking');
  await page.getByRole('tab', { name: 'Past Booking' }).click();
  const past = inBranch(moved?.start ?? '');
  const pastCard = page.getByRole('tabpanel', { name: 'Past Booking' }).getByRole('article', { name: `Mathematics, ${past.weekdayDate} · ${past.time}` });
  await expect(pastCard).toContainText('completed');
  await pastCard.getByRole('button', { name: 'Comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate Us' });
  await dialog.getByRole('radio', { name: '4 stars' }).check();
  await expect(dialog.getByText('You rated 4 star(s)')).toBeVisible();
  const feedback = `Sami loved the lesson (${Date.now()})`;
  await dialog.getByPlaceholder('Write your feedback...').fill(feedback);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  const review = await latestMail(page, 'staff@tutoring.example', /Review: 4 of 5 stars/);
  expect(review.body).toContain(feedback);
  expect(review.body).toContain(email);

  // Transaction History: the booking's invoice, paid.
  await page.goto('/transaction-history');
  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('article');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Paid');
});
