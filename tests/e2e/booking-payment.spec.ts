import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dashboardSettled, logIn } from './support.ts';

// A booking that ends in lessons on the server (issue 10): the wizard, the slot grid, the summary, checkout
// with the seeded coupon, the payment sandbox and the success sequence, in a browser whose time zone is west
// of UTC (the branch's hours must not move with it).

test.use({ timezoneId: 'America/Los_Angeles' });

interface StoredSlot {
  date: string;
  time: string;
  tutorId: number;
  name: string;
}

/** From the dashboard to /checkout: Adam Ahmed, Year 5, Mathematics, GOLD with 1 lesson a week, the first hour offered. */
async function bookToCheckout(page: Page): Promise<StoredSlot[]> {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'New Booking' }).click();
  await page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '1' }).check();
  await page.getByRole('combobox', { name: 'Student name' }).selectOption('Adam Ahmed');
  await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: 'Primary' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('Year 5 / Grade 4');
  await page.getByRole('checkbox', { name: 'Mathematics' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'GOLD', exact: true }).click();
  await page.getByRole('combobox', { name: 'Mathematics lessons per week' }).selectOption('1');
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/book-class$/);

  await page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button').first().click();
  const tutors = page.getByRole('dialog');
  await tutors.getByRole('button', { name: /^Select / }).first().click();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking-summary$/);
  const slots = Object.values(JSON.parse((await page.evaluate(() => localStorage.getItem('groupedByWeek'))) ?? '{}') as Record<string, StoredSlot[]>).flat();
  expect(slots.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  return slots;
}

const api = async (page: Page, path: string) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return answer.json();
};

test('a GOLD booking with the seeded coupon is paid and its lessons exist on the server at the chosen hours; a reload creates nothing twice', async ({ page }) => {
  test.setTimeout(120_000);
  const slots = await bookToCheckout(page);

  await page.getByRole('textbox', { name: /Coupon/ }).fill('WELCOME50');
  await page.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(page.getByText(/WELCOME50/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/success\?ref=/);
  const ref = new URL(page.url()).searchParams.get('ref') as string;

  // Halfway (the services are made during the first waits), the client reloads.
  await expect.poll(async () => (await api(page, `/orders/${ref}`)).service_ids.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByText('Successful!')).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText('You will receive order confirmation by email shortly')).toBeVisible();

  const order = await api(page, `/orders/${ref}`);
  expect(order).toMatchObject({ status: 'confirmed', pkg_id: 3, payment_taken: true, confirmed: true });
  expect(order.service_ids).toHaveLength(1);
  expect(order.appointment_ids).toHaveLength(slots.length);
  expect(order.invoice_id).not.toBeNull();

  // The lessons are at the chosen branch hours (Asia/Dubai, +04:00), whatever the browser's zone, with the chosen tutor.
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userdata'))) ?? '{}') as { studentdetails: { id: number }[]; branch_id: number };
  const lessons = (await api(page, `/appointmentstwo/${user.studentdetails.map((s) => s.id).join(',')}?branch_id=${user.branch_id}`)).data as { id: number; start: string }[];
  const booked = lessons.filter((lesson) => order.appointment_ids.includes(lesson.id)).map((lesson) => new Date(lesson.start).getTime()).sort();
  const chosen = slots.map((slot) => new Date(`${slot.date}T${slot.time}:00+04:00`).getTime()).sort();
  expect(booked).toEqual(chosen);
  const service = await api(page, `/services/${order.service_ids[0]}?branch_id=${user.branch_id}`);
  expect(service.conjobs.map((job: { contractor: number }) => job.contractor)).toContain(slots[0]?.tutorId);

  // After the end, /success shows the finished order and makes nothing more.
  await page.goto(`/success?ref=${ref}`);
  await expect(page).toHaveURL(/\/payment-successfull\?ref=/);
  await expect(page.getByText('Successful!')).toBeVisible();
  const again = await api(page, `/orders/${ref}`);
  expect([again.service_ids, again.appointment_ids, again.invoice_id]).toEqual([order.service_ids, order.appointment_ids, order.invoice_id]);
});

for (const [outcome, title] of [
  ['Fail', 'Payment Failed'],
  ['Cancel', 'Payment Cancelled'],
] as const) {
  test(`${outcome} on the payment page: '${title}', the alert, then the dashboard with the working keys cleared`, async ({ page }) => {
    await bookToCheckout(page);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await page.getByRole('button', { name: outcome }).click();
    await expect(page).toHaveURL(outcome === 'Fail' ? /\/failed/ : /\/cancel/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeAttached();
    await expect(page.getByText('Your payment could not be processed.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('lessonData'))).toBeNull();
  });
}
