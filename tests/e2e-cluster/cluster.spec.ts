import { expect, test } from '@playwright/test';
import { firstHourToCheckout, logIn, oneStudentGoldToBookClass } from '../e2e/support.ts';
import { sql } from './cluster-database.ts';

// Through HAProxy and two instances on one PostgreSQL (playwright.cluster.config.ts): the demo client books an hour,
// pays on the sandbox page and lands on Payment Successful, its lesson is on Manage Booking, and, with both
// instances scanning for reminders every second, the lesson is reminded exactly once.

interface OrderProgress {
  status: string;
  appointment_ids: number[];
}

test('through the balancer: log in, book an hour, pay, see it booked; two instances remind the lesson once', async ({ page }) => {
  // Round robin sends consecutive requests to alternate instances: the journey's calls are spread over both.
  const health = await Promise.all([1, 2, 3, 4].map(async () => (await page.request.get('/api/health')).status()));
  expect(health).toEqual([200, 200, 200, 200]);

  await logIn(page);
  await oneStudentGoldToBookClass(page, { existing: 'Adam Ahmed' });
  const slots = await firstHourToCheckout(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  const ref = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible({ timeout: 30_000 });

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const progress = async () => (await (await page.request.get(`/api/orders/${ref}`, { headers: { authorization: `Bearer ${token}` } })).json()) as OrderProgress;
  await expect.poll(async () => (await progress()).status).toBe('confirmed');
  const order = await progress();
  expect(order.appointment_ids).toHaveLength(slots.length);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /^Manage Booking/ }).click();
  await expect(page.getByRole('tabpanel', { name: 'Current Booking' }).getByRole('article').first()).toBeVisible();

  // Each lesson of the order reminded once: one claim row and one mail, though both instances scan every second.
  const reminded = async () =>
    sql<{ id: number; mails: number }>(
      `select a.id, (select count(*)::int from outbox m where m.subject like 'Reminder: %'
                       and m.attachments @> jsonb_build_array(jsonb_build_object('filename', 'lesson-' || a.id || '.ics'))) as mails
         from unnest($1::int[]) as a(id) order by a.id`,
      [order.appointment_ids],
    );
  await expect.poll(async () => (await reminded()).every((row) => row.mails >= 1), { timeout: 20_000 }).toBe(true);
  // A few more scans of both instances: still one each.
  await page.waitForTimeout(3_000);
  expect((await reminded()).map((row) => row.mails)).toEqual(order.appointment_ids.map(() => 1));
});
