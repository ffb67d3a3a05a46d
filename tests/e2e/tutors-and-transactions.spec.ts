import { expect, test } from './fixtures.ts';
import { dashboardSettled } from './support.ts';

// About what comes after the login: each test opens signed in as the demo client (tests/e2e/fixtures.ts).
test.use({ signedIn: true });

// Issue 11, items 4 and 5, against the reference server's demo client: its invoices (one paid package at
// least) and the branch's tutors.

test('Transaction History from the side menu: a paid invoice with its amount in green, and Renew → /new-booking', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Transaction History', exact: true }).click();
  await expect(page).toHaveURL(/\/transaction-history$/);
  await expect(page.getByRole('banner')).toContainText('Transaction History');

  const rows = page.getByRole('list', { name: 'Transactions' }).getByRole('article');
  await expect(rows.first()).toBeVisible();
  const paid = rows.filter({ has: page.locator('[data-tone="paid"]') }).first();
  await expect(paid).toBeVisible();
  await expect(paid.locator('[data-tone="paid"]')).toHaveText('Status: Paid');
  await expect(paid.locator('[data-tone="paid"]')).toHaveCSS('background-color', 'rgb(21, 127, 60)');
  await expect(paid).toContainText(/AED \d[\d,]*(\.\d{2})?/);
  await expect(paid.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}$/);

  await page.getByRole('link', { name: 'Renew' }).click();
  await expect(page).toHaveURL(/\/new-booking$/);
});

test('CR Tutors from the dashboard tile: a tutor opens to show qualifications and location, and closes', async ({ page }) => {
  await page.goto('/dashboard');
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'CR Tutors' }).click();
  await expect(page).toHaveURL(/\/crtutors$/);

  const amira = page.getByRole('article', { name: 'Amira Haddad' });
  await expect(amira.getByRole('list', { name: 'Subjects' })).toContainText('Mathematics');
  const toggle = amira.getByRole('button', { name: 'Details for Amira Haddad' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(amira.getByText('MSc Mathematics, PGCE')).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(amira.getByText('MSc Mathematics, PGCE')).toBeVisible();
  await expect(amira.getByText('Dubai Marina, United Arab Emirates')).toBeVisible();
  await expect(amira.getByText('Up to Year 13')).toBeVisible();

  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(amira.getByText('MSc Mathematics, PGCE')).toBeHidden();
});
