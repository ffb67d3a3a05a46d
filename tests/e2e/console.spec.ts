import { expect, test } from './fixtures.ts';
import { tokenRequiredRoutes } from '../../src/routes.ts';
import { guardConsole } from './console-guard.ts';
import { sharedTab } from './shared-tab.ts';

// Every route opened directly, as a bookmark or a shared link opens it: a fresh load logs nothing
// (tests/e2e/console-guard.ts says what counts), wherever the route then leads. Each group loads its routes one
// after another in one tab, as a client opening bookmarks does: every load is a new document, and the app's
// scripts come from the browser's cache after the first (a new context per route compiled them again each time,
// most of this file's browser time).
const publicRoutes = ['/', '/login', '/forgot-password', '/changepassword/some-token', '/student-form', '/no-such-page'];

/**
 * The routes' tests of a group: each loads its route in the group's tab and expects an h1 and no console offence.
 * `shown`: the public routes' h1 is visible; a signed-in route's is only asked to be there (several screens draw
 * theirs visually hidden, ScreenFrame's titleHidden).
 */
function routesLoadCleanly(group: string, signedIn: boolean, routes: readonly string[], shown: 'visible' | 'attached') {
  test.describe(group, () => {
    const tab = sharedTab(signedIn);
    for (const route of routes) {
      test(`${route} loads without a console warning or error`, async () => {
        const page = await tab();
        const guard = guardConsole(page);
        await page.goto(route);
        await page.waitForLoadState('networkidle');
        const heading = page.getByRole('heading', { level: 1 });
        await (shown === 'visible' ? expect(heading).toBeVisible() : expect(heading).toBeAttached());
        expect(guard.offences()).toEqual([]);
        guard.stop();
      });
    }
  });
}

routesLoadCleanly('public', false, publicRoutes, 'visible');
routesLoadCleanly('signed in', true, Object.keys(tokenRequiredRoutes), 'attached');
