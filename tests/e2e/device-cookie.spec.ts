import { expect, test } from './fixtures.ts';
import { latestMail, logIn, uniqueEmail } from './support.ts';

// Issue 28: a browser that has signed in to an account holds a device cookie for it, and signs in at once whatever
// strangers sent, even from its own address (a family behind the same NAT as the attacker). An account of its own:
// the strangers' failures lock its pair (e-mail, 127.0.0.1), which must never be the demo client's.

test('a browser that signed in before signs in at once after strangers failed for that e-mail from the same address; a new browser is told what to do', async ({ page, request, browser, baseURL }) => {
  const email = uniqueEmail('device');
  // The strangers' requests come from `request`: the same address as the page, a cookie jar of their own.
  const opened = await request.post('/api/quote-request', { data: { firstname: 'Dana', lastname: 'Device', students: '1', email, phone: '0501234567', terms: true } });
  expect(opened.status()).toBe(201);
  const password = /Password: (\S+)/.exec((await latestMail(page, email, /booking link/i)).body)?.[1] ?? '';

  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const device = (await page.context().cookies()).find((cookie) => cookie.name.startsWith('dv_'));
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api', secure: false });
  expect(device?.expires).toBeGreaterThan(Date.now() / 1000 + 179 * 24 * 3600);
  // No script of the page can read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('dv_');

  const strangers: number[] = [];
  for (let i = 0; i < 6; i++) strangers.push((await request.post('/api/login', { data: { email, password: `not-the-password-${i}` } })).status());
  expect(strangers).toEqual([401, 401, 401, 401, 401, 429]);
  expect((await request.post('/api/login', { data: { email, password } })).status()).toBe(429);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome to Your Dashboard!')).toBeVisible();

  const fresh = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const elsewhere = await fresh.newPage();
  await logIn(elsewhere, email, password);
  await expect(elsewhere.getByRole('alert').filter({ hasText: 'Too many failed sign-ins to this account from your network.' })).toContainText(
    /Try again in \d+ minutes, sign in on a device you have signed in on before, or reset your password with Forgot Password\./,
  );
  await expect(elsewhere).toHaveURL(/\/login$/);
  await fresh.close();
});
