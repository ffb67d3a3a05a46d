import { expect, test } from './fixtures.ts';
import { latestMail, logIn, uniqueEmail } from './support.ts';

test('quote form with 2 students: thank-you dialog, and the e-mailed username and password log in', async ({ page }) => {
  const email = uniqueEmail('two');
  await page.goto('/student-form');
  await page.getByLabel('First name').fill('Nadia');
  await page.getByLabel('Last name').fill('Saleh');
  await page.getByLabel('Number of students').selectOption('2');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+971 50 111 2233');
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Thank you' });
  await expect(dialog).toContainText('A link with your username and password has been e-mailed to you to book a tutor and choose time slots.');

  const mail = await latestMail(page, email, /booking link/i);
  const password = /Password: (\S+)/.exec(mail.body)?.[1];
  expect(mail.body).toContain(`Username: ${email}`);
  expect(password).toBeTruthy();
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('quote form with 3+ students: the request for 3 children is received, no account is made', async ({ page }) => {
  const email = uniqueEmail('three');
  await page.goto('/student-form');
  await page.getByLabel('First name').fill('Omar');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Number of students').selectOption('3+');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('0501234567');
  await page.getByRole('button', { name: 'Submit' }).click();
  // Without the terms: the spec's alert, nothing sent.
  await expect(page.getByText('Please agree to the terms and conditions.')).toBeVisible();
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toContainText('request for 3 children has been received');
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toContainText('no further action is needed');
  const mail = await latestMail(page, email);
  expect(mail.body).not.toContain('Password:');
});

test('forgot password → the link in the outbox → a new password → login with it', async ({ page }) => {
  // An account of its own, so the demo client's password stays as the other tests expect.
  const email = uniqueEmail('reset');
  const opened = await page.request.post('/api/quote-request', {
    data: { firstname: 'Reset', lastname: 'Tester', students: '1', email, phone: '0501234567', terms: true },
  });
  expect(opened.status()).toBe(201);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const mail = await latestMail(page, email, /reset/i);
  const link = /(http\S+\/changepassword\/[A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  expect(link).toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
  await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-pass-2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('New password and confirm password does not match.')).toBeVisible();
  await page.getByLabel('Confirm password', { exact: true }).fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'brand-new-pass-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});
