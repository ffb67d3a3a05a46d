import { expect, test } from '@playwright/test';
import { tokenRequiredRoutes } from '../../src/app/routes.ts';
import { guardConsole } from './console-guard.ts';
import { logIn } from './support.ts';

// Every route opened directly, as a bookmark or a shared link opens it: a fresh load logs nothing
// (tests/e2e/console-guard.ts says what counts), wherever the route then leads.
const publicRoutes = ['/', '/login', '/forgot-password', '/changepassword/some-token', '/student-form', '/no-such-page'];

for (const route of publicRoutes) {
  test(`${route} loads without a console warning or error`, async ({ page }) => {
    const guard = guardConsole(page);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(guard.offences()).toEqual([]);
  });
}

test.describe('signed in', () => {
  for (const route of Object.keys(tokenRequiredRoutes)) {
    test(`${route} loads without a console warning or error`, async ({ browser }) => {
      const context = await browser.newContext();
      const setup = await context.newPage();
      await logIn(setup);
      await expect(setup).toHaveURL(/\/dashboard$/);
      const page = await context.newPage();
      const guard = guardConsole(page);
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      expect(guard.offences()).toEqual([]);
      await context.close();
    });
  }
});
