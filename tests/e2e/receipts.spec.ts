import { expect, test } from './fixtures.ts';
import { apiGet, firstHourToCheckout, inBranch, oneStudentGoldToBookClass } from './support.ts';

// About what comes after the login: each test opens signed in as the demo client (tests/e2e/fixtures.ts).
test.use({ signedIn: true });

// A parent can tell from the receipt and Transaction History what they paid for, for whom, how and when each
// lesson is; a confirmation page opened without a paid order of theirs says so instead of celebrating.

test.use({ timezoneId: 'America/Los_Angeles' });

interface OrderProgress {
  amount: number;
  payment_method: string | null;
  lessons: { start: string; subject: string; tutor_name: string; student_names: string[] }[];
}

test('paid by VISA: the receipt shows the amount, the reference, the method and each lesson, and Transaction History names the package and student', async ({ page }) => {
  test.setTimeout(120_000);
  // The demo client (a new one comes from the quote form, whose rate limit the suite's other clients use up).
  await page.goto('/dashboard');
  await oneStudentGoldToBookClass(page, { existing: 'Adam Ahmed' });
  await firstHourToCheckout(page);
  await page.getByRole('radio', { name: 'VISA' }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  const ref = new URL(page.url()).pathname.split('/').pop() as string;
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // /success verifies, then shows the receipt (replacing itself with /payment-successfull once done).
  await expect(page.getByText('Successful!')).toBeVisible({ timeout: 30_000 });
  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible({ timeout: 30_000 });
  const order = await apiGet<OrderProgress>(page, `/orders/${ref}`);
  expect(order.payment_method).toBe('visa');
  await expect(receipt).toContainText('VISA');
  await expect(receipt).toContainText(ref);
  await expect(receipt).toContainText(`AED ${order.amount}`);
  const lesson = order.lessons[0];
  if (!lesson) throw new Error('the order has no lessons');
  const classes = page.getByRole('region', { name: 'Your classes' });
  const { weekdayDate, time } = inBranch(lesson.start);
  const row = classes.getByRole('listitem').first();
  await expect(row).toContainText('Mathematics');
  await expect(row).toContainText(time);
  await expect(row).toContainText(weekdayDate.split(' ')[0] as string);
  await expect(row).toContainText('Adam Ahmed');
  await expect(row).toContainText(lesson.tutor_name);

  await page.goto('/transaction-history');
  const invoices = page.getByRole('main');
  await expect(invoices).toContainText('GOLD · 12 classes');
  await expect(invoices).toContainText('Adam Ahmed · Mathematics');
  await expect(invoices).toContainText('VISA');
  await expect(invoices).not.toContainText('Credit Request');
});

test('the demo’s unpaid invoice offers Pay, which opens the provider’s page and settles it', async ({ page }) => {
  await page.goto('/dashboard');
  await page.goto('/transaction-history');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeVisible();
  await pay.click();
  await expect(page).toHaveURL(/\/sandbox\/invoice\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/transaction-history$/);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
});

test('a confirmation opened without a paid order of this client says so and leads to the dashboard', async ({ page }) => {
  await page.goto('/dashboard');
  await page.goto('/payment-successfull');
  await expect(page.getByText('Payment reference missing')).toBeVisible();
  await expect(page.getByText('Successful!', { exact: true })).toHaveCount(0);
  await page.goto('/payment-successfull?ref=not-an-order-of-anyone');
  await expect(page.getByText('Payment not found')).toBeVisible();
  await expect(page.getByText('Successful!', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
