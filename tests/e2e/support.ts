import { type Browser, type BrowserContext, type Page, expect } from '@playwright/test';
import { liveToken } from '../support/fake-jwt.ts';

export const demo = { email: 'parent@example.com', password: 'Passw0rd!' };

export async function logIn(page: Page, email = demo.email, password = demo.password) {
  await page.goto('/login');
  await page.getByPlaceholder('Your registered email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * The dashboard once its reads have answered (its main is no longer aria-busy). The cards they may bring (the
 * pending payment, classes to place) come in above the shortcut tiles and move them: a tap on a tile just then can
 * press on the tile and release beside it, which follows no link (a run saw 'New Booking' stay on /dashboard).
 */
export async function dashboardSettled(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Your Dashboard!' })).toBeVisible();
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
}

export type BrowserState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * What the login page leaves in the browser for the demo client at `baseURL`, logged in once: a test that is about
 * a signed-in page, not the login, opens a context from it (`browser.newContext({ storageState })`).
 */
export async function demoSignedIn(browser: Browser, baseURL: string): Promise<BrowserState> {
  // Explicitly empty: inside a test, a new context would otherwise take that test's own storage state.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await logIn(page);
  await expect(page.getByText('Welcome to Your Dashboard!')).toBeVisible();
  const state = await context.storageState();
  await context.close();
  return state;
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

/** A GET of the API as the signed-in client (its stored token); the answer must be a success. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** A wall-clock day 'YYYY-MM-DD' as the app writes it, computed apart from the app's code: 'Sat 28 Nov 2026'. */
export function dayText(date: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).formatToParts(new Date(`${date}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** The start of an hour button's name on the grid: 'Sat 28 Nov 2026 · 09:00 Dubai time' (then ', free', ', selected'…). */
export const hourName = (date: string, time: string): string => `${dayText(date)} · ${time} Dubai time`;

/** The branch (Dubai) day and hour a grid or slot text names: 'Wed 25 Nov 2026 · 15:00 …' → the instant. */
export function instantOfText(text: string): number {
  const match = /(\d{1,2}) (\w{3}) (\d{4}) · (\d\d:\d\d)/.exec(text);
  if (!match) throw new Error(`no day and hour in "${text}"`);
  return Date.parse(`${match[1]} ${match[2]} ${match[3]} ${match[4]} GMT+0400`);
}

/** A start as the branch (Asia/Dubai) shows it, computed apart from the app's code: '3 Dec 2026', 'Thu 3 Dec 2026' (the lists) and '16:00'. */
export function inBranch(start: string): { date: string; weekdayDate: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Dubai', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(start));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('day')} ${part('month')} ${part('year')}`;
  return { date, weekdayDate: `${part('weekday')} ${date}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * From the dashboard to /book-class: one student (an existing one picked, or a new one typed and added),
 * Year 5, Mathematics, GOLD once a week.
 */
export async function oneStudentGoldToBookClass(page: Page, student: { existing: string } | { added: string }): Promise<void> {
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'New Booking' }).click();
  await page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '1' }).check();
  if ('existing' in student) {
    await page.getByRole('combobox', { name: 'Student name' }).selectOption(student.existing);
  } else {
    await page.getByRole('textbox', { name: 'New student for Student name: first and last name' }).fill(student.added);
    await page.getByRole('button', { name: 'Add new student for Student name' }).click();
  }
  await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: 'Primary' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('Year 5 / Grade 4');
  await page.getByRole('checkbox', { name: 'Mathematics' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'GOLD', exact: true }).click();
  await page.getByRole('combobox', { name: 'Mathematics lessons per week' }).selectOption('1');
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/book-class$/);
}

/** A chosen slot as the booking draft stores it (groupedByWeek). */
export interface StoredSlot {
  date: string;
  time: string;
  tutorId: number;
  name: string;
}

/** The slots the booking draft holds now, every week's. */
export async function storedSlots(page: Page): Promise<StoredSlot[]> {
  return Object.values(JSON.parse((await page.evaluate(() => localStorage.getItem('groupedByWeek'))) ?? '{}') as Record<string, StoredSlot[]>).flat();
}

/** From /book-class, the first hour offered with its first tutor, Book Now, Confirm Booking: the chosen slots, on /checkout. */
export async function firstHourToCheckout(page: Page): Promise<StoredSlot[]> {
  await page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button').first().click();
  await page.getByRole('dialog').getByRole('button', { name: /^Select / }).first().click();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking-summary$/);
  const slots = await storedSlots(page);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  return slots;
}
