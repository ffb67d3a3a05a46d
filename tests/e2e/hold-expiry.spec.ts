import { type Page } from '@playwright/test';
import { expect, shortHoldSeconds, test } from './fixtures.ts';
import { type StoredSlot, firstHourToCheckout, newClient, oneStudentGoldToBookClass, storedSlots } from './support.ts';

// On a server whose orders hold their hours for a few seconds (ORDER_HOLD_SECONDS, see fixtures.ts):
// a client goes to the payment page and waits there past the hold; another client books the same hours and
// pays; the first then pays late. Nothing paid for is lost: the dashboard asks for new times for the classes
// whose hours went, and booking them needs no second payment.

const holdSeconds = shortHoldSeconds;
test.use({ server: 'shortHold', timezoneId: 'America/Los_Angeles' });

/** The first hour offered through the summary to the payment page: the chosen slots and the order's ref. */
async function firstHourToPayment(page: Page): Promise<{ slots: StoredSlot[]; ref: string }> {
  const slots = await firstHourToCheckout(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  return { slots, ref: new URL(page.url()).pathname.split('/').pop() as string };
}

const orderOf = async (page: Page, ref: string) => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return (await (await page.request.get(`/api/orders/${ref}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string; to_place: number; appointment_ids: number[] };
};

test('a payment confirmed after the hold expired: the hours taken meanwhile wait on the dashboard, new times are chosen and booked without paying again', async ({ browser }) => {
  test.setTimeout(180_000);
  const late = await browser.newPage();
  await newClient(late, 'late');
  await oneStudentGoldToBookClass(late, { added: 'Sami Khoury' });
  const { slots, ref } = await firstHourToPayment(late);
  await expect(late.getByText(/Your classes are held until/)).toBeVisible();
  await late.waitForTimeout((holdSeconds + 1) * 1000);

  // The hold is over: another client is offered the same hours, takes them and pays.
  const other = await browser.newPage();
  await newClient(other, 'takes');
  await oneStudentGoldToBookClass(other, { added: 'Rami Khoury' });
  const taken = await firstHourToPayment(other);
  expect(taken.slots[0]).toMatchObject({ date: slots[0]?.date, time: slots[0]?.time });
  await other.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(other).toHaveURL(/\/success\?ref=/);

  // The first client pays late: the payment is received, the taken hours become classes to place.
  await late.reload();
  await expect(late.getByText(/The hold on your classes has expired/)).toBeVisible();
  await late.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(late).toHaveURL(/\/success\?ref=/);
  await expect(late.getByText('Successful!')).toBeVisible({ timeout: 40_000 });
  const paid = await orderOf(late, ref);
  const lost = slots.filter((slot) => taken.slots.some((t) => t.date === slot.date && t.time === slot.time)).length;
  expect(paid.to_place).toBe(lost);
  expect(lost).toBeGreaterThan(0);

  await late.goto('/dashboard');
  const card = late.getByRole('button', { name: `Your payment was received. Choose new times for ${lost} ${lost === 1 ? 'class' : 'classes'}.` });
  await expect(card).toBeVisible();
  await card.click();
  await expect(late).toHaveURL(/\/remainingbookclass$/);
  // New times: the first hour now offered, with its tutor (the grid fills the following weeks up to the classes to place).
  await late.getByRole('grid', { name: 'Hours of the week' }).getByRole('button').first().click();
  await late.getByRole('dialog').getByRole('button', { name: /^Select / }).first().click();
  const chosen = await storedSlots(late);
  // The grid never offers more than the classes to place; weeks the tutor is not free in stay for later.
  expect(chosen.length).toBeGreaterThan(0);
  expect(chosen.length).toBeLessThanOrEqual(lost);
  await late.getByRole('button', { name: 'Book Now' }).click();
  await expect(late).toHaveURL(/\/dashboard$/);
  const placed = await orderOf(late, ref);
  expect(placed.to_place).toBe(lost - chosen.length);
  expect(placed.appointment_ids.length).toBe(slots.length - lost + chosen.length);
  // Placed in full, the card goes; otherwise it says how many are left.
  const left = lost - chosen.length;
  if (left === 0) await expect(late.getByRole('button', { name: /^Your payment was received\./ })).toHaveCount(0);
  else await expect(late.getByRole('button', { name: `Your payment was received. Choose new times for ${left} ${left === 1 ? 'class' : 'classes'}.` })).toBeVisible();
});
