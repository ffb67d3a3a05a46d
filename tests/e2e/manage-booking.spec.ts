import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiGet, inBranch, latestMail } from './support.ts';

// About what comes after the login: each test opens signed in as the demo client (tests/e2e/fixtures.ts).
test.use({ signedIn: true });

// Issue 11, items 1 and 2, against the reference server's demo client (more than 20 upcoming lessons, some
// completed ones): Manage Booking's pages and tabs, a review through Rate Us, and Rescheduling's hand-over
// to /reschedule-slot. The browser is west of UTC; every day and hour shown is the branch's (Asia/Dubai).

test.use({ timezoneId: 'America/Los_Angeles' });

/** The reference server's staff address (STAFF_EMAIL is not set for the e2e server), where reviews are mailed. */
const staffEmail = 'staff@tutoring.example';

interface Lesson {
  id: number;
  start: string;
  topic: string;
  status: string;
  service: { id: number; name: string };
}

interface Service {
  conjobs: { name: string; contractor: number }[];
}

async function demoLessons(page: Page): Promise<{ lessons: Lesson[]; branchId: number }> {
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userdata'))) ?? 'null') as { branch_id: number; studentdetails: { id: number }[] };
  const ids = user.studentdetails.map((student) => student.id).join(',');
  const { data } = await apiGet<{ data: Lesson[] }>(page, `/appointmentstwo/${ids}?branch_id=${user.branch_id}`);
  return { lessons: data, branchId: user.branch_id };
}

const byStart = (a: Lesson, b: Lesson) => Date.parse(a.start) - Date.parse(b.start) || a.id - b.id;

test('Manage Booking: pages of current bookings with tutors and branch times, the Past tab, and a review through Rate Us', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Manage Booking/ }).click();
  await expect(page).toHaveURL(/\/manage-booking$/);
  await expect(page.getByRole('banner')).toContainText('Manage Booking');

  const { lessons, branchId } = await demoLessons(page);
  const current = lessons.filter((lesson) => lesson.status !== 'completed' && lesson.status !== 'cancelled').sort(byStart);
  const pages = Math.ceil(current.length / 20);
  // The demo client has more than 20 upcoming lessons: the list has a second page.
  expect(pages).toBeGreaterThanOrEqual(2);

  const panel = page.getByRole('tabpanel', { name: 'Current Booking' });
  await expect(panel.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(panel.getByRole('article')).toHaveCount(20);
  await expect(panel.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // The earliest lesson comes first, at the branch's day and hour, with its service's tutor.
  const earliest = current[0];
  if (!earliest) throw new Error('no current lesson');
  const { weekdayDate, time } = inBranch(earliest.start);
  const first = panel.getByRole('article').first();
  await expect(first).toHaveAccessibleName(`${earliest.topic}, ${weekdayDate} · ${time}`);
  await expect(first.getByRole('definition').nth(4)).toContainText(`${weekdayDate} · ${time}`);
  const service = await apiGet<Service>(page, `/services/${earliest.service.id}?branch_id=${branchId}`);
  const tutors = service.conjobs.map((conjob) => conjob.name).join(', ');
  expect(tutors).not.toBe('');
  await expect(first.getByRole('definition').nth(3)).toHaveText(tutors);
  await expect(first.getByRole('definition').nth(0)).toHaveText('1');

  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(panel.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(panel.getByRole('article').first().getByRole('definition').first()).toHaveText('21');
  await panel.getByRole('button', { name: 'Previous' }).click();
  await expect(panel.getByText(`Page 1 of ${pages}`)).toBeVisible();

  await page.getByRole('tab', { name: 'Past Booking' }).click();
  const past = page.getByRole('tabpanel', { name: 'Past Booking' });
  await expect(past.getByText('Page 1 of 1')).toBeVisible();
  // A completed lesson not rated yet: a rated one shows its stars instead of Comment.
  const completed = past.getByRole('article').filter({ hasText: 'completed' }).filter({ has: page.getByRole('button', { name: 'Comment' }) }).first();
  await expect(completed).toBeVisible();
  const completedLesson = lessons.filter((lesson) => lesson.status === 'completed').sort(byStart).at(-1);
  if (!completedLesson) throw new Error('no completed lesson');
  const done = inBranch(completedLesson.start);
  await expect(past.getByRole('article', { name: `${completedLesson.topic}, ${done.weekdayDate} · ${done.time}` })).toContainText('completed');

  await completed.getByRole('button', { name: 'Comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rate Us' });
  await expect(dialog.getByText('Tap a star to rate')).toBeVisible();
  await dialog.getByRole('radio', { name: '4 stars' }).check();
  await expect(dialog.getByText('You rated 4 star(s)')).toBeVisible();
  const feedback = `Patient and clear, thank you (${Date.now()})`;
  await dialog.getByPlaceholder('Write your feedback...').fill(feedback);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications Alt+T' })).toContainText('Thank you for your feedback!');

  const mail = await latestMail(page, staffEmail, /Review: 4 of 5 stars/);
  expect(mail.body).toContain(feedback);
  expect(mail.body).toContain('parent@example.com');
});

test('Rescheduling: the lessons by package, and Reschedule keeps the lesson as rescheduleData for /reschedule-slot', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Rescheduling', exact: true }).click();
  await expect(page).toHaveURL(/\/rescheduling$/);
  await expect(page.getByRole('banner')).toContainText('Rescheduling');

  const { lessons, branchId } = await demoLessons(page);
  // The lessons still to come: the ones that took place or were cancelled can never move.
  const toCome = lessons.filter((lesson) => lesson.status !== 'completed' && lesson.status !== 'cancelled');
  await expect(page.getByText(`Page 1 of ${Math.ceil(toCome.length / 10)}`)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(10);

  // Turn pages until a lesson may be moved (the first ones are past, or inside the 2-day notice).
  const card = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Reschedule' }) }).first();
  for (let turned = 0; !(await card.isVisible()); turned += 1) {
    expect(turned, 'a lesson that may be rescheduled').toBeLessThan(toCome.length / 10);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page ${turned + 2} of`)).toBeVisible();
  }
  const reschedule = card.getByRole('button', { name: 'Reschedule' });
  const heading = await card.getByRole('heading').textContent();
  const details = card.getByRole('button', { name: 'Details' });
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByRole('definition').first()).toHaveText('planned');
  const serviceId = Number(await card.getByRole('definition').nth(1).textContent());

  await reschedule.click();
  await expect(page).toHaveURL(/\/reschedule-slot$/);
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('rescheduleData'))) ?? 'null') as Record<string, unknown>;
  const moved = lessons.find((lesson) => lesson.id === stored.appointmentId);
  expect(moved?.service).toEqual({ id: serviceId, name: heading });
  const service = await apiGet<Service>(page, `/services/${serviceId}?branch_id=${branchId}`);
  expect(stored).toEqual({
    appointmentId: moved?.id,
    serviceId,
    topic: moved?.topic,
    contractorName: service.conjobs[0]?.name,
    contractorNameid: service.conjobs[0]?.contractor,
    avatarUrl: '',
  });
});
