import { expect, test } from './fixtures.ts';
import { tokenRequiredRoutes } from '../../src/app/routes.ts';
import { guardConsole } from './console-guard.ts';

// Every route opened directly, as a bookmark or a shared link opens it: a fresh load logs nothing
// (tests/e2e/console-guard.ts says what counts), wherever the route then leads. The routes do not depend on each
// other: they spread over the workers.
test.describe.configure({ mode: 'parallel' });
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
  // From the worker's one login (fixtures.ts): in parallel mode a beforeAll would log in again for every test.
  test.use({ signedIn: true });

  for (const route of Object.keys(tokenRequiredRoutes)) {
    test(`${route} loads without a console warning or error`, async ({ page }) => {
      const guard = guardConsole(page);
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      expect(guard.offences()).toEqual([]);
    });
  }
});
