import { expect, test } from './fixtures.ts';
import { type StoredSlot, firstHourToCheckout, hourName, inBranch, newClient, oneStudentGoldToBookClass, storedSlots } from './support.ts';

// Paid means booked: the server books an order on the payment provider's notification, so a client who pays
// and closes the tab before /success has their lessons; /success later confirms without making anything.
// And the hours of an order are held from Pay Now: another client is not offered them.

test.use({ timezoneId: 'America/Los_Angeles' });

interface OrderProgress {
  status: string;
  appointment_ids: number[];
  service_ids: number[];
  invoice_id: number | null;
  lessons: { start: string; tutor: number; tutor_name: string; appointment_id: number | null }[];
}

test('pay, close the tab: the lessons exist and show on the dashboard and Manage Booking; a later /success confirms and creates nothing', async ({ page, context }) => {
  test.setTimeout(120_000);
  const email = await newClient(page, 'closes-tab');
  await oneStudentGoldToBookClass(page, { added: 'Sami Khoury' });
  const slots = await firstHourToCheckout(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  const ref = new URL(page.url()).pathname.split('/').pop() as string;
  // Pay, as the provider's page does, but the tab is gone before /success loads.
  const paid = await page.request.post(`/sandbox/pay/${ref}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.close();

  const later = await context.newPage();
  await later.goto('/dashboard');
  await expect(later).toHaveURL(/\/dashboard$/);
  const order = (await (await later.request.get(`/api/orders/${ref}`, { headers: { authorization: `Bearer ${token}` } })).json()) as OrderProgress;
  expect(order.status).toBe('paid');
  expect(order.appointment_ids).toHaveLength(slots.length);
  expect(order.invoice_id).not.toBeNull();
  await expect(later.getByRole('link', { name: /^Manage Booking/ })).toContainText(String(slots.length));

  await later.getByRole('link', { name: /^Manage Booking/ }).click();
  const panel = later.getByRole('tabpanel', { name: 'Current Booking' });
  const first = order.lessons[0];
  if (!first) throw new Error('the order has no lessons');
  const { weekdayDate, time } = inBranch(first.start);
  await expect(panel.getByRole('article').first()).toHaveAccessibleName(`Mathematics, ${weekdayDate} · ${time}`);
  await expect(panel.getByRole('article').first()).toContainText(first.tutor_name);

  await later.goto(`/success?ref=${ref}`);
  await expect(later.getByText('Successful!')).toBeVisible({ timeout: 30_000 });
  await expect(later.getByText('Payment Successful')).toBeVisible();
  const again = (await (await later.request.get(`/api/orders/${ref}`, { headers: { authorization: `Bearer ${token}` } })).json()) as OrderProgress;
  expect(again.status).toBe('confirmed');
  expect([again.service_ids, again.appointment_ids, again.invoice_id]).toEqual([order.service_ids, order.appointment_ids, order.invoice_id]);
  const mails = (await (await later.request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  expect(mails.filter((mail) => /^Receipt for invoice/.test(mail.subject))).toHaveLength(1);
});

test('an hour held by a client at Pay Now is not offered to another client, and is again once the payment fails', async ({ browser }) => {
  test.setTimeout(120_000);
  const first = await browser.newPage({ timezoneId: 'America/Los_Angeles' });
  await newClient(first, 'holds');
  await oneStudentGoldToBookClass(first, { added: 'Sami Khoury' });
  const [held] = await firstHourToCheckout(first);
  if (!held) throw new Error('no slot chosen');
  await first.getByRole('button', { name: 'Pay Now' }).click();
  await expect(first).toHaveURL(/\/sandbox\/pay\//);

  const second = await browser.newPage({ timezoneId: 'America/Los_Angeles' });
  await newClient(second, 'offered');
  const tutorsAt = async () => {
    const token = await second.evaluate(() => localStorage.getItem('token'));
    const answer = await second.request.get(`/api/filter_tutor?subject=Mathematics&date=${held.date}&time=${held.time}&quallevel=5`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { data: { id: number }[] }).data.map((tutor) => tutor.id);
  };
  expect(await tutorsAt()).not.toContain(held.tutorId);
  // On the grid: the hour is gone, or (when another tutor is free then) its dialog does not list the held tutor.
  await oneStudentGoldToBookClass(second, { added: 'Sami Khoury' });
  const hour = second.getByRole('grid', { name: 'Hours of the week' }).getByRole('button', { name: new RegExp(`^${hourName(held.date, held.time)}, `) });
  if ((await hour.count()) > 0) {
    await hour.first().click();
    await expect(second.getByRole('dialog')).toBeVisible();
    await expect(second.getByRole('dialog')).not.toContainText(held.name);
    await second.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  }

  await first.getByRole('button', { name: 'Fail' }).click();
  await expect(first).toHaveURL(/\/failed/);
  expect(await tutorsAt()).toContain(held.tutorId);
});

test('two browsers racing for one hour: the first to Pay Now holds it, the other is told at checkout and returns to the grid without it', async ({ browser }) => {
  test.setTimeout(120_000);
  const [first, second] = [await browser.newPage({ timezoneId: 'America/Los_Angeles' }), await browser.newPage({ timezoneId: 'America/Los_Angeles' })];
  for (const page of [first, second]) {
    await newClient(page, 'races');
    await oneStudentGoldToBookClass(page, { added: 'Sami Khoury' });
  }
  // Both grids are read before either holds: both choose the first hour offered, with its first tutor.
  const [mine] = await firstHourToCheckout(first);
  const [theirs] = await firstHourToCheckout(second);
  expect(theirs).toEqual(mine);
  await first.getByRole('button', { name: 'Pay Now' }).click();
  await expect(first).toHaveURL(/\/sandbox\/pay\//);

  await second.getByRole('button', { name: 'Pay Now' }).click();
  await expect(second).toHaveURL(/\/book-class$/);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${mine?.date}T00:00:00Z`)).replace(',', '');
  await expect(second.getByText(`${day} · ${mine?.time} Dubai time was just booked by someone else. Please choose another time.`)).toBeVisible();
  const kept: StoredSlot[] = await storedSlots(second);
  expect(kept.some((slot) => slot.date === mine?.date && slot.time === mine?.time)).toBe(false);
  expect(second.url()).not.toMatch(/sandbox/);
});
