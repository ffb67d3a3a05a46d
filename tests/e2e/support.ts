import { type Page, expect } from '@playwright/test';
import { liveToken } from '../support/fake-jwt.ts';

export const demo = { email: 'parent@example.com', password: 'Passw0rd!' };

export async function logIn(page: Page, email = demo.email, password = demo.password) {
  await page.goto('/login');
  await page.getByPlaceholder('Your registered email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export interface Mail {
  id: number;
  to: string;
  subject: string;
  body: string;
}

/** The newest mail the reference server wrote to this address (its outbox stands in for e-mail). */
export async function latestMail(page: Page, to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];
      found = mails.find((m) => !subject || subject.test(m.subject));
      return found !== undefined;
    })
    .toBe(true);
  return found as Mail;
}

/** A JWT-shaped token whose payload says it expired a minute ago; the app reads exp without the server's secret. */
export const expiredToken = (): string => liveToken(-60);

export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A new client from the quote form (its e-mailed password), logged in on the dashboard. */
export async function newClient(page: Page, tag = 'new'): Promise<string> {
  const email = uniqueEmail(tag);
  await page.goto('/student-form');
  await page.getByLabel('First name').fill('Rana');
  await page.getByLabel('Last name').fill('Khoury');
  await page.getByLabel('Number of students').selectOption('1');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('+971 50 222 3344');
  await page.getByLabel('I agree to the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeVisible();
  const mail = await latestMail(page, email, /booking link/i);
  const password = /Password: (\S+)/.exec(mail.body)?.[1] ?? '';
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}
